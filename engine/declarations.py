"""Sequences and their comparison (rules.md §6.1-§6.3) and clobber's trump run (§6.4).

Bella itself is decided card by card in ``deal.py``; what lives here is everything that is fixed
from whole hands at the first lead.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import JACK, KING, QUEEN, SUIT_MASKS, card
from .actions import DEALER, ELDER, SEATS, Seat
from .rules import RuleSet

# §6.1 trump sequence order under ``trump_sequence_order = trump``, lowest first: 7 8 Q K 10 A 9 J.
_TRUMP_SEQUENCE_RANKS = (0, 1, 5, 6, 3, 7, 2, 4)

SEQUENCE_THREE_POINTS = 20
SEQUENCE_FOUR_POINTS = 50


@dataclass(frozen=True)
class Run:
    """One sequence: its cards (as a mask), how many, its top card and whether it is in trumps."""

    suit: int
    mask: int
    length: int
    top_card: int
    top_position: int  # 0 = the highest card of its run's order (§6.2 "top cards compare by position")
    is_trump: bool

    @property
    def value(self) -> int:
        return SEQUENCE_FOUR_POINTS if self.length >= 4 else SEQUENCE_THREE_POINTS


def _runs_in_order(hand: int, suit: int, order: tuple[int, ...], is_trump: bool) -> list[Run]:
    """Maximal runs of 3+ cards of ``suit`` consecutive in ``order`` (ranks listed low to high)."""
    runs: list[Run] = []
    stretch: list[int] = []
    for rank in (*order, None):
        if rank is not None and hand >> card(rank, suit) & 1:
            stretch.append(rank)
            continue
        if len(stretch) >= 3:
            top_rank = stretch[-1]
            mask = 0
            for r in stretch:
                mask |= 1 << card(r, suit)
            runs.append(
                Run(suit, mask, len(stretch), card(top_rank, suit), 7 - order.index(top_rank), is_trump)
            )
        stretch = []
    return runs


def find_runs(hand: int, trump: int, rules: RuleSet) -> list[Run]:
    """Every sequence in a hand (§6.1): natural order A K Q J 10 9 8 7, or trump order in trumps."""
    runs: list[Run] = []
    for suit in range(4):
        if not hand & SUIT_MASKS[suit]:
            continue
        is_trump = suit == trump
        order = (
            _TRUMP_SEQUENCE_RANKS
            if is_trump and rules.trump_sequence_order == "trump"
            else tuple(range(8))
        )
        runs.extend(_runs_in_order(hand, suit, order, is_trump))
    return runs


def run_key(run: Run, rules: RuleSet) -> tuple[int, int, int, int]:
    """Ordering of §6.2 steps 1-4: value, length (option), top card (option), trump."""
    return (
        run.value,
        run.length if rules.longer_sequence_wins else 0,
        -run.top_position if rules.compare_top_card else 0,
        1 if run.is_trump else 0,
    )


def best_run(runs: list[Run], rules: RuleSet) -> Run | None:
    return max(runs, key=lambda r: run_key(r, rules), default=None)


@dataclass(frozen=True)
class DialogueLine:
    """One spoken line of §6.3. ``word`` is a key the interface translates; ``arg`` its detail."""

    seat: Seat
    word: str  # value, good, not_good, how_high, length, top, same, trump, tie
    arg: int | str | None = None


@dataclass(frozen=True)
class SequenceResult:
    winner: Seat | None
    runs: tuple[Run, ...]  # every run the winner scores, shown card by card (§6.2)
    dialogue: tuple[DialogueLine, ...]

    @property
    def points(self) -> int:
        return sum(r.value for r in self.runs)


def compare_sequences(elder_hand: int, dealer_hand: int, trump: int, rules: RuleSet) -> SequenceResult:
    """Decide who scores sequences (§6.2) and produce the dialogue of §6.3 in order."""
    elder_runs = find_runs(elder_hand, trump, rules)
    dealer_runs = find_runs(dealer_hand, trump, rules)
    elder_best = best_run(elder_runs, rules)
    dealer_best = best_run(dealer_runs, rules)
    lines: list[DialogueLine] = [DialogueLine(ELDER, "value", elder_best.value if elder_best else 0)]
    winner: Seat | None

    def settle(elder_wins: bool, says: int | None = None) -> Seat:
        """The dealer's answer; ``says`` is the value he names when his is worth more (seed 000: «Есть
        больше» and his own value)."""
        lines.append(DialogueLine(DEALER, "good" if elder_wins else "not_good", None if elder_wins else says))
        return ELDER if elder_wins else DEALER

    if elder_best is None and dealer_best is None:
        lines.append(DialogueLine(DEALER, "value", 0))
        winner = None
    elif elder_best is None or dealer_best is None:
        winner = settle(dealer_best is None, dealer_best.value if dealer_best else None)
    elif elder_best.value != dealer_best.value:
        winner = settle(elder_best.value > dealer_best.value, dealer_best.value)
    else:
        lines.append(DialogueLine(DEALER, "how_high"))
        winner = None
        decided = False
        if rules.longer_sequence_wins and elder_best.length != dealer_best.length:
            lines.append(DialogueLine(ELDER, "length", elder_best.length))
            winner = settle(elder_best.length > dealer_best.length)
            decided = True
        if not decided and rules.compare_top_card:
            lines.append(DialogueLine(ELDER, "top", elder_best.top_card))
            if elder_best.top_position != dealer_best.top_position:
                winner = settle(elder_best.top_position < dealer_best.top_position)
                decided = True
            else:
                lines.append(DialogueLine(DEALER, "same"))
        if not decided and elder_best.is_trump != dealer_best.is_trump:
            winner = ELDER if elder_best.is_trump else DEALER
            lines.append(DialogueLine(winner, "trump"))
            decided = True
        if not decided:
            winner = ELDER if rules.sequence_final_tie == "elder" else None
            lines.append(DialogueLine(DEALER, "tie", winner))
    runs = tuple(elder_runs if winner == ELDER else dealer_runs if winner == DEALER else ())
    return SequenceResult(winner, runs, tuple(lines))


def trump_run_points(held: int, trump: int, scored_runs: tuple[Run, ...]) -> int:
    """Clobber's trump run with the marriage (§6.4): K-Q-J of trumps, 20, or 50 in a natural run of 4+.

    ``held`` is every card the player had among his nine plus any card taken by exchange. Nothing if a
    declared run of his that already scored contains all three.
    """
    needed = (1 << card(KING, trump)) | (1 << card(QUEEN, trump)) | (1 << card(JACK, trump))
    if held & needed != needed:
        return 0
    if any(r.mask & needed == needed for r in scored_runs):
        return 0
    natural = _runs_in_order(held, trump, tuple(range(8)), True)
    containing = next(r for r in natural if r.mask & needed == needed)
    return containing.value


def declaration_points(elder: int, dealer: int, trump: int, rules: RuleSet) -> tuple[int, int]:
    """Points of sequences (§6.2) and clobber's trump run (§6.4) for (elder, dealer) from hands at the
    first lead, as the deal scores them when no exchange comes later."""
    result = compare_sequences(elder, dealer, trump, rules)
    points = [0, 0]
    if result.winner is not None:
        points[SEATS.index(result.winner)] += result.points
    if rules.trump_run_with_marriage:
        for i, hand in enumerate((elder, dealer)):
            scored = result.runs if result.winner == SEATS[i] else ()
            points[i] += trump_run_points(hand, trump, scored)
    return points[0], points[1]
