"""Issue 10: the bot at the table plays the match, not only the deal: it is told the score sheet
from its own side (rules.md §9), the same standing the coach judges the player with."""

from __future__ import annotations

from typing import Any

import pytest

from ai.registry import make_bot
from ai.utility import Standing

from tests.support.helpers import make_app, play_until, settle

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


SMALL = (80, 24)


class RecordingBot:
    """The greedy bot, noting the standing each decision was asked with."""

    def __init__(self) -> None:
        self.greedy = make_bot("greedy")
        self.standings: list[Standing | None] = []

    def choose(self, view: Any, seed: int, standing: Standing | None = None) -> str:
        self.standings.append(standing)
        return str(self.greedy.choose(view, seed))

    def wants_exchange(self, view: Any) -> bool:
        return bool(self.greedy.wants_exchange(view))


async def test_the_bot_at_the_table_is_told_the_standing_from_its_own_side(klabber_home) -> None:
    app = make_app(seed=7, target=300)
    bot = RecordingBot()
    app._bots["greedy"] = (bot, "greedy")
    async with app.run_test(size=SMALL) as pilot:
        # Play through the first deal until the bot has decided in the second, where the sheet is
        # no longer 0 to 0.
        await play_until(pilot, app, lambda: app.session is not None and app.session.match.number >= 2
                         and bool(bot.standings) and bot.standings[-1] not in (None, Standing(0, 0, 300)))
        await settle(pilot, app)
        session = app.session
        assert session is not None
        player, other = session.match.totals
        assert (player, other) != (0, 0)
        assert bot.standings and all(s is not None for s in bot.standings)
        # From the bot's side: its own total first (the player is the match's first player).
        assert bot.standings[-1] == Standing(other, player, 300)
        assert bot.standings[0] == Standing(0, 0, 300)
