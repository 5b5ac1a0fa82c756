"""A match's report (issue 31, "learn from this match, now"): a pure model, no words and no Textual.

Built from two things the data folder already holds: the match's file (``finished/``, or the live
save for the match so far), which gives every deal's score sheet row (rules.md §9: each side's
points, the maker, the outcome, the running totals), and the statistics rows of that match
(``data/stats.py``, found by the match id), which give each of the player's decisions judged by the
coach: its kind, whether it agreed with the coach's best, the points it lost and (``klabber-stats/4``)
the coach's standard error of that loss, and the value of the deal.

Two numbers are kept apart and never added under one name (the issue's "luck beside judgement"):

* **luck**: what the cards dealt were worth to each side, the sum over the deals of each deal's
  ``value`` (the coach's value of the best play at the player's first judged decision of the deal,
  as the player's sheet difference: see :func:`klabber_tui.data.stats.record_deal`); the bot's luck
  is its negative, as a deal's sheet difference is zero-sum;
* **judgement**: what the player's decisions cost, the sum of their losses against the coach's best.

A match recorded before ``klabber-stats/4`` has no standard errors and no deal values: its report
holds what there is (``complete`` False, the uncertainties and the luck None). No search runs here:
every number is one the coach computed while the match was played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.match import Match

COSTLIEST = 3  # the costliest decisions the report lists, each opening the what-if page on its deal
MISTAKE_POINTS = 8.0  # ai.coach's rule (a test holds the two together): a loss above this ...
MISTAKE_SIGMAS = 2.0  # ... and above this many standard errors


@dataclass(frozen=True)
class DealLine:
    """One deal on the sheet, from the player's side (player 0, rules.md §9)."""

    number: int
    maker: str | None  # "player", "bot", or None (thrown in)
    outcome: str  # made, tie, bust, thrown_in
    points: tuple[int, int]  # (player, bot) scored in this deal
    totals: tuple[int, int]  # (player, bot) after it
    value: float | None  # what the cards dealt were worth to the player (the bot's: its negative)


@dataclass(frozen=True)
class Judged:
    """The player's decisions of one kind (bidding or card play) in the match."""

    decisions: int
    agreed: int  # the coach's best
    mistakes: int  # judged mistakes by the coach's rule (see :func:`is_mistake`)
    lost: float  # points lost in all
    se: float | None  # the standard error of ``lost`` (the rows' own, independent), None when unknown

    @property
    def per_decision(self) -> float | None:
        return self.lost / self.decisions if self.decisions else None

    @property
    def per_decision_se(self) -> float | None:
        return None if self.se is None or not self.decisions else self.se / self.decisions


@dataclass(frozen=True)
class Costly:
    """One of the match's costliest decisions of the player."""

    deal: int
    action_index: int  # in the deal's actions: the what-if page's first decision
    kind: str  # bid or card
    action: Action | None  # as played, read from the deal's record (None where the record lacks it)
    loss: float
    se: float | None


@dataclass(frozen=True)
class Report:
    match_id: str
    preset: str
    target: int
    names: tuple[str, str]  # player, bot
    practice: bool  # undo was used: the report is marked as practice
    over: bool  # the match is finished (else: the match so far)
    winner: int | None  # 0 the player, 1 the bot
    totals: tuple[int, int]
    deals: tuple[DealLine, ...]
    bids: Judged
    cards: Judged
    luck: float | None  # the sum of the deals' values to the player (the bot's: its negative)
    luck_deals: int  # how many deals hold a value
    judgement: float  # what the player's decisions cost, bids and cards
    costliest: tuple[Costly, ...]
    complete: bool  # every decision row holds its standard error (klabber-stats/4)
    level: str | None = None  # the bot's level the player faced
    ladder: Any = None  # issue 31, item 4: the player's bidding on the bot's ladder (ai.ladder.Placement) or None
    suggestion: str | None = None  # the next level to offer when the match is over and the player's interval lies above


def is_mistake(loss: float, se: float | None) -> bool:
    """The coach's rule (``ai.coach``: more than MISTAKE_POINTS and more than MISTAKE_SIGMAS standard
    errors); a row without its standard error (version 3) by the points alone."""
    return loss > MISTAKE_POINTS and (se is None or loss > MISTAKE_SIGMAS * se)


def _judged(rows: list[dict[str, Any]]) -> Judged:
    ses = [row.get("se") for row in rows]
    known = all(se is not None for se in ses)
    return Judged(len(rows), sum(1 for row in rows if row["agreed"]),
                  sum(1 for row in rows if is_mistake(row["loss"], row.get("se"))),
                  round(sum(row["loss"] for row in rows), 2),
                  math.sqrt(sum(se * se for se in ses if se is not None)) if known and rows else (0.0 if known else None))


def _deal_of(row: dict[str, Any]) -> int:
    return int(row["id"]["deal"])


def match_rows(table: list[dict[str, Any]], match_id: str) -> list[dict[str, Any]]:
    """The rows of a statistics table (its kept rows: rolled-up months hold no ids) of this match."""
    return [row for row in table if isinstance(row.get("id"), dict) and row["id"].get("match") == match_id]


def build(save: dict[str, Any], decisions: list[dict[str, Any]], deals: list[dict[str, Any]]) -> Report:
    """The report of the match in ``save`` (a ``klabber-save`` document) from its statistics rows
    (``decisions`` and ``deals``, already of this match: :func:`match_rows`). A ValueError when the
    match does not replay."""
    match = Match.from_dict(save.get("match"))
    match_id = str(save.get("id") or "")
    values = {int(row["id"]["deal"]): row.get("value") for row in deals if isinstance(row.get("id"), dict)}
    lines = []
    for row in match.rows:
        maker = None if row.maker is None else ("player" if row.maker == 0 else "bot")
        lines.append(DealLine(row.number, maker, str(row.outcome), row.points, row.totals, values.get(row.number)))
    played = {line.number for line in lines}
    judged = [row for row in decisions if _deal_of(row) in played or not match.is_over]
    bids = [row for row in judged if row["kind"] == "bid"]
    cards = [row for row in judged if row["kind"] == "card"]
    # the costliest of the finished deals only: the what-if page of a deal in play would show the bot's hand
    costly = sorted((row for row in judged if _deal_of(row) in played), key=lambda row: (-row["loss"], _deal_of(row), row["id"]["action"]))
    costliest = tuple(Costly(_deal_of(row), int(row["id"]["action"]), row["kind"],
                             _played(save, _deal_of(row), int(row["id"]["action"])), row["loss"], row.get("se"))
                      for row in costly[:COSTLIEST] if row["loss"] > 0)
    known = [line.value for line in lines if line.value is not None]
    names = save.get("names")
    shown = (str(names[0]), str(names[1])) if isinstance(names, list) and len(names) == 2 else ("", "")
    return Report(
        match_id=match_id, preset=match.rules.preset, target=match.target, names=shown,
        practice=bool(save.get("practice")), over=match.is_over, winner=match.winner, totals=match.totals,
        deals=tuple(lines), bids=_judged(bids), cards=_judged(cards),
        luck=round(sum(known), 2) if known else None, luck_deals=len(known),
        judgement=round(sum(row["loss"] for row in judged), 2), costliest=costliest,
        complete=all(row.get("se") is not None for row in judged),
        level=save.get("level") if isinstance(save.get("level"), str) else None,
    )


def to_json(report: Report) -> dict[str, Any]:
    """``klabber report --json``: English keys, the model's numbers as they are."""

    def judged(j: Judged) -> dict[str, Any]:
        return {"decisions": j.decisions, "agreed": j.agreed, "mistakes": j.mistakes, "points_lost": j.lost,
                "points_lost_se": None if j.se is None else round(j.se, 2),
                "per_decision": None if j.per_decision is None else round(j.per_decision, 2),
                "per_decision_se": None if j.per_decision_se is None else round(j.per_decision_se, 2)}

    return {
        "match": report.match_id, "preset": report.preset, "target": report.target, "practice": report.practice,
        "over": report.over, "winner": None if report.winner is None else ("player", "bot")[report.winner],
        "totals": {"player": report.totals[0], "bot": report.totals[1]},
        "deals": [{"deal": d.number, "maker": d.maker, "outcome": d.outcome,
                   "points": {"player": d.points[0], "bot": d.points[1]},
                   "totals": {"player": d.totals[0], "bot": d.totals[1]},
                   "value": None if d.value is None else {"player": d.value, "bot": -d.value}} for d in report.deals],
        "bidding": judged(report.bids), "card_play": judged(report.cards),
        "luck": None if report.luck is None else {"player": report.luck, "bot": -report.luck,
                                                  "deals": report.luck_deals},
        "judgement": {"points_lost": report.judgement},
        "costliest": [{"deal": c.deal, "action_index": c.action_index, "kind": c.kind, "action": None if c.action is None else str(c.action),
                       "points_lost": c.loss, "se": c.se} for c in report.costliest],
        "complete": report.complete,
        "bidding_ladder": None if report.ladder is None else _ladder_json(report.ladder),
        "suggested_level": report.suggestion,
    }


def _ladder_json(found: Any) -> dict[str, Any]:
    from klabber_tui.practice import ladder

    return ladder.to_json(found)


# -- finding a match and its rows in the data folder ----------------------------------------------------


def read_match(path: Any) -> dict[str, Any]:
    """A match's file (``klabber-save``, as ``finished/`` holds them): FileRefused or Unreadable when
    it is not one this version can read, ValueError when its match does not replay."""
    from klabber_tui.data.files import MAX_SAVE_BYTES, read_json
    from klabber_tui.data.saves import SAVE_FAMILY, SAVE_VERSION
    from klabber_tui.data.schemas import Unreadable, version_of

    obj = read_json(path, MAX_SAVE_BYTES)
    if version_of(obj, SAVE_FAMILY, SAVE_VERSION) > SAVE_VERSION or not isinstance(obj.get("match"), dict):
        raise Unreadable("not_a_match", {})
    Match.from_dict(obj["match"])
    return obj


def finished_matches(limit: int = 200) -> list[tuple[Any, dict[str, Any]]]:
    """The finished matches in the data folder's ``finished/`` that this version reads, newest first
    (by name: a match's id begins with its date and time), at most ``limit``: (path, save)."""
    from klabber_tui.data.folder import FINISHED_DIR, data_dir

    folder = data_dir() / FINISHED_DIR
    if not folder.is_dir() or folder.is_symlink():
        return []
    found = []
    for path in sorted(folder.glob("match-*.json"), reverse=True):
        try:
            save = read_match(path)
            if Match.from_dict(save["match"]).is_over:
                found.append((path, save))
        except (OSError, ValueError):
            continue
        if len(found) >= limit:
            break
    return found


def latest_finished() -> Any:
    """The path of the latest finished match in the data folder's ``finished/``, or None."""
    found = finished_matches(limit=1)
    return found[0][0] if found else None


def report_of(save: dict[str, Any], stats: Any) -> Report:
    """The report of ``save``'s match from the loaded statistics (``data.stats.Stats``), with the
    player's bidding on the bot's ladder (their last real decisions of the preset, this match's
    among them) and, at the end of a real match, the level to offer next."""
    from dataclasses import replace

    from klabber_tui.practice import ladder

    match_id = str(save.get("id") or "")
    built = build(save, match_rows(stats.decisions, match_id), match_rows(stats.deals, match_id))
    suggestion = None
    if built.over and built.level is not None:
        suggestion = ladder.suggestion(stats, built.preset, built.level)
    return replace(built, ladder=ladder.placement(stats, built.preset), suggestion=suggestion)


def _played(save: dict[str, Any], deal: int, index: int) -> Action | None:
    """The action a deal's record holds at ``index``: the report's costly decision as an Action value,
    read the one way text becomes an action (the record), not from the statistics' own notation."""
    from engine.record import RecordError

    try:
        actions = deal_of(save, deal).actions
    except (RecordError, IndexError, KeyError, TypeError, ValueError):
        return None
    return actions[index][1] if 0 <= index < len(actions) else None


def deal_of(save: dict[str, Any], number: int) -> Any:
    """Deal ``number`` (from 1) of ``save``'s match, replayed from its record: what the what-if page
    opens on (no search: the page plays lines on only when asked)."""
    from engine.record import parse_record, replay

    return replay(parse_record(save["match"]["deals"][number - 1]))
