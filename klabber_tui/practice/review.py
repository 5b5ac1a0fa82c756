"""The review of a finished deal: every decision of a seat judged by the coach (issue 5).

Pure computation, no Textual and no words: the review screen and ``klabber replay --review`` both
call :func:`review_deal` and arrange its :class:`Review` with ``klabber_tui.words.text``. Each decision is
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

from klabber_tui.words import i18n
from klabber_tui.words.i18n import npgettext, percent, pgettext

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


def decision_json(d: Decision, turned: int | None, bot: bool = False) -> dict[str, Any]:
    """``replay --review --json``'s keys of issue 24 for one decision: the chosen action's make
    chance (calibrated, as the coach shows it), the reasons as on the coach page with their facts
    (worded as the bot's when ``bot``), and the points given up in hindsight (once the deal is over;
    else null)."""
    from klabber_tui.words import text

    facts = shown_facts(d)
    prob = d.advice.make_prob(d.chosen)
    return {
        "make_prob": None if prob is None else round(prob, 3),
        "reasons": [text.fact_text(f, turned=turned, bot=bot) for f in facts],
        "facts": [{"key": f.key, "action": str(f.action), "favours": f.favours, "trade_off": f.trade_off} for f in facts],
        "given_up": d.given_up,
    }


# -------------------------------------------------------------------------------------------------
# Rich renderables (no Textual): the review screen and ``klabber replay --review`` print the same.


def render_review(review: Review, seats: Sequence[Seat], names: dict[Seat, str],
                  number: int | None = None, alternatives: int = 3, why: Sequence[Seat] | None = None,
                  bots: Sequence[Seat] = ()) -> Any:
    """All the cards, then per seat the costliest decisions and each decision in order, with the
    reasons of the decisions of ``why`` (every seat of ``seats`` by default). The reasons speak to
    the player: those of a seat of ``bots`` say "the bot holds…" and call the player "you", the
    others say "you hold…" and call the other "the bot" (issue 24).

    ``names`` maps a seat to how the page calls it (``You``, ``Bot``, ``Elder``...)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from klabber_tui.words import text
    from engine.cards import mask_of, sorted_cards

    deal = review.deal
    trump = deal.trump

    def cards(cs: Sequence[int] | None) -> str:
        if not cs:
            return text.area_words()["none"]
        return " ".join(text.card_text(c) for c in sorted_cards(mask_of(cs), trump))

    parts: list[Any] = []
    hands = Table(title=pgettext('review.cards', 'All the cards'), box=None, show_header=False, padding=(0, 1, 0, 0),
                  title_justify="left", title_style="bold")
    hands.add_column("who", no_wrap=True)
    hands.add_column("cards")
    for side in sorted(SEATS, key=lambda s: s not in seats):
        i = SEATS.index(side)
        extra = f"  +  {cards(deal.extra[i])}" if deal.trump is not None else ""  # thrown in: never dealt
        hands.add_row(names.get(side, side), cards(deal.first[i]) + extra)
    parts.append(hands)
    bottom = text.card_text(deal.bottom) if deal.bottom is not None else text.area_words()["none"]
    parts.append(Text(pgettext('review.shown', 'Turn-up {turn_up} · bottom {bottom}').format(turn_up=text.card_text(deal.turn_up_card),
                                               bottom=bottom)))
    for seat in seats:
        who = names.get(seat, seat)
        mine = review.of(seat)
        costly = review.costliest(seat)
        parts.append(Text(""))
        if costly:
            table = Table(title=pgettext('review.mistakes', 'Costliest decisions of {who}').format(who=who), title_justify="left",
                          title_style="bold", padding=(0, 1, 0, 0))
            _decision_columns(table, text)
            for d in costly:
                _decision_row(table, d, text)
            parts.append(table)
        else:
            parts.append(Text(pgettext('review.no.loss', '{who}: no decision gave up points that the bot could see.').format(who=who)))
        if mine:
            table = Table(title=pgettext('review.decisions', 'Each decision of {who}, in order').format(who=who), title_justify="left",
                          title_style="bold", padding=(0, 1, 0, 0))
            _decision_columns(table, text)
            table.add_column(pgettext('review.alternatives', 'Alternatives'), overflow="fold")
            table.add_column(pgettext("review.column.make", "maker makes"), justify="right")
            table.add_column(pgettext("review.column.hindsight", "hindsight"), justify="right")
            for d in mine:
                others = [a for a in d.advice.evaluation.actions if a.action != d.chosen][:alternatives]
                alt = ", ".join(f"{text.coach_action_text(a.action, True)} {_numbers(d, a)}"
                                for a in others)
                _decision_row(table, d, text, alt, _makes(d, names),
                              "" if d.given_up is None else str(d.given_up))
            parts.append(table)
            if why is None or seat in why:
                parts += _why(mine, text, deal.turn_up_card, seat in bots)
        parts.append(Text(review_total(review, seat, who)))
        parts += _hindsight_lines(review, seat, names)
    parts.append(Text(pgettext('review.level', 'Judged by the coach at level {level}, each decision from what that player could see then.').format(level=text.level_text(review.level)), style="dim"))
    if not review.complete:
        parts.append(Text(pgettext('review.incomplete', '(The review was stopped before the end.)')))
    return Group(*parts)


def _makes(d: Decision, names: dict[Seat, str]) -> str:
    """The calibrated chance the maker makes after the chosen action, with whose contract it is,
    as the coach page says it (``72% You``, ``26% Bot``, ``81% Dealer``)."""
    chance = d.advice.make_prob(d.chosen)
    maker = d.advice.maker(d.chosen)
    if chance is None or maker is None:
        return ""
    return f"{percent(chance)} {names.get(maker, maker)}"  # no words of its own: a number and a name


def _why(decisions: Sequence[Decision], text: Any, turn_up: int, bot: bool) -> list[Any]:
    """Each decision's reasons as on the coach page (the choice's, then the best's when they
    differ), one line of bullets under its number; ``bot``: worded as the bot's decisions."""
    from rich.text import Text

    from engine.cards import suit_of

    lines: list[Any] = [Text(pgettext("review.why.title", "Why, decision by decision"), style="bold")]
    for d in decisions:
        reasons = " · ".join(text.fact_text(f, suit_of(turn_up), bot) for f in shown_facts(d))
        lines.append(Text(f"{d.index + 1}. {text.coach_action_text(d.chosen, True)}: {reasons}"))
    return lines


def _hindsight_lines(review: Review, seat: Seat, names: dict[Seat, str]) -> list[Any]:
    """Labelled as hindsight (every card known, after the deal): the points of this deal the seat's
    bids gave up against the best bid, the card points its cards gave up against the exact solver's
    best play, and when the seat's result came from the other's mistake."""
    from rich.text import Text

    from klabber_tui.words import text

    who = names.get(seat, seat)
    lines = []
    if review.bids_given_up_by is not None and any(d.kind == "bid" for d in review.of(seat)):
        n = review.bids_given_up_by.get(seat, 0)
        lines.append(Text(npgettext(
            "review.hindsight.bids",
            "{who}: in hindsight, with every card known and both sides playing perfectly after each bid, these "
            "bids gave up {n} point of this deal against the best bid",
            "{who}: in hindsight, with every card known and both sides playing perfectly after each bid, these "
            "bids gave up {n} points of this deal against the best bid", n).format(who=who, n=n), style="dim"))
    if review.given_up_by is None:
        return lines
    n = review.given_up_by.get(seat, 0)
    lines.append(Text(npgettext("review.hindsight.total",
                                "{who}: in hindsight, with every card known, these cards gave up {n} point against the "
                                "best play",
                                "{who}: in hindsight, with every card known, these cards gave up {n} points against "
                                "the best play", n).format(who=who, n=n), style="dim"))
    decided = (review.decided_by or {}).get(seat)
    if decided is not None:
        d, outcome = decided
        lost = d.given_up or 0
        assert d.hindsight_best is not None
        best = text.coach_action_text(d.hindsight_best, True)
        # What the deal would have been with the best card: a whole clause per outcome (rules.md §8).
        instead = {
            "made": pgettext("review.hindsight.instead.made", "with {best} the maker would have made the deal"),
            "tie": pgettext("review.hindsight.instead.tie", "with {best} the deal would have been a tie"),
            "bust": pgettext("review.hindsight.instead.bust", "with {best} the maker would have gone bust"),
            "thrown_in": pgettext("review.hindsight.instead.thrown_in",
                                  "with {best} the deal would have been thrown in"),
        }[outcome].format(best=best)
        lines.append(Text(npgettext(
            "review.hindsight.decided",
            "{who}: this result came from the other side's mistake: at trick {trick}, {chosen} instead of {best} "
            "gave up {n} point in hindsight; {instead}",
            "{who}: this result came from the other side's mistake: at trick {trick}, {chosen} instead of {best} "
            "gave up {n} points in hindsight; {instead}", lost).format(
            who=who, trick=d.trick, n=lost, chosen=text.coach_action_text(d.chosen, True), best=best,
            instead=instead), style="bold"))
    return lines


def review_total(review: Review, seat: str, who: str) -> str:
    """How many of a seat's bids and cards were the coach's own choice, and the points given up
    (issue 11: "3 of 5 bids the same as the coach's choice", not "3 as the bot")."""
    from klabber_tui.words.i18n import npgettext, pgettext

    mine = review.of(seat)
    bids = [d for d in mine if d.kind == "bid"]
    cards = [d for d in mine if d.kind == "card"]
    if not bids and not cards:
        return pgettext("review.no_decisions", "{who}: no choice to judge in this deal.").format(who=who)
    loss = round(review.total_loss(seat))
    lost = npgettext("count.review_loss", "about {n} point given up in all", "about {n} points given up in all",
                     loss).format(n=loss)
    counted = {
        "bids": npgettext("count.review_bids", "{agreed} of {n} bid", "{agreed} of {n} bids", len(bids)).format(
            n=len(bids), agreed=sum(d.agreed for d in bids)),
        "cards": npgettext("count.review_cards", "{agreed} of {n} card", "{agreed} of {n} cards", len(cards)).format(
            n=len(cards), agreed=sum(d.agreed for d in cards)),
    }
    if bids and cards:
        return pgettext("review.total.both", "{who}: {bids} and {cards} the same as the coach's choice; {loss}.").format(
            who=who, bids=counted["bids"], cards=counted["cards"], loss=lost)
    return pgettext("review.total", "{who}: {counts} the same as the coach's choice; {loss}.").format(
        who=who, counts=counted["bids" if bids else "cards"], loss=lost)


def _decision_columns(table: Any, text: Any) -> None:
    for k, name in enumerate(text.review_columns_words()):
        table.add_column(name, justify="right" if k in (0, 4) else "left", no_wrap=k != 3)


def _numbers(d: Decision, value: Any) -> str:
    """A choice's points this deal and, where the standing matters, its chance to win the match
    (issue 24: the points alone, never the bot's value with the match stake in it)."""
    from klabber_tui.words.coach_numbers import match_cell, points

    if d.advice.match_shown:
        return f"{points(value.deal_ev)} ({match_cell(value)})"
    return points(value.deal_ev)


def _decision_row(table: Any, d: Decision, text: Any, *extra: str) -> None:
    when = text.review_when_words().get(d.stage, d.stage).format(trick=d.trick)
    played = text.coach_action_text(d.chosen, True)
    played += f" {_numbers(d, d.advice.evaluation.value(d.chosen))}"
    best = text.coach_action_text(d.best, True)
    loss = text.REVIEW_LOSS.format(loss=i18n.Number(d.loss), se=i18n.Number(d.loss_se))
    mark = f" {text.REVIEW_MISTAKE_MARK}" if d.mistake else ""
    table.add_row(str(d.index + 1), when, played, best if not d.agreed else "=", loss + mark, *extra)
