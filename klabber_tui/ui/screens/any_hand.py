"""Any hand on demand (issue 25): the player types six cards, the turn-up, the seat, the preset, the
words already said and the standing (or pastes a record) and asks the coach.

Opened by ``klabber advise`` with neither a record nor ``--hand`` (in a terminal). The
coach runs in a thread worker on the seat's view only (the other hand of a typed position is a
stand-in the view never shows, ``klabber_tui.practice.any_hand``); a hand that cannot be dealt, or words that
cannot have been said, get the command line's one-line refusal under the fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Label, Select, Static, TextArea

from engine.actions import ELDER, SEATS, Seat
from engine.cards import suit_of
from engine.deal import PLAY
from engine.record import RecordError, parse_record, replay
from engine.rules import DEFAULT_PRESET, PRESETS, TARGET_RANGE, RuleSet

from klabber_tui.words import i18n, keys
from klabber_tui.words.any_hand import hand_hint, hand_refusal_text, turn_up_hint, understood_line, words_hint
from klabber_tui.practice.any_hand import HandRefusal, any_hand
from klabber_tui.data.files import FileRefused, loads_strict
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.data.safe_text import literal
from klabber_tui.ui.screens.coach import coach_body
from klabber_tui.ui.screens.modal import ModalPage
from klabber_tui.words.cards import seat_lower_words, seat_names_words
from klabber_tui.words.files import refused_text
from klabber_tui.words.names import preset_title

SCORE_MAX = 100_000


@dataclass(frozen=True)
class Question:
    """What the page asks the coach: the seat's view, the standing and what to show above the answer."""

    view: Any  # engine.view.PlayerView
    standing: Any  # ai.utility.Standing | None
    heading: str


class Asked(Message):
    def __init__(self, body: RenderableType, token: int) -> None:
        super().__init__()
        self.body = body
        self.token = token


class Refused(ValueError):
    """A field that cannot be read: its one-line reason."""


def _whole(value: str, name: str, low: int, high: int) -> int:
    try:
        number = int(value.strip(), 10)
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        raise Refused(pgettext("any_hand.refusal.field_not_a_number", "{name}: a whole number from {low} to {high}"
                               ).format(name=name, low=i18n.whole(low), high=i18n.whole(high)))
    return number


# The page's keys, written once: in its bindings and in its hint.
ASK_KEY = "ctrl+o"
CLOSE_KEY = "escape"


def _mine_word() -> str:
    return pgettext("any_hand.field.my_score", "mine")


def _theirs_word() -> str:
    return pgettext("any_hand.field.their_score", "theirs")


def _target_word() -> str:
    return pgettext("any_hand.field.target_score", "to")


def any_hand_title() -> str:
    """The page's title, also the title of ``klabber advise``'s own window."""
    return pgettext("any_hand.title", "Ask the coach about any hand")


class AnyHandScreen(LocalizedBindings, ModalPage[None]):
    """The fields, ``Enter`` asks, the answer below; Escape closes."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(CLOSE_KEY, "close", pgettext("key.close", "Close")),
            Binding(ASK_KEY, "ask", pgettext("key.ask_the_coach", "Ask the coach")),
            Binding("pagedown", "scroll(8)", show=False),
            Binding("pageup", "scroll(-8)", show=False),
        ]

    def __init__(self, *, preset: str = DEFAULT_PRESET, level: str | None = None) -> None:
        super().__init__(classes="any-hand-screen")
        from ai import registry

        self.preset = preset
        self.level = registry.VERDICT_LEVEL if level is None else level
        self.token = 0
        self.body: RenderableType = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide any-hand"):
            yield Label(any_hand_title(), classes="dialog-title")
            with Horizontal(classes="any-hand-row"):
                yield Label(pgettext("any_hand.field.hand", "Hand"), classes="any-hand-label")
                yield Input(placeholder=hand_hint(), id="hand", compact=True)
                yield Label(pgettext("any_hand.field.turn_up", "Turn-up"), classes="any-hand-label")
                yield Input(placeholder=turn_up_hint(), id="turn-up", compact=True, classes="any-hand-short")
            with Horizontal(classes="any-hand-row"):
                yield Label(pgettext("any_hand.field.seat", "Seat"), classes="any-hand-label")
                yield Select([(seat_names_words()[s], s.value) for s in SEATS], value=ELDER.value, allow_blank=False,
                             id="seat", compact=True)
                yield Label(pgettext("any_hand.field.rules", "Rules"), classes="any-hand-label")
                yield Select([(preset_title(p), p) for p in PRESETS], value=self.preset, allow_blank=False,
                             id="preset", compact=True)
            with Horizontal(classes="any-hand-row"):
                yield Label(pgettext("any_hand.field.words_said", "Said"), classes="any-hand-label")
                yield Input(placeholder=words_hint(), id="words", compact=True)
                yield Label(pgettext("any_hand.field.score", "Score"), classes="any-hand-label")
                yield Input(placeholder=_mine_word(), id="mine", compact=True,
                            classes="any-hand-short")
                yield Input(placeholder=_theirs_word(), id="theirs", compact=True,
                            classes="any-hand-short")
                yield Input(placeholder=_target_word(), id="target", compact=True,
                            classes="any-hand-short")
            yield Label(pgettext("any_hand.paste_record",
                                 "Or paste a record (klabber-deal/1): the coach answers its last position"),
                        classes="any-hand-hint")
            yield TextArea(id="record", classes="any-hand-record")
            yield Static("", id="any-hand-status")
            with VerticalScroll(id="any-hand-scroll", classes="dialog-body"):
                yield Static("", id="any-hand-body")
            yield Label(pgettext("any_hand.hint", "{enter} or {ask}: ask the coach · {next}: next field · {close}: close"
                                 ).format(enter=keys.name("enter"), ask=keys.name(ASK_KEY),
                                          next=keys.name("tab"), close=keys.name(CLOSE_KEY)), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#hand", Input).focus()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_ask()

    def question(self) -> Question:
        """The position from the fields (or the pasted record), or Refused with one line."""
        pasted = self.query_one("#record", TextArea).text.strip()
        if pasted:
            try:
                deal = replay(parse_record(loads_strict(pasted)))
            except (RecordError, FileRefused, ValueError) as error:  # worded from its code, in the player's language
                raise Refused(refused_text(error)) from None
            seat = deal.to_act
            if seat is None:
                raise Refused(pgettext("advise.words.nobody",
                                       "nobody is to act at the end of this record (the deal is over or thrown in)"))
            heading = pgettext("any_hand.record_position", "The record's last position: the {seat} to act").format(
                seat=seat_lower_words()[seat])
        else:
            value = self.query_one("#preset", Select).value
            rules = RuleSet.from_preset(value if isinstance(value, str) else DEFAULT_PRESET)
            chosen = self.query_one("#seat", Select).value
            seat = Seat(chosen if isinstance(chosen, str) else ELDER.value)
            try:
                typed = any_hand(rules, self.query_one("#hand", Input).value,
                                 self.query_one("#turn-up", Input).value or "?", seat,
                                 self.query_one("#words", Input).value)
            except HandRefusal as refused:  # the words came from the page's field, not from --bids
                raise Refused(hand_refusal_text(refused, flag=False)) from None
            deal = typed.deal()
            heading = understood_line(typed)
        return Question(deal.view(seat), self.standing(int(deal.rules.target)), heading)

    def standing(self, rules_target: int) -> Any:
        """The standing from the score fields (none when both are empty)."""
        from ai.utility import Standing

        mine, theirs, target = (self.query_one(f"#{k}", Input).value.strip() for k in ("mine", "theirs", "target"))
        if not mine and not theirs:
            if target:
                raise Refused(pgettext("standing.words.target_without_score",
                                       "--target needs --score MINE THEIRS: the target only matters with a standing"))
            return None
        a = _whole(mine, _mine_word(), 0, SCORE_MAX)
        b = _whole(theirs, _theirs_word(), 0, SCORE_MAX)
        goal = rules_target if not target else _whole(target, _target_word(), *TARGET_RANGE)
        if max(a, b) >= goal and a != b:
            raise Refused(pgettext("standing.words.over",
                                   "--score {mine} {theirs}: the match to {target} would be over (rules.md §9); "
                                   "scores must be below the target, or equal").format(mine=a, theirs=b, target=goal))
        return Standing(a, b, goal)

    def action_ask(self) -> None:
        status = self.query_one("#any-hand-status", Static)
        try:
            question = self.question()
        except Refused as refused:
            status.update(literal(str(refused), "bold red"))  # typed text is shown as text, never markup
            return
        self.token += 1
        status.update(literal(question.heading + " · " + pgettext("coach.thinking", "The coach is thinking…")))
        self.workers.cancel_group(self, "any-hand")
        self.run_worker(lambda: self._evaluate(question, self.token), thread=True, exclusive=True, group="any-hand")

    def _evaluate(self, question: Question, token: int) -> None:
        from ai.coach import advise

        advice = advise(question.view, None, self.level, question.standing)
        kind = "card" if question.view.stage == PLAY else "bid"
        body = coach_body(advice, kind, False, self.level, suit_of(question.view.turn_up))
        self.post_message(Asked(Group(Text(question.heading, style="bold"), body), token))

    def on_asked(self, message: Asked) -> None:
        if message.token != self.token:
            return  # an answer to fields changed since
        self.query_one("#any-hand-status", Static).update("")
        self.body = message.body
        self.query_one("#any-hand-body", Static).update(message.body)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#any-hand-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def closing(self) -> None:
        self.workers.cancel_group(self, "any-hand")
