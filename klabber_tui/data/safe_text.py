"""Text from outside (a player's name, a save, settings, statistics, an error quoting a file) shown
as text: never parsed as Rich or Textual markup, and no control character ever reaches the terminal
(issue 8). Widgets are given ``literal(...)``, a ``rich.text.Text``, which Textual never parses.

Control characters are replaced by a visible stand-in rather than dropped, so a damaged name or
message still shows that something odd is there: C0 controls and DEL by their Unicode control
pictures (ESC shows as ␛), C1 controls, lone surrogates (bytes of a non-UTF-8 argument) and the
bidirectional overrides that can reorder what is shown by U+FFFD.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Rich is imported by ``literal`` alone: the command line's refusals clean text too
    from rich.text import Text

NAME_MAX = 24  # characters of a player's name that are kept
QUOTE_MAX = 80  # characters of a user's input quoted back in a refusal, a note or the log (issue 33)
ELLIPSIS = "…"
REPLACEMENT = "\ufffd"
# Bidirectional embeddings, overrides and isolates: they would let text rearrange what follows it.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _stand_in(ch: str) -> str:
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ .. ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    return REPLACEMENT


def clean(value: str, *, newlines: bool = True) -> str:
    """``value`` with every control character, lone surrogate and bidi override made visible.

    ``newlines`` keeps ``\\n`` (a message of several lines); everything else of category Cc or Cs
    is replaced.
    """
    out = []
    for ch in value:
        if ch == "\n" and newlines:
            out.append(ch)
        elif ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs"):
            out.append(_stand_in(ch))
        else:
            out.append(ch)
    return "".join(out)


def literal(value: object, style: str = "") -> Text:
    """``value`` (a string, or anything given to ``str``) as cleaned plain text, never markup."""
    from rich.text import Text

    return Text(clean(str(value)), style=style)


def clean_name(raw: str, default: str) -> str:
    """A name as the app keeps it, the player's and the bot's read from a save alike: lone surrogates (from a non-UTF-8 argument) become U+FFFD,
    characters that are not printable are dropped (whitespace of any kind becomes a space), the
    ends trimmed, the length capped at ``NAME_MAX``; ``default`` when nothing is left. The result
    always encodes as UTF-8, so the first save cannot fail on it."""
    kept = []
    for ch in raw:
        if unicodedata.category(ch) == "Cs":
            kept.append(REPLACEMENT)
        elif ch.isspace():
            kept.append(" ")
        elif ch.isprintable() and ch not in _BIDI:
            kept.append(ch)
    name = " ".join("".join(kept).split())[:NAME_MAX].strip()
    return name or default


def quoted(value: object, limit: int = QUOTE_MAX) -> str:
    """A user's input as a refusal, a note or the log quotes it back: cleaned as :func:`clean` does (on
    one line), and cut to ``limit`` characters with an ellipsis, so a pasted page cannot push the
    reason and the keys off the screen (issue 33). The start is kept, as the input is read from it."""
    text = clean(str(value), newlines=False)
    return text if len(text) <= limit else text[: limit - len(ELLIPSIS)] + ELLIPSIS


def quoted_path(value: object, limit: int = QUOTE_MAX) -> str:
    """A file's name as a refusal quotes it back: :func:`quoted`, but cut at the start, since a path's
    end (the file's own name) is what says which file was meant."""
    text = clean(str(value), newlines=False)
    return text if len(text) <= limit else ELLIPSIS + text[len(text) - limit + len(ELLIPSIS):]
