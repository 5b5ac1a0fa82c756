"""A number and its noun or unit kept on one line (docs/russian.md, "The no-break space"; issue 32).

Rich (and Textual, which wraps its text with Rich's ``divide_line``) breaks a line at any whitespace,
the no-break space U+00A0 too: "3 сдачи" joined by U+00A0 still wrapped as "3" / "сдачи". :func:`install`
makes their wrappers treat U+00A0 as part of a word, so that :func:`together` ("3\\u00a0сдачи") and a
message written with U+00A0 never part at the end of a line. The ASCII mode turns U+00A0 into a plain
space when it paints (``ascii_text``), after the wrap. Installed by ``print_out`` (the commands' output)
and by the app (every screen).
"""

from __future__ import annotations

import re
import sys

NO_BREAK = "\u00a0"
# Rich's word (rich._wrap.re_word is \s*\S+\s*) and Textual's chunk (textual._wrap.re_chunk is
# \S+\s*|\s+), with U+00A0 counted as a letter instead of a space.
_WORD = re.compile(r"[^\S\u00a0]*[\S\u00a0]+[^\S\u00a0]*")
_CHUNK = re.compile(r"[\S\u00a0]+[^\S\u00a0]*|[^\S\u00a0]+")


def together(*parts: object) -> str:
    """Parts joined by the no-break space: ``together(3, "сдачи")`` is "3\\u00a0сдачи"."""
    return NO_BREAK.join(str(part) for part in parts)


def install() -> None:
    """Make Rich's wrapper (and Textual's, once it is imported) keep words joined by U+00A0 together."""
    import rich._wrap

    rich._wrap.re_word = _WORD
    textual_wrap = sys.modules.get("textual._wrap")
    if textual_wrap is not None:
        textual_wrap.re_chunk = _CHUNK  # type: ignore[attr-defined]  # a private module found at run time, not typed
