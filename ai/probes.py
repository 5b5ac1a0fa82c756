"""Research bots that split the gap between ``mc:normal`` and ``oracle`` (issue 10), arena only.

Each changes one thing in the Monte Carlo bot or the oracle, so that the arena, on the same boards,
tells what each piece of the gap costs:

- ``probe:true-world``: mc:normal's own card and bid evaluation (greedy playouts, exact endgame),
  run on the one true world instead of sampled ones: what the evaluator costs, information aside.
- ``probe:solve-worlds``: mc:normal's sampled worlds for cards, each scored by the exact solver from
  the first card on (bids as mc:normal): what information costs once the evaluator is exact.
- ``oracle:no-stock``: the oracle, but its bids see only the two hands of the first deal; the three
  extra cards each side will get are sampled: what only the stock tells.
- ``probe:true-bids``: ``probe:true-world``'s bids with mc:normal's cards: what seeing the deal is
  worth in the bidding alone.
- ``probe:infer-play``: mc:normal whose card worlds are weighed by the other's cards played
  (``ai.inference``): what inference from play wins back of the other hand's share.
- ``probe:infer-bids``: mc:normal whose card worlds are weighed by the other's bids, as ``mc:hard``
  weighs them: that half of ``hard``'s change measured alone.
- ``probe:solve-bids``: mc:normal whose contract values are exact solves instead of playouts (the
  playouts' mean corrected by the solves of some of the same worlds): bidding on solved values.
- ``probe:calibrated-bids``: mc:normal whose contract values follow the coach's calibrated make
  chance (``ai.calibration``): bidding on values calibrated to what the bots' own play realises.

The ones that see hidden cards are handed the whole deal (``choose_full``), like the oracle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from engine.actions import SEATS, Action
from engine.cards import cards_of
from engine.deal import Deal
from engine.laws import legal_follow
from engine.view import PlayerView

from .bidding import BidTree, contract_values
from .calibration import calibrated
from .heuristics import exchange_pays, play_actions, played_card
from .inference import sample_inferred_play_worlds
from .levels import LEVELS, RULE_OF_THUMB, Level
from .mc import MonteCarloBot
from .oracle import OracleBot, solved_contracts
from .play import TRICKS, after_exchange, exact_play_values, play_values
from .utility import DEAL, VALUE, Standing
from .worlds import Worlds, hidden_cards, sample_play_worlds

__all__ = ["NO_STOCK_WORLDS", "SOLVE_BID_WORLDS", "SOLVE_WORLDS", "make_probe"]

SOLVE_BID_WORLDS = 32  # bid worlds solved per bid by probe:solve-bids (4 solves each)
SOLVE_WORLDS = 16  # worlds solved per card by probe:solve-worlds (colver's IS-DD player used 20)
NO_STOCK_WORLDS = 12  # extra deals sampled per bid by oracle:no-stock (4 full solves each)


class SolveBidsProbe(MonteCarloBot):
    """mc:normal bidding on solved contract values: every contract is valued in ``SOLVE_BID_WORLDS``
    of its bid worlds by the exact solver (``ai.oracle.solved_contracts``: the deal's own score,
    bust rule, declarations, bella, last trick), and the playouts' value in all of them is shifted
    by the mean difference there (a control variate: the playouts carry the worlds' spread, the
    solves the level). So the tree walks each world as before, on values whose mean is the solver's."""

    def __init__(self) -> None:
        super().__init__("normal")
        self.name = "probe:solve-bids"

    def bid_outcomes(self, view: PlayerView, worlds: Worlds, rng: np.random.Generator,
                     standing: Standing | None) -> tuple[np.ndarray, np.ndarray]:
        value, made = super().bid_outcomes(view, worlds, rng, None)
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


class CalibratedBidsProbe(MonteCarloBot):
    """mc:normal bidding on contract values calibrated to what the bots' own play realises: each
    contract's make chance is moved from the playouts' raw chance to the coach's calibrated one
    (``ai.calibration``, fitted on deals the bots played out), and its value by that change times
    the difference between its worlds made and its worlds bust."""

    def __init__(self) -> None:
        super().__init__("normal")
        self.name = "probe:calibrated-bids"

    def bid_outcomes(self, view: PlayerView, worlds: Worlds, rng: np.random.Generator,
                     standing: Standing | None) -> tuple[np.ndarray, np.ndarray]:
        value, made = super().bid_outcomes(view, worlds, rng, standing)
        raw = made.mean(axis=0)  # (4, 2)
        moved = np.vectorize(calibrated)(raw) - raw
        deal = value[..., DEAL]
        made_weight, bust_weight = made.sum(axis=0), (1 - made).sum(axis=0)
        when_made = (deal * made).sum(axis=0) / np.maximum(made_weight, 1e-9)
        when_bust = (deal * (1 - made)).sum(axis=0) / np.maximum(bust_weight, 1e-9)
        swing = np.where((made_weight > 0) & (bust_weight > 0), when_made - when_bust, 0.0)
        return _shifted(value, moved * swing), made


def _shifted(value: np.ndarray, shift: np.ndarray) -> np.ndarray:
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
        self.name = "probe:infer-play"

    def play_worlds(self, view: PlayerView, count: int, rng: np.random.Generator) -> Worlds:
        return sample_inferred_play_worlds(view, count, rng)


class InferBidsProbe(MonteCarloBot):
    """mc:normal with its card worlds drawn by inference from the other's bidding under the rule of
    thumb (``ai.inference``), as ``mc:hard`` draws them."""

    def __init__(self) -> None:
        super().__init__("normal")
        self.level = replace(self.level, infer_bids=RULE_OF_THUMB)
        self.name = "probe:infer-bids"


def _best_play(view: PlayerView, worlds: Worlds, exact: bool, level: Level,
               rng: np.random.Generator) -> str:
    """mc's choice of card (and of the dix exchange) on the worlds given, as ``ai.mc`` makes it:
    each candidate's mean over the worlds, the exchange valued as the best card after the swap."""
    actions = [a for a in view.legal if Action.parse(a).kind == "play"]
    cards = [played_card(a) for a in actions]
    silent = [not Action.parse(a).bella and str(Action.play(c, bella=True)) in view.legal
              for a, c in zip(actions, cards)]

    def values(v: PlayerView, cands: list[int], quiet: list[bool]) -> np.ndarray:
        c, q = np.array(cands, dtype=np.int64), np.array(quiet, dtype=bool)
        if exact:
            return exact_play_values(v, worlds, c, q)
        return play_values(v, worlds, c, q, level.play_playouts, level.epsilon, rng)

    means = values(view, cards, silent).mean(axis=1)
    scored = {a: float(means[k]) for k, a in enumerate(actions)}
    if "exchange" in view.legal:
        swapped = after_exchange(view)
        led = view.current[0][1] if view.current else None
        after = list(cards_of(legal_follow(swapped.hand, led, view.trump or 0, view.rules.must_overtake)))
        scored["exchange"] = float(values(swapped, after, [False] * len(after)).mean(axis=1).max())
    return max(scored, key=lambda a: scored[a])


def _quick(view: PlayerView) -> str | None:
    """The action mc takes without evaluating: a single choice, or the exchange when it pays."""
    if view.stage == "play":
        if "exchange" in view.legal and exchange_pays(view):
            return "exchange"
        plays = play_actions(view)
        return plays[0] if len(plays) == 1 else None
    return view.legal[0] if len(view.legal) == 1 else None


def _repeat(mask: int, n: int) -> np.ndarray:
    return np.full(n, mask, np.int64)


class TrueWorldProbe:
    """mc:normal's evaluator on the true world, repeated as many times as mc has worlds, so the
    playouts (and their noise) are the same in number; the exact endgame solves it once."""

    name = "probe:true-world"

    def __init__(self) -> None:
        self.level = LEVELS["normal"]

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> str:
        raise TypeError("probe:true-world needs the whole deal: call choose_full(deal, seat, seed)")

    def wants_exchange(self, view: PlayerView) -> bool:
        return exchange_pays(view)

    def choose_full(self, deal: Deal, seat: str, seed: int) -> str:
        view = deal.view(seat)
        quick = _quick(view)
        if quick is not None:
            return quick
        rng = np.random.default_rng(seed)
        level = self.level
        other = 1 - SEATS.index(seat)
        if view.stage == "play":
            exact = TRICKS - len(view.tricks) <= level.exact_tricks and view.cards_played > 0
            n = 1 if exact else level.play_worlds
            zero = np.zeros(n, np.int64)
            worlds = Worlds(_repeat(deal.hands[other], n), zero, zero)
            return _best_play(view, worlds, exact, level, rng)
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

    name = "probe:true-bids"

    def __init__(self) -> None:
        super().__init__()
        self.player = MonteCarloBot("normal")

    def choose_full(self, deal: Deal, seat: str, seed: int) -> str:
        if deal.stage == "play":
            return self.player.choose(deal.view(seat), seed)
        return super().choose_full(deal, seat, seed)


class SolveWorldsProbe:
    """mc:normal's bids; every card valued by exact solves of ``SOLVE_WORLDS`` of mc's sampled worlds."""

    name = "probe:solve-worlds"

    def __init__(self) -> None:
        self.level = LEVELS["normal"]
        self.bidder = MonteCarloBot("normal")

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> str:
        """Deal by deal: the standing is not used (the research bots measure single deals)."""
        if view.stage != "play":
            return self.bidder.choose(view, seed)
        quick = _quick(view)
        if quick is not None:
            return quick
        rng = np.random.default_rng(seed)
        worlds = sample_play_worlds(view, SOLVE_WORLDS, rng)
        return _best_play(view, worlds, True, self.level, rng)

    def wants_exchange(self, view: PlayerView) -> bool:
        return exchange_pays(view)


class NoStockOracle(OracleBot):
    """The oracle, bidding on ``NO_STOCK_WORLDS`` sampled extra deals instead of the true ones; it
    sees both first hands, and plays, once the extra deal is done, exactly like the oracle.

    The extra deals are drawn from a seed fixed by the cards dealt, so every bid of a deal (both
    rounds, both seats, both tables of a board) judges the same worlds, and each world's four
    solves are made once: a bid then costs what the oracle's costs, times the worlds, once a deal."""

    name = "oracle:no-stock"

    def __init__(self) -> None:
        self._solved: dict[tuple[int, int, int], tuple[np.ndarray, np.ndarray]] = {}

    def choose_full(self, deal: Deal, seat: str, seed: int) -> str:
        view = deal.view(seat)
        if deal.stage == "play" or len(view.legal) == 1:
            return super().choose_full(deal, seat, seed)
        return self._bid_sampled(deal, view)

    def _bid_sampled(self, deal: Deal, view: PlayerView) -> str:
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


ResearchBot = (TrueWorldProbe | TrueBidsProbe | SolveWorldsProbe | NoStockOracle | InferPlayProbe | InferBidsProbe
               | SolveBidsProbe | CalibratedBidsProbe)
_PROBES: dict[str, Callable[[], ResearchBot]] = {
    "probe:true-world": TrueWorldProbe, "probe:true-bids": TrueBidsProbe, "probe:solve-worlds": SolveWorldsProbe,
    "oracle:no-stock": NoStockOracle, "probe:infer-play": InferPlayProbe, "probe:infer-bids": InferBidsProbe,
    "probe:solve-bids": SolveBidsProbe, "probe:calibrated-bids": CalibratedBidsProbe,
}


def make_probe(name: str) -> ResearchBot:
    """A research bot by its arena name (one of ``ai.registry.RESEARCH_BOT_NAMES``)."""
    if name not in _PROBES:
        raise ValueError(f"unknown research bot {name!r}")
    return _PROBES[name]()
