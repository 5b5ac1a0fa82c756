"""The bidding in hindsight: every card known, once the deal is over (issue 24, the review).

The review's one place where hidden cards are used. For each legal bid of a decision it gives the
deal's value for the seat to act, in points of this deal: the score-sheet difference, the seat's
points minus the other's (rules.md §8; a deal thrown in is 0), with both sides playing perfectly
after the bid. What a bid leads to:

- **a contract** (take, name a suit, a refusal where the schmeisser makes it, §4.1-§4.3): the
  contract played exactly on both nine-card hands (``ai.solver.solve``), with the sequences and
  clobber's trump run of §6 and the maker rule of §8. The dix (§5) is exchanged at the first lead or
  not at all, whichever its holder gains more by; an exchange later in a preset's window, and an
  announcement of bella forgone, are not looked at (the solver counts bella whenever it scores).
  The play maximises the difference of the points, and §8's score is a rising function of that
  difference, so perfect play on the points is perfect play on the score sheet too;
- **a throw-in** (accepting a schmeiss, the dealer's pass in round two, §4.5): 0;
- **the bidding left open** (a pass, a schmeiss, a refusal where the refuser names, §4.2-§4.3): the
  rest of the bidding, where the other's words are those he actually said as long as the bidding
  follows the record, and his best answer in hindsight (the one worst for the seat) once it leaves
  the record, and the seat's own later words are its best in hindsight.

Why this rule: what the other answered to the bid actually made is a fact of the deal, so the bid
is credited with it; what he would have answered to a bid not made is unknown, so that bid is
valued at what it was sure to be worth against any answer of his. The seat's own later words are
taken at their best because each of them is a decision judged in its own right: a later mistake is
charged there, not twice. Only the seat to act changes from one bid to another; the cards, the
extra deal and the stock are those of the deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Seat, seat_index
from engine.cards import SEVEN, TRICKS_PER_DEAL, card
from engine.deal import Deal
from engine.declarations import declaration_points
from engine.laws import exchange_suit_ok
from engine.scoring import SeatScore, settle

from .solver import Position, solve

__all__ = ["Contracts", "bid_values"]


class Contracts:
    """The exact score of every contract of one deal (trump suit and maker), solved on demand.

    Each suit is solved once, whoever makes it: the maker changes only §8's settlement."""

    def __init__(self, deal: Deal) -> None:
        extra = deal.extra
        if extra[0] is None or extra[1] is None:
            raise ValueError("the extra deal is unknown: no contract can be played out")
        self.rules = deal.rules
        self.turn_up = deal.turn_up_card
        self.hands = (sum(1 << c for c in deal.first[0] + extra[0]), sum(1 << c for c in deal.first[1] + extra[1]))
        self._options: dict[int, tuple[int | None, list[tuple[int, int]]]] = {}

    def options(self, trump: int) -> tuple[int | None, list[tuple[int, int]]]:
        """The dix's holder (0 elder, 1 dealer; None when the exchange cannot be made) and the
        (elder total, dealer total) of the contract under perfect play: without the exchange, then
        with it where it may be made (§5)."""
        known = self._options.get(trump)
        if known is not None:
            return known
        totals = [self._played(self.hands, trump)]
        dix = card(SEVEN, trump)
        holder = next((i for i in (0, 1) if self.hands[i] >> dix & 1), None)
        if holder is not None and exchange_suit_ok(self.rules.dix_exchange, self.turn_up, trump):
            swapped = list(self.hands)
            swapped[holder] = swapped[holder] & ~(1 << dix) | 1 << self.turn_up
            totals.append(self._played((swapped[0], swapped[1]), trump))
        else:
            holder = None
        self._options[trump] = (holder, totals)
        return holder, totals

    def _played(self, hands: tuple[int, int], trump: int) -> tuple[int, int]:
        """Both totals of the deal played exactly from the first lead: sequences and the trump run
        as the hands stand then (§6), then the solver's cards, last trick and bella."""
        declared = declaration_points(hands[0], hands[1], trump, self.rules)
        played = solve(Position(hands, trump, 0, None, (0, 0), TRICKS_PER_DEAL), self.rules)
        return declared[0] + played[0], declared[1] + played[1]

    def value(self, trump: int, maker: Seat, seat: Seat) -> int:
        """What the contract writes on the score sheet for ``seat`` minus for the other (§8), the
        dix exchanged or not as its holder scores more."""
        holder, totals = self.options(trump)

        def sheet(elder: int, dealer: int, whose: int) -> int:
            # The totals stand in ``cards``: §8 reads the totals only.
            _, e, d = settle(maker, SeatScore(cards=elder), SeatScore(cards=dealer))
            return e.scored - d.scored if whose == 0 else d.scored - e.scored

        chosen = totals[0] if holder is None else max(totals, key=lambda t: sheet(t[0], t[1], holder))
        return sheet(chosen[0], chosen[1], seat_index(seat))


def bid_values(before: Deal, said: Sequence[Action], contracts: Contracts) -> dict[Action, int]:
    """Each legal bid of the seat to act in ``before`` (the whole deal, the bidding not over) ->
    the deal's value for that seat in hindsight (the module's rule). ``said`` is what was actually
    said from this decision on, the chosen bid first."""
    seat = before.to_act
    assert seat is not None
    return {action: _after(before, action, said, seat, contracts) for action in before.legal_actions(seat)}


def _after(deal: Deal, action: Action, said: Sequence[Action], seat: Seat, contracts: Contracts) -> int:
    """The value for ``seat`` of the bidding once ``action`` is said in ``deal``; ``said`` is the
    record from ``action`` on, followed only while ``action`` is the word it holds."""
    following = tuple(said[1:]) if said and said[0] == action else ()
    to_act = deal.to_act
    assert to_act is not None
    deal = deal.clone()
    deal.apply(to_act, action)
    if deal.trump is not None:
        assert deal.maker is not None
        return contracts.value(deal.trump, deal.maker, seat)
    if deal.to_act is None:  # thrown in (§4.5)
        return 0
    if following and deal.to_act != seat:  # the other's word, as he said it
        return _after(deal, following[0], following, seat, contracts)
    values = [_after(deal, a, following, seat, contracts) for a in deal.legal_actions(deal.to_act)]
    return max(values) if deal.to_act == seat else min(values)
