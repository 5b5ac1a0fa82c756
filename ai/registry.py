"""The one list of bot and level names, ``make_bot`` and ``make_arena_bot``: every other module asks here.

``random`` and ``greedy`` are the simple bots (``ai.bots``), ``beginner`` the first rung of the
ladder of levels (``ai.beginner``), ``mc:<level>`` the Monte Carlo bot
at a level of ``ai.levels``: each plays from a seat's view, in the game and in the arena.
``oracle`` (``ai.oracle``) sees every card: the arena's upper bound, a ``FullDealBot``. The arena
also plays a bot named ``module:factory`` (the research bots of ``research/``, outside the package):
the module is imported from ``sys.path`` and the factory called with no arguments.
The names cost no numpy: the Monte Carlo bot and the oracle are imported when one is made, so the
command line and the interface can list the names and still start fast.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from enum import StrEnum

from .bots import ArenaBot, Bot, FullDealBot, GreedyBot, RandomBot
from .levels import LEVEL_NAMES

__all__ = ["ARENA_NAMES", "BOT_NAMES", "FULL_DEAL_NAMES", "LEVEL_NAMES", "PLAYER_LEVELS", "VERDICT_LEVEL", "BotRefusal",
           "UnknownBot", "bot_name", "make_arena_bot", "make_bot"]

# Issue 11: the one level every verdict judges at (the coach, "after each bid", the review, the
# drills, ``klabber advise``), so one choice never gets two verdicts; ``hard`` because the make
# chance is calibrated there (docs/coach.md). Read it at call time, as ``registry.VERDICT_LEVEL``.
VERDICT_LEVEL = "hard"

BOT_NAMES: tuple[str, ...] = ("random", "beginner", "greedy", *(f"mc:{level}" for level in LEVEL_NAMES))
FULL_DEAL_NAMES: tuple[str, ...] = ("oracle",)
ARENA_NAMES: tuple[str, ...] = BOT_NAMES + FULL_DEAL_NAMES
# The levels a player may face at the table: the ladder first (issue 10), weakest first; a level of
# ``LEVEL_NAMES`` is the Monte Carlo bot at that level (``bot_name``), the others are bots by name.
PLAYER_LEVELS: tuple[str, ...] = ("beginner", *LEVEL_NAMES, "greedy", "random")


class BotRefusal(StrEnum):
    """Why a name gives no bot."""

    UNKNOWN = "unknown"  # neither a bot's name nor ``module:factory``
    NO_MODULE = "no_module"  # ``module:factory`` whose module does not import
    NO_FACTORY = "no_factory"  # the module has no factory of that name callable with no arguments
    NOT_A_BOT = "not_a_bot"  # the factory gave something that is neither a Bot nor a FullDealBot


class UnknownBot(ValueError):
    """A name that gives no bot; ``detail`` is the import error for ``NO_MODULE``, else empty."""

    def __init__(self, name: str, refusal: BotRefusal, detail: str = "") -> None:
        super().__init__(f"{refusal}: {name!r}" + (f" ({detail})" if detail else ""))
        self.name = name
        self.refusal = refusal
        self.detail = detail


def bot_name(level: str) -> str:
    """The bot name of a player level: ``normal`` -> ``mc:normal``; ``beginner``, ``greedy``,
    ``random`` and a bot name already (``mc:hard``) as they are."""
    return f"mc:{level}" if level in LEVEL_NAMES else level


def make_bot(name: str) -> Bot:
    """A bot that plays from a seat's view, by its name: random, beginner, greedy, mc:easy, mc:normal, mc:hard."""
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
    raise UnknownBot(name, BotRefusal.UNKNOWN)


def make_arena_bot(name: str) -> ArenaBot:
    """A bot the arena plays: a name of ``ARENA_NAMES``, or ``module:factory`` (say
    ``research.probes:true_world``). Raises ``UnknownBot`` for a name that gives no bot."""
    if name == "oracle":
        from .oracle import OracleBot

        return OracleBot()
    module, colon, factory = name.partition(":")
    if colon and module != "mc" and all(part.isidentifier() for part in module.split(".")) and factory.isidentifier():
        return _from_factory(name, module, factory)
    return make_bot(name)


def _from_factory(name: str, module_name: str, factory_name: str) -> ArenaBot:
    """The bot ``module_name.factory_name()`` makes; the module is imported from ``sys.path``."""
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise UnknownBot(name, BotRefusal.NO_MODULE, str(error)) from error
    factory = getattr(module, factory_name, None)
    if not callable(factory) or not _callable_bare(factory):
        raise UnknownBot(name, BotRefusal.NO_FACTORY)
    bot = factory()
    if not isinstance(bot, (Bot, FullDealBot)):
        raise UnknownBot(name, BotRefusal.NOT_A_BOT)
    return bot


def _callable_bare(factory: Callable[..., object]) -> bool:
    """Whether ``factory`` can be called with no arguments (one with no signature to read is tried)."""
    try:
        inspect.signature(factory).bind()
    except TypeError:
        return False
    except ValueError:  # a builtin without a signature
        return True
    return True
