"""The table's areas (issue 30: out of the table screen): the cards on the left, the score sheet and
the log on the right, the prompt and its buttons under both (issue 13; assets/klabber.tcss lays them
out as a grid, with breakpoints for big terminals).

``draw`` redraws only the areas whose part of the table's value (``words.table_view.TableShown``)
changed (issue 22); what the value holds is the controller's and the words', never decided here.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.widgets import Label

from klabber_tui.data.safe_text import literal
from klabber_tui.ui.widgets.act import ActArea
from klabber_tui.ui.widgets.deal_log import DealLog
from klabber_tui.ui.widgets.hand import HandView
from klabber_tui.ui.widgets.info import InfoPanel
from klabber_tui.ui.widgets.opponent import OpponentHand
from klabber_tui.ui.widgets.prompt import PromptLine
from klabber_tui.ui.widgets.score_sheet import ScoreSheet
from klabber_tui.ui.widgets.action_buttons import TableButtons
from klabber_tui.ui.widgets.talon import TalonView
from klabber_tui.ui.widgets.trick import TrickView
from klabber_tui.words.table.phrases import area_words
from klabber_tui.words.table.shown import TableShown


class TableBoard(Container):
    def compose(self) -> ComposeResult:
        """Heights follow the words; the buttons wrap rather than lose words."""
        with Vertical(id="left"):
            yield OpponentHand(id="opponent")
            yield InfoPanel(id="info")
            with Horizontal(id="middle"):
                yield TalonView(id="talon-area")
                yield TrickView(id="trick-area")
            yield Label(area_words()["hand"], id="hand-caption")
            yield HandView(id="hand")
        with Vertical(id="right"):
            sheet = ScoreSheet(id="score")
            sheet.border_title = area_words()["score"]
            yield sheet
            log = DealLog(id="log")
            log.border_title = area_words()["log"]
            yield log
        with ActArea(id="act"):
            yield PromptLine(id="prompt")
            yield TableButtons(id="buttons")

    def draw(self, old: TableShown, new: TableShown) -> None:
        """Redraw the areas whose value changed."""
        if new.hand != old.hand:
            hand = new.hand
            self.query_one(HandView).show(list(hand.cards), hand.playable, hand.selected, hand.four_colour)
        if new.opponent != old.opponent:
            bot = new.opponent
            self.query_one(OpponentHand).show(bot.name, bot.held, bot.known, watching=bot.watching)
        if new.info != old.info:
            self.query_one(InfoPanel).show(new.info)
        if new.talon != old.talon:
            talon = new.talon
            self.query_one(TalonView).show(talon.stock, talon.face_up, talon.caption, talon.bottom, talon.four_colour)
        if new.trick != old.trick:
            trick = new.trick
            self.query_one(TrickView).show(trick.caption, trick.bot_card, trick.your_card, trick.bot_label,
                                           trick.your_label, trick.four_colour)
        if new.caption != old.caption:
            self.query_one("#hand-caption", Label).update(literal(new.caption))
        if new.score != old.score:
            score = new.score
            self.query_one(ScoreSheet).show(list(score.rows), score.target, score.bot, watching=score.watching)
        if new.log != old.log:
            self.query_one(DealLog).show(list(new.log))
