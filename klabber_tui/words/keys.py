"""Every key the player is told about, written once (issue 23).

A page's bindings take their keys from here, and every message that names a key takes it as an
argument (``{key}``), never spelled inside the words: a key changed here changes its binding and
every hint, prompt, button and help line that names it (tests/words/test_keys.py holds the two
together). Keys are Textual's names (``escape``, ``question_mark``, ``ctrl+q``); :func:`name` writes
one as the keyboard's caps show it, the same in every language. No Textual here: ``text`` words with
these keys and the screens bind them.
"""

from __future__ import annotations

# -- the table (screens/table/screen.py); the drill (screens/drill.py) binds the same bidding keys ---------

CARDS = tuple(str(k) for k in range(1, 10))  # the card at that place of the hand, from the left
LEFT, RIGHT = "left", "right"  # the card cursor
CHOOSE = "enter"  # play the card under the cursor, go on after a trick, announce bella
TAKE, PASS, SCHMEISS = "t", "p", "m"
YES, NO = "y", "n"  # a question's answers: accept or refuse a schmeiss, bella, resume, quit
SUITS = ("c", "d", "h", "s")  # name clubs, diamonds, hearts, spades (engine.cards.SUITS's order)
EXCHANGE = "e"  # the dix for the turn-up
LAST_TRICK = "l"
UNDO = "u"
COACH = "a"  # opens the coach's page, and closes it
VERDICT = "v"  # the coach's verdict on the last bid
REVIEW = "r"  # the review of the last deal (the table, the deal summary), and closes it
SETTINGS = "o"
HELP = "question_mark"
QUIT = "q"  # asks first while a match is at stake
QUIT_NOW = "ctrl+q"  # the app's: quits at once from any page

# -- the pages over the table ---------------------------------------------------------------------

CLOSE = "escape"
GO_ON = "enter"  # a message page's Continue; the drill's next position
NEW_MATCH = "n"  # the match's end
RULES_PAGE = "r"  # from the help page
STATS = "S"  # the statistics page, from the table and the drill, and closes it
DRILL_AGAIN = "R"  # the drill's missed positions, again
WHAT_IF = "w"  # issue 25: opens the what-if page from the deal summary and the review, and closes it
MATCH_REPORT = "M"  # issue 31: the match's report so far, from the table (and the report's end of a match)
MATCH_MISTAKES = "m"  # issue 31: on the report, practise this match's mistakes now (the drill on them)
NEXT_LEVEL = "L"  # issue 31: at a match's end, the next match at the level the report suggests
SCROLL = ("up", "down", "pageup", "pagedown")  # a page's body by a line, by a page (screens/modal.py)

_CAPS = {"escape": "Esc", "question_mark": "?", "left": "←", "right": "→", "up": "↑", "down": "↓",
         "pageup": "PgUp", "pagedown": "PgDn"}


def name(key: str) -> str:
    """A key as a hint names it: "w" stays "w", "escape" is "Esc", "question_mark" "?", "up" "↑",
    "enter" "Enter", "ctrl+o" "Ctrl+O"."""
    if key in _CAPS:
        return _CAPS[key]
    if "+" not in key and len(key) == 1:
        return key
    return "+".join(_CAPS.get(part, part.capitalize()) for part in key.split("+"))


def names(*keys: str, between: str = " ") -> str:
    """Several keys as one hint names them: ``names(LEFT, RIGHT)`` is "← →"."""
    return between.join(name(key) for key in keys)


def card_range(count: int) -> str:
    """The keys of a hand of ``count`` cards (1 to 9): "1–6", with the en dash of a range (docs/russian.md)."""
    return f"{CARDS[0]}\u2013{CARDS[count - 1]}"
