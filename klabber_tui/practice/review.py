"""The review of a finished deal: every decision of a seat judged by the coach (issue 5).

Pure computation, no Textual and no words: the review screen and ``klabber replay --review`` both
call :func:`review_deal` and arrange its :class:`Review` with ``klabber_tui.words.review``. Each decision is
judged from the deciding seat's view just before it (``deal.view(seat)``), so the review knows no
more than the player did; the hidden cards are shown beside it only because the deal is over.

Once the deal is over, and labelled so, the review also looks back with every card known (issue 24,
the one place hidden cards are used): each card's cost in hindsight by the exact solver on the full
deal (``ai.solver.best_moves``: the best card against the one chosen), each bid's cost in hindsight
(``ai.hindsight``: every legal bid valued in points of this deal with both sides playing perfectly
after it, the best against the one chosen), and whether a seat's result came from the other's
mistake (his costliest card in hindsight, replaced by the best and the deal played out exactly,
would have turned the outcome).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.actions import EXCHANGE, SEATS, Action, Seat, Stage
from engine.deal import PLAY, Deal
from engine.record import replay


if TYPE_CHECKING:
    from ai.hindsight import Contracts


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: what was chosen, the coach's table and verdict."""

    index: int  # the position of the action in the deal's actions
    seat: Seat
    kind: str  # "bid" or "card"
    stage: Stage
    chosen: Action
    advice: Any  # ai.coach.Advice
    trick: int = 0  # for a card: the number of the trick it was played to (1-9)
    # In hindsight, with every card known (after the deal only): for a card, the card points it
    # gave up against the solver's best; for a bid, the points of this deal it gave up against the
    # best bid (``ai.hindsight``); and that best action. None for an exchange, a thrown-in deal's
    # cards, or a bid whose extra deal the record does not give.
    given_up: int | None = None
    hindsight_best: Action | None = None

    @property
    def best(self) -> Action:
        return self.advice.best

    @property
    def loss(self) -> float:
        return self.advice.loss

    @property
    def loss_se(self) -> float:
        return self.advice.loss_se

    @property
    def mistake(self) -> bool:
        return self.advice.mistake

    @property
    def agreed(self) -> bool:
        return self.chosen == self.best


@dataclass(frozen=True)
class Review:
    deal: Deal  # the finished deal (both hands may be shown)
    decisions: tuple[Decision, ...]  # in the order they were made
    level: str
    complete: bool = True  # False when the review was stopped before the end

    def of(self, seat: str) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.seat == seat)

    def costliest(self, seat: str | None = None, limit: int | None = None,
                  minimum: float = 0.5) -> list[Decision]:
        """Decisions that gave up points (more than ``minimum``), the costliest first."""
        rows = [d for d in self.decisions if (seat is None or d.seat == seat) and d.loss > minimum]
        rows.sort(key=lambda d: (-d.loss, d.index))
        return rows if limit is None else rows[:limit]

    def total_loss(self, seat: str) -> float:
        return sum(max(0.0, d.loss) for d in self.of(seat))

    given_up_by: dict[Seat, int] | None = None  # hindsight: each seat's card points given up
    # seat -> the other's decision that decided this seat's result, with the outcome it would have had
    decided_by: dict[Seat, tuple[Decision, str]] | None = None
    bids_given_up_by: dict[Seat, int] | None = None  # hindsight: the points of this deal each seat's bids gave up


def decision_points(deal_before: Deal, actions: Sequence[tuple[Seat, Action]],
                    seats: Sequence[Seat]) -> list[int]:
    """The indices of the actions that were real choices of ``seats``: the seat was to act and had
    more than one legal action (a forced card, or an exchange made out of turn, is not judged)."""
    deal = deal_before.clone()
    points = []
    for k, (seat, action) in enumerate(actions):
        if seat in seats and deal.to_act == seat:
            legal = deal.legal_actions(seat)
            if action in legal and len(legal) > 1:
                points.append(k)
        deal.apply(seat, action)
    return points


def review_deal(deal_before: Deal, actions: Sequence[tuple[Seat, Action]], seats: Sequence[Seat] = SEATS,
                level: str | None = None, standings: dict[Seat, Any] | None = None,
                progress: Callable[[int, int], object] | None = None,
                cancelled: Callable[[], bool] | None = None) -> Review:
    """Judge every choice of ``seats`` in the deal that ``actions`` play from ``deal_before``.

    ``standings`` maps a seat to its ``ai.mc.Standing`` (the match score before the deal) when the
    deal belongs to a match; ``progress(done, total)`` is called after each decision; the review
    stops early, marked incomplete, when ``cancelled()`` becomes true. ``level`` defaults to the
    one verdict level (``ai.registry.VERDICT_LEVEL``, issue 11), so the review and the live coach
    agree.
    """
    from ai import registry
    from ai.coach import advise
    from ai.hindsight import Contracts

    level = registry.VERDICT_LEVEL if level is None else level

    points = set(decision_points(deal_before, actions, seats))
    total = len(points) + 1  # the hindsight, once the deal is over, is the last step
    deal = deal_before.clone()
    decisions: list[Decision] = []
    before: dict[int, Deal] = {}  # the full deal before each decision judged, for the hindsight
    complete = True
    if progress is not None:
        progress(0, total)
    for k, (seat, action) in enumerate(actions):
        if k in points:
            if cancelled is not None and cancelled():
                complete = False
                break
            view = deal.view(seat)
            standing = (standings or {}).get(seat)
            advice = advise(view, action, level, standing)
            kind = "card" if view.stage == PLAY else "bid"
            decisions.append(Decision(k, seat, kind, view.stage, action, advice, len(view.tricks) + 1))
            before[k] = deal.clone()
            if progress is not None:
                progress(len(decisions), total)
        deal.apply(seat, action)
    if not complete or deal.to_act is not None:
        return Review(deal, tuple(decisions), level, complete)
    said = [action for _, action in actions]
    contracts = None if deal_before.extra[0] is None or deal_before.extra[1] is None else Contracts(deal_before)
    judged = tuple(_bid_hindsight(d, before[d.index], said[d.index:], contracts) if d.kind == "bid"
                   else _with_hindsight(d, before[d.index] if d.chosen != EXCHANGE else None) for d in decisions)
    bids: dict[Seat, int] | None = None
    if contracts is not None:
        bids = {s: sum(d.given_up or 0 for d in judged if d.seat == s and d.kind == "bid") for s in SEATS}
    if deal.trump is None:  # thrown in: no card was played
        if progress is not None:
            progress(total, total)
        return Review(deal, judged, level, complete, bids_given_up_by=bids)
    given_up: dict[Seat, int] = {s: sum(d.given_up or 0 for d in judged if d.seat == s and d.kind == "card")
                                 for s in SEATS}
    decided: dict[Seat, tuple[Decision, str]] = {}
    for s in SEATS:
        found = decided_by_other(deal, judged, s, before)
        if found is not None:
            decided[s] = found
    if progress is not None:
        progress(total, total)
    return Review(deal, judged, level, complete, given_up, decided, bids)


def _bid_hindsight(decision: Decision, full: Deal, said: Sequence[Action], contracts: Contracts | None) -> Decision:
    """The decision with what its bid gave up in hindsight against the best bid, each valued in
    points of this deal with both sides playing perfectly after it (``ai.hindsight``)."""
    from dataclasses import replace

    from ai.hindsight import bid_values

    if contracts is None:
        return decision
    values = bid_values(full, said, contracts)
    best = max(values, key=lambda a: (values[a], a == decision.chosen))
    return replace(decision, given_up=values[best] - values[decision.chosen], hindsight_best=best)


def _card_action(deal: Deal, c: int) -> Action:
    """The legal action that plays card ``c``: with bella where it may be announced (the solver
    counts bella as announced, ``ai.solver``)."""
    announced = Action.play(c, bella=True)
    return announced if announced in deal.legal_actions(deal.to_act) else Action.play(c)


def _with_hindsight(decision: Decision, full: Deal | None) -> Decision:
    """The decision with what its card gave up against the solver's best on the full deal."""
    from dataclasses import replace

    from ai.heuristics import played_card
    from ai.solver import best_moves, position_from_deal

    if full is None:
        return decision
    values = best_moves(position_from_deal(full), full.rules)
    best = max(values, key=lambda c: values[c])
    lost = values[best] - values[played_card(decision.chosen)]
    return replace(decision, given_up=lost, hindsight_best=_card_action(full, best))


def _played_out(deal: Deal) -> Deal:
    """The deal played to its end by both seats as the exact solver plays them."""
    from ai.solver import best_moves, position_from_deal

    while deal.to_act is not None:
        values = best_moves(position_from_deal(deal), deal.rules)
        deal.apply(deal.to_act, _card_action(deal, max(values, key=lambda c: values[c])))
    return deal


def decided_by_other(deal: Deal, decisions: Sequence[Decision], seat: Seat,
                     before: dict[int, Deal]) -> tuple[Decision, str] | None:
    """The other's costliest card in hindsight when, replaced by the solver's best and the deal
    played out exactly from there, the outcome would have been another and worse for ``seat``:
    ``seat``'s result came from that mistake. The decision and the outcome it would have had."""
    other = seat.other
    theirs = [d for d in decisions if d.seat == other and d.kind == "card" and d.given_up and d.index in before]
    if not theirs:
        return None
    worst = max(theirs, key=lambda d: (d.given_up or 0, -d.index))
    assert worst.hindsight_best is not None
    replay = before[worst.index].clone()
    replay.apply(other, worst.hindsight_best)
    actual, instead = deal.result(), _played_out(replay).result()

    def margin(result: Any) -> int:
        return int(result.seat(seat).scored - result.seat(other).scored)

    if instead.outcome != actual.outcome and margin(instead) < margin(actual):
        return worst, str(instead.outcome)
    return None


def review_record(record: Any, seats: Sequence[Seat] = SEATS, level: str | None = None,
                  **kwargs: Any) -> Review:
    """The review of a parsed record (``engine.record.Record``) as far as its actions go."""
    return review_deal(record.new_deal(), replay(record).actions, seats, level, **kwargs)


def shown_facts(d: Decision) -> list[Any]:
    """The reasons a decision shows, as on the coach page: the choice's, then the best one's when
    they differ."""
    facts = list(d.advice.reasons(d.chosen))
    if not d.agreed:
        facts += d.advice.reasons(d.best)
    return facts
