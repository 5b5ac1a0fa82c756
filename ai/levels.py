"""The Monte Carlo bot's levels: the one table of level names and the counts each one uses.

Levels fix counts (worlds, playouts), never time, so a view and a seed always give the same action.
``ai.registry`` builds every bot and level name from this table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    play_worlds: int
    play_playouts: int
    bid_worlds: int
    bid_playouts: int
    exact_tricks: int  # from this many tricks left, each world is solved exactly (ai.solver)
    exact_worlds: int  # how many of the worlds are solved then (exact values need fewer)
    epsilon: float = 0.2  # share of random cards in playouts: 0.2 beat 0, 0.1, 0.3, 0.45 (150 boards)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 24, 2, 64, 2, 3, 16),
    "normal": Level("normal", 96, 6, 400, 4, 4, 32),
    "hard": Level("hard", 256, 8, 1000, 6, 5, 64),
}
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
