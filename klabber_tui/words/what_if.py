"""What if (issue 25), for a person and for ``--json``: ``klabber replay FILE --what-if N ACTION``
(``klabber_tui.cli.replay``) and the what-if page arrange :func:`ai.what_if.what_if` with the words of
the catalogue.

Three columns of the same cards: what happened, the record's choice continued by the bots, the
other choice continued by the same bots (the decision told apart from the play); under them the
coach's values of the decision from the deciding seat's view (judgement told apart from luck).
Rich renderables only, no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ai.what_if import Line, Refusal, WhatIf, WhatIfRefusal
from engine.actions import Seat
from engine.cards import SUIT_SYMBOLS
from engine.deal import Deal
from engine.record import Record, record_of, result_json
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.cards import card_text, outcome_words, seat_lower_words
from klabber_tui.words.coach.facts import points_text
from klabber_tui.words.coach.verdicts import coach_action_text
from klabber_tui.words.commands import cli_metavars_words
from klabber_tui.words.names import level_text


def refusal_text(refusal: WhatIfRefusal) -> str:
    """One line: the index, what was wrong and what is allowed."""
    d = refusal.detail
    index = d.get("index")
    if refusal.code is Refusal.INDEX:
        count = int(d["count"])
        if count == 0:
            return pgettext("what_if.refusal.no_actions",
                            "--what-if {index}: the record has no actions, so there is no decision to change"
                            ).format(index=index)
        return npgettext("what_if.refusal.index_out_of_range",
                         "--what-if {index}: the record has {n} action; {number} must be 0",
                         "--what-if {index}: the record has {n} actions; {number} must be 0 to {last}",
                         count).format(n=count, index=index, last=count - 1,
                                       number=cli_metavars_words()["number"])
    seat = seat_lower_words()[d["seat"]]
    allowed = ", ".join(d.get("allowed", ()))
    if refusal.code is Refusal.NOT_AN_ACTION:
        return pgettext("what_if.refusal.not_an_action",
                        "--what-if {index} {action!r}: not an action in record notation (lower case, one space "
                        "apart); the {seat} could: {allowed}").format(index=index, action=d["action"], seat=seat, allowed=allowed)
    if refusal.code is Refusal.NOT_LEGAL:
        return pgettext("what_if.refusal.not_legal",
                        "--what-if {index} {action!r}: the {seat} may not do that at action {index}; allowed: "
                        "{allowed}").format(index=index, action=d["action"], seat=seat, allowed=allowed)
    if d["line"] == Line.WHAT_IF:
        return pgettext("what_if.refusal.cards_missing",
                        "--what-if {index} {action!r}: this line fixes the trump, and the record has no extra deal "
                        "('extra') to go on with; only a record with both seats' extra cards can be played on past "
                        "the bidding").format(index=index, action=d["action"])
    return pgettext("what_if.refusal.cards_missing_for_bots",
                    "--what-if {index} {action!r}: the record's own choice, played on by the bots, fixes the trump, "
                    "and the record has no extra deal ('extra') to go on with; only a record with both seats' extra "
                    "cards can be played on past the bidding").format(index=index, action=d["action"])


def line_title(line: Line | str, action: str) -> str:
    """The heading of a continued line."""
    if line == Line.BOTS:
        return pgettext("what_if.column.same_choice_by_bots", "Same choice, bots")
    return pgettext("what_if.column.other_choice", "What if: {action}").format(action=action)


# -- the JSON -------------------------------------------------------------------------------------


def _number(value: float) -> float:
    """Two decimals, never a negative zero (as ``advise --json``)."""
    return round(value, 2) + 0.0


def line_json(deal: Deal, result: WhatIf, line: Line, meta: dict[str, str | int | float]) -> dict[str, Any]:
    """What ``replay --json`` gives for the line, plus its full record, the what-if marked in meta."""
    marked = {**meta, "what_if_index": result.index, "what_if_line": line.value,
              "what_if_action": str(result.alternative), "what_if_original": str(result.original),
              "what_if_level": result.level, "what_if_seed": result.seed}
    return {**result_json(deal), "record": record_of(deal, marked)}


def coach_json(result: WhatIf) -> dict[str, Any] | None:
    """The decision's choices with the coach's values, from the deciding seat's view."""
    advice = result.advice
    if advice is None:
        return None
    evaluation = advice.evaluation
    return {
        "index": result.index, "seat": result.seat, "stage": evaluation.stage, "level": result.level,
        "worlds": evaluation.worlds, "chosen": str(result.original), "what_if": str(result.alternative),
        "best": str(evaluation.best),
        "choices": [{"action": str(a.action), "ev": _number(a.ev), "deal_ev": _number(a.deal_ev),
                     "ev_se": _number(a.ev_se),
                     "make_prob": None if (p := advice.make_prob(a.action)) is None else round(p, 3)}
                    for a in evaluation.actions],
    }


def what_if_json(record: Record, result: WhatIf) -> dict[str, Any]:
    meta = dict(record.meta)
    return {"actual": result_json(result.actual),
            "what_if": line_json(result.lines[Line.WHAT_IF], result, Line.WHAT_IF, meta),
            "bots": line_json(result.lines[Line.BOTS], result, Line.BOTS, meta),
            "coach": coach_json(result)}


# -- for a person ---------------------------------------------------------------------------------


def _margin(deal: Deal, seat: Seat) -> int:
    """What the deal put on the score sheet for ``seat``, less the other's (§8)."""
    result = deal.result()
    return result.seat(seat).scored - result.seat(seat.other).scored


def _trick_cell(deal: Deal, k: int) -> str:
    if k >= len(deal.tricks):
        return ""
    trick = deal.tricks[k]
    cards = " ".join(card_text(c) for c in trick.cards)
    if trick.winner is Seat.ELDER:
        return pgettext("what_if.trick.won_by_elder", "{cards} → Elder").format(cards=cards)
    return pgettext("what_if.trick.won_by_dealer", "{cards} → Dealer").format(cards=cards)


def render_what_if(result: WhatIf) -> RenderableType:
    """The three lines side by side, the play trick by trick, then the coach on the decision."""
    seat = result.seat
    index = result.index
    deals = (result.actual, result.lines[Line.BOTS], result.lines[Line.WHAT_IF])
    chosen = coach_action_text(result.original, True)
    other = coach_action_text(result.alternative, True)
    head = Text(pgettext("what_if.heading",
                         "Action {number}: the {seat} chose {chosen}. What if {other}? Both lines are played on with "
                         "the same cards by {level} for both seats (seed {seed}).").format(
        number=index, seat=seat_lower_words()[seat], chosen=chosen, other=other,
        level=level_text(result.level), seed=result.seed))
    table = Table(padding=(0, 1), title_justify="left")
    table.add_column("")
    table.add_column(pgettext("what_if.column.what_happened", "What happened"))
    table.add_column(line_title(Line.BOTS, ""))
    table.add_column(line_title(Line.WHAT_IF, other))

    def row(label: str, cells: Sequence[str]) -> None:
        table.add_row(label, *cells)

    def said(deal: Deal) -> str:
        return coach_action_text(deal.actions[index][1], True)

    row(pgettext("what_if.row.choice_at_action", "At action {number}").format(number=index), [said(d) for d in deals])

    def contract(deal: Deal) -> str:
        res = deal.result()
        if res.trump is None or res.maker is None:
            return outcome_words()[res.outcome]
        suit = SUIT_SYMBOLS[res.trump]
        if res.maker is Seat.ELDER:
            return pgettext("what_if.contract.made_by_elder", "{suit} by the elder").format(suit=suit)
        return pgettext("what_if.contract.made_by_dealer", "{suit} by the dealer").format(suit=suit)

    row(pgettext("what_if.row.trump", "Trump"), [contract(d) for d in deals])
    row(pgettext("what_if.row.outcome", "Outcome"), [outcome_words()[d.result().outcome] for d in deals])
    scored = {Seat.ELDER: pgettext("what_if.row.scored_by_elder", "Elder scores"),
              Seat.DEALER: pgettext("what_if.row.scored_by_dealer", "Dealer scores")}
    for s in (seat, seat.other):
        row(scored[s], [str(d.result().seat(s).scored) for d in deals])
    margin = (pgettext("what_if.row.margin_for_elder", "For the elder") if seat is Seat.ELDER
              else pgettext("what_if.row.margin_for_dealer", "For the dealer"))
    row(margin, [points_text(_margin(d, seat), 0) for d in deals])
    for k in range(max(len(d.tricks) for d in deals)):
        row(pgettext("what_if.row.trick_number", "Trick {number}").format(number=k + 1),
            [_trick_cell(d, k) for d in deals])
    parts: list[RenderableType] = [head, table]
    parts += coach_lines(result)
    return Group(*parts)


def coach_lines(result: WhatIf) -> list[RenderableType]:
    """The coach's values of the decision, and what was judgement and what was luck."""
    advice = result.advice
    if advice is None:
        return [Text(pgettext("what_if.coach.no_decision",
                              "The coach judges no exchange made out of turn: this action was no decision of the "
                              "seat to play."))]
    evaluation = advice.evaluation
    seat = seat_lower_words()[result.seat]
    title = Text(npgettext("what_if.coach.title",
                           "The coach, from the {seat}'s view before the cards fell ({n} sampled deal)",
                           "The coach, from the {seat}'s view before the cards fell ({n} sampled deals)",
                           evaluation.worlds).format(n=evaluation.worlds, seat=seat), style="bold")
    table = Table(padding=(0, 1))
    table.add_column(pgettext("what_if.coach.column.choice", "choice"))
    table.add_column(pgettext("what_if.coach.column.average_score", "average"), justify="right")
    table.add_column(pgettext("what_if.coach.column.chance_to_make", "makes"), justify="right")
    table.add_column("")
    for a in evaluation.actions:
        marks = []
        if a.action == result.original:
            marks.append(pgettext("what_if.coach.mark.chosen", "chosen"))
        if a.action == result.alternative and result.alternative != result.original:
            marks.append(pgettext("what_if.coach.mark.other_choice", "what if"))
        if a.action == evaluation.best:
            marks.append(pgettext("what_if.coach.mark.best", "best"))
        p = advice.make_prob(a.action)
        table.add_row(coach_action_text(a.action, True), points_text(a.ev),
                      "" if p is None else f"{100 * p:.0f}%", ", ".join(marks))
    judged = evaluation.value(result.alternative).ev - evaluation.value(result.original).ev
    fell = _margin(result.lines[Line.WHAT_IF], result.seat) - _margin(result.lines[Line.BOTS], result.seat)
    words = pgettext("what_if.coach.verdict",
                     "Judgement: before the cards fell, {other} was worth {judged} points against {chosen} on "
                     "average. On these cards the bots' two lines differ by {fell}: the rest is luck.").format(
        other=coach_action_text(result.alternative, True),
        chosen=coach_action_text(result.original, True),
        judged=points_text(judged), fell=points_text(fell, 0))
    return [title, table, Text(words)]
