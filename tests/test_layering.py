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

    root = Path(__file__).resolve().parents[1]
    bad = []
    for package in ("engine", "ai", "klabber_tui"):
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
                bad += [f"{path.relative_to(root)}: {n}" for n in names if n.split(".")[0] == "research"]
    assert not bad
