#!/usr/bin/env bash
# Issue 22: the suite on the lowest version of every dependency pyproject.toml declares (the runtime
# ones and the test extras), installed in a second environment beside .venv, so a floor that is too
# low shows. For each, the lowest published version its specifier allows (pip index versions), which
# is the floor itself unless that was never released; their own dependencies pip resolves as usual.
# Usage: scripts/lowest_deps.sh [pytest arguments]   (none: the whole suite, as CI runs it)
# The environment is .venv-lowest (LOWEST_VENV overrides); it is made once and reused.
# Known (issue 22's run, after ai.arrays and the mypy floor of 1.17): the whole suite passes there,
# the strict mypy check included. On a machine loaded far past its cores the signal tests of
# tests/cli/test_signals_to_a_real_klabber.py can miss their waits (3 of them once, at a load of 13 on 2
# cores); run alone they passed. tests/project/test_mypy.py keeps a bare np.ndarray, which only numpy 2.0's
# stubs reject, out without this environment.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${LOWEST_VENV:-.venv-lowest}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
mapfile -t pins < <("$venv/bin/python" - <<'PY'
import re
import subprocess
import sys
import tomllib

from pip._vendor.packaging.requirements import Requirement
from pip._vendor.packaging.version import Version

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
for spec in project["dependencies"] + [s for extra in project["optional-dependencies"].values() for s in extra]:
    wanted = Requirement(spec)
    listed = subprocess.run([sys.executable, "-m", "pip", "index", "versions", wanted.name],
                            capture_output=True, text=True, check=True).stdout
    found = re.search(r"Available versions: (.*)", listed)
    versions = sorted(Version(v) for v in (found[1].split(", ") if found else ()))
    allowed = [v for v in versions if not v.is_prerelease and v in wanted.specifier]
    if not allowed:
        raise SystemExit(f"{spec}: no published version allows it")
    print(f"{wanted.name}=={allowed[0]}", file=sys.stdout)
    floor = next((s.version for s in wanted.specifier if s.operator == ">="), None)
    if floor is not None and Version(floor) != allowed[0]:
        print(f"{wanted.name}: the floor {floor} was never released; its lowest is {allowed[0]}", file=sys.stderr)
PY
)
echo "lowest versions: ${pins[*]}"
"$venv/bin/python" -m pip install -q "${pins[@]}"
"$venv/bin/python" -m pip install -q --no-deps -e .
"$venv/bin/python" -m pip check
export MYPY_CACHE_DIR="$venv/mypy_cache"  # not .venv's: a cache of other stubs can crash mypy there
exec "$venv/bin/python" -m pytest "$@"
