"""Issue 12: the game in Russian, played by keys at 80x24.

The outside check runs ``klabber play --lang ru`` and wants at least three quarters of the letters on
screen Cyrillic; here every screen met on the way to the end of a short match is held to that, and
the refusal of a card is worded in Russian.
"""

from __future__ import annotations

import re

from engine.cards import format_card
from klabber_tui import i18n, text
from klabber_tui.screens.match_end import MatchEndScreen

from .helpers import make_app, next_key, settle
from .screentext import screen_text

SMALL = (80, 24)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def cyrillic_share(shown: str) -> float:
    letters = [c for c in shown if c.isalpha()]
    return sum(bool(CYRILLIC.match(c)) for c in letters) / max(1, len(letters))


async def test_a_match_played_by_keys_in_russian_shows_russian_on_every_screen(klabber_home) -> None:
    i18n.set_language("ru")
    app = make_app(seed=5, target=100, name=text.YOU)
    seen: set[str] = set()
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(3000):
            await settle(pilot, app)
            shown = screen_text(app)
            seen.add(type(app.screen).__name__)
            assert cyrillic_share(shown) >= 0.75, shown
            key = next_key(app)
            if key is None:
                break
            await pilot.press(key)
        assert isinstance(app.screen, MatchEndScreen)
        assert "Партия окончена" in screen_text(app)
    assert {"TableScreen", "SummaryScreen", "MatchEndScreen"} <= seen


async def test_a_refused_card_is_explained_in_russian(klabber_home) -> None:
    """rules.md §8: the engine's code, the interface's words; in the table's Russian notation."""
    i18n.set_language("ru")
    app = make_app(seed=5, name=text.YOU)
    async with app.run_test(size=SMALL) as pilot:
        illegal: list[int] = []
        for _ in range(400):  # play on by keys until a turn where some card of the hand may not be played
            await settle(pilot, app)
            if app.screen is app.table and app.table.mode() == "play":
                legal = app.table.legal()
                illegal = [k for k, c in enumerate(app.table.hand_cards())
                           if not any(a.startswith(f"play {format_card(c)}") for a in legal)]
                if illegal:
                    break
            await pilot.press(next_key(app) or "enter")
        assert illegal, "no turn with a card that may not be played"
        await pilot.press(str(illegal[0] + 1))
        await settle(pilot, app)
        shown = " ".join(screen_text(app).split())
        assert "ходить нельзя" in shown and "Можно ходить:" in shown
