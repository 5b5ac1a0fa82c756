#!/usr/bin/env bash
# Issue 22: the suite on the lowest version of every dependency pyproject.toml declares (each floor,
# ">=X", installed as "==X", the test extras' too), in a second environment beside .venv, so a floor
# that is too low shows. What the floors do not name (their own dependencies) pip resolves as usual.
# Usage: scripts/lowest_deps.sh [pytest arguments]   (none: the whole suite, as CI runs it)
# The environment is .venv-lowest (LOWEST_VENV overrides); it is made once and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${LOWEST_VENV:-.venv-lowest}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
mapfile -t pins < <("$venv/bin/python" - <<'PY'
import re
import tomllib

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
for spec in project["dependencies"] + [s for extra in project["optional-dependencies"].values() for s in extra]:
    found = re.match(r"\s*([A-Za-z0-9_.-]+)\s*(?:\[[^]]*\])?\s*>=\s*([^,;\s]+)", spec)
    if found is None:
        raise SystemExit(f"pyproject.toml: {spec!r} declares no floor (>=X) to install")
    print(f"{found[1]}=={found[2]}")
PY
)
echo "lowest versions: ${pins[*]}"
"$venv/bin/python" -m pip install -q "${pins[@]}"
"$venv/bin/python" -m pip install -q --no-deps -e .
"$venv/bin/python" -m pip check
"$venv/bin/python" -m pip list --format=freeze | grep -iE "^($(printf '%s|' "${pins[@]%%==*}" | sed 's/|$//'))==" || true
exec "$venv/bin/python" -m pytest "$@"
