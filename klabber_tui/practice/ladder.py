"""The player's bidding placed on the bot's ladder (issue 31, item 4): the last ``ai.ladder.WINDOW``
real bidding decisions of a preset, from the statistics, placed by ``ai.ladder.place``; and the one
level suggestion at a match's end. Codes and numbers only: ``words.ladder`` words them.

The losses are the statistics' kept rows (``data.stats``: rows rolled up by month hold sums, not
single losses; the file keeps at least 2000 rows, ten times the window), real matches and drills,
not practice, oldest first, as the ladder's figures were measured (the points the coach at the
verdict level says a bid gives up).
"""

from __future__ import annotations

from typing import Any

from ai import ladder


def bidding_losses(stats: Any, preset: str) -> list[float]:
    """The recorded loss of each real bidding decision of ``preset``, oldest first."""
    return [row["loss"] for row in stats.decisions
            if row["kind"] == "bid" and not row["practice"] and row["preset"] == preset]


def placement(stats: Any, preset: str) -> ladder.Placement | None:
    """The player's placement in ``preset`` (None for a preset the ladder was not measured in)."""
    if preset not in ladder.FIGURES:
        return None
    return ladder.place(preset, bidding_losses(stats, preset))


def suggestion(stats: Any, preset: str, facing: str) -> str | None:
    """The next level to offer for the next match (never chosen for the player): only when the
    player's whole interval lies above the rung of the level faced (``ai.ladder.suggest_level``)."""
    found = placement(stats, preset)
    return None if found is None else ladder.suggest_level(found, facing.removeprefix("mc:"))


def to_json(found: ladder.Placement) -> dict[str, Any]:
    """``klabber stats --json``'s ladder of a preset: English keys."""
    return {"preset": found.preset, "decisions": found.n, "window": ladder.WINDOW,
            "mean": round(found.mean, 3), "low": round(found.low, 3),
            "high": None if found.high == float("inf") else round(found.high, 3),
            "placement": str(found.code), "rungs": [list(r.levels) for r in found.rungs],
            "needed": found.needed, "more_needed": found.more_needed,
            "not_told_apart": [list(r.levels) for r in found.merged], "at_noise_floor": found.at_floor}
