"""A deal's totals and the maker rule (rules.md §8)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import ELDER, Seat


class Outcome(StrEnum):
    """How a deal ended (§8); the values are the words ``klabber replay --json`` prints."""

    MADE = "made"
    TIE = "tie"
    BUST = "bust"
    THROWN_IN = "thrown_in"
    IN_PROGRESS = "in_progress"


MADE, TIE, BUST, THROWN_IN, IN_PROGRESS = (Outcome.MADE, Outcome.TIE, Outcome.BUST, Outcome.THROWN_IN,
                                           Outcome.IN_PROGRESS)


@dataclass(frozen=True)
class SeatScore:
    """One side's points in a deal; ``bella`` includes clobber's trump run (§6.4)."""

    cards: int = 0
    last_trick: int = 0
    sequences: int = 0
    bella: int = 0
    scored: int = 0

    @property
    def total(self) -> int:
        return self.cards + self.last_trick + self.sequences + self.bella

    def as_dict(self) -> dict[str, int]:
        return {
            "cards": self.cards,
            "last_trick": self.last_trick,
            "sequences": self.sequences,
            "bella": self.bella,
            "total": self.total,
            "scored": self.scored,
        }


@dataclass(frozen=True)
class DealResult:
    outcome: Outcome
    trump: int | None
    maker: Seat | None
    elder: SeatScore
    dealer: SeatScore

    def seat(self, seat: Seat) -> SeatScore:
        return self.elder if seat == ELDER else self.dealer


def settle(maker: Seat, elder: SeatScore, dealer: SeatScore) -> tuple[Outcome, SeatScore, SeatScore]:
    """Apply §8: made, each scores his own total; tie, the maker 0; bust, the opponent both totals."""
    maker_total = elder.total if maker == ELDER else dealer.total
    other_total = dealer.total if maker == ELDER else elder.total
    if maker_total > other_total:
        outcome, maker_scored, other_scored = MADE, maker_total, other_total
    elif maker_total == other_total:
        outcome, maker_scored, other_scored = TIE, 0, other_total
    else:
        outcome, maker_scored, other_scored = BUST, 0, maker_total + other_total
    elder_scored = maker_scored if maker == ELDER else other_scored
    dealer_scored = other_scored if maker == ELDER else maker_scored
    return (
        outcome,
        _with_scored(elder, elder_scored),
        _with_scored(dealer, dealer_scored),
    )


def _with_scored(score: SeatScore, scored: int) -> SeatScore:
    return SeatScore(score.cards, score.last_trick, score.sequences, score.bella, scored)

