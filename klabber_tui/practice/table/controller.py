"""The table's flow without Textual (issues 22 and 30): what state the table is in, whose turn it is,
the trick held in view, the bella question, the forced card, undo, the card cursor, what each key does
in each state and which keys can do anything now (``enabled``, the screen's ``check_action``), what a
refusal is, what the screen does after a step (``after``) and what comes next (``next_move``).

``TableScreen`` draws what this says and runs what it asks for (the bot, the coach, the statistics) in
its worker threads and timers; every step here is a plain method, so the whole flow is tested without
a screen (tests/practice/test_table_controller.py). The player's moves and the bot's answers are
``engine.actions.Action`` values, as the engine hands them out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.actions import ACCEPT, EXCHANGE, REFUSE, Action, IllegalAction, Seat, Trick
from engine.cards import sorted_cards

from klabber_tui.practice import coaching
from klabber_tui.practice.session import WATCH_DELAY, Finished, Pace, Session, Settings
from klabber_tui.practice.table.state import (BIDS, CLOSED, PLAYER_STATES, After, Applied, AskBella, BotTurn,
                                              Cancellable, Declined, Forced, Position, Refused, Released, Step,
                                              TableState, Undone)
from klabber_tui.practice.table.verdicts import Prepared, TableCoach

if TYPE_CHECKING:
    from ai.coach import Advice

class TableController:
    """The flow of one table: a session, and what is going on at it beside the engine's own state."""

    def __init__(self, settings: Settings, *, evaluate: Callable[[Position, Prepared], Cancellable | None] | None = None,
                 write_stats: Callable[[], object] | None = None) -> None:
        """``evaluate`` and ``write_stats`` start the screen's workers (the coach's evaluation of a bid,
        the statistics' writer); without them nothing is evaluated or written (a test's table)."""
        self.settings = settings
        self.coach = TableCoach(evaluate, write_stats)
        self.problem: Refused | Declined | None = None  # why the last key did nothing, till the next step
        self.notice = ""  # what a step did ("undone"), till the next move
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
        over the table. The footer offers only such keys, and Textual runs no other. The keys that open
        a page are the registry's (klabber_tui/ui/pages.py, its ``when``: practice/table/when.py)."""
        if action == "quit_game":
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
        return True

    def button(self, action: str, parameters: tuple[object, ...] = ()) -> bool:
        """Whether the button for a key's action shows now: only what the player may do (issue 22: not all
        eleven at once before the first deal); ``release``, the held trick's Continue."""
        if action == "release":
            return self.state is TableState.HOLD
        return self.enabled(action, parameters)

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

    def opened(self, session: Session, *, fresh: bool) -> Finished | None:
        """A session on the table (the screen's ``new_session``): forget the old one's verdicts and
        problems; a resumed one has its bids judged again, and opens on its deal summary when it was
        left there (that deal, returned)."""
        self.coach.verdicts.drop()  # issue 11: no verdict of the old session's bids
        self.new_session(session, drawing=fresh)
        self.problem, self.notice = None, ""
        if fresh:
            return None
        self.coach.judge_again(session, self.settings)
        return session.last if session.summary_pending else None

    def draw_closed(self) -> None:
        self.drawing = False
        self._place_cursor()

    def summary_closed(self) -> bool:
        """The deal summary was closed: the next deal is on; True when the match is over instead."""
        if self.session is not None:
            self.session.summary_pending = False
        self._place_cursor()
        return self.session is not None and self.session.match.is_over

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

    # -- what each key does now (issue 30: the rules the screen held) ----------------------------

    def press_card(self, n: int) -> Step:
        """A card's key (1 to 9), or a click on the card at that place."""
        cards = self.cards()
        if not 1 <= n <= len(cards):
            return Declined("no_card", n)
        self.selected = n - 1
        return self.play(cards[n - 1])

    def click_card(self, index: int | None) -> Step | None:
        """A click on a card of the hand: played on the player's turn, else said why not."""
        if index is None:
            return None
        if self.state is not TableState.PLAY:
            return Declined("not_your_turn" if self.state is TableState.BOT else "not_now")
        return self.press_card(index)

    def choose(self) -> Step | None:
        """Enter: go on after a held trick, announce bella, or play the card under the cursor."""
        state = self.state
        if state is TableState.HOLD:
            return self.release()
        if state is TableState.BELLA:
            return self.answer(True)
        cards = self.cards()
        if state is TableState.PLAY and cards:
            return self.play(cards[self.selected])
        return None

    def bid(self, kind: str) -> Step | None:
        return self.decide(BIDS[kind]) if self.state in PLAYER_STATES else None

    def answer(self, yes: bool) -> Step:
        """y or n: bella's question, or the answer to a schmeiss."""
        if self.state is TableState.BELLA:
            return self.answer_bella(yes)
        if self.state is TableState.SCHMEISS_ANSWER:
            return self.decide(ACCEPT if yes else REFUSE)
        return Declined("nothing_to_answer")

    def name_suit(self, suit: int) -> Step | None:
        return self.decide(Action.name(suit)) if self.state in PLAYER_STATES else None

    def exchange(self) -> Step | None:
        """The dix for the turn-up, which the rules open on the bot's turn too (rules.md §5)."""
        return self.decide(EXCHANGE) if self.state in (*PLAYER_STATES, TableState.BOT) else None

    def release(self) -> Step | None:
        """The held trick goes (a key or the pace's timer)."""
        return Released() if self.release_hold() else None

    def last_trick(self) -> Trick | Declined:
        """The last trick of this deal, as the player saw it, to show again."""
        s = self.session
        if s is None or not s.deal.tricks:
            return Declined("no_last_trick")
        return s.view().tricks[-1]

    def take_back(self) -> Step:
        """u: the player's last decision and what followed go; the statistics and the coach forget them."""
        s = self.session
        taken_back = None if s is None else self.undo()
        if s is None or taken_back is None:
            return Declined("nothing_to_undo")
        self.coach.taken_back(taken_back, s)
        self.notice = "undone"  # issue 22: in the prompt line, where no notice covers the prompt
        return Undone()

    def coach_page(self) -> Prepared | Declined:
        """a: the coach's page on the player's decision (the player's view only), with the evaluation
        made while the player thought once it is there; or why there is none."""
        s = self.session
        if s is None or not coaching.can_coach(s, self.state):
            return Declined("coach_nothing")
        view, standing, level = s.view(), coaching.standing_now(s), coaching.verdict_level()
        ready = self.coach.verdicts.ready_for(s.position(), view, standing, level)
        return Prepared(view, standing, level, s.rules.preset, s.practice,
                        advice=ready.advice if ready is not None else None)

    def verdict_page(self) -> tuple[Prepared, Advice] | Declined:
        """v: the last bid judged and its verdict, or why there is none yet."""
        last = self.coach.verdicts.last
        return Declined("no_verdict") if last is None else last

    def asks_before_quitting(self) -> bool:
        """q asks first while a match is at stake (issue 13); watching, or once the match is over, q quits."""
        s = self.session
        return not (s is None or s.watch or s.match.is_over)

    def bot_named(self, position: Position, real: str | None) -> bool:
        """The bot's worker, answering at ``position``, loaded a bot of another name than the level's (a
        level not available yet): the table says so once, and the session plays on under that name."""
        s = self.session
        if s is None or s.position() != position or not real or s.watch or s.names[1] == real:
            return False
        s.names = (s.names[0], real)
        return True

    # -- after a step, and what comes next ---------------------------------------------------------

    def after(self, step: Step | None) -> After:
        """What a step of either side leads to: a refusal is the problem shown; a move goes to the coach
        and the statistics, then to the deal's summary, a held trick, or on."""
        if isinstance(step, (Refused, Declined)):
            self.problem = step
            return After()
        s = self.session
        if step is None or s is None:
            return After()
        self.problem = None
        if isinstance(step, AskBella):
            return After()
        if isinstance(step, Released):
            return After(stop=True, advance=True)
        if isinstance(step, Undone):
            return After(saved=True, stop=True, advance=True)
        self.notice = ""
        told = tuple(self.coach.applied(s, self.settings, step))
        if step.finished is not None:
            self.coach.deal(s, step.finished)
            return After(saved=True, summary=step.finished, told=told)
        return After(saved=True, hold=step.trick is not None, advance=True, told=told)

    def next_move(self) -> BotTurn | Forced | None:
        """After every change: the bot's turn to ask for, or a forced card to play, or nothing (the
        player is asked: the coach evaluates a bid while the player thinks)."""
        s = self.session
        if s is None:
            return None
        turn = self.bot_turn()
        if turn is not None:
            return turn
        self.coach.prepare(s, self.state)
        card = self.forced_card()
        if card is not None and self.problem is None:
            return Forced(s.position(), card)
        return None

    def play_forced(self, forced: Forced) -> Step | None:
        """The forced card, unless the table moved on meanwhile."""
        s = self.session
        if s is None or s.position() != forced.position or self.state is not TableState.PLAY:
            return None
        return self.play(forced.card)
