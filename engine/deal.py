"""One deal as a state machine (rules.md §3-§8).

Actions are :class:`engine.actions.Action` values; ``apply`` also takes a record's text for one
(``take``, ``name H``, ``play QD bella``), which it reads by the record's notation.
``legal_actions(seat)`` lists what a seat may do now; ``apply(seat, action)`` checks and applies one
action or raises :class:`IllegalAction` with the reason and what is allowed, leaving the deal as it
was. Every change is written to ``events`` for the log; ``view(seat)`` is what one seat may know.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    BIDDING_ROUND_ONE,
    BIDDING_ROUND_TWO,
    BIDDING_STAGES,
    DEALER,
    DONE,
    ELDER,
    NAMING,
    PLAY,
    SCHMEISS_ANSWER,
    SEATS,
    ACCEPT,
    EXCHANGE,
    BidSaid,
    BottomShown,
    CardPlayed,
    DealEnded,
    DialogueSaid,
    DixExchanged,
    PASS,
    REFUSE,
    SCHMEISS,
    TAKE,
    Action,
    ActionKind,
    Event,
    EventKind,
    ExtraDealt,
    IllegalAction,
    PointsScored,
    SequencesScored,
    ThrownIn,
    TrickTaken,
    TrumpFixed,
    Seat,
    Stage,
    Trick,
    from_words,
    seat_index,
    split_action,
)
from .cards import (
    JACK,
    KING,
    QUEEN,
    SEVEN,
    SUIT_MASKS,
    TRICKS_PER_DEAL,
    card,
    card_points,
    cards_of,
    format_card,
    format_suit,
    parse_card,
    suit_of,
)
from .declarations import SequenceResult, compare_sequences, trump_run_points
from .laws import bella_scores, exchange_suit_ok, exchange_window_open, legal_follow, trick_winner
from .rules import RuleSet
from .scoring import BUST, IN_PROGRESS, MADE, THROWN_IN, TIE, DealResult, SeatScore, settle
from .view import PlayerView

__all__ = [
    "Deal", "IllegalAction", "BadCards", "Event", "Trick", "shuffled_deck", "deck_fingerprint", "deal_from_deck",
    "MADE", "TIE", "BUST", "THROWN_IN", "IN_PROGRESS", "Action", "PlayerView", "BIDDING_STAGES",
    "BIDDING_ROUND_ONE", "SCHMEISS_ANSWER", "BIDDING_ROUND_TWO", "NAMING", "PLAY", "DONE",
]


class BadCards(ValueError):
    """Cards that make no deal (a hand of the wrong size, a card named twice or no card at all).

    ``code`` and ``detail`` say the same as the message, as data, so an interface can word it (issue 23).
    """

    def __init__(self, message: str, code: str, detail: dict[str, Any]) -> None:
        super().__init__(message)
        self.code = code
        self.detail = detail


# ---------------------------------------------------------------------------------------------
# Shuffling and dealing (§2, §3)


def shuffled_deck(seed: int) -> list[int]:
    """The dealer's shuffle and the other's cut, both from ``seed``; at least 3 cards per packet (§2)."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    cut = rng.randint(3, 29)
    return deck[cut:] + deck[:cut]


def deck_fingerprint(deck: Sequence[int]) -> str:
    """A short digest of a deck's order, shown before a deal so its shuffle can be checked later."""
    text = " ".join(format_card(c) for c in deck)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class DealtCards:
    elder_first: tuple[int, ...]
    dealer_first: tuple[int, ...]
    turn_up: int
    elder_extra: tuple[int, ...]
    dealer_extra: tuple[int, ...]
    bottom: int


def deal_from_deck(deck: Sequence[int], rules: RuleSet) -> DealtCards:
    """Deal a cut deck by the preset's patterns (§3): first deal, turn-up, extra deal, bottom card."""
    position = 0
    hands: dict[Seat, list[int]] = {ELDER: [], DEALER: []}
    for seat, n in rules.info.first_deal:
        hands[seat].extend(deck[position : position + n])
        position += n
    turn_up = deck[position]
    position += 1
    extras: dict[Seat, list[int]] = {ELDER: [], DEALER: []}
    for seat, n in rules.info.extra_deal:
        extras[seat].extend(deck[position : position + n])
        position += n
    return DealtCards(
        tuple(hands[ELDER]), tuple(hands[DEALER]), turn_up,
        tuple(extras[ELDER]), tuple(extras[DEALER]), deck[31],
    )


# ---------------------------------------------------------------------------------------------
# The deal


class Deal:
    """The whole state of one deal: both hands, the stock's known cards, the bidding and the play."""

    def __init__(
        self,
        rules: RuleSet,
        elder_first: Sequence[int],
        dealer_first: Sequence[int],
        turn_up: int,
        elder_extra: Sequence[int] | None = None,
        dealer_extra: Sequence[int] | None = None,
        bottom: int | None = None,
    ) -> None:
        self.rules = rules
        self.first = (tuple(elder_first), tuple(dealer_first))
        self.extra = (
            tuple(elder_extra) if elder_extra is not None else None,
            tuple(dealer_extra) if dealer_extra is not None else None,
        )
        self._check_cards(turn_up, bottom)
        self.turn_up_card = turn_up  # the card dealt face up, never changes
        self.bottom = bottom
        self.face_up = turn_up  # the card lying face up beside the stock: the dix after an exchange
        self.hands = [sum(1 << c for c in elder_first), sum(1 << c for c in dealer_first)]
        self.stage: Stage = BIDDING_ROUND_ONE
        self._to_act: int | None = 0
        self.trump: int | None = None
        self.maker: Seat | None = None
        self.schmeisser: Seat | None = None
        self.bids: list[tuple[Seat, Action]] = []
        self.extra_dealt = False
        self.bottom_shown = False
        self.exchanged_by: Seat | None = None
        self.exchange_card_index = 0  # how many cards had been played when the exchange was made
        self.held = [0, 0]  # the nine cards each held plus any card taken by exchange (§6.4)
        self.played = [0, 0]  # cards each seat has played
        self.tricks: list[Trick] = []
        self.current: list[tuple[int, int]] = []  # (seat index, card) of the trick in progress
        self.leader = 0
        self.card_points = [0, 0]
        self.last_trick = [0, 0]
        self.sequences: SequenceResult | None = None
        self.sequence_points = [0, 0]
        self.bella = [0, 0]
        self.trump_run = [0, 0]
        self.events: list[Event] = []
        self.actions: list[tuple[Seat, Action]] = []

    # -- construction --------------------------------------------------------------------------

    @classmethod
    def from_hands(
        cls,
        rules: RuleSet,
        elder_first: Sequence[str | int],
        dealer_first: Sequence[str | int],
        turn_up: str | int,
        elder_extra: Sequence[str | int] | None = None,
        dealer_extra: Sequence[str | int] | None = None,
        bottom: str | int | None = None,
    ) -> Deal:
        """A deal from named cards (strings in §1 notation or card ints)."""

        def one(c: str | int) -> int:
            return c if isinstance(c, int) else parse_card(c)

        def many(cs: Sequence[str | int] | None) -> list[int] | None:
            return None if cs is None else [one(c) for c in cs]

        return cls(
            rules, many(elder_first) or [], many(dealer_first) or [], one(turn_up),
            many(elder_extra), many(dealer_extra), None if bottom is None else one(bottom),
        )

    @classmethod
    def from_deck(cls, rules: RuleSet, deck: Sequence[int]) -> Deal:
        dealt = deal_from_deck(deck, rules)
        return cls(
            rules, dealt.elder_first, dealt.dealer_first, dealt.turn_up,
            dealt.elder_extra, dealt.dealer_extra, dealt.bottom,
        )

    @classmethod
    def from_seed(cls, rules: RuleSet, seed: int) -> Deal:
        return cls.from_deck(rules, shuffled_deck(seed))

    def _check_cards(self, turn_up: int, bottom: int | None) -> None:
        for seat, cards in zip(SEATS, self.first):
            if len(cards) != 6:
                raise BadCards(f"the {seat}'s first deal must have 6 cards, not {len(cards)}", "first_size",
                               {"seat": seat, "size": len(cards)})
        for seat, extra in zip(SEATS, self.extra):
            if extra is not None and len(extra) != 3:
                raise BadCards(f"the {seat}'s extra deal must have 3 cards, not {len(extra)}", "extra_size",
                               {"seat": seat, "size": len(extra)})
        named = [*self.first[0], *self.first[1], turn_up, *(self.extra[0] or ()), *(self.extra[1] or ())]
        if bottom is not None:
            named.append(bottom)
        seen: set[int] = set()
        for c in named:
            if not 0 <= c < 32:
                raise BadCards(f"no such card index {c}", "no_card", {"index": c})
            if c in seen:
                raise BadCards(f"card {format_card(c)} is named twice", "card_twice", {"card": c})
            seen.add(c)

    def clone(self) -> Deal:
        """An independent copy (for undo, look-ahead and tests)."""
        twin = object.__new__(Deal)
        twin.__dict__.update(self.__dict__)
        for name in ("hands", "held", "played", "card_points", "last_trick", "sequence_points",
                     "bella", "trump_run", "bids", "tricks", "current", "events", "actions"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    # -- what is where -------------------------------------------------------------------------

    @property
    def to_act(self) -> Seat | None:
        return None if self._to_act is None else SEATS[self._to_act]

    def hand(self, seat: Seat) -> int:
        return self.hands[seat_index(seat)]

    @property
    def cards_played(self) -> int:
        return 2 * len(self.tricks) + len(self.current)

    @property
    def first_lead_made(self) -> bool:
        return self.cards_played > 0

    @property
    def is_over(self) -> bool:
        return self.stage == DONE

    @property
    def thrown_in(self) -> bool:
        return self.stage == DONE and self.trump is None

    @property
    def stock_count(self) -> int:
        """Cards in the talon: 19 before the extra deal, 13 after (the bottom card among them)."""
        return 13 if self.extra_dealt else 19

    @property
    def dix(self) -> int | None:
        return None if self.trump is None else card(SEVEN, self.trump)

    # -- legality ------------------------------------------------------------------------------

    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        """Every action ``seat`` may take now (default: the seat to act), in the record's order:
        bids as deal-record.md lists them, plays by card index (each ``bella`` play after its plain
        one), the exchange last."""
        if seat is None:
            seat = self.to_act
            if seat is None:
                return []
        i = seat_index(seat)
        actions: list[Action] = []
        if self._to_act == i:
            stage = self.stage
            if stage == BIDDING_ROUND_ONE:
                actions += [TAKE, PASS]
                if self.rules.schmeiss_allowed(1):
                    actions.append(SCHMEISS)
            elif stage == SCHMEISS_ANSWER:
                actions += [ACCEPT, REFUSE]
            elif stage == BIDDING_ROUND_TWO:
                turned = suit_of(self.turn_up_card)
                actions += [Action.name(s) for s in range(4) if s != turned]
                actions.append(PASS)
                if i == 0 and self.rules.schmeiss_allowed(2):
                    actions.append(SCHMEISS)
            elif stage == NAMING:
                actions += [Action.name(s) for s in range(4)]
            elif stage == PLAY:
                bella_required = self.rules.bella_required
                for c in cards_of(self.legal_play_mask()):
                    actions.append(Action.play(c))
                    if bella_required and self._bella_scores(i, c):
                        actions.append(Action.play(c, bella=True))
        if self._exchange_open(i):
            actions.append(EXCHANGE)
        return actions

    def legal_play_mask(self) -> int:
        """The cards the seat to act may play (§7), as a mask."""
        i = self._to_act
        assert i is not None and self.stage == PLAY
        return legal_follow(self.hands[i], self.current[0][1] if self.current else None, self.trump,
                            self.rules.must_overtake)

    def _bella_scores(self, i: int, c: int) -> bool:
        """Whether playing ``c`` now is the card at which bella scores (§6.4)."""
        return bella_scores(self.hands[i], self.played[i], c, self.trump, self.rules.bella_order)

    def _exchange_open(self, i: int) -> bool:
        """Whether seat ``i`` may swap the dix for the face-up card now (§5)."""
        if self.stage != PLAY or self.exchanged_by is not None or self.trump is None:
            return False
        dix = card(SEVEN, self.trump)
        if not self.hands[i] >> dix & 1:
            return False
        if not exchange_suit_ok(self.rules.dix_exchange, self.turn_up_card, self.trump):
            return False
        return exchange_window_open(self.rules.dix_deadline, self.cards_played, self.played[i])

    # -- applying ------------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action | str) -> None:
        """Check and apply one action (or a record's text for one); on refusal raise IllegalAction
        and change nothing."""
        i = seat_index(seat)
        written = action if isinstance(action, str) else str(action)
        if self.stage == DONE:
            raise IllegalAction(f"{written!r} is not allowed: the deal is over", "deal_over",
                                {"seat": seat, "action": written})
        unreadable = ""  # why a record's card or suit names no card or suit, refused in its turn
        word = {}  # that card or suit as written, and which it is, for the refusal's detail
        if isinstance(action, str):
            words = split_action(action)
            kind = ActionKind(words[0])
            try:
                action = from_words(words)
            except ValueError as error:
                unreadable = str(error)
                word = {"why": "card" if kind is ActionKind.PLAY else "suit", "word": words[1]}
        else:
            kind = action.kind
        if kind is ActionKind.EXCHANGE:
            if not self._exchange_open(i):
                why, reason = self._exchange_reason(i)
                raise self._refusal(seat, written, reason, "exchange_closed", why=why,
                                    dix=None if self.trump is None else card(SEVEN, self.trump))
            self._do_exchange(i)
            done = EXCHANGE
        elif self._to_act != i:
            raise self._refusal(seat, written, f"it is the {self.to_act}'s turn", "not_your_turn", to_act=self.to_act)
        elif kind is ActionKind.PLAY:
            if self.stage != PLAY:
                raise self._refusal(seat, written, "no card can be played during the bidding", "bidding_not_over")
            if unreadable or isinstance(action, str):
                raise self._refusal(seat, written, unreadable, "not_an_action", **word)
            done = self._apply_play(i, action, written)
        else:
            if unreadable or isinstance(action, str):
                raise self._refusal(seat, written, unreadable, "not_an_action", **word)
            done = self._apply_bid(i, action, written)
        self.actions.append((SEATS[i], done))

    def _refusal(self, seat: Seat, action: str, reason: str, code: str, **detail: Any) -> IllegalAction:
        allowed = self.legal_actions(seat)
        listed = ", ".join(map(str, allowed)) if allowed else "nothing (wait for the other player)"
        return IllegalAction(f"the {seat} may not {action!r}: {reason}; allowed: {listed}", code,
                             {"seat": seat, "action": action, "allowed": tuple(allowed), **detail})

    def _exchange_reason(self, i: int) -> tuple[str, str]:
        """Why the dix cannot be exchanged: a code (the refusal's ``why``) and the reason in words."""
        if self.stage != PLAY or self.trump is None:
            return "trump_not_fixed", "the dix can be exchanged only after the trump is fixed and the extra deal made"
        if self.exchanged_by is not None:
            return "done", "the dix has already been exchanged"
        if not self.hands[i] >> card(SEVEN, self.trump) & 1:
            return "not_holder", f"only the holder of the trump 7 ({format_card(card(SEVEN, self.trump))}) may exchange"
        if self.rules.dix_exchange == "turn_up_trump" and suit_of(self.turn_up_card) != self.trump:
            return "turn_up_not_trump", "the dix may be exchanged only when the turn-up suit is trump"
        return self.rules.dix_deadline, {
            "first_lead": "the exchange must be made before the first lead",
            "own_first_card": "the exchange must be made before you play your first card",
            "first_trick": "the exchange must be made before the first trick is complete",
        }.get(self.rules.dix_deadline, "the exchange is closed")

    def _apply_bid(self, i: int, action: Action, written: str) -> Action:
        seat = SEATS[i]
        if self.stage == PLAY:
            raise self._refusal(seat, written, "the bidding is over; play a card", "bidding_over")
        if action not in self.legal_actions(seat):
            code, reason = self._bid_reason(action)
            raise self._refusal(seat, written, reason, code, suit=suit_of(self.turn_up_card), kind=action.kind,
                                stage=self.stage)
        kind = action.kind
        fixes_trump = kind in (ActionKind.NAME, ActionKind.TAKE) or (
            kind is ActionKind.REFUSE and self.rules.schmeiss_refused == "schmeisser_makes"
        )
        if fixes_trump and (self.extra[0] is None or self.extra[1] is None):
            raise IllegalAction(
                f"the {seat} may not {written!r} here: it fixes the trump, and the extra deal that "
                "follows is unknown (the record needs 'extra' for both seats)", "extra_unknown",
                {"seat": seat, "action": written},
            )
        self.bids.append((seat, action))
        self.events.append(Event(EventKind.BID, seat, BidSaid(action, self.stage)))
        stage = self.stage
        if stage == BIDDING_ROUND_ONE:
            if kind is ActionKind.TAKE:
                self._fix_trump(suit_of(self.turn_up_card), seat)
            elif kind is ActionKind.PASS:
                if i == 0:
                    self._to_act = 1
                else:
                    self.stage, self._to_act = BIDDING_ROUND_TWO, 0
            else:  # schmeiss
                self.schmeisser = seat
                self.stage, self._to_act = SCHMEISS_ANSWER, 1 - i
        elif stage == SCHMEISS_ANSWER:
            if kind is ActionKind.ACCEPT:
                self._throw_in()
            elif self.rules.schmeiss_refused == "refuser_names":
                self.stage = NAMING
            else:
                self._fix_trump(suit_of(self.turn_up_card), seat.other)
        elif stage == BIDDING_ROUND_TWO:
            if action.suit is not None:  # name S
                self._fix_trump(action.suit, seat)
            elif i == 0:  # pass, or klaberjass's round-two schmeiss, which is a pass (§4.2)
                self._to_act = 1
            else:
                self._throw_in()
        elif stage == NAMING:
            assert action.suit is not None
            self._fix_trump(action.suit, seat)
        return action

    def _bid_reason(self, action: Action) -> tuple[str, str]:
        """The refusal's code and its reason in words."""
        if self.stage == BIDDING_ROUND_TWO and action.kind is ActionKind.NAME:
            return "turn_up_suit", "in round two the turn-up suit cannot be named (§4.2)"
        if action.kind is ActionKind.SCHMEISS:
            return "no_schmeiss", "schmeiss is not allowed here under these rules (§4.3)"
        return "not_now", f"'{action.kind}' is not a choice at this stage ({self.stage.replace('_', ' ')})"

    def _throw_in(self) -> None:
        self.stage, self._to_act = DONE, None
        self.events.append(Event(EventKind.THROWN_IN, None, ThrownIn()))

    def _fix_trump(self, suit: int, maker: Seat) -> None:
        self.trump, self.maker = suit, maker
        self.events.append(Event(EventKind.TRUMP, maker, TrumpFixed(suit)))
        for i, extra in enumerate(self.extra):
            assert extra is not None
            for c in extra:
                self.hands[i] |= 1 << c
            self.events.append(Event(EventKind.EXTRA_DEAL, SEATS[i], ExtraDealt(extra), private_to=SEATS[i]))
        self.extra_dealt = True
        self.held = list(self.hands)
        if self.bottom is not None:
            self.bottom_shown = True
            self.events.append(Event(EventKind.BOTTOM, None, BottomShown(self.bottom)))
        self.stage, self._to_act, self.leader = PLAY, 0, 0

    def _do_exchange(self, i: int) -> None:
        assert self.trump is not None
        dix = card(SEVEN, self.trump)
        taken = self.face_up
        self.hands[i] = self.hands[i] & ~(1 << dix) | (1 << taken)
        self.held[i] |= 1 << taken
        self.face_up = dix
        self.exchanged_by = SEATS[i]
        self.exchange_card_index = self.cards_played
        self.events.append(Event(EventKind.EXCHANGE, SEATS[i], DixExchanged(dix, taken)))
        if self.first_lead_made:
            self._score_trump_run(i)

    def _apply_play(self, i: int, action: Action, written: str) -> Action:
        seat = SEATS[i]
        c = action.card
        assert c is not None
        if not self.hands[i] >> c & 1:
            raise self._refusal(seat, written, f"{format_card(c)} is not in the {seat}'s hand", "not_in_hand", card=c)
        if not self.legal_play_mask() >> c & 1:
            code, reason = self._play_reason(c)
            led = self.current[0][1]
            raise self._refusal(seat, written, reason, code, card=c, led=led, suit=led >> 3, trump=self.trump)
        bella_scores = self._bella_scores(i, c)
        if action.bella and self.rules.bella_required and not bella_scores:
            raise self._refusal(seat, written, f"bella does not score on {format_card(c)} (§6.4)", "bella_no_score",
                                card=c)
        self.play_card(i, c, action.bella or not self.rules.bella_required)
        return action

    def _play_reason(self, c: int) -> tuple[str, str]:
        """The refusal's code and its reason in words."""
        led = self.current[0][1]
        led_suit = led >> 3
        hand = self.hands[self._to_act or 0]
        if hand & SUIT_MASKS[led_suit]:
            if c >> 3 == led_suit:
                return "must_overtake", f"you must beat {format_card(led)} if you can (§7, must_overtake)"
            return "must_follow", f"you must follow suit to {format_card(led)} (§7)"
        return "must_trump", f"you have no {format_suit(led_suit)} and must play a trump (§7)"

    def play_card(self, i: int, c: int, announce_bella: bool = True) -> None:
        """Play a card already known to be legal: the fast path the bot's and the tests' loops use."""
        if not self.first_lead_made:
            self._fix_declarations()
        seat = SEATS[i]
        bella = announce_bella and self._bella_scores(i, c)
        self.hands[i] &= ~(1 << c)
        self.events.append(Event(EventKind.PLAY, seat, CardPlayed(c, bella)))
        if bella:
            points = self.rules.bella_points  # §6.4
            self.bella[i] += points
            self.events.append(Event(EventKind.BELLA, seat, PointsScored(points, c)))
        self.played[i] |= 1 << c
        self.current.append((i, c))
        if len(self.current) == 1:
            self._to_act = 1 - i
            return
        self._close_trick()

    def _close_trick(self) -> None:
        (lead_seat, lead), (_, follow) = self.current
        trump = self.trump
        winner = trick_winner(lead_seat, lead, follow, trump)
        points = card_points(lead, trump) + card_points(follow, trump)
        self.card_points[winner] += points
        trick = Trick(SEATS[lead_seat], (lead, follow), SEATS[winner], points)
        self.tricks.append(trick)
        self.current = []
        self.events.append(Event(EventKind.TRICK, SEATS[winner], TrickTaken((lead, follow), points)))
        if len(self.tricks) == TRICKS_PER_DEAL:
            self.last_trick[winner] = self.rules.last_trick_points  # §1, §8
            self.stage, self._to_act = DONE, None
            self.events.append(Event(EventKind.DEAL_END, None, DealEnded(self.result().outcome)))
        else:
            self.leader = self._to_act = winner

    def _fix_declarations(self) -> None:
        """At the first lead: sequences from the hands as they are (§6.3) and clobber's trump run."""
        assert self.trump is not None
        result = compare_sequences(self.hands[0], self.hands[1], self.trump, self.rules)
        self.sequences = result
        for line in result.dialogue:
            self.events.append(Event(EventKind.DIALOGUE, line.seat, DialogueSaid(line.word, line.arg)))
        if result.winner is not None:
            self.sequence_points[seat_index(result.winner)] = result.points
            self.events.append(Event(EventKind.SEQUENCES, result.winner,
                                     SequencesScored(tuple(r.mask for r in result.runs), result.points)))
        for i in (0, 1):
            self._score_trump_run(i)

    def _score_trump_run(self, i: int) -> None:
        if not self.rules.trump_run_with_marriage or self.trump_run[i] or self.trump is None:
            return
        scored = self.sequences.runs if self.sequences and self.sequences.winner == SEATS[i] else ()
        points = trump_run_points(self.held[i], self.trump, scored)
        if points:
            self.trump_run[i] = points
            self.events.append(Event(EventKind.TRUMP_RUN, SEATS[i], PointsScored(points)))

    # -- results -------------------------------------------------------------------------------

    def result(self) -> DealResult:
        """The deal's numbers as ``klabber replay --json`` reports them (deal-record.md)."""
        if self.thrown_in:
            zero = SeatScore()
            return DealResult(THROWN_IN, None, None, zero, zero)
        scores = [
            SeatScore(self.card_points[i], self.last_trick[i], self.sequence_points[i],
                      self.bella[i] + self.trump_run[i])
            for i in (0, 1)
        ]
        if self.stage != DONE:
            return DealResult(IN_PROGRESS, self.trump, self.maker, scores[0], scores[1])
        assert self.maker is not None
        outcome, elder, dealer = settle(self.maker, scores[0], scores[1])
        return DealResult(outcome, self.trump, self.maker, elder, dealer)

    def view(self, seat: Seat) -> PlayerView:
        """What ``seat`` may know (``engine.view.PlayerView``): hidden cards only as counts, plus the
        cards the rules made public (an exchanged turn-up, shown runs, a king revealed by bella, the
        trump run)."""
        i = seat_index(seat)  # a bad seat is refused here, by IllegalAction (a ValueError)
        j = 1 - i
        me, other_seat = SEATS[i], SEATS[j]
        sequences = self.sequences
        shown = tuple(r.mask for r in sequences.runs) if sequences else ()
        known = 0
        if self.exchanged_by == other_seat:
            known |= 1 << self.turn_up_card
        if sequences and sequences.winner == other_seat:
            for mask in shown:
                known |= mask
        trump = self.trump
        for event in self.events:
            if event.seat != other_seat or trump is None:
                continue
            if event.kind == "bella" and self.rules.bella_order == "queen_first":
                known |= 1 << card(KING, trump)
            elif event.kind == "trump_run":
                known |= (1 << card(KING, trump)) | (1 << card(QUEEN, trump)) | (1 << card(JACK, trump))
        known &= self.hands[j]  # what he has since played is no longer in his hand
        return PlayerView(
            seat=me,
            rules=self.rules,
            stage=self.stage,
            to_act=self.to_act,
            hand=self.hands[i],
            other_count=self.hands[j].bit_count(),
            turn_up=self.turn_up_card,
            face_up=self.face_up,
            bottom=self.bottom if self.bottom_shown else None,
            stock_count=self.stock_count,
            trump=trump,
            maker=self.maker,
            schmeisser=self.schmeisser,
            bids=tuple(self.bids),
            exchanged_by=self.exchanged_by,
            exchange_at=self.exchange_card_index,
            dialogue=sequences.dialogue if sequences else (),
            sequence_winner=sequences.winner if sequences else None,
            shown_runs=shown,
            tricks=tuple(self.tricks),
            current=tuple((SEATS[s], c) for s, c in self.current),
            played=(self.played[0], self.played[1]),
            other_known=known,
            legal=tuple(self.legal_actions(me)),
            score=self.result(),
            events=tuple(e for e in self.events if e.private_to in (None, me)),
        )
