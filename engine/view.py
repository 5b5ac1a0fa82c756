"""What one seat may know (rules.md §3, §5, §6.2): the only thing the bot and the interface get.

A :class:`PlayerView` is built by ``Deal.view(seat)`` and holds no reference to the deal, so hidden
cards cannot leak by accident: the other hand appears only as a count plus the cards the rules made
public (a card taken by exchange, runs shown by the sequence winner, a king revealed by an announced bella,
clobber's trump run).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import ELDER, Action, Event, Seat, Stage, Trick
from .declarations import DialogueLine
from .rules import RuleSet
from .scoring import DealResult


@dataclass(frozen=True)
class PlayerView:
    seat: Seat
    rules: RuleSet
    stage: Stage
    to_act: Seat | None
    hand: int
    other_count: int
    turn_up: int  # the card first turned up
    face_up: int  # the card lying face up now: the dix after an exchange
    bottom: int | None  # once shown after the extra deal
    stock_count: int
    trump: int | None
    maker: Seat | None
    schmeisser: Seat | None
    bids: tuple[tuple[Seat, Action], ...]
    exchanged_by: Seat | None
    exchange_at: int  # cards played when the exchange was made
    dialogue: tuple[DialogueLine, ...]
    sequence_winner: Seat | None
    shown_runs: tuple[int, ...]  # masks of the runs the winner scores, public once fixed
    tricks: tuple[Trick, ...]
    current: tuple[tuple[Seat, int], ...]
    played: tuple[int, int]  # masks of the cards the elder and the dealer have played
    other_known: int  # cards known to be in the other's hand now
    legal: tuple[Action, ...]
    score: DealResult  # settled so far (deal-record.md's in-progress numbers), final when done
    events: tuple[Event, ...]  # the public log plus this seat's own private events

    @property
    def other(self) -> Seat:
        return self.seat.other

    @property
    def is_elder(self) -> bool:
        return self.seat == ELDER

    @property
    def cards_played(self) -> int:
        return 2 * len(self.tricks) + len(self.current)

    @property
    def all_played(self) -> int:
        return self.played[0] | self.played[1]
