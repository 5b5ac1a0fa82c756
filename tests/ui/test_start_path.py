"""Issue 33: every full-screen command starts through one path, :func:`klabber_tui.ui.start.run_screen`.

The any-hand page ran its app outside it: ``kill -INT`` exited 0, a crash wrote no log, and with
standard error a file it drew 24 KB of escape codes into the file. Here the product's source is read
(AST) for every place that runs a Textual app, and every app class the product defines must belong
to a command of :data:`SCREEN_COMMANDS`, each of which is checked, in process, to reach the one path
and to be refused in one line where there is nothing to draw on. The real processes under signals
and redirections are ``tests/cli/test_full_screen_commands.py``.
"""

from __future__ import annotations

import ast
import signal
from pathlib import Path
from typing import Any

import pytest

from klabber_tui.ui import start
from tests.support.fixtures import as_a_ui_test

PRODUCT = Path(__file__).resolve().parents[2] / "klabber_tui"

# The commands that open a screen: the command's words, and the app class it runs. A new app class in
# the product fails test_every_app_class_is_a_known_screen_command until it is named here.
SCREEN_COMMANDS: dict[str, tuple[list[str], str]] = {
    "play": (["play", "--level", "greedy", "--seed", "3"], "KlabberApp"),
    "drill": (["drill", "--seed", "1"], "DrillApp"),
    "advise": (["advise"], "AnyHandApp"),
}
# The pages klabber serve runs (klabber_tui.web.launch): play and drill are the commands above.
SERVED_PAGES = {"stats": "StatsApp", "any-hand": "AnyHandApp"}
# Receivers of a ``.run(`` that are not an app: argparse's subcommand, asyncio, subprocess.
NOT_AN_APP = {"args", "asyncio", "subprocess"}
# The one place an app is run.
THE_PATH = ("ui/start.py", "run_screen")


def _sources() -> list[tuple[str, ast.Module]]:
    return [(str(path.relative_to(PRODUCT)), ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(PRODUCT.rglob("*.py"))]


def _enclosing_functions(tree: ast.Module) -> dict[ast.AST, str]:
    """Each node's innermost enclosing function's name."""
    owner: dict[ast.AST, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else name
            owner[child] = inner
            visit(child, inner)

    visit(tree, "")
    return owner


def test_the_only_run_of_an_app_in_the_product_is_the_start_path() -> None:
    """Every ``X.run(...)`` / ``X.run_async(...)`` in klabber_tui, on anything but argparse's
    namespace, asyncio or subprocess, is ``app.run()`` in ``start.run_screen``."""
    found = []
    for name, tree in _sources():
        owner = _enclosing_functions(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("run", "run_async")):
                receiver = ast.unparse(node.func.value)
                if receiver not in NOT_AN_APP:
                    found.append((name, owner.get(node, ""), receiver, node.lineno))
    assert [(where, function) for where, function, _receiver, _line in found] == [THE_PATH], found


def test_every_app_class_is_a_known_screen_command() -> None:
    """An App the product defines is run by a command this test checks (or it is GuardedApp's own base)."""
    known = {app for _words, app in SCREEN_COMMANDS.values()}
    if (PRODUCT / "web").exists():
        known |= set(SERVED_PAGES.values())
    apps = set()
    for _name, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(base) for base in node.bases}
                if bases & {"App", "App[None]", "GuardedApp", "AsciiApp"}:
                    apps.add(node.name)
    assert apps - {"GuardedApp", "AsciiApp"} == known


def test_the_commands_that_run_an_app_call_the_start_path() -> None:
    """The modules that start a screen name ``run_screen`` (commands) or ``run_page`` (served pages),
    and nothing else of the product calls either but them."""
    callers = set()
    for name, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] in ("run_screen", "run_page"):
                callers.add(name)
    expected = {"cli/play.py", "cli/practice.py", "cli/advise.py", "ui/start.py"}
    if (PRODUCT / "web" / "launch.py").exists():
        expected.add("web/launch.py")
    assert callers == expected


@as_a_ui_test
@pytest.mark.parametrize("command", sorted(SCREEN_COMMANDS))
def test_each_screen_command_reaches_the_one_path(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], command: str) -> None:
    from klabber_tui.cli.main import main

    words, app_class = SCREEN_COMMANDS[command]
    started: list[tuple[Any, str]] = []
    monkeypatch.setattr(start, "run_screen", lambda app, name: started.append((app, name)) or 0)
    assert main(words) == 0
    ((app, name),) = started
    assert (type(app).__name__, name) == (app_class, command)


@pytest.mark.parametrize("command", sorted(SCREEN_COMMANDS))
def test_each_screen_command_without_a_terminal_is_one_line_and_exit_2(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    """Standard input and error no terminal (as under pytest): refused before any app is made."""
    from klabber_tui.cli.main import main

    monkeypatch.setenv("KLABBER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.setattr(start, "has_terminal", lambda: False)
    monkeypatch.setattr(start, "run_screen", lambda *_: pytest.fail("an app was run"))
    with pytest.raises(SystemExit) as ended:
        main(SCREEN_COMMANDS[command][0])
    out, err = capsys.readouterr()
    assert ended.value.code == 2 and out == "" and err.startswith("klabber: ") and err.count("\n") == 1


class _App:
    """Stands in for a GuardedApp: what ``run`` saw of the signal handlers, and its ending."""

    def __init__(self, *, crash: BaseException | None = None, raise_signal: int | None = None) -> None:
        self.crash_to_be, self.raise_signal = crash, raise_signal
        self.crash: BaseException | None = None
        self.signal_status: int | None = None
        self.return_code: int | None = 0
        self.handlers: dict[int, Any] = {}

    def signalled(self, signum: int) -> None:
        self.signal_status = 128 + signum

    def run(self) -> None:
        self.handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
        if self.raise_signal is not None:
            signal.raise_signal(self.raise_signal)
        self.crash = self.crash_to_be


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_run_screen_hands_each_signal_to_the_app(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    monkeypatch.setattr(start, "has_terminal", lambda: True)
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    app = _App(raise_signal=getattr(signal, name))
    assert start.run_screen(app, "play") == 128 + getattr(signal, name)  # type: ignore[arg-type]


def test_under_the_web_driver_the_loop_handlers_are_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The served page's driver routes SIGINT and SIGTERM itself; the path keeps only SIGHUP (and
    needs no terminal: the streams are the server's pipes)."""
    if not hasattr(signal, "SIGHUP"):
        pytest.skip("no SIGHUP here")
    monkeypatch.setenv("TEXTUAL_DRIVER", start.KLABBER_WEB_DRIVER)
    monkeypatch.setattr(start, "has_terminal", lambda: False)
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    app = _App(raise_signal=signal.SIGHUP)
    assert start.run_screen(app, "play") == 129  # type: ignore[arg-type]
    assert app.handlers == before


def test_run_page_logs_a_crash_and_says_where(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The boundary of a page started without ``klabber``'s main (a served page)."""
    home = tmp_path / "home"
    monkeypatch.setenv("KLABBER_HOME", str(home))
    monkeypatch.setattr(start, "has_terminal", lambda: True)
    status = start.run_page("any-hand", lambda: _App(crash=RuntimeError("page boom 33")), ["--ascii"])  # type: ignore[arg-type, return-value]
    logs = list((home / "logs").glob("klabber-crash-*.log"))
    err = capsys.readouterr().err
    assert status == 1 and len(logs) == 1 and err.startswith(f"klabber: {logs[0]}: ") and err.count("\n") == 1
    assert "page boom 33" in logs[0].read_text(encoding="utf-8")
