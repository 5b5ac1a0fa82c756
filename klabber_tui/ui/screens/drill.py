"""The bidding drill (``klabber drill``): a close call, the player's word, the coach's table, the deal
played out, and a running score; missed positions can be drilled again.

Positions, the coach and the play-out run in worker threads (``klabber_tui.practice.drill`` is pure); each
answer comes back with a token, and an answer for a position no longer on screen is dropped.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.actions import Action, ActionKind
from engine.cards import SUIT_SYMBOLS
from engine.deal import Deal
from klabber_tui.data import mistakes
from klabber_tui.data import stats as stats_store
from klabber_tui.data.safe_text import literal
from klabber_tui.practice.drill import Answer, Drill, Position, Score, answer_of
from klabber_tui.practice.mistake_positions import answer_deck, entry_key, position_of_entry
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.ui.screens.size_guard import SizeGuard
from klabber_tui.words import keys
from klabber_tui.words.drill import (
    DRILL_STATS_PROBLEM,
    deck_result_words,
    end_text,
    evaluation_text,
    head_lines,
    played_text,
    position_text,
    within_points,
)
from klabber_tui.words.files import notes_text, refused_text
from klabber_tui.words.i18n import npgettext, pgettext


class DrillScreen(LocalizedBindings, SizeGuard, Screen[None]):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(keys.TAKE, "bid('take')", pgettext('key.take', 'Take')),
            Binding(keys.PASS, "bid('pass')", pgettext('key.pass', 'Pass')),
            Binding(keys.SCHMEISS, "bid('schmeiss')", pgettext('key.schmeiss', 'Schmeiss')),
            Binding(keys.YES, "bid('accept')", pgettext('key.yes', 'Yes')),
            Binding(keys.NO, "bid('refuse')", pgettext('key.no', 'No')),
            *[Binding(key, f"name_suit({suit})", symbol) for suit, (key, symbol) in enumerate(zip(keys.SUITS, SUIT_SYMBOLS))],
            Binding(keys.GO_ON, "next", pgettext('drill.keys.next', 'Next')),
            Binding("space", "next", show=False),
            Binding(keys.DRILL_AGAIN, "again", pgettext('drill.keys.again', 'Drill missed'), key_display=keys.DRILL_AGAIN),
            Binding(keys.STATS, "stats", pgettext('drill.keys.stats', 'Stats'), key_display=keys.STATS),
            Binding(keys.SETTINGS, "options", pgettext('drill.keys.options', 'What to drill')),
            Binding(keys.QUIT, "quit_drill", pgettext('drill.keys.quit', 'Quit')),
        ]

    def __init__(self, drill: Drill) -> None:
        super().__init__(id="drill-screen")
        self.drill = drill
        # issue 25: the deck's entries of the positions asked from it, by key (box, standing, first answer)
        self.deck_entries: dict[str, dict[str, Any]] = {}
        if drill.fixed is not None:
            deck, _message = mistakes.load()
            keys = {entry_key(p) for p in drill.fixed}
            self.deck_entries = {e["key"]: e for e in deck.entries if e["key"] in keys}
        self.round = 1
        self.queue: list[Position] | None = None  # the positions of a second or later pass
        self.index = 0
        self.position: Position | None = None
        self.state = "dealing"  # dealing, ask, thinking, answered, playing, played, end
        self.token = 0
        self.scores: list[Score] = [Score()]
        self.answer: Answer | None = None
        self.advice: Any = None
        self.played: Deal | None = None
        self.asked_at = 0.0
        self.timings: list[float] = []  # seconds from the player's word until the table shows

    # -- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="drill-head")
        yield Static("", id="drill-score")
        with VerticalScroll(id="drill-body"):
            yield Static("", id="drill-position")
            yield Static("", id="drill-eval")
        yield Footer()

    def on_mount(self) -> None:
        self.load_position()

    # -- where we are ---------------------------------------------------------------------------

    @property
    def score(self) -> Score:
        return self.scores[-1]

    @property
    def total(self) -> int:
        return self.drill.count if self.queue is None else len(self.queue)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "bid":
            return (self.state == "ask" and self.position is not None
                    and Action(ActionKind(str(parameters[0]))) in self.legal)
        if action == "name_suit":
            suit = parameters[0]
            return (self.state == "ask" and self.position is not None and isinstance(suit, int)
                    and Action.name(suit) in self.legal)
        if action == "next":
            return self.state in ("answered", "played")
        if action == "again":
            return self.state == "end" and bool(self.score.missed())
        return True

    @property
    def legal(self) -> tuple[Action, ...]:
        return self._legal

    _legal: tuple[Action, ...] = ()

    def set_state(self, state: str) -> None:
        self.state = state
        self.refresh_bindings()
        self.show_head()

    # -- positions ------------------------------------------------------------------------------

    def load_position(self) -> None:
        self.token += 1
        self.position = None
        self.answer = None
        self.played = None
        self._legal = ()
        self.query_one("#drill-position", Static).display = True
        self.query_one("#drill-position", Static).update(pgettext('drill.dealing', 'Dealing a close call…'))
        self.query_one("#drill-eval", Static).update("")
        self.set_state("dealing")
        if self.queue is not None:
            self.show_position(self.queue[self.index])
        else:
            self.fetch_position(self.token, self.index)

    @work(thread=True, group="drill-positions")
    def fetch_position(self, token: int, index: int) -> None:
        position = self.drill.position(index)
        self.app.call_from_thread(self._position_ready, token, position)
        if position is not None and index + 1 < self.drill.count:  # the next one, while the player thinks
            self.drill.position(index + 1)

    def _position_ready(self, token: int, position: Position | None) -> None:
        if token != self.token:
            return
        if position is None:  # issue 25: the searches are spent; the drill ends with what it found
            self.notify(npgettext('count.drill_found_short', 'Found {found} of {n} position {within}.',
                                  'Found {found} of {n} positions {within}.', self.drill.count).format(
                n=self.drill.count, found=self.index, within=within_points(int(self.drill.margin))), timeout=10)
            self.show_end()
            return
        self.show_position(position)

    def show_position(self, position: Position) -> None:
        self.position = position
        view = position.view()
        self._legal = tuple(view.legal)
        self.query_one("#drill-position", Static).update(
            position_text(position, self.deck_entries.get(entry_key(position) or "")))
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)
        self.set_state("ask")

    # -- the player's word and the coach --------------------------------------------------------

    def action_name_suit(self, suit: int) -> None:
        """c, d, h, s: name that suit (the word the drill's legal list holds)."""
        self.bid(Action.name(suit))

    def action_bid(self, kind: str) -> None:
        """t, p, m, y, n: the bid of that kind (a key binding names it by its word)."""
        self.bid(Action(ActionKind(kind)))

    def bid(self, action: Action) -> None:
        if self.state != "ask" or self.position is None:
            return
        if action not in self.legal:
            self.notify(pgettext('drill.not.legal', 'That word is not a choice here.'), severity="warning")
            return
        self.asked_at = time.perf_counter()
        self.query_one("#drill-eval", Static).update(Text(pgettext('drill.thinking', 'thinking…'), style="italic"))
        self.set_state("thinking")
        self.evaluate(self.token, self.position, action)

    @work(thread=True, group="drill-coach")
    def evaluate(self, token: int, position: Position, chosen: Action) -> None:
        advice = self.drill.advise(position, chosen)
        answer = answer_of(position, advice)
        deck_result = None
        try:
            deal = position.deal()  # issue 21: its seat and stage give the situation in the statistics
            message = notes_text(stats_store.record_decision(position.preset, False, "bid", answer.agreed,
                                                                  answer.loss, seat=deal.to_act, stage=deal.stage,
                                                                  action=str(chosen)))
            deck_result, deck_notes = answer_deck(
                position, advice, answer, self.deck_entries.get(entry_key(position) or ""), self.drill.coach_level)
            deck_message = notes_text(deck_notes)
            message = " ".join(m for m in (message, deck_message) if m) or None
        except OSError as error:
            message = refused_text(error)
        self.app.call_from_thread(self._evaluated, token, advice, answer, message, deck_result)

    def _evaluated(self, token: int, advice: Any, answer: Answer, message: str | None,
                   deck_result: str | None = None) -> None:
        if token != self.token:
            return
        if message:
            self.notify(DRILL_STATS_PROBLEM.format(message=message), severity="warning", timeout=10)
        if deck_result is not None:
            entry = self.deck_entries.get(entry_key(self.position) or "") if self.position else None
            days = mistakes.BOXES[min(entry["box"] + 1, len(mistakes.BOXES) - 1)] if entry else mistakes.BOXES[mistakes.FIRST_BOX]
            said = (npgettext('count.deck_right', 'Right: it comes back in {n} day.', 'Right: it comes back in {n} days.',
                              days).format(n=days) if deck_result == mistakes.RIGHT
                    else deck_result_words()[deck_result])
            self.notify(said, timeout=10)
        self.timings.append(time.perf_counter() - self.asked_at)
        self.advice = advice
        self.answer = answer
        self.score.add(answer)
        self.query_one("#drill-eval", Static).update(evaluation_text(advice, answer))
        self.set_state("answered")
        self.call_after_refresh(self.query_one("#drill-body", VerticalScroll).scroll_end, animate=False)

    # -- the deal played out --------------------------------------------------------------------

    def action_next(self) -> None:
        if self.state == "answered":
            assert self.position is not None and self.answer is not None
            self.query_one("#drill-eval", Static).update(Text(pgettext('drill.playing', 'The bot plays the deal out for both sides…'), style="italic"))
            self.set_state("playing")
            self.run_play_out(self.token, self.position, self.answer.chosen)
        elif self.state == "played":
            self.index += 1
            if self.index >= self.total:
                self.show_end()
            else:
                self.load_position()

    @work(thread=True, group="drill-playout")
    def run_play_out(self, token: int, position: Position, chosen: Action) -> None:
        deal = self.drill.play_out(position, chosen)
        self.app.call_from_thread(self._played_out, token, deal)

    def _played_out(self, token: int, deal: Deal) -> None:
        if token != self.token:
            return
        self.played = deal
        assert self.position is not None and self.answer is not None
        self.query_one("#drill-position", Static).display = False
        self.query_one("#drill-eval", Static).update(
            played_text(self.position, self.answer, deal, self.drill.playout_level, self.index + 1 >= self.total))
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)
        self.set_state("played")

    # -- the end and the second pass ------------------------------------------------------------

    def show_end(self) -> None:
        self.token += 1
        self.position = None
        self._legal = ()
        self.query_one("#drill-position", Static).display = True
        self.query_one("#drill-position", Static).update(end_text(self.drill, self.scores))
        self.query_one("#drill-eval", Static).update("")
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)
        self.set_state("end")

    def action_options(self) -> None:
        """``o``: what to drill (issue 25): a situation and a margin, or the mistake deck's due positions."""
        from klabber_tui.ui.screens.practice import PracticeOptions

        deck, _message = mistakes.load()
        due = len([e for e in deck.due() if e["preset"] == self.drill.preset])
        self.app.push_screen(PracticeOptions(self.drill.preset, self.drill.situation, int(self.drill.margin), due),
                             self.start_drill)

    def start_drill(self, choice: Any) -> None:
        """A new drill from the options page's choice, from its first position."""
        if choice is None:
            return
        old = self.drill
        if choice.mistakes:
            deck, _message = mistakes.load()
            due = [e for e in deck.due() if e["preset"] == old.preset][:old.count]
            if not due:
                return
            fixed = tuple(position_of_entry(e) for e in due)
            self.deck_entries = {e["key"]: e for e in due}
            drill = Drill(old.preset, old.seed, len(fixed), old.coach_level, old.bot_level, old.playout_level,
                          fixed=fixed)
        else:
            self.deck_entries = {}
            drill = Drill(old.preset, old.seed, old.count, old.coach_level, old.bot_level, old.playout_level,
                          situation=choice.situation, margin=choice.margin)
        self.workers.cancel_group(self, "drill-positions")
        self.drill = drill
        self.queue, self.index, self.round = None, 0, 1
        self.scores = [Score()]
        self.load_position()

    def action_again(self) -> None:
        missed = self.score.missed()
        if self.state != "end" or not missed:
            return
        self.queue = missed
        self.round += 1
        self.index = 0
        self.scores.append(Score())
        self.load_position()

    # -- head and score lines -------------------------------------------------------------------

    def show_head(self) -> None:
        head, score = head_lines(self.drill, self.state, self.queue is not None, self.index, self.total, self.round,
                                 self.score)
        self.query_one("#drill-head", Static).update(literal(head))  # the preset may come from a settings file
        self.query_one("#drill-score", Static).update(score)

    # -- pages and leaving ----------------------------------------------------------------------

    def action_stats(self) -> None:
        from klabber_tui.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_quit_drill(self) -> None:
        self.token += 1
        self.app.exit()
