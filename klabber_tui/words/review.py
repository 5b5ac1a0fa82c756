"""The review of a deal in words (``klabber replay --review`` and the review page): its columns and
marks, the moments of a decision, each decision's reasons and figures, as Rich renderables (no
Textual: the review screen and the command line print the same)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import SEATS, Seat

from klabber_tui.words import i18n
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.cards import card_text
from klabber_tui.words.coach.facts import fact_text, makes_text
from klabber_tui.words.coach.verdicts import coach_action_text
from klabber_tui.words.names import level_text
from klabber_tui.words.table.phrases import area_words, in_sentence_name


from klabber_tui.practice.review import Decision, Review, shown_facts


def review_columns_words() -> tuple[str, ...]:
    return (
        '#',
        pgettext('review.column.when', 'when'),
        pgettext('review.column.played', 'played'),
        pgettext('review.column.best', 'best'),
        pgettext('review.column.loss', 'loss'),
    )


REVIEW_MISTAKE_MARK = "✗"


REVIEW_LOSS = "{loss:z.1f} ± {se:z.1f}"  # z: never -0.0


def review_when_words() -> dict[str, str]:
    return {
        'bidding_round_one': pgettext('review.when.bidding_round_one', 'bid 1'),
        'bidding_round_two': pgettext('review.when.bidding_round_two', 'bid 2'),
        'schmeiss_answer': pgettext('review.when.schmeiss_answer', 'schmeiss'),
        'naming': pgettext('review.when.naming', 'naming'),
        'play': pgettext('review.when.play', 'trick {trick}'),
    }


def decision_json(d: Decision, turned: int | None, bot: bool = False) -> dict[str, Any]:
    """``replay --review --json``'s keys of issue 24 for one decision: the chosen action's make
    chance (calibrated, as the coach shows it), the reasons as on the coach page with their facts
    (worded as the bot's when ``bot``), and the points given up in hindsight (once the deal is over;
    else null)."""

    facts = shown_facts(d)
    prob = d.advice.make_prob(d.chosen)
    return {
        "make_prob": None if prob is None else round(prob, 3),
        "reasons": [fact_text(f, turned=turned, bot=bot) for f in facts],
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

    from engine.cards import mask_of, sorted_cards

    deal = review.deal
    trump = deal.trump

    def cards(cs: Sequence[int] | None) -> str:
        if not cs:
            return area_words()["none"]
        return " ".join(card_text(c) for c in sorted_cards(mask_of(cs), trump))

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
    bottom = card_text(deal.bottom) if deal.bottom is not None else area_words()["none"]
    parts.append(Text(pgettext('review.shown', 'Turn-up {turn_up} · bottom {bottom}').format(turn_up=card_text(deal.turn_up_card),
                                               bottom=bottom)))
    for seat in seats:
        who = names.get(seat, seat)
        mine = review.of(seat)
        costly = review.costliest(seat)
        parts.append(Text(""))
        if costly:
            table = Table(title=pgettext('review.mistakes', 'Costliest decisions of {who}').format(who=who), title_justify="left",
                          title_style="bold", padding=(0, 1, 0, 0))
            _decision_columns(table)
            for d in costly:
                _decision_row(table, d)
            parts.append(table)
        else:
            parts.append(Text(pgettext('review.no.loss', '{who}: no decision gave up points that the bot could see.').format(who=who)))
        if mine:
            table = Table(title=pgettext('review.decisions', 'Each decision of {who}, in order').format(who=who), title_justify="left",
                          title_style="bold", padding=(0, 1, 0, 0))
            _decision_columns(table)
            table.add_column(pgettext('review.alternatives', 'Alternatives'), overflow="fold")
            table.add_column(pgettext("review.column.make", "maker makes"), justify="right")
            table.add_column(pgettext("review.column.hindsight", "hindsight"), justify="right")
            for d in mine:
                others = [a for a in d.advice.evaluation.actions if a.action != d.chosen][:alternatives]
                alt = ", ".join(f"{coach_action_text(a.action, True)} {_numbers(d, a)}"
                                for a in others)
                _decision_row(table, d, alt, _makes(d, names),
                              "" if d.given_up is None else str(d.given_up))
            parts.append(table)
            if why is None or seat in why:
                parts += _why(mine, deal.turn_up_card, seat in bots)
        parts.append(Text(review_total(review, seat, who)))
        parts += _hindsight_lines(review, seat, names)
    parts.append(Text(pgettext('review.level', 'Judged by the coach at level {level}, each decision from what that player could see then.').format(level=level_text(review.level)), style="dim"))
    if not review.complete:
        parts.append(Text(pgettext('review.incomplete', '(The review was stopped before the end.)')))
    return Group(*parts)


def _makes(d: Decision, names: dict[Seat, str]) -> str:
    """The calibrated chance the maker makes after the chosen action, with whose contract it is,
    as ``advise`` says it (``72% (you)``, ``26% (bot)``, ``81% (dealer)``)."""
    chance = d.advice.make_prob(d.chosen)
    maker = d.advice.maker(d.chosen)
    if chance is None or maker is None:
        return ""
    return makes_text(chance, in_sentence_name(names.get(maker, maker)))


def _why(decisions: Sequence[Decision], turn_up: int, bot: bool) -> list[Any]:
    """Each decision's reasons as on the coach page (the choice's, then the best's when they
    differ), one line of bullets under its number; ``bot``: worded as the bot's decisions."""
    from rich.text import Text

    from engine.cards import suit_of

    lines: list[Any] = [Text(pgettext("review.why.title", "Why, decision by decision"), style="bold")]
    for d in decisions:
        reasons = " · ".join(fact_text(f, suit_of(turn_up), bot) for f in shown_facts(d))
        lines.append(Text(f"{d.index + 1}. {coach_action_text(d.chosen, True)}: {reasons}"))
    return lines


def _hindsight_lines(review: Review, seat: Seat, names: dict[Seat, str]) -> list[Any]:
    """Labelled as hindsight (every card known, after the deal): the points of this deal the seat's
    bids gave up against the best bid, the card points its cards gave up against the exact solver's
    best play, and when the seat's result came from the other's mistake."""
    from rich.text import Text


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
        best = coach_action_text(d.hindsight_best, True)
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
            who=who, trick=d.trick, n=lost, chosen=coach_action_text(d.chosen, True), best=best,
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


def _decision_columns(table: Any) -> None:
    for k, name in enumerate(review_columns_words()):
        table.add_column(name, justify="right" if k in (0, 4) else "left", no_wrap=k != 3)


def _numbers(d: Decision, value: Any) -> str:
    """A choice's points this deal and, where the standing matters, its chance to win the match
    (issue 24: the points alone, never the bot's value with the match stake in it)."""
    from klabber_tui.words.coach.numbers import match_cell, points

    if d.advice.match_shown:
        return f"{points(value.deal_ev)} ({match_cell(value)})"
    return points(value.deal_ev)


def _decision_row(table: Any, d: Decision, *extra: str) -> None:
    when = review_when_words().get(d.stage, d.stage).format(trick=d.trick)
    played = coach_action_text(d.chosen, True)
    played += f" {_numbers(d, d.advice.evaluation.value(d.chosen))}"
    best = coach_action_text(d.best, True)
    loss = REVIEW_LOSS.format(loss=i18n.Number(d.loss), se=i18n.Number(d.loss_se))
    mark = f" {REVIEW_MISTAKE_MARK}" if d.mistake else ""
    table.add_row(str(d.index + 1), when, played, best if not d.agreed else "=", loss + mark, *extra)
