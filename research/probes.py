"""Research bots that split the gap between ``mc:normal`` and ``oracle`` (issue 10), arena only.

Each changes one thing in the Monte Carlo bot or the oracle, so that the arena, on the same boards,
tells what each piece of the gap costs. The arena plays each by its factory's name, from a checkout
(research/README.md): ``klabber arena research.probes:true_world greedy``.

- ``true_world`` (``probe:true-world`` in docs/strength.md): mc:normal's own card and bid evaluation
  (greedy playouts, exact endgame), run on the one true world instead of sampled ones: what the
  evaluator costs, information aside.
- ``solve_worlds`` (``probe:solve-worlds``): mc:normal's sampled worlds for cards, each scored by the
  exact solver from the first card on (bids as mc:normal): what information costs once the evaluator
  is exact.
- ``no_stock`` (``oracle:no-stock``): the oracle, but its bids see only the two hands of the first
  deal; the three extra cards each side will get are sampled: what only the stock tells.
- ``true_bids`` (``probe:true-bids``): ``true_world``'s bids with mc:normal's cards: what seeing the
  deal is worth in the bidding alone.
- ``infer_play`` (``probe:infer-play``): mc:normal whose card worlds are weighed by the other's cards
  played (``ai.inference``): what inference from play wins back of the other hand's share.
- ``infer_bids`` (``probe:infer-bids``): mc:normal whose card worlds are weighed by the other's bids,
  as ``mc:hard`` weighs them: that half of ``hard``'s change measured alone.
- ``solve_bids`` (``probe:solve-bids``): mc:normal whose contract values are exact solves instead of
  playouts (the playouts' mean corrected by the solves of some of the same worlds): bidding on solved
  values.
- ``calibrated_bids`` (``probe:calibrated-bids``): mc:normal whose contract values follow the coach's
  calibrated make chance (``ai.calibration``): bidding on values calibrated to what the bots' own
  play realises.

The ones that see hidden cards are ``FullDealBot``s (``ai.bots``), handed the whole deal like the
oracle. The others are the Monte Carlo bot with its worlds drawn, or its contracts valued, otherwise:
they draw or value them here and evaluate them with the bot's own ``evaluate_play`` and
``evaluate_bids``, so no decision logic is copied.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ai.arrays import FloatArray, IntArray
from ai.bidding import BidTree, contract_outcomes, contract_values
from ai.bots import Bot, FullDealBot
from ai.calibration import calibrated
from ai.heuristics import exchange_pays
from ai.inference import sample_inferred_play_worlds
from ai.levels import RULE_OF_THUMB
from ai.mc import Evaluation, MonteCarloBot, endgame_worlds
from ai.oracle import OracleBot, solved_contracts
from ai.utility import DEAL, VALUE, Standing
from ai.worlds import Worlds, hidden_cards, sample_bid_worlds, sample_play_worlds
from engine.actions import SEATS, Action, Seat
from engine.cards import cards_of
from engine.deal import Deal
from engine.view import PlayerView

__all__ = ["NO_STOCK_WORLDS", "SOLVE_BID_WORLDS", "SOLVE_WORLDS", "calibrated_bids", "infer_bids", "infer_play",
           "no_stock", "solve_bids", "solve_worlds", "true_bids", "true_world", "calibrated_values", "solved_values"]

SOLVE_BID_WORLDS = 32  # bid worlds solved per bid by solve_bids (4 solves each)
SOLVE_WORLDS = 16  # worlds solved per card by solve_worlds (colver's IS-DD player used 20)
NO_STOCK_WORLDS = 12  # extra deals sampled per bid by no_stock (4 full solves each)
PREFIX = "research.probes:"  # the bots' names are the arena's names for them


Revalue = Callable[[PlayerView, Worlds, FloatArray, FloatArray], tuple[FloatArray, FloatArray]]


class RevaluedBidsProbe(MonteCarloBot):
    """mc:normal whose contract values, drawn as its own, are changed by ``revalue`` (W, 4, 2, CHANNELS
    channels and W, 4, 2 make flags in, the same out) before the bidding tree walks them; its cards
    are mc:normal's. ``deal_alone``: the contracts' playouts are not told the standing."""

    def __init__(self, name: str, revalue: Revalue, deal_alone: bool = False) -> None:
        super().__init__("normal")
        self.name = PREFIX + name
        self.revalue = revalue
        self.deal_alone = deal_alone

    def evaluate(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Evaluation:
        if view.stage == "play":
            return super().evaluate(view, seed, standing)
        rng = np.random.default_rng(seed)
        level = self.level
        worlds = sample_bid_worlds(view, level.bid_worlds, rng)
        told = None if self.deal_alone else standing
        value, made = contract_outcomes(view, worlds, level.bid_playouts, level.epsilon, rng, told)
        value, made = self.revalue(view, worlds, value, made)
        return self.evaluate_bids(view, worlds, value, made, standing)


def solved_values(view: PlayerView, worlds: Worlds, value: FloatArray, made: FloatArray
                  ) -> tuple[FloatArray, FloatArray]:
    """``solve_bids``'s contract values: every contract is valued in ``SOLVE_BID_WORLDS`` of its bid
    worlds by the exact solver (``ai.oracle.solved_contracts``: the deal's own score, bust rule,
    declarations, bella, last trick), and the playouts' value in all of them is shifted by the mean
    difference there (a control variate: the playouts carry the worlds' spread, the solves the
    level). So the tree walks each world as before, on values whose mean is the solver's."""
    me = SEATS.index(view.seat)
    n = min(SOLVE_BID_WORLDS, worlds.count)
    solved = np.zeros((n, 4, 2))
    solved_made = np.zeros((n, 4, 2))
    for w in range(n):
        mine = view.hand | int(worlds.my_extra[w])
        other = int(worlds.other_hand[w]) | int(worlds.other_extra[w])
        hands = (mine, other) if me == 0 else (other, mine)
        solved[w], solved_made[w] = solved_contracts(hands, view.turn_up, view.rules, me)
    made_shift = (solved_made - made[:n]).mean(axis=0)
    return _shifted(value, (solved - value[:n, ..., VALUE]).mean(axis=0)), np.clip(made + made_shift, 0.0, 1.0)


def calibrated_values(view: PlayerView, worlds: Worlds, value: FloatArray, made: FloatArray
                      ) -> tuple[FloatArray, FloatArray]:
    """``calibrated_bids``'s contract values, calibrated to what the bots' own play realises: each
    contract's make chance is moved from the playouts' raw chance to the coach's calibrated one
    (``ai.calibration``, fitted on deals the bots played out), and its value by that change times
    the difference between its worlds made and its worlds bust."""
    raw = made.mean(axis=0)  # (4, 2)
    moved = np.vectorize(calibrated)(raw) - raw
    deal = value[..., DEAL]
    made_weight, bust_weight = made.sum(axis=0), (1 - made).sum(axis=0)
    when_made = (deal * made).sum(axis=0) / np.maximum(made_weight, 1e-9)
    when_bust = (deal * (1 - made)).sum(axis=0) / np.maximum(bust_weight, 1e-9)
    swing = np.where((made_weight > 0) & (bust_weight > 0), when_made - when_bust, 0.0)
    return _shifted(value, moved * swing), made


def _shifted(value: FloatArray, shift: FloatArray) -> FloatArray:
    """(W, 4, 2, CHANNELS) contract channels with the (4, 2) ``shift`` added to the value and the deal's
    score in every world (the research bots above measure single deals: no match channel moves)."""
    value = value.copy()
    value[..., VALUE] += shift
    value[..., DEAL] += shift
    return value


class InferPlayProbe(MonteCarloBot):
    """mc:normal with its card worlds drawn by inference from the other's play (``ai.inference``)."""

    def __init__(self) -> None:
        super().__init__("normal")
        self.name = PREFIX + "infer_play"

    def evaluate(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Evaluation:
        if view.stage != "play":
            return super().evaluate(view, seed, standing)
        rng = np.random.default_rng(seed)
        worlds, exact = endgame_worlds(view, sample_inferred_play_worlds(view, self.level.play_worlds, rng), self.level)
        return self.evaluate_play(view, worlds, exact, rng, standing)


def _repeat(mask: int, n: int) -> IntArray:
    return np.full(n, mask, np.int64)


class TrueWorldProbe:
    """mc:normal's evaluator on the true world, repeated as many times as mc has worlds, so the
    playouts (and their noise) are the same in number; the exact endgame solves it once."""

    name = PREFIX + "true_world"

    def __init__(self) -> None:
        self.mc = MonteCarloBot("normal")
        self.level = self.mc.level

    def wants_exchange(self, view: PlayerView) -> bool:
        return exchange_pays(view)

    def choose_full(self, deal: Deal, seat: Seat, seed: int) -> Action:
        view = deal.view(seat)
        forced = MonteCarloBot.forced(view)
        if forced is not None:
            return forced
        rng = np.random.default_rng(seed)
        level = self.level
        other = 1 - SEATS.index(seat)
        if view.stage == "play":
            n = level.play_worlds
            zero = np.zeros(n, np.int64)
            worlds, exact = endgame_worlds(view, Worlds(_repeat(deal.hands[other], n), zero, zero),
                                           replace(level, exact_worlds=1))
            return self.mc.evaluate_play(view, worlds, exact, rng).best
        me = SEATS.index(seat)
        n = level.bid_worlds
        extra = [sum(1 << c for c in deal.extra[i] or ()) for i in (0, 1)]
        worlds = Worlds(_repeat(sum(1 << c for c in deal.first[other]), n), _repeat(extra[me], n),
                        _repeat(extra[other], n))
        value, made = contract_values(view, worlds, level.bid_playouts, level.epsilon, rng)
        tree = BidTree(view, worlds, value, made)
        return max(view.legal, key=lambda a: float(tree.value_of(a)[0].mean()))


class TrueBidsProbe(TrueWorldProbe):
    """``probe:true-world``'s bids (on the true deal) with mc:normal's cards: what the bidding alone
    loses to not seeing the other hand and the stock."""

    name = PREFIX + "true_bids"

    def choose_full(self, deal: Deal, seat: Seat, seed: int) -> Action:
        if deal.stage == "play":
            return self.mc.choose(deal.view(seat), seed)
        return super().choose_full(deal, seat, seed)


class SolveWorldsProbe(MonteCarloBot):
    """mc:normal's bids; every card valued by exact solves of ``SOLVE_WORLDS`` of mc's sampled worlds."""

    def __init__(self) -> None:
        super().__init__("normal")
        self.name = PREFIX + "solve_worlds"

    def evaluate(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Evaluation:
        """Deal by deal: the standing is not used (the research bots measure single deals)."""
        if view.stage != "play":
            return super().evaluate(view, seed)
        rng = np.random.default_rng(seed)
        return self.evaluate_play(view, sample_play_worlds(view, SOLVE_WORLDS, rng), True, rng)


class NoStockOracle(OracleBot):
    """The oracle, bidding on ``NO_STOCK_WORLDS`` sampled extra deals instead of the true ones; it
    sees both first hands, and plays, once the extra deal is done, exactly like the oracle.

    The extra deals are drawn from a seed fixed by the cards dealt, so every bid of a deal (both
    rounds, both seats, both tables of a board) judges the same worlds, and each world's four
    solves are made once: a bid then costs what the oracle's costs, times the worlds, once a deal."""

    name = PREFIX + "no_stock"

    def __init__(self) -> None:
        self._solved: dict[tuple[int, int, int], tuple[FloatArray, FloatArray]] = {}

    def choose_full(self, deal: Deal, seat: Seat, seed: int) -> Action:
        view = deal.view(seat)
        if deal.stage == "play" or len(view.legal) == 1:
            return super().choose_full(deal, seat, seed)
        return self._bid_sampled(deal, view)

    def _bid_sampled(self, deal: Deal, view: PlayerView) -> Action:
        me = SEATS.index(view.seat)
        first = [sum(1 << c for c in deal.first[i]) for i in (0, 1)]
        turn_up = deal.turn_up_card
        pool = hidden_cards(view) & ~first[1 - me]  # the same 19 cards from either seat
        rng = np.random.default_rng(random.Random(f"no-stock:{first[0]}:{first[1]}:{turn_up}").getrandbits(63))
        cards = np.array(list(cards_of(pool)), dtype=np.int64)
        n = NO_STOCK_WORLDS
        picks = np.argsort(rng.random((n, cards.size)), axis=1)[:, :6]
        bits = np.left_shift(np.int64(1), cards[picks])
        extra = (np.bitwise_or.reduce(bits[:, :3], axis=1), np.bitwise_or.reduce(bits[:, 3:], axis=1))
        if len(self._solved) > 64 * n:  # a new board: forget the old ones
            self._solved.clear()
        value = np.zeros((n, 4, 2))
        made = np.zeros((n, 4, 2))
        for w in range(n):
            hands = (first[0] | int(extra[0][w]), first[1] | int(extra[1][w]))
            key = (*hands, turn_up)
            if key not in self._solved:
                self._solved[key] = solved_contracts(hands, turn_up, deal.rules, 0)
            elder_value, made[w] = self._solved[key]
            value[w] = elder_value if me == 0 else -elder_value
        worlds = Worlds(_repeat(first[1 - me], n), extra[me], extra[1 - me])
        tree = BidTree(view, worlds, value, made)
        return max(view.legal, key=lambda a: float(tree.value_of(a)[0].mean()))


def true_world() -> FullDealBot:
    return TrueWorldProbe()


def true_bids() -> FullDealBot:
    return TrueBidsProbe()


def solve_worlds() -> Bot:
    return SolveWorldsProbe()


def no_stock() -> FullDealBot:
    return NoStockOracle()


def infer_play() -> Bot:
    return InferPlayProbe()


def infer_bids() -> Bot:
    """mc:normal with its card worlds drawn by inference from the other's bidding under the rule of
    thumb (``ai.inference``), as ``mc:hard`` draws them."""
    bot = MonteCarloBot("normal")
    bot.level = replace(bot.level, infer_bids=RULE_OF_THUMB)
    bot.name = PREFIX + "infer_bids"
    return bot


def solve_bids() -> Bot:
    """Deal by deal: the solves know no standing, so the playouts they correct are not told it."""
    return RevaluedBidsProbe("solve_bids", solved_values, deal_alone=True)


def calibrated_bids() -> Bot:
    return RevaluedBidsProbe("calibrated_bids", calibrated_values)
