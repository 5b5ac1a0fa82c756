"""The one driver that plays a deal to its end: the arena, the drills, the scripts and the tests use it.

Each seat's bot decides in turn; before each turn an open dix exchange of the seat *not* to act
is offered to that seat first (rules.md §5: the holder may exchange out of turn). Every decision is
seeded by ``step_seed(step)``, so a deal played out twice is the same deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.actions import EXCHANGE, SEATS, Action, Seat
from engine.deal import Deal

from .bots import ArenaBot, FullDealBot
from .utility import Standing


def decide(bot: ArenaBot, deal: Deal, seat: Seat, seed: int, standing: Standing | None = None) -> Action:
    """A bot's action; a bot that sees every card (``FullDealBot``: the oracle, research bots) is
    handed the whole deal and plays each deal for itself; every other bot gets the seat's view and
    score sheet."""
    if isinstance(bot, FullDealBot):
        return bot.choose_full(deal, seat, seed)
    return bot.choose(deal.view(seat), seed, standing)


def offer_exchanges(deal: Deal, bots: Mapping[Seat, ArenaBot]) -> None:
    """Offer an open dix exchange to the seat not to act, which takes it if its bot wants it (§5)."""
    for seat in SEATS:
        if seat != deal.to_act and EXCHANGE in deal.legal_actions(seat):
            if bots[seat].wants_exchange(deal.view(seat)):
                deal.apply(seat, EXCHANGE)


def play_out(deal: Deal, bots: Mapping[Seat, ArenaBot], step_seed: Callable[[int], int],
             standings: Mapping[Seat, Standing] | None = None) -> None:
    """Play ``deal`` to its end from where it stands, ``bots[seat]`` deciding for each seat."""
    step = 0
    while not deal.is_over:
        offer_exchanges(deal, bots)
        mover = deal.to_act
        assert mover is not None
        standing = standings[mover] if standings else None
        deal.apply(mover, decide(bots[mover], deal, mover, step_seed(step), standing))
        step += 1
