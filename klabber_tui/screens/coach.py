"""The coach in the game (issue 5): the bot's value of each choice of the player, with reasons.

``a`` on any decision of the player opens :class:`CoachScreen`; with the setting "Coach after each
bid" the same screen shows the verdict on every bid just made. The evaluation runs in a thread
worker (the screen says it is thinking meanwhile) and reads only the player's ``PlayerView``.

The game's hooks (what the coach judges when, and what reaches the statistics) are in
``klabber_tui.coaching``, which has no Textual in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, Static

from engine.deal import PLAY
from engine.view import PlayerView

from .. import text
from ..coaching import COACH_LEVEL
from ..safe_text import literal
from .modal import ModalPage

if TYPE_CHECKING:
    from ai.coach import Advice
    from ai.utility import Standing


class CoachReady(Message):
    def __init__(self, advice: Advice | None, error: str | None = None) -> None:
        super().__init__()
        self.advice = advice
        self.error = error


def coach_body(advice: Advice, kind: str, ascii_suits: bool, verdict: bool) -> RenderableType:
    """The coach's table (best marked), the verdict when asked, the reasons and a legend."""
    parts: list[RenderableType] = []
    if verdict and advice.chosen is not None:
        style = "bold red" if advice.mistake else "bold green"
        parts.append(Text(text.coach_verdict(advice, kind, ascii_suits), style=style))
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
    for k, name in enumerate(text.COACH_COLUMNS):
        table.add_column(name, justify="right" if k >= 2 else "left", no_wrap=True)
    for value in advice.evaluation.actions:
        marks = text.COACH_BEST_MARK if value.action == advice.best else ""
        if value.action == advice.chosen:
            marks += "▶"
        prob = advice.make_prob(value.action)
        style = "bold" if value.action == advice.best else ""
        table.add_row(marks, text.coach_action_text(value.action, ascii_suits),
                      text.COACH_EV.format(ev=value.ev, se=value.ev_se),
                      text.COACH_PROB.format(p=prob) if prob is not None else "", style=style)
    parts.append(table)
    if advice.facts:
        parts.append(Text(""))
        parts.append(Text(text.COACH_REASONS, style="bold"))
        for fact in advice.facts:
            parts.append(Text("• " + text.fact_text(fact, ascii_suits)))
    parts.append(Text(""))
    parts.append(Text(text.COACH_LEGEND, style="dim"))
    parts.append(Text(text.plural("coach_level", advice.evaluation.worlds, level=COACH_LEVEL), style="dim"))
    return Group(*parts)


class CoachScreen(ModalPage[None]):
    """The coach's page over the table; ``a`` or Escape closes it."""

    BINDINGS = [
        Binding("a", "close", text.KEY_LABELS["close"]),
        Binding("escape", "close", text.KEY_LABELS["close"], show=False),
        Binding("enter", "close", text.KEY_LABELS["close"], show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(8)", show=False),
        Binding("pageup", "scroll(-8)", show=False),
    ]

    def __init__(self, view: PlayerView, *, chosen: str | None = None, standing: Standing | None = None, ascii_suits: bool = False,
                 verdict: bool = False, level: str = COACH_LEVEL) -> None:
        super().__init__(classes="message-screen coach-screen")
        self.view = view  # the player's view only: the coach never sees a hidden card
        self.chosen = chosen
        self.standing = standing
        self.ascii_suits = ascii_suits
        self.verdict = verdict
        self.level = level
        self.kind = "card" if view.stage == PLAY else "bid"
        self.advice: Advice | None = None
        self.rows: list[str] = []  # the actions shown, best first (for tests)
        self.body: RenderableType = ""

    def compose(self) -> ComposeResult:
        title = text.COACH_VERDICT_TITLE if self.verdict else text.COACH_TITLE
        with Vertical(classes="dialog coach"):
            yield Label(title, classes="dialog-title")
            with VerticalScroll(id="coach-scroll", classes="dialog-body"):
                yield Static(text.COACH_THINKING, id="coach-body")
            yield Label(text.BUTTON_LABELS["coach_close"], classes="hint")

    def on_mount(self) -> None:
        self.run_worker(self._evaluate, thread=True, exclusive=True, group="coach")

    def _evaluate(self) -> None:
        from ai.coach import advise

        try:
            advice = advise(self.view, self.chosen, self.level, self.standing)
        except Exception as error:  # never crash the game for the coach
            self.post_message(CoachReady(None, str(error) or type(error).__name__))
            return
        self.post_message(CoachReady(advice))

    def on_coach_ready(self, message: CoachReady) -> None:
        body = self.query_one("#coach-body", Static)
        if message.advice is None:
            body.update(literal(text.COACH_FAILED.format(reason=message.error)))  # an error may quote brackets
            return
        self.advice = message.advice
        self.rows = [a.action for a in message.advice.evaluation.actions]
        self.body = coach_body(message.advice, self.kind, self.ascii_suits, self.verdict)
        body.update(self.body)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#coach-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
