"""Issue 30: the commands that need neither the bot nor the interface start without them.

``klabber --help``, each command's ``--help``, ``replay FILE`` (and ``--json``), ``export`` and
``stats --json`` import neither numpy nor Textual: each runs in a fresh subprocess through
scripts/startup.py's wrapper, which reads ``sys.modules`` after the command. Not timed (the machine's
load decides times); scripts/startup.py prints the first frame's ratio as well.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "startup.py"
_spec = importlib.util.spec_from_file_location("startup", _SCRIPT)
assert _spec and _spec.loader
startup = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(startup)


@pytest.mark.parametrize(("name", "words"), startup.LIGHT_COMMANDS, ids=[name for name, _ in startup.LIGHT_COMMANDS])
def test_the_command_imports_neither_numpy_nor_textual(name: str, words: tuple[str, ...]) -> None:
    found = startup.imports_of(words)
    assert found == {"status": 0, "numpy": False, "textual": False}, f"klabber {name}: {found}"


@pytest.mark.slow
def test_the_check_sees_numpy_and_textual_where_they_are_imported() -> None:
    """The wrapper is no blind eye: ``stats`` (its Rich tables are the page's) imports Textual, and
    ``drill --json`` asks the coach (numpy)."""
    assert startup.imports_of(("stats",))["textual"] is True
    assert startup.imports_of(("drill", "--json", "--count", "1", "--seed", "3", "--rules", "clobber",
                               "--margin", "200"))["numpy"] is True
