"""The coach in the game (issue 5): the bot's value of each choice of the player, with reasons.

``a`` on any decision of the player opens :class:`CoachScreen`; with the setting "Coach after each
bid" the table writes the verdict on every bid into the deal log and ``v`` opens it here, already
evaluated (issue 11). Otherwise the evaluation runs in a thread worker (the screen says it is
thinking meanwhile) and reads only the player's ``PlayerView``.

The game's hooks (what the coach judges when, and what reaches the statistics) are in
``klabber_tui.practice.coaching``, which has no Textual in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, Static

from engine.actions import Action
from engine.cards import suit_of
from engine.deal import PLAY
from engine.view import PlayerView

from klabber_tui.words import keys
from klabber_tui.words.coach import numbers as coach_numbers
from klabber_tui.practice import coaching
from klabber_tui.data.safe_text import literal
from klabber_tui.ui.widgets.spread import spread
from klabber_tui.ui.screens.modal import ModalPage, close_bindings, scroll_bindings
from klabber_tui.words.i18n import pgettext, npgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.coach.facts import fact_text, is_mistake_reason
from klabber_tui.words.coach.verdicts import COACH_BEST_MARK, coach_action_text, coach_verdict
from klabber_tui.words.names import level_text
from klabber_tui.words.table.phrases import button_labels_words

if TYPE_CHECKING:
    from ai.coach import Advice, Fact
    from ai.utility import Standing


class CoachReady(Message):
    def __init__(self, advice: Advice | None, error: str | None = None) -> None:
        super().__init__()
        self.advice = advice
        self.error = error


def reason_groups(advice: Advice, headline: bool) -> list[tuple[str, list[Fact]]]:
    """The reasons worth reading, under their headings (issue 11): the player's choice and the best
    one when they differ, or, before a choice, the position and the best choice; never the facts of
    every other action. A mistake's why leads its choice's reasons unless it is the ``headline``."""
    best, chosen = advice.best, advice.chosen
    groups: list[tuple[str, list[Fact]]] = []
    if chosen is None:
        groups.append((pgettext('coach.reasons.position', 'The position:'), list(advice.reasons(None))))
    else:
        mine = advice.reasons(chosen)
        why = [] if headline else [f for f in mine if is_mistake_reason(f)]
        groups.append((pgettext('coach.reasons.chosen', 'Your choice, {choice}:').format(choice=coach_action_text(chosen)),
                       why + [f for f in mine if not is_mistake_reason(f)]))
    if best != chosen:
        groups.append((pgettext('coach.reasons.best', 'The best choice, {choice}:').format(choice=coach_action_text(best)),
                       list(advice.reasons(best))))
    return [(title, facts) for title, facts in groups if facts]


def coach_body(advice: Advice, kind: str, verdict: bool, level: str,
               turned: int | None = None) -> RenderableType:
    """The coach's table (best marked), the verdict when asked (a mistake says why, with its cost),
    the reasons for the choice and the best, and a legend. ``turned`` is the turn-up's suit."""
    parts: list[RenderableType] = []
    why = next((f for f in advice.reasons(advice.chosen) if is_mistake_reason(f)), None)
    headline = verdict and advice.chosen is not None and advice.mistake and why is not None
    if headline and why is not None:
        parts.append(Text(fact_text(why, turned), style="bold red"))
    elif verdict and advice.chosen is not None:
        style = "bold red" if advice.mistake else "bold green"
        parts.append(Text(coach_verdict(advice, kind), style=style))
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
    for k, name in enumerate(coach_numbers.columns(advice)):
        table.add_column(name, justify="right" if k >= 2 else "left", no_wrap=True)
    for value in advice.evaluation.actions:
        marks = COACH_BEST_MARK if value.action == advice.best else ""
        if value.action == advice.chosen:
            marks += "▶"
        style = "bold" if value.action == advice.best else ""
        cells = [marks, coach_action_text(value.action), coach_numbers.points_cell(value),
                 coach_numbers.makes_cell(advice, value.action)]
        if advice.match_shown:
            cells.append(coach_numbers.match_cell(value))
        table.add_row(*cells, style=style)
    parts.append(table)
    for title, facts in reason_groups(advice, headline):
        parts.append(Text(""))
        parts.append(Text(title, style="bold"))
        for fact in facts:
            parts.append(Text("• " + fact_text(fact, turned)))
    drawing = spread(advice.evaluation, lambda a: coach_action_text(a, short=True)) \
        if kind == "bid" else None
    if drawing is not None:  # issue 25: how the deal may end after each bid, not only its mean
        parts.append(Text(""))
        parts.append(drawing)
    parts.append(Text(""))
    for line in coach_numbers.legend(advice):
        parts.append(Text(line, style="dim"))
    parts.append(Text(npgettext('count.coach_level', 'Evaluated at level {level} over {n} sampled deal, from your cards and what was said only.', 'Evaluated at level {level} over {n} sampled deals, from your cards and what was said only.', advice.evaluation.worlds).format(n=advice.evaluation.worlds, level=level_text(level)), style="dim"))
    return Group(*parts)


class CoachScreen(LocalizedBindings, ModalPage[None]):
    """The coach's page over the table; ``a`` or Escape closes it."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            *close_bindings(keys.COACH, keys.CLOSE, "enter"),
            *scroll_bindings(8),
        ]

    def __init__(self, view: PlayerView, *, chosen: Action | None = None, standing: Standing | None = None,
                 verdict: bool = False, level: str | None = None, advice: Advice | None = None) -> None:
        """``level`` defaults to the verdict level; ``advice``: the evaluation is already made (the
        verdict after a bid), so the page shows it at once."""
        super().__init__(classes="message-screen coach-screen")
        self.view = view  # the player's view only: the coach never sees a hidden card
        self.chosen = chosen
        self.standing = standing
        self.verdict = verdict
        self.level = coaching.verdict_level() if level is None else level
        self.kind = "card" if view.stage == PLAY else "bid"
        self.ready = advice
        self.advice: Advice | None = None
        self.rows: list[Action] = []  # the actions shown, best first (for tests)
        self.body: RenderableType = ""

    def compose(self) -> ComposeResult:
        title = pgettext('coach.verdict.title', 'Coach: your bid') if self.verdict else pgettext('coach.title', "Coach: the bot's view of your choices")
        with Vertical(classes="dialog coach"):
            yield Label(title, classes="dialog-title")
            with VerticalScroll(id="coach-scroll", classes="dialog-body"):
                yield Static(pgettext('coach.thinking', 'The coach is thinking…'), id="coach-body")
            yield Label(button_labels_words()["coach_close"], classes="hint")

    def on_mount(self) -> None:
        if self.ready is not None:
            self.post_message(CoachReady(self.ready))
            return
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
            body.update(literal(pgettext('coach.failed', 'The coach could not evaluate this position: {reason}').format(reason=message.error)))  # an error may quote brackets
            return
        self.advice = message.advice
        self.rows = [a.action for a in message.advice.evaluation.actions]
        self.body = coach_body(message.advice, self.kind, self.verdict, self.level,
                               suit_of(self.view.turn_up))
        body.update(self.body)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#coach-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
