"""The process around a command (issue 21): the signals that end it, and the terminal the apps need.

SIGINT, SIGTERM and SIGHUP end a command with 128 + the signal's number: outside the app they unwind
it like Ctrl+C (every ``finally`` runs, so a file being written atomically leaves no temp file); in a
full-screen command the app saves and ends itself, and the terminal is restored. Issue 33: every
full-screen command (``play``, ``drill``, ``advise``'s page, the pages of ``klabber serve``) starts
through one path, :func:`klabber_tui.ui.start.run_screen`, which checks the terminal, hands the
signals to the app and raises its crash to be logged; the helpers live there (the web room uses them
without the command line) and are named here for the command line's boundary (``cli.main``).
"""

from __future__ import annotations

from klabber_tui.ui.start import (
    AppCrashed,
    Terminated,
    ending_signals,
    handled,
    has_terminal,
    need_screen,
    terminate,
)

__all__ = ["AppCrashed", "Terminated", "ending_signals", "handled", "has_terminal", "need_screen", "terminate"]
