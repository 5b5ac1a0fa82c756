"""The engine stays pure: it imports neither Textual nor the bot (design card, architecture.md)."""

import subprocess
import sys


def test_engine_imports_neither_textual_nor_ai() -> None:
    code = (
        "import sys, pkgutil, importlib, engine\n"
        "for m in pkgutil.iter_modules(engine.__path__):\n"
        "    importlib.import_module('engine.' + m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'ai', 'klabber_tui', 'numpy', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_ai_imports_no_textual() -> None:
    code = (
        "import sys, pkgutil, importlib, ai\n"
        "for m in pkgutil.iter_modules(ai.__path__):\n"
        "    importlib.import_module('ai.' + m.name)\n"
        "print(','.join(sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'klabber_tui'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""



def test_no_package_imports_research() -> None:
    """Issue 22: research (research/, outside the wheel) uses the packages, never the other way."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    bad = []
    for package in ("engine", "ai", "klabber_tui"):
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
                bad += [f"{path.relative_to(root)}: {n}" for n in names if n.split(".")[0] == "research"]
    assert not bad


# Issue 23: the lower layers of the interface return codes and values; text.py words them.
CODE_MODULES = ("data/storage", "data/files", "data/schemas", "practice/session", "data/stats", "data/mistakes")
WORDING = {"_", "gettext", "ngettext", "pgettext", "npgettext", "N_", "_l", "lazy_gettext", "lazy_pgettext"}


def test_the_file_layers_word_nothing_themselves() -> None:
    """storage, files, schemas, session, stats and the mistake deck import nothing from klabber_tui.words.i18n (session only
    the list of the languages a settings file may name, which is data, not words), and call no wording
    function of text.py: their refusals and notes are codes (StorageError, FileRefused, Unreadable,
    schemas.Note) that text.refused_text and text.note_text word."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "klabber_tui"
    bad = []
    for name in CODE_MODULES:
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = ("." * node.level) + (node.module or "")
                names = {a.name for a in node.names}
                if module in (".i18n", "klabber_tui.words.i18n") and names - ({"LANGUAGES"} if name == "practice/session" else set()):
                    bad.append(f"{name}: from {module} import {', '.join(sorted(names))}")
                if module in (".", "klabber_tui") and names & {"i18n", "text"}:
                    bad.append(f"{name}: imports {', '.join(sorted(names & {'i18n', 'text'}))}")
                if module in (".text", "klabber_tui.words.text"):
                    bad.append(f"{name}: imports from text")
            elif isinstance(node, ast.Import) and any(a.name.startswith("klabber_tui.words.i18n") for a in node.names):
                bad.append(f"{name}: imports klabber_tui.words.i18n")
            elif isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if called in WORDING or (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                                         and func.value.id == "text"):
                    bad.append(f"{name}: calls {called}")
    assert not bad
