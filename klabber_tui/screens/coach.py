"""The coach in the game (issue 5): the bot's value of each choice of the player, with reasons.

``a`` on any decision of the player opens :class:`CoachScreen`; with the setting "Coach after each
bid" the same screen shows the verdict on every bid just made. The evaluation runs in a thread
worker (the screen says it is thinking meanwhile) and reads only the player's ``PlayerView``.

This module also holds the game's statistics hooks: every bidding decision of the player is judged
in the background and recorded, and so is every finished deal and match (``klabber_tui.stats``).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine.deal import BIDDING_STAGES, PLAY

from .. import text
from ..safe_text import literal
from .size_guard import SizeGuard

if TYPE_CHECKING:
    from .table import TableScreen

COACH_LEVEL = "hard"  # the coach on screen: about 0.1 s a bid, well under a second a card
JUDGE_LEVEL = "hard"  # the background judgement of each bid for the statistics


class CoachReady(Message):
    def __init__(self, advice: Any, error: str | None = None) -> None:
        super().__init__()
        self.advice = advice
        self.error = error


def coach_body(advice: Any, kind: str, ascii_suits: bool, verdict: bool) -> RenderableType:
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
    parts.append(Text(text.COACH_LEVEL.format(level=COACH_LEVEL, worlds=advice.evaluation.worlds), style="dim"))
    return Group(*parts)


class CoachScreen(SizeGuard, ModalScreen[None]):
    """The coach's page over the table; ``a`` or Escape closes it."""

    CSS = """
    CoachScreen .dialog.coach { width: 78; max-width: 100%; max-height: 100%; }
    CoachScreen .dialog-body { height: auto; max-height: 18; }
    CoachScreen .hint { margin: 0; }
    """
    BINDINGS = [
        Binding("a", "close", text.KEY_LABELS["close"]),
        Binding("escape", "close", text.KEY_LABELS["close"], show=False),
        Binding("enter", "close", text.KEY_LABELS["close"], show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(8)", show=False),
        Binding("pageup", "scroll(-8)", show=False),
    ]

    def __init__(self, view: Any, *, chosen: str | None = None, standing: Any = None, ascii_suits: bool = False,
                 verdict: bool = False, level: str = COACH_LEVEL) -> None:
        super().__init__(classes="message-screen coach-screen")
        self.view = view  # the player's view only: the coach never sees a hidden card
        self.chosen = chosen
        self.standing = standing
        self.ascii_suits = ascii_suits
        self.verdict = verdict
        self.level = level
        self.kind = "card" if view.stage == PLAY else "bid"
        self.advice: Any = None
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

    def action_close(self) -> None:
        if self.is_current:
            self.dismiss(None)


# -------------------------------------------------------------------------------------------------
# Hooks called by the table screen


def standing_now(session: Any) -> Any:
    """The match score before the deal on the table, from the player's side (rules.md §9)."""
    from ai.mc import Standing

    mine, theirs = session.match.totals
    return Standing(mine, theirs, session.match.target)


def can_coach(table: TableScreen) -> bool:
    s = table.kapp.session
    if s is None or s.watch or s.match.is_over or table.mode() in ("busy", "hold", "bella", "bot", "over"):
        return False
    return s.deal.to_act == s.seat and bool(s.view().legal)


def open_coach(table: TableScreen) -> None:
    if not can_coach(table):
        table.say(text.COACH_NOTHING)
        return
    s = table.kapp.session
    assert s is not None
    table.app.push_screen(CoachScreen(s.view(), standing=standing_now(s), ascii_suits=table.kapp.settings.ascii))


def bid_decision(table: TableScreen, seat: str, action: str) -> Any:
    """Before an action is applied: the player's view when it is a bidding choice of the player in a
    match (a choice: more than one legal action), else None."""
    s = table.kapp.session
    if s is None or s.watch or seat != s.seat or s.deal.stage not in BIDDING_STAGES:
        return None
    view = s.view()
    if action not in view.legal or len(view.legal) < 2:
        return None
    return view


def after_bid(table: TableScreen, view: Any, action: str, standing: Any) -> CoachScreen | None:
    """After the player's bid: judge it in the background for the statistics, and return the
    verdict page to show when the setting asks for it."""
    s = table.kapp.session
    assert s is not None
    preset, practice = s.rules.preset, s.practice

    def judge() -> None:
        from ai.coach import advise

        from .. import stats

        try:
            advice = advise(view, action, JUDGE_LEVEL, standing)
        except Exception:  # a judgement that fails is simply not recorded
            return
        _record(table.app, stats.record_decision, preset, practice, "bid", action == advice.best, advice.loss)

    table.run_worker(judge, thread=True, group="judge", exit_on_error=False)
    if not table.kapp.settings.coach_bids:
        return None
    return CoachScreen(view, chosen=action, standing=standing, ascii_suits=table.kapp.settings.ascii, verdict=True)


def after_deal(table: TableScreen, finished: Any) -> None:
    """A deal of a match is over: record it, and the match when it ended with it."""
    s = table.kapp.session
    if s is None or s.watch:
        return
    from .. import stats

    result = finished.deal.result()
    maker = None if result.maker is None else ("player" if result.maker == finished.human_seat else "bot")
    preset, practice = s.rules.preset, s.practice
    over, won = s.match.is_over, s.match.winner == 0

    def write() -> None:
        _record(table.app, stats.record_deal, preset, practice, maker, result.outcome)
        if over:
            _record(table.app, stats.record_match, preset, practice, won)

    table.run_worker(write, thread=True, group="stats", exit_on_error=False)


_STATS_LOCK = threading.Lock()  # one writer at a time: each record is a read, an append, a write


def _record(app: Any, function: Any, *args: Any) -> None:
    """Call a ``stats.record_*`` function from a worker thread; show its message, never crash."""
    with _STATS_LOCK:
        try:
            message = function(*args)
        except OSError as error:
            message = str(error)
    if message:
        try:
            app.call_from_thread(app.notify, text.STATS_PROBLEM.format(message=message), severity="warning",
                                 timeout=10)
        except RuntimeError:
            pass
