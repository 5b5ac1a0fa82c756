"""The one start path of every full-screen command (issue 33): :func:`run_screen`.

``play``, ``drill``, ``advise``'s any-hand page and the pages ``klabber serve`` runs all open their
Textual app here and nowhere else (``tests/ui/test_start_path.py`` finds every ``run`` of an app in
the product and checks it is this one). The path

- checks there is something to draw on (:func:`can_show`): a terminal on standard input and standard
  error (Textual reads keys from the one and draws on the other, so ``klabber play | cat`` is
  fine), or Textual's web driver (a page of ``klabber serve``, whose standard streams are the
  server's pipes); otherwise one line and exit 2 (:func:`need_screen`), never a page drawn into a
  file or a wait on an input at its end;
- hands SIGINT, SIGTERM and SIGHUP to the app's ``signalled``, which saves and ends it with
  128 + the signal's number. Under the web driver only SIGHUP: the driver routes SIGINT and SIGTERM
  (and the page closing) to ``signalled`` from its own loop handlers, which are left alone;
- raises a crash inside the app as :class:`AppCrashed`, which the command's boundary logs
  (:func:`report_crash`); :func:`run_page` is that boundary for a page started without ``klabber``'s
  ``main`` (``klabber_tui.web.launch``).

Textual is not imported here (``klabber --help`` stays light); the command line's boundary
(``cli.main``) uses its signal helpers too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any

from klabber_tui.data import streams
from klabber_tui.data.crashlog import write_crash_log
from klabber_tui.data.safe_text import clean
from klabber_tui.words.files import crash_notice
from klabber_tui.words.i18n import pgettext

if TYPE_CHECKING:
    from klabber_tui.ui.app import GuardedApp

# The drivers that draw on a web page rather than a terminal (Textual reads TEXTUAL_DRIVER at import):
# klabber serve's own (klabber_tui.web.driver) and Textual's stock one.
KLABBER_WEB_DRIVER = "klabber_tui.web.driver:KlabberWebDriver"
TEXTUAL_WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
WEB_DRIVERS = frozenset({KLABBER_WEB_DRIVER, TEXTUAL_WEB_DRIVER})


class AppCrashed(Exception):
    """The app stopped on an unexpected error: the command's boundary logs ``error`` as any crash."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(type(error).__name__)
        self.error = error


class Terminated(BaseException):
    """SIGTERM or SIGHUP outside the app: raised like KeyboardInterrupt, so the command unwinds."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + signum


def ending_signals() -> tuple[int, ...]:
    """The signals that end a command: SIGTERM everywhere, SIGHUP where the platform has one (not on
    Windows)."""
    return tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


@contextlib.contextmanager
def handled(signals: Sequence[int], handler: Callable[[int, FrameType | None], object]) -> Iterator[None]:
    """``handler`` for ``signals`` while the block runs, the previous handlers put back after. A
    signal ignored when klabber started (``nohup`` ignores SIGHUP) stays ignored; off the main
    thread (where no handler can be set) nothing changes."""
    import threading

    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in signals:
            old = signal.getsignal(signum)
            if old is not signal.SIG_IGN:
                previous[signum] = old
                signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)


def terminate(signum: int, _frame: FrameType | None) -> None:
    """The handler outside the app: unwind the command as Ctrl+C does."""
    if signum == getattr(signal, "SIGHUP", None) and streams.terminal_gone():
        streams.silence_terminal()  # the window closed: what is still to be written goes nowhere
    raise Terminated(signum)


def driven_by_web(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this process draws on a web page (Textual's web driver) rather than a terminal: then
    standard input and output are the server's pipes, not a terminal, and that is right."""
    env = os.environ if environ is None else environ
    return env.get("TEXTUAL_DRIVER", "") in WEB_DRIVERS


def has_terminal() -> bool:
    """Whether standard input and standard error are both a terminal: Textual reads keys from the one
    and draws on the other. Without one it would spin for ever on an input that is at its end
    (``< /dev/null``) and fill a file with escape codes."""
    for stream in (sys.__stdin__, sys.__stderr__):
        try:
            if stream is None or not stream.isatty():
                return False
        except (ValueError, OSError):  # a closed stream
            return False
    return True


def can_show() -> bool:
    """Whether a full-screen command has something to draw on: a terminal, or a web page."""
    return driven_by_web() or has_terminal()


def no_screen_text(command: str) -> str:
    return pgettext('process.words.no_terminal', '{command} needs a terminal: standard input and standard error must both be one (a pipe, a file or /dev/null cannot show the game or take its keys)').format(command=command)


def need_screen(command: str) -> None:
    """Refuse a full-screen command with nothing to draw on: one line on standard error, exit 2 (as
    every refusal of the command line)."""
    if not can_show():
        print(f"klabber: {no_screen_text(command)}", file=sys.stderr)
        raise SystemExit(2)


def run_screen(app: GuardedApp, command: str) -> int:
    """Run a full-screen command's app, the one way (see the module doc); its exit status."""
    need_screen(command)
    signals = (signal.SIGHUP,) if driven_by_web() and hasattr(signal, "SIGHUP") else (signal.SIGINT, *ending_signals())
    with handled(signals, lambda signum, _frame: app.signalled(signum)):
        app.run()
    if app.crash is not None:
        raise AppCrashed(app.crash)
    if app.signal_status is not None:
        return app.signal_status
    return app.return_code or 0


def report_crash(error: BaseException, words: Sequence[str]) -> int:
    """The one crash path, of the command line and of the app: the log written, its path said first
    and whole, exit status 1."""
    log = write_crash_log(error, words)
    shown = None if log is None else "".join(
        c if c.isprintable() else repr(c)[1:-1] for c in clean(str(log), newlines=False))
    print("klabber: " + crash_notice(type(error).__name__, shown), file=sys.stderr)
    return 1


def run_page(command: str, make_app: Callable[[], GuardedApp], words: Sequence[str]) -> int:
    """A page started without ``klabber``'s ``main`` (a page of ``klabber serve``): the same boundary
    around :func:`run_screen` (a signal before or after the app ends with 128 + its number, a crash
    anywhere is logged, exit 1)."""
    streams.install()
    try:
        with handled(ending_signals(), terminate):
            need_screen(command)
            return run_screen(make_app(), command)
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Terminated as ended:
        return ended.status
    except AppCrashed as crash:
        return report_crash(crash.error, [command, *words])
    except Exception as error:  # noqa: BLE001 - the boundary: logged in full, reported in one line
        return report_crash(error, [command, *words])
