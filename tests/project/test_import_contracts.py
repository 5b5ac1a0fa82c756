"""The packages import one way (issues 9, 22, 23, 30): the contracts in pyproject.toml, checked by
``lint-imports``, and the few rules a contract cannot say, checked here by reading the source.

The contracts (``[tool.importlinter]``) hold the rooms' order (cli, ui, words, practice, data, ai,
engine), Textual only in the app and the command line, no numpy nor bot under data, a pure engine, a
bot that knows nothing of the interface, no import cycle at any depth, and nothing that imports
research. import-linter reads every import in the source, in a function or under ``TYPE_CHECKING``
alike, so a hidden import counts like any other. What it cannot see is kept below:

* an import made by ``importlib.import_module("...")`` with a written name: it must not close a
  cycle through the graph the contracts checked (issue 9 counted those too);
* a private name (``_x``) taken from another module, by import or as ``module._x`` (issue 9: the
  oracle took ``_BidTree`` from mc; shared code has a public name): a contract is about modules, not
  names;
* the data and practice rooms call no gettext function (issue 23: they return codes and values, and
  the words word them): a contract forbids importing ``klabber_tui.words``, but not a call of
  ``gettext.pgettext`` or of a ``_`` found elsewhere.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "ai", "klabber_tui")
CODE_ROOMS = ("klabber_tui/data", "klabber_tui/practice")  # they return codes and values
WORDING = {"_", "gettext", "ngettext", "pgettext", "npgettext", "dgettext", "dngettext", "dpgettext",
           "dnpgettext", "N_", "_l", "lazy_gettext", "lazy_pgettext"}


def test_the_import_contracts_hold() -> None:
    """``lint-imports`` (import-linter) keeps every contract of pyproject.toml."""
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.fail("no lint-imports beside this Python: install the test extra (pip install -e '.[test]')")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def module_files(packages: tuple[str, ...] = PACKAGES, root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the packages."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _absolute(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of a (possibly relative) import target seen in ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports_of(module: str, path: Path, known: dict[str, Path]) -> list[tuple[str, str, int]]:
    """(imported module, name imported from it or '', line) for every ``import`` and ``from ... import``
    in the file, wherever it sits."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    found: list[tuple[str, str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, "", node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.append((submodule, "", node.lineno) if submodule in known else (source, alias.name, node.lineno))
    return found


def written_import_modules(path: Path) -> list[tuple[str, int]]:
    """(module, line) of every ``importlib.import_module("...")`` with a written name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [(node.args[0].value, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


@pytest.mark.slow
def test_an_import_by_written_name_closes_no_cycle() -> None:
    """import-linter does not see ``importlib.import_module("ai.mc")``: such an import must not lead
    back to the module that makes it through the imports it does see."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph(*PACKAGES)
    bad = []
    for module, path in module_files().items():
        for target, line in written_import_modules(path):
            if target.split(".")[0] not in PACKAGES:
                continue
            chain = graph.find_shortest_chain(importer=target, imported=module)
            if chain is not None:
                bad.append(f"{module}:{line} imports {target} by name, which imports it back: {' -> '.join(chain)}")
    assert not bad, "\n".join(bad)


def private_names_used(module: str, path: Path, known: dict[str, Path]) -> list[str]:
    """Private names of another of our modules: ``from m import _x``, and ``m._x`` where ``m`` names
    one of our modules (``from p import m`` or ``import p.m as m``)."""
    bad = [f"{module}:{line} imports {name} from {target}"
           for target, name, line in imports_of(module, path, known)
           if name.startswith("_") and not name.startswith("__") and target.split(".")[0] in PACKAGES]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                if f"{source}.{alias.name}" in known:
                    aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known and alias.asname:
                    aliases[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            bad.append(f"{module}:{node.lineno} uses {aliases[node.value.id]}.{node.attr}")
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("package", PACKAGES)
def test_no_private_name_is_taken_from_another_module(package: str) -> None:
    known = module_files()
    bad = [line for module, path in known.items() if module.split(".")[0] == package
           for line in private_names_used(module, path, known)]
    assert not bad, "\n".join(bad)


def wording_calls(path: Path) -> list[str]:
    """The gettext functions called in a file, by name or as an attribute (``i18n.pgettext(...)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in WORDING:
                found.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{node.lineno} calls {called}")
    return found


def test_the_data_and_practice_rooms_word_nothing() -> None:
    """Issue 23: data and practice return codes and values (StorageError, FileRefused, Unreadable,
    schemas.Note, practice.coaching.Said), which the words word; they call no gettext function."""
    bad = [call for room in CODE_ROOMS for path in sorted((ROOT / room).rglob("*.py")) for call in wording_calls(path)]
    assert not bad, "\n".join(bad)


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    """The checks themselves fail on an import by written name, on a private name taken by import or
    by attribute, and on a gettext call, wherever it hides (in a function)."""
    package = tmp_path / "klabber_tui"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("import importlib\nfrom . import b\n\ndef f():\n    from .b import _hidden\n"
                                  "    return b._other, importlib.import_module('klabber_tui.b')\n")
    (package / "b.py").write_text("def g():\n    return i18n.pgettext('c', 'words')\n")
    known = module_files(("klabber_tui",), tmp_path)
    assert written_import_modules(package / "a.py") == [("klabber_tui.b", 6)]
    assert private_names_used("klabber_tui.a", package / "a.py", known) == [
        "klabber_tui.a:5 imports _hidden from klabber_tui.b", "klabber_tui.a:6 uses klabber_tui.b._other"]
    assert wording_calls(package / "b.py") == [f"{package / 'b.py'}:2 calls pgettext"]
