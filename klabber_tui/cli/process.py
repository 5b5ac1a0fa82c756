"""The process around a command (issue 21): the signals that end it, and the terminal the apps need.

SIGINT, SIGTERM and SIGHUP end a command with 128 + the signal's number: outside the app they unwind
it like Ctrl+C (every ``finally`` runs, so a file being written atomically leaves no temp file); in
``play``, ``drill`` and ``advise``'s page the app saves and ends itself, and the terminal is restored
(:func:`run_app`). ``play`` and ``drill`` need a terminal (:func:`has_terminal`). A command calls
these through the module (``process.run_app``), so a test can stand in for the terminal or the app
in one place.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any

from klabber_tui.cli.argtypes import fail
from klabber_tui.data import streams
from klabber_tui.words.i18n import pgettext

if TYPE_CHECKING:
    from klabber_tui.ui.app import GuardedApp


class AppCrashed(Exception):
    """The game's app stopped on an unexpected error: ``main`` logs ``error`` as any crash."""

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
    if signum == getattr(signal, "SIGHUP", None) and streams.terminal_gone():
        streams.silence_terminal()  # the window closed: what is still to be written goes nowhere
    raise Terminated(signum)


def has_terminal() -> bool:
    """Whether the game can be shown: Textual reads keys from standard input and draws on standard
    error (so ``klabber play | cat`` works), and both must be a terminal. Without one it would spin
    for ever on an input that is at its end (``< /dev/null``) and fill a file with escape codes."""
    for stream in (sys.__stdin__, sys.__stderr__):
        try:
            if stream is None or not stream.isatty():
                return False
        except (ValueError, OSError):  # a closed stream
            return False
    return True


def need_terminal(command: str) -> None:
    """Refuse ``play`` and ``drill`` without a terminal: one line, exit 2."""
    if not has_terminal():
        fail(pgettext('process.words.no_terminal', '{command} needs a terminal: standard input and standard error must both be one (a pipe, a file or /dev/null cannot show the game or take its keys)').format(command=command))


def run_app(app: GuardedApp) -> int:
    """Run the game's app; its exit status. SIGINT, SIGTERM and SIGHUP are handed to the app, which
    saves and ends itself (128 + the signal's number); a crash inside it is raised as
    :class:`AppCrashed`, so ``main`` logs it as any other."""
    with handled((signal.SIGINT, *ending_signals()), lambda signum, _frame: app.signalled(signum)):
        app.run()
    if app.crash is not None:
        raise AppCrashed(app.crash)
    if app.signal_status is not None:
        return app.signal_status
    return app.return_code or 0
