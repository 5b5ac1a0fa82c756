"""The player's progress over time (issue 5): matches, deals as maker, and decisions against the bot.

One JSON file in the data folder, written atomically after every change. A file that cannot be read
is moved aside (never deleted) and the caller gets a message saying so; statistics start again.
Matches with an undo count as practice and are kept apart (``practice``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from .storage import move_aside, atomic_write, data_dir

STATS_NAME = "stats.json"
STATS_FORMAT = "klabber-stats/1"


@dataclass
class Stats:
    decisions: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, kind, agreed, loss
    deals: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, maker, outcome
    matches: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, won

    def to_json(self) -> str:
        return json.dumps({"format": STATS_FORMAT, "decisions": self.decisions, "deals": self.deals,
                           "matches": self.matches}, indent=0)


def _valid(obj: Any) -> bool:
    return (isinstance(obj, dict) and obj.get("format") == STATS_FORMAT
            and all(isinstance(obj.get(k), list) for k in ("decisions", "deals", "matches"))
            and all(isinstance(row, dict) for k in ("decisions", "deals", "matches") for row in obj[k]))


def load() -> tuple[Stats, str | None]:
    """The statistics, and a message when a damaged file had to be moved aside."""
    path = data_dir() / STATS_NAME
    if not path.exists():
        return Stats(), None
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
        if not _valid(obj):
            raise ValueError("not a klabber statistics file")
    except (OSError, UnicodeDecodeError, ValueError) as error:
        moved = move_aside(path, "corrupt")
        where = f" to {moved.name}" if moved else ""
        return Stats(), f"The statistics file could not be read ({error}); it was moved aside{where} and statistics start again."
    return Stats(obj["decisions"], obj["deals"], obj["matches"]), None


def _save(stats: Stats) -> None:
    atomic_write(data_dir() / STATS_NAME, stats.to_json())


def _now() -> float:
    return round(time.time(), 1)


def record_decision(preset: str, practice: bool, kind: str, agreed: bool, loss: float) -> str | None:
    """One decision of the player's, judged by the coach: ``kind`` is ``bid`` or ``card``."""
    stats, message = load()
    stats.decisions.append({"t": _now(), "preset": preset, "practice": practice, "kind": kind,
                            "agreed": agreed, "loss": round(max(0.0, loss), 2)})
    _save(stats)
    return message


def record_deal(preset: str, practice: bool, maker: str | None, outcome: str) -> str | None:
    """A finished deal: ``maker`` is ``player``, ``bot`` or None (thrown in)."""
    stats, message = load()
    stats.deals.append({"t": _now(), "preset": preset, "practice": practice, "maker": maker,
                        "outcome": outcome})
    _save(stats)
    return message


def record_match(preset: str, practice: bool, won: bool) -> str | None:
    stats, message = load()
    stats.matches.append({"t": _now(), "preset": preset, "practice": practice, "won": won})
    _save(stats)
    return message


@dataclass(frozen=True)
class Summary:
    preset: str
    practice: bool
    matches: int
    won: int
    made_as_maker: int
    bust_as_maker: int
    tie_as_maker: int
    bid_decisions: int
    bid_agreement: float | None  # share of bidding decisions that agreed with the bot
    bid_loss: float | None  # expected points lost per bidding decision
    card_decisions: int
    card_loss: float | None


def summaries(stats: Stats) -> list[Summary]:
    """Per preset, real matches and practice apart."""
    keys = sorted({(r["preset"], bool(r["practice"])) for rows in (stats.decisions, stats.deals, stats.matches)
                   for r in rows})
    result = []
    for preset, practice in keys:
        def mine(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [r for r in rows if r["preset"] == preset and bool(r["practice"]) == practice]

        matches, deals, decisions = mine(stats.matches), mine(stats.deals), mine(stats.decisions)
        as_maker = [d for d in deals if d["maker"] == "player"]
        bids = [d for d in decisions if d["kind"] == "bid"]
        cards = [d for d in decisions if d["kind"] == "card"]
        result.append(Summary(
            preset, practice, len(matches), sum(1 for m in matches if m["won"]),
            sum(1 for d in as_maker if d["outcome"] == "made"),
            sum(1 for d in as_maker if d["outcome"] == "bust"),
            sum(1 for d in as_maker if d["outcome"] == "tie"),
            len(bids), _mean([1.0 if d["agreed"] else 0.0 for d in bids]), _mean([d["loss"] for d in bids]),
            len(cards), _mean([d["loss"] for d in cards]),
        ))
    return result


def trend(stats: Stats, preset: str | None = None, kind: str = "bid", window: int = 20) -> list[float]:
    """Expected points lost per decision, averaged over successive windows of ``window`` decisions
    (real matches and drills, not practice), oldest first: what a sparkline shows."""
    rows = [d for d in stats.decisions if d["kind"] == kind and not d["practice"]
            and (preset is None or d["preset"] == preset)]
    return [sum(d["loss"] for d in rows[k:k + window]) / len(rows[k:k + window])
            for k in range(0, len(rows), window)]


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None
