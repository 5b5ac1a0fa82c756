"""The table's worker threads (issue 30: beside the table screen, which they are part of): the bot's
move, the coach's evaluation of a bid while the player thinks (issue 11), and the one writer of the
statistics' queue (``coaching.StatsWriter``).

Each runs what the controller asked for and answers by a message to the screen (``BotMoved``,
``PositionEvaluated``), which drops an answer that comes after the position changed; none decides
anything of the table's flow.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import work
from textual.screen import Screen
from textual.worker import get_current_worker

from klabber_tui.practice import coaching
from klabber_tui.practice.table import BotTurn, Position, Prepared, TableController
from klabber_tui.ui.messages import BotMoved, PositionEvaluated
from klabber_tui.words.files import said_text
from klabber_tui.words.table.shown import stats_problem_text

if TYPE_CHECKING:
    from ai.bots import Bot

BotSource = Callable[[str], "tuple[Bot, str | None]"]  # a level -> its bot and the name it really has


class TableWorkers(Screen[None]):
    """The table screen's workers; the screen sets ``controller`` and ``bots``."""

    controller: TableController
    bots: BotSource

    @work(thread=True, exclusive=True, group="bot")
    def think(self, turn: BotTurn) -> None:
        started = time.monotonic()
        bot, real_name = self.bots(turn.level)
        action = bot.choose(turn.view, turn.seed, turn.standing)
        worker = get_current_worker()
        while not worker.is_cancelled and time.monotonic() - started < turn.delay:
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.post_message(BotMoved(action, turn.position, real_name))

    @work(thread=True, group="verdict", exit_on_error=False)
    def evaluate_position(self, key: Position, prepared: Prepared) -> None:
        """The coach's evaluation of the player's bidding decision, from the player's view only."""
        worker = get_current_worker()
        try:
            advice = coaching.evaluate_bid(prepared.view, prepared.standing, prepared.level)
        except Exception as error:  # never crash the game for the coach: the verdict says it failed
            message = PositionEvaluated(key, prepared, None, str(error) or type(error).__name__)
        else:
            message = PositionEvaluated(key, prepared, advice)
        if not worker.is_cancelled:
            self.post_message(message)

    @work(thread=True, group="stats", exit_on_error=False)
    def stats_worker(self) -> None:
        """The one worker that writes the statistics' queue (``coaching.StatsWriter``) until it is empty."""
        worker = get_current_worker()
        self.controller.coach.stats.drain(lambda said: self.tell_stats(said_text(said) or ""), lambda: worker.is_cancelled)

    def tell_stats(self, problem: str) -> None:
        """From the worker: say what went wrong with the statistics (their own sentence, in our words)."""
        try:
            self.app.call_from_thread(self.app.notify, stats_problem_text(problem), severity="warning", timeout=10)
        except RuntimeError:  # the app has closed meanwhile: nobody is left to tell
            pass
