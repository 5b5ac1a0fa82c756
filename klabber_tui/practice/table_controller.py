"""The table's flow without Textual (issue 22): what state the table is in, whose turn it is, the
trick held in view, the bella question, the forced card, undo, the card cursor and which keys can do
anything now (``enabled``, the screen's ``check_action``); and the coach's
verdicts on the player's bids, prepared while the player thinks and delivered once the bid is made.

``TableScreen`` draws what this says and runs what it asks for (the bot, the coach) in its worker
threads; every step here is a plain method, so the whole flow is tested without a screen
(tests/tui/test_table_controller.py). The player's moves and the bot's answers are
``engine.actions.Action`` values, as the engine hands them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from engine.actions import (ACCEPT, BIDDING_STAGES, DEALER, ELDER, EXCHANGE, PASS, SCHMEISS, TAKE, Action, IllegalAction,
                            Seat, Trick)
from engine.cards import sorted_cards
from engine.record import parse_record, record_of, replay
from engine.view import PlayerView

from klabber_tui.practice import coaching
from klabber_tui.practice.session import HUMAN, WATCH_DELAY, Finished, Pace, Session, Settings

if TYPE_CHECKING:
    from ai.coach import Advice
    from ai.utility import Standing

Position = tuple[int, int]  # (deal number, actions so far): one decision of the match (Session.position)


class Cancellable(Protocol):
    """What runs an evaluation (the screen's worker): the pipeline stops it when it is dropped."""

    def cancel(self) -> None: ...


class TableState(StrEnum):
    """What the table waits for. A decision of the player is named by its stage (the engine's names),
    so ``state == TableState.PLAY`` reads as the stage does."""

    NO_MATCH = "none"  # no session yet (the resume question, or nothing started)
    DRAWING = "drawing"  # the draw for the first dealer is on screen: no cards, no bot (issue 13)
    BOT = "bot"  # the bot (or, watching, either bot) is thinking
    HOLD = "hold"  # a finished trick is held in view until a key or the pace's timer
    BELLA = "bella"  # the player played trump Q or K holding both: announce bella?
    BIDDING_ROUND_ONE = "bidding_round_one"
    SCHMEISS_ANSWER = "schmeiss_answer"
    BIDDING_ROUND_TWO = "bidding_round_two"
    NAMING = "naming"
    PLAY = "play"
    DEAL_OVER = "deal_over"  # a deal ended and its summary is not closed yet
    MATCH_OVER = "over"


PLAYER_STATES = frozenset({TableState.BIDDING_ROUND_ONE, TableState.SCHMEISS_ANSWER, TableState.BIDDING_ROUND_TWO,
                           TableState.NAMING, TableState.PLAY})
CLOSED = frozenset({TableState.NO_MATCH, TableState.DRAWING, TableState.DEAL_OVER, TableState.MATCH_OVER})  # nothing to do
BIDS = {"take": TAKE, "pass": PASS, "schmeiss": SCHMEISS}  # the bid keys' and buttons' words, as actions
ALWAYS = frozenset({"settings", "help", "quit_game"})  # the table's actions that work whatever it shows


# -- what a step did ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Applied:
    """An action the engine accepted. ``bid`` and ``card``: the player's view before it, when it was
    a bidding or card-play choice the coach judges (issue 11), with the standing it is judged from."""

    seat: Seat
    action: Action
    position: Position  # where it was decided
    finished: Finished | None = None
    trick: Trick | None = None  # the trick it completed, now held in view
    bid: PlayerView | None = None
    card: PlayerView | None = None
    standing: Standing | None = None
    log_at: int | None = None  # the deal log's events just after it (None: it ended the deal)
    decided: coaching.Position | None = None  # issue 21: its id, seat and stage in the statistics


@dataclass(frozen=True)
class Refused:
    """The engine refused the action: its reason, for the screen to word."""

    error: IllegalAction


@dataclass(frozen=True)
class AskBella:
    """The card played is trump Q or K with its partner in hand: the player says whether bella."""

    card: int


Step = Applied | Refused | AskBella


@dataclass(frozen=True)
class BotTurn:
    """What the bot's worker needs: the bot's own view, its seed, and where the answer belongs."""

    view: PlayerView
    seed: int
    position: Position
    level: str
    seat: Seat
    standing: Standing | None
    delay: float  # watching: the least time a move stays unseen, so the player can follow


# -- the controller -------------------------------------------------------------------------------

class TableController:
    """The flow of one table: a session, and what is going on at it beside the engine's own state."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.session: Session | None = None
        self.drawing = False
        self.hold: Trick | None = None
        self.pending_bella: int | None = None
        self.waiting: Position | None = None  # the position the bot is thinking about
        self.selected = 0  # the card cursor, an index into ``cards()``

    # -- state ------------------------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        s = self.session
        if s is None:
            return TableState.NO_MATCH
        if s.summary_pending:
            return TableState.DEAL_OVER
        if s.match.is_over:
            return TableState.MATCH_OVER
        if self.drawing:
            return TableState.DRAWING
        if self.hold is not None:
            return TableState.HOLD
        if self.pending_bella is not None:
            return TableState.BELLA
        if s.bot_to_act:
            return TableState.BOT
        return TableState(s.deal.stage)

    def legal(self) -> tuple[Action, ...]:
        """The player's legal actions now: on the player's turn, and the dix exchange, which the
        rules open on the bot's turn too (rules.md §5); none watching, before the cards or after the deal."""
        s = self.session
        if s is None or s.watch or self.state in (TableState.NO_MATCH, TableState.DRAWING, TableState.DEAL_OVER,
                                                  TableState.MATCH_OVER):
            return ()
        return s.view().legal

    def enabled(self, action: str, parameters: tuple[object, ...] = (), *, on_top: bool = True) -> bool:
        """Whether a key of the table can do anything now (issue 22): ``action`` and ``parameters`` as the
        screen's binding names them (``bid('take')`` is ``"bid", ("take",)``); ``on_top``: no page is open
        over the table. The footer offers only such keys, and Textual runs no other."""
        if action in ALWAYS:
            return True
        state, s = self.state, self.session
        if not on_top or state in CLOSED or s is None:
            return False
        legal = self.legal()
        free = state not in (TableState.HOLD, TableState.BELLA)  # a held trick or bella's question first
        match action:
            case "play_index" | "cursor":
                return state is TableState.PLAY
            case "choose":
                return state in (TableState.PLAY, TableState.HOLD, TableState.BELLA)
            case "bid":
                return free and BIDS.get(str(parameters[0])) in legal
            case "answer":
                return state is TableState.BELLA or (state is TableState.SCHMEISS_ANSWER and ACCEPT in legal)
            case "name_suit":
                suit = parameters[0]
                return free and isinstance(suit, int) and Action.name(suit) in legal
            case "exchange":
                return free and EXCHANGE in legal
            case "last_trick":
                return bool(s.deal.tricks)
            case "undo":
                return s.can_undo()
            case "coach":
                return coaching.can_coach(s, state)
            case "review":
                return s.last is not None and not s.watch
        return True

    def cards(self) -> list[int]:
        """The player's hand in the order shown (none during the draw)."""
        if self.session is None or self.drawing:
            return []
        view = self.session.view()
        return sorted_cards(view.hand, view.trump)

    def playable(self) -> frozenset[int]:
        """The cards the player may play now (with or without bella)."""
        if self.state is not TableState.PLAY:
            return frozenset()
        return frozenset(a.card for a in self.legal() if a.kind == "play" and a.card is not None)

    def move_cursor(self, step: int) -> None:
        cards = self.cards()
        if cards:
            self.selected = (self.selected + step) % len(cards)

    def _place_cursor(self) -> None:
        """After every step: the cursor is on a card of the hand, and when the player is to play, on
        one that may be played, so Enter plays it (issue 22: ``▶1✗`` on A♦ when 10♠ was led). Only the
        player's own arrows may leave it on a card the rules refuse."""
        cards = self.cards()
        self.selected = max(0, min(self.selected, len(cards) - 1))
        playable = self.playable()
        if playable and cards[self.selected] not in playable:
            self.selected = next(k for k, c in enumerate(cards) if c in playable)

    # -- a new session, the draw, the summary ------------------------------------------------------

    def new_session(self, session: Session, *, drawing: bool = False) -> None:
        """Forget everything about the old session; ``drawing``: the draw page is about to show."""
        self.session = session
        self.drawing = drawing
        self.hold = None
        self.pending_bella = None
        self.waiting = None
        self.selected = 0
        self._place_cursor()

    def draw_closed(self) -> None:
        self.drawing = False
        self._place_cursor()

    def summary_closed(self) -> None:
        """The deal summary was closed: the next deal (or the match's end) is on."""
        if self.session is not None:
            self.session.summary_pending = False
        self._place_cursor()

    # -- acting -----------------------------------------------------------------------------------

    def act(self, seat: Seat, action: Action) -> Step:
        """Apply one action of a seat: the engine's refusal, or what it did."""
        s = self.session
        assert s is not None
        position = s.position()
        tricks = len(s.deal.tricks)
        bid = coaching.bid_decision(s, seat, action)
        card = coaching.card_decision(s, seat, action)  # issue 11: cards reach the statistics too
        standing = coaching.standing_now(s) if bid is not None or card is not None else None
        decided = coaching.position_of(s)
        try:
            finished = s.apply(seat, action)
        except IllegalAction as error:
            return Refused(error)
        self.pending_bella = None
        trick = None
        if finished is not None:
            self.hold = None
        elif len(s.deal.tricks) > tricks:
            trick = self.hold = s.deal.tricks[-1]
        log_at = None if finished is not None else len(s.view().events)
        self._place_cursor()
        return Applied(seat, action, position, finished, trick, bid, card, standing, log_at, decided)

    def play(self, card: int) -> Step:
        """The player plays a card; trump Q or K with its partner in hand asks about bella first."""
        s = self.session
        assert s is not None
        if Action.play(card, bella=True) in self.legal():
            self.pending_bella = card
            return AskBella(card)
        return self.act(s.seat, Action.play(card))

    def answer_bella(self, yes: bool) -> Step:
        s = self.session
        assert s is not None and self.pending_bella is not None
        card, self.pending_bella = self.pending_bella, None
        return self.act(s.seat, Action.play(card, bella=yes))

    def decide(self, action: Action) -> Step:
        """A decision of the player other than a card (a bid, an answer, a suit, the exchange)."""
        s = self.session
        assert s is not None
        return self.act(s.seat, action)

    def hold_delay(self) -> float | None:
        """How long the trick stays in view by itself; None: until a key (the pace ``key``)."""
        pace = self.settings.pace
        if pace != Pace.KEY:
            return float(pace)
        return WATCH_DELAY if self.session is not None and self.session.watch else None

    def release_hold(self) -> bool:
        """The held trick goes; False if none was held."""
        if self.hold is None:
            return False
        self.hold = None
        self._place_cursor()
        return True

    def undo(self) -> tuple[str, int, list[int]] | None:
        """Take back the player's last decision and what followed (``Session.undo``); what the
        statistics must forget (``coaching.forget_taken_back``'s arguments), None if nothing was."""
        s = self.session
        if s is None or self.state in (TableState.DEAL_OVER, TableState.MATCH_OVER):
            return None
        taken_back = coaching.undo(s)
        if taken_back is None:
            return None
        self.hold = None
        self.pending_bella = None
        self.waiting = None
        self._place_cursor()
        return taken_back

    # -- the bot and the forced card ---------------------------------------------------------------

    def bot_turn(self) -> BotTurn | None:
        """The bot is to act and nobody asked it yet: what to ask (once per position)."""
        s = self.session
        if s is None or self.state is not TableState.BOT:
            return None
        position = s.position()
        if self.waiting == position:
            return None
        self.waiting = position
        seat = s.deal.to_act
        assert seat is not None
        delay = 0.0
        if s.watch:
            delay = WATCH_DELAY if self.settings.pace == Pace.KEY else float(self.settings.pace)
        # Issue 10: the bot plays the match, not only the deal: it is told the score sheet from its
        # own side, as the coach judges the player with it.
        return BotTurn(s.bot_view(), s.seed_for_next_decision(), position, s.level, seat,
                       coaching.seat_standing(s, seat), delay)

    def bot_answered(self, position: Position, answer: Action) -> Step | None:
        """The bot's answer; None when it is stale (the position changed while the bot thought)."""
        s = self.session
        if s is None or s.position() != position or self.waiting != position:
            return None
        self.waiting = None
        seat = s.deal.to_act
        assert seat is not None
        return self.act(seat, answer)

    def forced_card(self) -> int | None:
        """The one card the player may play, when the settings play it by itself (no exchange open)."""
        if self.state is not TableState.PLAY or not self.settings.autoplay_forced:
            return None
        legal = self.legal()
        cards = {a.card for a in legal if a.card is not None}
        if len(cards) != 1 or EXCHANGE in legal:
            return None
        return next(iter(cards))


# -- the coach's verdicts on the player's bids (issue 11) ------------------------------------------

@dataclass(eq=False)
class Prepared:
    """A bidding decision of the player evaluated ahead: what was evaluated, the evaluation once it
    is there, and once the player has bid, the bid and where its verdict goes."""

    view: PlayerView
    standing: Standing
    level: str
    preset: str
    practice: bool
    advice: Advice | None = None
    error: str | None = None
    chosen: Action | None = None
    deal_number: int = 0
    log_at: int | None = None  # the deal log's events just after the bid (None: it ended the deal)
    record: bool = True  # False: judged again on resume, already in the statistics
    key: Position = (0, 0)  # the decision's position, set when the pipeline takes it
    decided: coaching.Position | None = None  # issue 21: the bid's id and situation in the statistics
    worker: Cancellable | None = field(default=None, repr=False)  # the screen's worker evaluating it

    @property
    def done(self) -> bool:
        return self.advice is not None or self.error is not None

    def fits(self, view: PlayerView, standing: Standing, level: str) -> bool:
        """The evaluation is of this very decision (a load or a new deal changes the view)."""
        return self.chosen is None and (self.view, self.standing, self.level) == (view, standing, level)


class VerdictPipeline:
    """Evaluations of the player's bidding decisions keyed by position: ``prepare`` one as the player
    is asked, ``evaluated`` when its worker answers, ``chose`` when the player bids; the verdict is
    ready when both have happened (either order), and ``drop`` forgets the decisions taken back."""

    def __init__(self) -> None:
        self._prepared: dict[Position, Prepared] = {}
        self.lines: dict[Position, Advice] = {}  # (deal, events before the line) -> the verdict shown there
        self.last: tuple[Prepared, Advice] | None = None  # what ``v`` opens

    def ready_for(self, key: Position, view: PlayerView, standing: Standing, level: str) -> Prepared | None:
        """The evaluation (running or done) of this decision, if there is one."""
        prepared = self._prepared.get(key)
        return prepared if prepared is not None and prepared.fits(view, standing, level) else None

    def prepare(self, key: Position, prepared: Prepared) -> None:
        """Keep a new evaluation; those of decisions the player left unanswered go."""
        for other, old in list(self._prepared.items()):
            if old.chosen is None or other == key:
                self._forget(other)
        prepared.key = key
        self._prepared[key] = prepared

    def evaluated(self, key: Position, prepared: Prepared, advice: Advice | None, error: str | None) -> Prepared | None:
        """A worker's answer; the decision to deliver when it was bid already, else None (also when
        the evaluation was dropped meanwhile: its answer goes nowhere)."""
        if self._prepared.get(key) is not prepared:
            return None
        prepared.advice, prepared.error = advice, error
        return self._prepared.pop(key) if prepared.chosen is not None else None

    def chose(self, key: Position, action: Action, deal_number: int, log_at: int | None,
              decided: coaching.Position | None = None) -> Prepared | None:
        """The player bid at ``key``: the decision to deliver when already evaluated, else None."""
        prepared = self._prepared[key]
        prepared.chosen, prepared.deal_number, prepared.log_at = action, deal_number, log_at
        prepared.decided = decided
        return self._prepared.pop(key) if prepared.done else None

    def __contains__(self, key: Position) -> bool:
        return key in self._prepared

    def place(self, prepared: Prepared, verdict: Advice, deal_now: int) -> bool:
        """A delivered verdict: ``v`` opens it, and it is a line of the deal log under its bid; False
        when that deal is over (the caller says it another way). Verdicts judged again on resume may
        come in any order: ``v`` keeps the latest decision's."""
        if self.last is None or prepared.key >= self.last[0].key:
            self.last = (prepared, verdict)
        if prepared.log_at is None or prepared.deal_number != deal_now:
            return False
        self.lines = {k: v for k, v in self.lines.items() if k[0] == deal_now}
        self.lines[(prepared.deal_number, prepared.log_at)] = verdict
        return True

    def drop(self, after: Position | None = None, events: int | None = None) -> None:
        """Forget evaluations and verdict lines: all of them, or (an undo back to ``after``, leaving
        ``events`` in the log) those of the decisions taken back."""
        for key in list(self._prepared):
            if after is None or key >= after:
                self._forget(key)
        if after is None:
            self.lines, self.last = {}, None
            return
        self.lines = {k: v for k, v in self.lines.items() if k[0] == after[0] and events is not None and k[1] <= events}
        if self.last is not None and self.last[0].deal_number == after[0] and not any(
                v is self.last[1] for v in self.lines.values()):
            self.last = None

    def _forget(self, key: Position) -> None:
        prepared = self._prepared.pop(key)
        if prepared.worker is not None:
            prepared.worker.cancel()


def decision_to_prepare(session: Session | None, state: TableState) -> tuple[Position, Prepared] | None:
    """The player is asked for a bidding choice now: what to evaluate while the player thinks."""
    view = coaching.bid_to_judge(session) if state in PLAYER_STATES else None
    if session is None or view is None:
        return None
    return session.position(), Prepared(view, coaching.standing_now(session), coaching.verdict_level(),
                                        session.rules.preset, session.practice)


def bids_to_judge_again(session: Session) -> list[tuple[Position, Prepared]]:
    """On resume (issue 22): the player's bidding choices already made, to judge again so their
    verdicts are back in the log and under ``v`` (none reaches the statistics twice). Those of the
    deal on the table; when it has none, those of the last deal finished (its summary may be open)."""
    from ai.utility import Standing

    match = session.match
    found = _bids_in(session, record_of(session.deal), session.deal.actions, match.number, session.seat,
                     coaching.standing_now(session), in_log=True)
    if found or not match.rows or match.is_over:
        return found
    row = match.rows[-1]
    before = match.rows[-2].totals if len(match.rows) > 1 else (0, 0)
    record = parse_record(match.records[-1])
    human = DEALER if row.dealer == HUMAN else ELDER
    return _bids_in(session, match.records[-1], replay(record).actions, row.number, human,
                    Standing(before[0], before[1], match.target), in_log=False)


def _bids_in(session: Session, record: dict[str, Any], actions: Sequence[tuple[Seat, Action]], number: int,
             human: Seat, standing: Standing, *, in_log: bool) -> list[tuple[Position, Prepared]]:
    """The player's bidding choices among a deal's ``actions``, each with the player's view before it;
    ``in_log``: the deal is on the table, so each verdict has its line under the bid."""
    deal = parse_record(record).new_deal()
    level = coaching.verdict_level()
    found: list[tuple[Position, Prepared]] = []
    for k, (seat, action) in enumerate(actions):
        view = deal.view(seat)
        choice = seat == human and deal.stage in BIDDING_STAGES and len(view.legal) >= 2
        deal.apply(seat, action)
        if choice:
            log_at = len(deal.view(seat).events) if in_log and not deal.is_over else None
            found.append(((number, k), Prepared(view, standing, level, session.rules.preset, session.practice,
                                                chosen=action, deal_number=number, log_at=log_at,
                                                record=False)))
    return found
