"""The bidding drill (``klabber drill``): a close call, the player's word, the coach's table, the deal
played out, and a running score; missed positions can be drilled again.

Positions, the coach and the play-out run in worker threads (``klabber_tui.practice.drill`` is pure); each
answer comes back with a token, and an answer for a position no longer on screen is dropped.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.actions import SCHMEISS, Action, ActionKind
from engine.cards import SUIT_SYMBOLS, mask_of, sorted_cards, suit_of
from engine.deal import Deal
from engine.record import record_of
from engine.view import PlayerView
from engine.rules import SEATS

from klabber_tui.data import mistakes
from klabber_tui.data import stats as stats_store
from klabber_tui.words import i18n, keys
from klabber_tui.words.coach.numbers import makes_cell
from klabber_tui.practice.drill import DEFAULT_MARGIN, Answer, Drill, Position, Score, answer_of
from klabber_tui.practice.mistake_positions import entry_key, position_of_entry
from klabber_tui.words.i18n import decimal
from klabber_tui.data.safe_text import literal
from klabber_tui.ui.widgets.deal_score import deal_score_table
from klabber_tui.ui.screens.coach import is_mistake_reason
from klabber_tui.ui.screens.size_guard import SizeGuard
from klabber_tui.words.i18n import pgettext, npgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.cards import action_text, card_text, suit_text
from klabber_tui.words.coach.facts import fact_text, points_text
from klabber_tui.words.drill import (
    DRILL_BEST_MARK,
    DRILL_CLOSE_MARK,
    DRILL_HANDS,
    DRILL_MISTAKE_MARK,
    DRILL_STATS_PROBLEM,
    drill_columns_words,
    drill_kind_words,
    drill_seat_words,
    drill_word_names_words,
    within_points,
)
from klabber_tui.words.files import notes_text, refused_text
from klabber_tui.words.names import level_text, preset_name, situation_names_words
from klabber_tui.words.table import (
    bidding_prompt,
    bot_word,
    log_line,
    named,
    prompt_text,
    summary_rule_words,
    who,
    you_word,
)

TRICKS_PER_LINE = 3


def word_text(move: Action) -> str:
    """A bidding word for the table: ``take``, ``name ♥ hearts``, ``accept (throw in)``."""
    if move.kind == "name" and move.suit is not None:
        return f"name {suit_text(move.suit)}"
    return drill_word_names_words().get(move.kind, str(move))


def drill_reasons(advice: Any, answer: Answer) -> list[tuple[Action, list[Any]]]:
    """The coach's reasons for the player's word and, when the coach's choice differs, for it (issue
    11): never the facts of the words nobody chose. A mistake's why is shown as the verdict."""
    mine = [f for f in advice.reasons(answer.chosen) if not is_mistake_reason(f)]
    groups = [(answer.chosen, mine)]
    if not answer.agreed:
        groups.append((answer.best, list(advice.reasons(answer.best))))
    return [(word, facts) for word, facts in groups if facts]


def deck_lines(position: Position, entry: dict[str, Any] | None) -> list[Text]:
    """Issue 25: a position asked from the mistake deck shows its box and its standing."""
    if position.record is None:
        return []
    standing = position.standing
    line = (pgettext('deck.standing_none', 'Standing then: not part of a match') if standing is None else
            pgettext('deck.standing', 'Standing then: you {mine}, the bot {theirs}, playing to {target}').format(
                mine=standing[0], theirs=standing[1], target=standing[2]))
    lines = [Text(line, style="cyan")]
    if entry is not None:
        lines.insert(0, Text(pgettext('deck.head', 'Your mistake, asked again · box {box} of {boxes}').format(
            box=entry["box"] + 1, boxes=len(mistakes.BOXES)), style="cyan"))
    return lines


def count_hint(view: PlayerView) -> str:
    """The hint before answering (rules.md §10): the hand's count for the suit the decision is about,
    the turn-up's in round one and for a schmeiss, else the best suit the player may name."""
    from ai.heuristics import hand_strength

    hand = view.hand
    if view.stage in ("bidding_round_one", "schmeiss_answer"):
        suit = suit_of(view.turn_up)
    else:
        named = [a.suit for a in view.legal if a.kind == "name"]
        suits = [s for s in named if s is not None] or [suit_of(view.turn_up)]
        suit = max(suits, key=lambda s: hand_strength(hand, s))
    count = hand_strength(hand, suit)
    return npgettext('count.drill_hint', 'Hint (rules.md §10): your hand counts {n} point for {suit}; about 40 takes.',
                     'Hint (rules.md §10): your hand counts {n} points for {suit}; about 40 takes.', count).format(
        n=count, suit=suit_text(suit))


def deck_result_words() -> dict[str, str]:
    """What became of a position of the mistake deck answered again, other than right (issue 25)."""
    return {
        "learnt": pgettext('deck.result.learnt', 'Right in the last box: learnt.'),
        mistakes.WRONG: pgettext('deck.result.wrong', 'Wrong again: it comes back tomorrow.'),
        mistakes.RETIRED: pgettext('deck.result.retired',
                            'The coach no longer calls your first answer a mistake: the position leaves the deck.'),
    }


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
        self.query_one("#drill-position", Static).update(self.position_text(position))
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)
        self.set_state("ask")

    def position_text(self, position: Position) -> RenderableType:
        view = position.view()
        lines = []
        lines.extend(deck_lines(position, self.deck_entries.get(entry_key(position) or "")))
        lines.append(Text(drill_kind_words()[position.kind].format(seat=drill_seat_words()[view.seat]), style="bold"))
        lines.append(Text(pgettext('drill.turn.up', 'Turn-up: {card}').format(card=card_text(view.turn_up))))
        said_before = position.deal().actions
        if said_before:
            words = " ".join(f"{who(seat == view.seat)}: {action_text(action)}"
                             for seat, action in said_before)
            said = pgettext('drill.said', 'Said so far: {words}').format(words=words) + (pgettext('drill.forced', ' (a schmeiss the bot would not say here, put in so you can answer one)') if position.forced else "")
        else:
            said = pgettext('drill.said.none', 'Said so far: nothing.')
        lines.append(Text(said))
        hand = " ".join(card_text(c) for c in sorted_cards(view.hand, None))
        lines.append(Text(pgettext('drill.hand', 'Your hand: {cards}').format(cards=hand), style="bold"))
        lines.append(Text(count_hint(view), style="dim"))
        lines.append(Text(self.prompt(view), style="italic"))
        return Group(*lines)

    def prompt(self, view: PlayerView) -> str:
        turned = suit_text(suit_of(view.turn_up))
        if view.stage in ("bidding_round_one", "bidding_round_two"):
            return bidding_prompt(view.stage == "bidding_round_two", suit_of(view.turn_up), SCHMEISS in view.legal)
        if view.stage == "schmeiss_answer":
            if view.rules.schmeiss_refused == "refuser_names":
                hint = prompt_text("refuse_names")
            else:
                hint = prompt_text("refuse_maker", suit=turned, who=named(view.schmeisser == view.seat))
            return prompt_text("schmeiss_answer", who=who(view.schmeisser == view.seat), refuse_hint=hint)
        return prompt_text("naming") if view.stage == "naming" else ""

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
            deck_result, deck_message = self.update_deck(position, advice, answer)
            message = " ".join(m for m in (message, deck_message) if m) or None
        except OSError as error:
            message = refused_text(error)
        self.app.call_from_thread(self._evaluated, token, advice, answer, message, deck_result)

    def update_deck(self, position: Position, advice: Any, answer: Answer) -> tuple[str | None, str | None]:
        """Issue 25: a mistake goes into the deck; a position asked from the deck moves on its schedule
        (or retires, when the coach no longer calls its first answer a mistake). The result and the
        deck's problem."""
        from ai.coach import judge

        key = entry_key(position)
        if key is None:
            if not answer.mistake:
                return None, None
            assert position.record is None
            record = record_of(position.deal())
            return None, notes_text(mistakes.add(record, choice=str(answer.chosen), best=str(answer.best),
                                                      level=self.drill.coach_level, source="drill"))
        entry = self.deck_entries.get(key)
        # the first answer, as the deck wrote it (record notation): the legal action that writes so
        first = None if entry is None else next((a for a in position.view().legal if str(a) == entry["choice"]), None)
        if first is not None and first in advice.evaluation.samples and not judge(
                position.view(), advice.evaluation, first).mistake:
            result = mistakes.RETIRED
        else:
            result = mistakes.RIGHT if answer.agreed else mistakes.WRONG
        if result == mistakes.RIGHT and entry is not None and entry["box"] == len(mistakes.BOXES) - 1:
            result = "learnt"
        return result, notes_text(mistakes.answered(key, mistakes.RIGHT if result == "learnt" else result))

    def _evaluated(self, token: int, advice: Any, answer: Answer, message: str | None,
                   deck_result: str | None = None) -> None:
        if token != self.token:
            return
        if message:
            self.notify(DRILL_STATS_PROBLEM.format(message=message), severity="warning", timeout=10)
        if deck_result is not None:
            entry = self.deck_entries.get(entry_key(self.position) or "") if self.position else None
            days = mistakes.BOXES[min(entry["box"] + 1, len(mistakes.BOXES) - 1)] if entry else mistakes.BOXES[0]
            said = (npgettext('count.deck_right', 'Right: it comes back in {n} day.', 'Right: it comes back in {n} days.',
                              days).format(n=days) if deck_result == mistakes.RIGHT
                    else deck_result_words()[deck_result])
            self.notify(said, timeout=10)
        self.timings.append(time.perf_counter() - self.asked_at)
        self.advice = advice
        self.answer = answer
        self.score.add(answer)
        self.query_one("#drill-eval", Static).update(self.evaluation_text(advice, answer))
        self.set_state("answered")
        self.call_after_refresh(self.query_one("#drill-body", VerticalScroll).scroll_end, animate=False)

    def evaluation_text(self, advice: Any, answer: Answer) -> RenderableType:
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
        for k, name in enumerate(drill_columns_words()):
            table.add_column(name, justify="left" if k < 2 else "right", no_wrap=True)
        table.add_column("", no_wrap=True)
        for a in advice.evaluation.actions:
            best = a.action == answer.best
            loss = advice.evaluation.loss(a.action)[0] if a.action in advice.evaluation.samples else 0.0
            table.add_row(  # issue 11: no signed zero (a loss of -0.02 is 0.0)
                DRILL_BEST_MARK if best else "",
                word_text(a.action),
                decimal(a.deal_ev, 1, sign=True), decimal(a.ev_se, 1), makes_cell(advice, a.action),
                "" if best else points_text(loss, sign=False),
                pgettext('drill.yours.mark', '◀ you') if a.action == answer.chosen else "",
                style="bold" if best else None,
            )
        word, best = word_text(answer.chosen), word_text(answer.best)
        turned = suit_of(answer.position.view().turn_up)
        lines: list[RenderableType] = [table]
        why = next((f for f in advice.reasons(answer.chosen) if is_mistake_reason(f)), None)
        if answer.chosen == answer.best:
            lines.append(Text(pgettext('drill.agreed', 'You agree with the bot: {word}.').format(word=word), style="green"))
        elif answer.agreed:
            lines.append(Text(pgettext('drill.equivalent', "{word} comes to the same as the bot's {best}: agreed.").format(word=word, best=best), style="green"))
        elif answer.mistake and why is not None:  # one sentence: why, and what it costs
            lines.append(Text(fact_text(why, turned), style="red"))
        else:
            lines.append(Text(pgettext('drill.loss', 'The bot says {best}: your {word} gives up {loss:.1f} ± {se:.1f} points.').format(best=best, word=word, loss=i18n.Number(answer.loss), se=i18n.Number(answer.loss_se)),
                              style="yellow"))
            lines.append(Text(pgettext('drill.mistake', 'That is a mistake: it costs more than the noise of the evaluation.') if answer.mistake else pgettext('drill.close', 'Within the noise or small: not a mistake, but it goes to the missed positions.'),
                              style="red" if answer.mistake else "yellow"))
        for action, facts in drill_reasons(advice, answer):
            # issue 24: the best is the coach's choice, not something the bot said
            words = pgettext('drill.reasons.chosen', 'Your {word}: {reasons}.') if action == answer.chosen else pgettext(
                "drill.reasons.coach_choice", "The coach's choice, {word}: {reasons}.")
            reasons = " · ".join(fact_text(f, turned) for f in facts)
            lines.append(Text(words.format(word=word_text(action), reasons=reasons), style="dim"))
        lines.append(Text(pgettext('drill.next.playout', '{key}: see the deal played out').format(key=keys.name(keys.GO_ON)), style="dim"))
        return Group(*lines)

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
        self.query_one("#drill-eval", Static).update(self.played_text(self.position, self.answer, deal))
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)
        self.set_state("played")

    def played_text(self, position: Position, answer: Answer, deal: Deal) -> RenderableType:
        you = position.seat
        i = SEATS.index(you)
        lines: list[RenderableType] = []
        level = f"mc:{self.drill.playout_level}"
        lines.append(Text(pgettext('drill.played.title', 'After your word ({word}) the bot plays both sides ({level}):').format(word=word_text(answer.chosen), level=level_text(level)),
                          style="bold"))

        def hand(k: int) -> str:
            cards = (*deal.first[k], *(deal.extra[k] or ())) if deal.trump is not None else deal.first[k]
            return " ".join(card_text(c) for c in sorted_cards(mask_of(cards), deal.trump))

        lines.append(Text(DRILL_HANDS.format(who=you_word(), cards=hand(i))))
        lines.append(Text(DRILL_HANDS.format(who=bot_word(), cards=hand(1 - i))))
        words = " ".join(f"{who(seat == you)}: {action_text(action)}" for seat, action in deal.bids)
        lines.append(Text(pgettext('drill.bidding', 'Bidding: {words}').format(words=words)))
        result = deal.result()
        if result.outcome == "thrown_in":
            lines.append(Text(pgettext('drill.thrown', 'The deal is thrown in: nothing is scored.')))
        else:
            for event in deal.events:
                if event.kind == "trump":
                    lines.append(Text(log_line(event, you) or ""))
            won = sum(1 for t in deal.tricks if t.winner == you)
            lines.append(Text(pgettext('drill.tricks', 'Tricks ({you} won {n}):').format(you=named(True), n=won)))
            cells = [f"{k}. {card_text(t.cards[0])} {card_text(t.cards[1])} "
                     f"{named(t.winner == you)}" for k, t in enumerate(deal.tricks, start=1)]
            for k in range(0, len(cells), TRICKS_PER_LINE):
                lines.append(Text("  " + " · ".join(c.ljust(16) for c in cells[k:k + TRICKS_PER_LINE]).rstrip()))
            lines.append(deal_score_table(result, you))
            lines.append(Text(summary_rule_words()[result.outcome]))
        last = self.index + 1 >= self.total
        lines.append(Text((pgettext('drill.next.end', "{key}: the drill's result") if last else pgettext('drill.next', '{key}: next position')
                           ).format(key=keys.name(keys.GO_ON)), style="dim"))
        return Group(*lines)

    # -- the end and the second pass ------------------------------------------------------------

    def show_end(self) -> None:
        self.token += 1
        self.position = None
        self._legal = ()
        self.query_one("#drill-position", Static).display = True
        self.query_one("#drill-position", Static).update(self.end_text())
        self.query_one("#drill-eval", Static).update("")
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)
        self.set_state("end")

    def end_text(self) -> RenderableType:
        lines: list[RenderableType] = [Text(pgettext('drill.end.title', 'The drill is over'), style="bold")]
        for r, score in enumerate(self.scores, start=1):
            # Issue 11: one definition of a mistake (the coach's verdict) for the count and the marks;
            # a different word within the noise is counted and marked apart.
            mistakes = npgettext('count.drill_mistakes', '{n} mistake', '{n} mistakes', score.mistakes).format(n=score.mistakes) + DRILL_MISTAKE_MARK
            if score.close_calls:
                mistakes += " · " + npgettext('count.drill_close_calls', '{n} other word within the noise', '{n} other words within the noise', score.close_calls).format(n=score.close_calls) + DRILL_CLOSE_MARK
            lines.append(Text(pgettext('drill.end.pass', 'Pass {round}: agreed {agreed} of {decisions} · {loss:.1f} points lost per decision · {mistakes}').format(
                round=r, agreed=score.agreed, decisions=score.decisions, loss=i18n.Number(score.loss_per_decision or 0.0),
                mistakes=mistakes)))
        for k, a in enumerate(self.score.answers, start=1):
            mark = DRILL_MISTAKE_MARK if a.mistake else DRILL_CLOSE_MARK if a.missed else ""
            lines.append(Text(pgettext('drill.end.row', '{n}. {kind}: you {word}, bot {best}, lost {loss:.1f}{mark}').format(
                n=k, kind=situation_names_words()[a.position.kind], word=word_text(a.chosen),
                best=word_text(a.best), loss=i18n.Number(a.loss), mark=mark),
                style="red" if a.mistake else "yellow" if a.missed else ""))
        missed = len(self.score.missed())
        if missed:
            lines.append(Text(npgettext('count.drill_missed', '{again}: drill the {n} missed position again · {stats}: statistics · {quit}: quit', '{again}: drill the {n} missed positions again · {stats}: statistics · {quit}: quit', missed).format(
                n=missed, again=keys.DRILL_AGAIN, stats=keys.STATS, quit=keys.QUIT), style="bold"))
        else:
            lines.append(Text(pgettext('drill.end.clean', 'No missed positions. {stats}: statistics · {quit}: quit').format(
                stats=keys.STATS, quit=keys.QUIT), style="bold"))
        if self.drill.fixed is None:
            again = pgettext('drill.end.seed', 'The same positions again: klabber drill --rules {preset} --seed {seed} --count {count}').format(
                preset=self.drill.preset, seed=self.drill.seed, count=self.drill.count)
            if self.drill.situation is not None:  # options, the same in every language
                again += f" --situation {self.drill.situation}"
            if self.drill.margin != DEFAULT_MARGIN:
                again += f" --margin {self.drill.margin}"
            lines.append(literal(again, style="dim"))
        else:
            lines.append(Text(pgettext('deck.end', 'Your mistakes come back on their days: klabber drill --mistakes'), style="dim"))
        return Group(*lines)

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
        if self.state == "end":
            where = pgettext('drill.end.title', 'The drill is over')
        elif self.queue is None:
            where = pgettext('drill.where', 'position {n} of {count}').format(n=self.index + 1, count=self.total)
        else:
            where = pgettext('drill.where.again', 'missed position {n} of {count} (pass {round})').format(n=self.index + 1, count=self.total, round=self.round)
        self.query_one("#drill-head", Static).update(  # the preset may come from a settings file
            literal(pgettext('drill.head', 'Bidding drill · {preset} · seed {seed} · {where}').format(
                preset=preset_name(self.drill.preset), seed=self.drill.seed, where=where)
                    if self.drill.fixed is None else
                    pgettext('deck.title', 'Your mistakes · {preset} · {where}').format(
                        preset=preset_name(self.drill.preset), where=where)))
        score = self.score
        if score.decisions:
            line = pgettext('drill.score', 'Agreed with the bot: {agreed} of {decisions} · {loss:.1f} points lost per decision').format(agreed=score.agreed, decisions=score.decisions,
                                           loss=i18n.Number(score.loss_per_decision or 0.0))
        else:
            line = pgettext('drill.score.none', 'Agreed with the bot: no decisions yet')
        self.query_one("#drill-score", Static).update(line)

    # -- pages and leaving ----------------------------------------------------------------------

    def action_stats(self) -> None:
        from klabber_tui.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_quit_drill(self) -> None:
        self.token += 1
        self.app.exit()
