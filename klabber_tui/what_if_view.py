"""What if (issue 25), for a person and for ``--json``: ``klabber replay FILE --what-if N ACTION``
and the what-if page arrange :func:`ai.what_if.what_if` with the words of the catalogue.

Three columns of the same cards: what happened, the record's choice continued by the bots, the
other choice continued by the same bots (the decision told apart from the play); under them the
coach's values of the decision from the deciding seat's view (judgement told apart from luck).
Rich renderables only, no Textual.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ai.what_if import Line, Refusal, WhatIf, WhatIfRefusal
from engine.actions import Seat
from engine.cards import SUIT_SYMBOLS, SUITS
from engine.deal import Deal
from engine.record import Record, record_of, result_json

from . import text


def refusal_text(refusal: WhatIfRefusal) -> str:
    """One line: the index, what was wrong and what is allowed."""
    d = refusal.detail
    index = d.get("index")
    if refusal.code is Refusal.INDEX:
        count = int(d["count"])
        if count == 0:
            return text.WHAT_IF_WORDS["refusal.no_actions"].format(index=index)
        return text.plural("what_if_index", count, index=index, last=count - 1)
    seat = text.SEAT_LOWER[d["seat"]]
    allowed = ", ".join(d.get("allowed", ()))
    if refusal.code is Refusal.NOT_AN_ACTION:
        return text.WHAT_IF_WORDS["refusal.not_an_action"].format(index=index, action=d["action"], seat=seat, allowed=allowed)
    if refusal.code is Refusal.NOT_LEGAL:
        return text.WHAT_IF_WORDS["refusal.not_legal"].format(index=index, action=d["action"], seat=seat, allowed=allowed)
    if d["line"] == Line.WHAT_IF:
        return text.WHAT_IF_WORDS["refusal.cards_missing"].format(index=index, action=d["action"])
    return text.WHAT_IF_WORDS["refusal.cards_missing_bots"].format(index=index, action=d["action"])


def line_title(line: Line | str, action: str) -> str:
    """The heading of a continued line."""
    if line == Line.BOTS:
        return text.WHAT_IF_WORDS["column.bots"]
    return text.WHAT_IF_WORDS["column.what_if"].format(action=action)


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


def _trick_cell(deal: Deal, k: int, ascii_suits: bool) -> str:
    if k >= len(deal.tricks):
        return ""
    trick = deal.tricks[k]
    cards = " ".join(text.card_text(c, ascii_suits) for c in trick.cards)
    return text.WHAT_IF_WORDS[f"trick.{trick.winner.value}"].format(cards=cards)


def render_what_if(result: WhatIf, ascii_suits: bool = False) -> RenderableType:
    """The three lines side by side, the play trick by trick, then the coach on the decision."""
    seat = result.seat
    index = result.index
    deals = (result.actual, result.lines[Line.BOTS], result.lines[Line.WHAT_IF])
    chosen = text.coach_action_text(result.original, ascii_suits, True)
    other = text.coach_action_text(result.alternative, ascii_suits, True)
    head = Text(text.WHAT_IF_WORDS["head"].format(
        number=index, seat=text.SEAT_LOWER[seat], chosen=chosen, other=other,
        level=text.LEVEL_WORDS.get(result.level, result.level), seed=result.seed))
    table = Table(padding=(0, 1), title_justify="left")
    table.add_column("")
    table.add_column(text.WHAT_IF_WORDS["column.actual"])
    table.add_column(line_title(Line.BOTS, ""))
    table.add_column(line_title(Line.WHAT_IF, other))

    def row(label: str, cells: Sequence[str]) -> None:
        table.add_row(label, *cells)

    def said(deal: Deal) -> str:
        return text.coach_action_text(deal.actions[index][1], ascii_suits, True)

    row(text.WHAT_IF_WORDS["row.choice"].format(number=index), [said(d) for d in deals])

    def contract(deal: Deal) -> str:
        res = deal.result()
        if res.trump is None or res.maker is None:
            return text.OUTCOME_WORDS[res.outcome]
        return text.WHAT_IF_WORDS[f"contract.{res.maker.value}"].format(
            suit=(SUITS if ascii_suits else SUIT_SYMBOLS)[res.trump])

    row(text.WHAT_IF_WORDS["row.contract"], [contract(d) for d in deals])
    row(text.WHAT_IF_WORDS["row.outcome"], [text.OUTCOME_WORDS[d.result().outcome] for d in deals])
    for s in (seat, seat.other):
        row(text.WHAT_IF_WORDS[f"row.scored.{s.value}"],
            [str(d.result().seat(s).scored) for d in deals])
    row(text.WHAT_IF_WORDS[f"row.margin.{seat.value}"],
        [text.points_text(_margin(d, seat), 0) for d in deals])
    for k in range(max(len(d.tricks) for d in deals)):
        row(text.WHAT_IF_WORDS["row.trick"].format(number=k + 1),
            [_trick_cell(d, k, ascii_suits) for d in deals])
    parts: list[RenderableType] = [head, table]
    parts += coach_lines(result, ascii_suits)
    return Group(*parts)


def coach_lines(result: WhatIf, ascii_suits: bool) -> list[RenderableType]:
    """The coach's values of the decision, and what was judgement and what was luck."""
    advice = result.advice
    if advice is None:
        return [Text(text.WHAT_IF_WORDS["coach.none"])]
    evaluation = advice.evaluation
    seat = text.SEAT_LOWER[result.seat]
    title = Text(text.plural("what_if_coach", evaluation.worlds, seat=seat), style="bold")
    table = Table(padding=(0, 1))
    table.add_column(text.WHAT_IF_WORDS["coach.column.choice"])
    table.add_column(text.WHAT_IF_WORDS["coach.column.ev"], justify="right")
    table.add_column(text.WHAT_IF_WORDS["coach.column.make"], justify="right")
    table.add_column("")
    for a in evaluation.actions:
        marks = []
        if a.action == result.original:
            marks.append(text.WHAT_IF_WORDS["coach.mark.chosen"])
        if a.action == result.alternative and result.alternative != result.original:
            marks.append(text.WHAT_IF_WORDS["coach.mark.what_if"])
        if a.action == evaluation.best:
            marks.append(text.WHAT_IF_WORDS["coach.mark.best"])
        p = advice.make_prob(a.action)
        table.add_row(text.coach_action_text(a.action, ascii_suits, True), text.points_text(a.ev),
                      "" if p is None else f"{100 * p:.0f}%", ", ".join(marks))
    judged = evaluation.value(result.alternative).ev - evaluation.value(result.original).ev
    fell = _margin(result.lines[Line.WHAT_IF], result.seat) - _margin(result.lines[Line.BOTS], result.seat)
    words = text.WHAT_IF_WORDS["coach.verdict"].format(
        other=text.coach_action_text(result.alternative, ascii_suits, True),
        chosen=text.coach_action_text(result.original, ascii_suits, True),
        judged=text.points_text(judged), fell=text.points_text(fell, 0))
    return [title, table, Text(words)]


# -- the command ----------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """``klabber replay FILE --what-if N ACTION [--seed S] [--level L] [--json]``."""
    from ai.what_if import allowed_at, what_if
    from engine.record import replay

    from .argtypes import fail, record_action
    from .files import load_record

    written_index, action = args.what_if
    if args.review:
        fail(text.WHAT_IF_WORDS["refusal.review"])
    seed = 0 if args.seed is None else args.seed
    record = load_record(args.file)
    replay(record)  # a refused record is refused first, as plain replay refuses it
    try:
        index = int(written_index, 10)
    except ValueError:
        fail(text.WHAT_IF_WORDS["refusal.not_a_number"].format(index=written_index))
    try:
        alternative = record_action(action)
        if alternative is None:
            seat, allowed = allowed_at(record, index)
            raise WhatIfRefusal(Refusal.NOT_AN_ACTION, index=index, seat=seat, action=action, allowed=allowed)
        result = what_if(record, index, alternative, seed, args.level)
    except WhatIfRefusal as refused:
        fail(refusal_text(refused))
    if args.json:
        print(json.dumps(what_if_json(record, result)))
        return 0
    from rich.console import Console

    Console().print(render_what_if(result, args.ascii))
    return 0
