"""What one seat may know (rules.md §3, §5, §6.2): the only thing the bot and the interface get.

A :class:`PlayerView` is built from a ``Deal`` and holds no reference to it, so hidden cards cannot
leak by accident: the other hand appears only as a count plus the cards the rules made public
(a card taken by exchange, runs shown by the sequence winner, a king revealed by an announced bella,
clobber's trump run).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import JACK, KING, QUEEN, card
from .declarations import DialogueLine
from .rules import ELDER, SEATS, RuleSet
from .scoring import DealResult

if TYPE_CHECKING:
    from .deal import Deal, Event, Trick


@dataclass(frozen=True)
class PlayerView:
    seat: str
    rules: RuleSet
    stage: str
    to_act: str | None
    hand: int
    other_count: int
    turn_up: int  # the card first turned up
    face_up: int  # the card lying face up now: the dix after an exchange
    bottom: int | None  # once shown after the extra deal
    stock_count: int
    trump: int | None
    maker: str | None
    schmeisser: str | None
    bids: tuple[tuple[str, str], ...]
    exchanged_by: str | None
    exchange_at: int  # cards played when the exchange was made
    dialogue: tuple[DialogueLine, ...]
    sequence_winner: str | None
    shown_runs: tuple[int, ...]  # masks of the runs the winner scores, public once fixed
    tricks: tuple[Trick, ...]
    current: tuple[tuple[str, int], ...]
    played: tuple[int, int]  # masks of the cards the elder and the dealer have played
    other_known: int  # cards known to be in the other's hand now
    legal: tuple[str, ...]
    score: DealResult  # settled so far (deal-record.md's in-progress numbers), final when done
    events: tuple[Event, ...]  # the public log plus this seat's own private events

    @classmethod
    def of(cls, deal: Deal, seat: str) -> PlayerView:
        i = SEATS.index(seat)
        j = 1 - i
        other_seat = SEATS[j]
        sequences = deal.sequences
        shown = tuple(r.mask for r in sequences.runs) if sequences else ()
        known = 0
        if deal.exchanged_by == other_seat:
            known |= 1 << deal.turn_up_card
        if sequences and sequences.winner == other_seat:
            for mask in shown:
                known |= mask
        trump = deal.trump
        for event in deal.events:
            if event.seat != other_seat or trump is None:
                continue
            if event.kind == "bella" and deal.rules.bella_order == "queen_first":
                known |= 1 << card(KING, trump)
            elif event.kind == "trump_run":
                known |= (1 << card(KING, trump)) | (1 << card(QUEEN, trump)) | (1 << card(JACK, trump))
        known &= deal.hands[j]  # what he has since played is no longer in his hand
        return cls(
            seat=seat,
            rules=deal.rules,
            stage=deal.stage,
            to_act=deal.to_act,
            hand=deal.hands[i],
            other_count=deal.hands[j].bit_count(),
            turn_up=deal.turn_up_card,
            face_up=deal.face_up,
            bottom=deal.bottom if deal.bottom_shown else None,
            stock_count=deal.stock_count,
            trump=trump,
            maker=deal.maker,
            schmeisser=deal.schmeisser,
            bids=tuple(deal.bids),
            exchanged_by=deal.exchanged_by,
            exchange_at=deal.exchange_card_index,
            dialogue=sequences.dialogue if sequences else (),
            sequence_winner=sequences.winner if sequences else None,
            shown_runs=shown,
            tricks=tuple(deal.tricks),
            current=tuple((SEATS[s], c) for s, c in deal.current),
            played=(deal.played[0], deal.played[1]),
            other_known=known,
            legal=tuple(deal.legal_actions(seat)),
            score=deal.result(),
            events=tuple(e for e in deal.events if e.private_to in (None, seat)),
        )

    @property
    def other(self) -> str:
        return SEATS[1 - SEATS.index(self.seat)]

    @property
    def is_elder(self) -> bool:
        return self.seat == ELDER

    @property
    def cards_played(self) -> int:
        return 2 * len(self.tricks) + len(self.current)

    @property
    def all_played(self) -> int:
        return self.played[0] | self.played[1]

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat
