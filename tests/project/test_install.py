"""Issue 13: klabber installs as a command (README: `pipx install .`). Builds the wheel with pip,
installs it into a fresh venv, runs the installed `klabber replay --json` outside the clone, and
checks that the players' rules page is inside the installed package (help opens it after an install).

The fresh venv sees the test environment's dependencies through a .pth line (no index, no
download for them) but not the clone: the wheel is installed with --no-deps into the venv's own
site-packages, and the editable install's own .pth is not processed from there. Building the wheel
needs the build backend (hatchling): pip fetches it like any build; where that is impossible
(offline, no cache) the test skips and says so. About 10-20 s."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "assets" / "records" / "klaberjass-sample.json"


def _run(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def test_the_wheel_installs_klabber_as_a_command(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = _run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)], ROOT)
    if built.returncode != 0 and "hatchling" in built.stdout + built.stderr:
        pytest.skip(f"the build backend could not be had (offline?): {built.stderr.strip()[-300:]}")
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("klabber-*.whl")
    with zipfile.ZipFile(wheel) as built_wheel:  # issue 22: research stays in the checkout
        tops = {name.split("/")[0] for name in built_wheel.namelist() if "/" in name}
    assert {"engine", "ai", "klabber_tui", "assets"} <= tops and "research" not in tops, tops

    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                     tmp_path).stdout.strip())
    (site / "test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    installed = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
                      "-q", str(wheel)], tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    where = _run([str(python), "-c", "import klabber_tui, assets; from importlib import resources; "
                  "print(klabber_tui.__file__); print(resources.files('assets').joinpath('rules.md').is_file()); "
                  "from klabber_tui.words.rules_page import rules_page_markdown; print('A deal worked through' in "
                  "rules_page_markdown()); from klabber_tui.words import i18n; i18n.set_language('ru'); "
                  "print('Разбор одной сдачи' in rules_page_markdown())"], tmp_path)
    assert where.returncode == 0, where.stderr
    module_file, rules_there, page_ok, russian_ok = where.stdout.split()
    assert Path(module_file).is_relative_to(site), module_file  # the wheel's copy, not the clone
    assert rules_there == "True" and page_ok == "True"
    assert russian_ok == "True"  # issue 12: the Russian rules page (words/i18n/ru/rules.md) ships in the wheel too

    replayed = _run([str(env_dir / "bin" / "klabber"), "replay", str(SAMPLE), "--json"], tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    result = json.loads(replayed.stdout)
    # The sample deal worked by hand on the rules page: the dealer makes clubs, 81 to 46.
    assert (result["outcome"], result["maker"], result["trump"]) == ("made", "dealer", "C")
    assert (result["dealer"]["scored"], result["elder"]["scored"]) == (81, 46)
