"""The one list of bot and level names, and ``make_bot``: every other module asks here.

``random`` and ``greedy`` are the simple bots (``ai.bots``), ``beginner`` the first rung of the
ladder of levels (``ai.beginner``), ``mc:<level>`` the Monte Carlo bot
at a level of ``ai.levels``, ``oracle`` the all-seeing upper bound of the arena (``ai.oracle``).
The names cost no numpy: the Monte Carlo bot and the oracle are imported when one is made, so the
command line and the interface can list the names and still start fast.
"""

from __future__ import annotations

from .bots import Bot, GreedyBot, RandomBot
from .levels import LEVEL_NAMES

__all__ = ["ARENA_NAMES", "BOT_NAMES", "LEVEL_NAMES", "PLAYER_LEVELS", "RESEARCH_BOT_NAMES", "VERDICT_LEVEL",
           "bot_name", "make_bot"]

# Issue 11: the one level every verdict judges at (the coach, "after each bid", the review, the
# drills, ``klabber advise``), so one choice never gets two verdicts; ``hard`` because the make
# chance is calibrated there (docs/coach.md). Read it at call time, as ``registry.VERDICT_LEVEL``.
VERDICT_LEVEL = "hard"

BOT_NAMES: tuple[str, ...] = ("random", "beginner", "greedy", *(f"mc:{level}" for level in LEVEL_NAMES), "oracle")
# The levels a player may face at the table: the ladder first (issue 10), weakest first; a level of
# ``LEVEL_NAMES`` is the Monte Carlo bot at that level (``bot_name``), the others are bots by name.
PLAYER_LEVELS: tuple[str, ...] = ("beginner", *LEVEL_NAMES, "greedy", "random")
# Research bots of issue 10 (``ai.probes``): each splits off one piece of the gap to the oracle;
# the arena takes them, the game does not.
RESEARCH_BOT_NAMES: tuple[str, ...] = ("probe:true-world", "probe:solve-worlds", "oracle:no-stock",
                                        "probe:infer-play", "probe:infer-bids", "probe:true-bids",
                                        "probe:solve-bids", "probe:calibrated-bids")
ARENA_NAMES: tuple[str, ...] = BOT_NAMES + RESEARCH_BOT_NAMES


def bot_name(level: str) -> str:
    """The bot name of a player level: ``normal`` -> ``mc:normal``; ``beginner``, ``greedy``,
    ``random`` and a bot name already (``mc:hard``) as they are."""
    return f"mc:{level}" if level in LEVEL_NAMES else level


def make_bot(name: str) -> Bot:
    """A bot by its arena name: random, beginner, greedy, mc:easy, mc:normal, mc:hard, oracle, or a research bot."""
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "beginner":
        from .beginner import BeginnerBot

        return BeginnerBot()
    if name.startswith("mc:") and name[3:] in LEVEL_NAMES:
        from .mc import MonteCarloBot

        return MonteCarloBot(name[3:])
    if name == "oracle":
        from .oracle import OracleBot

        return OracleBot()
    if name in RESEARCH_BOT_NAMES:
        from .probes import make_probe

        return make_probe(name)
    raise ValueError(f"unknown bot {name!r}: the bots are {', '.join(BOT_NAMES)}")
