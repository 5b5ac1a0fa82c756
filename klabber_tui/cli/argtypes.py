"""Argument types and the one-line failure shared by every ``klabber`` subcommand."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import NoReturn

from engine.rules import TARGET_RANGE

from klabber_tui.data.safe_text import clean
from klabber_tui.words.i18n import pgettext

# Seeds go to ``random.Random`` and the bot's numpy generators; 63 bits is what both take whole.
SEED_MAX = 2**63 - 1
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)


# A refusal is cut only past this many characters: room for the longest path the system takes
# (PATH_MAX, 4096 bytes) and the sentence around it, so a long data folder's name never cuts off why.
REFUSAL_MAX = 5000


def fail(message: str) -> NoReturn:
    """One line on standard error and exit status 2: how every bad input ends."""
    print(f"klabber: {one_line(message, REFUSAL_MAX)}", file=sys.stderr)
    raise SystemExit(2)


def one_line(message: str, limit: int = 400) -> str:
    """``message`` as a single line of at most ``limit`` characters: a refusal never spreads over the
    terminal, however long or odd the value it quotes. Control characters get the cleaning of names
    on the table (``safe_text.clean``: ESC shows as ␛); any other character that is not printable (a
    line separator, say) is shown escaped."""
    flat = "".join(c if c.isprintable() else repr(c)[1:-1] for c in clean(message, newlines=False))
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def file_name(value: str) -> str:
    """An argparse type for a record file's name: an empty one is refused by name (``Path("")`` would
    be the current folder, and the refusal would blame ``'.'``)."""
    if value == "":

        raise argparse.ArgumentTypeError(pgettext('process.words.empty_file', 'the file name is empty: name a klabber-deal/1 record file'))
    return value


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type for a whole number from ``low`` to ``high``, naming the range when refused.

    Only ASCII digits are read, at most 30 of them, so ``10**30`` or a 5,000-digit number is a clean
    refusal rather than a slow conversion or a traceback."""

    def parse(value: str) -> int:

        text = value.strip()
        if not _WHOLE.fullmatch(text) or not low <= (number := int(text)) <= high:
            raise argparse.ArgumentTypeError(pgettext('file.whole_number', 'must be a whole number from {low} to {high}, not {value!r}').format(
                low=low, high=high, value=one_line(value, 40)))
        return number

    return parse


SEED = whole_number(0, SEED_MAX)
TARGET = whole_number(*TARGET_RANGE)
