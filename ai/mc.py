"""The Monte Carlo determinization bot: bids and plays from a seat's view.

Cards: every candidate is valued by the card evaluator (``ai.play``) in the same sampled worlds.
Bids: every contract is valued in sampled worlds and the bidding tree walked per world
(``ai.bidding``). Both report every legal action with its expected value, best first
(:class:`Evaluation`), which the coach shows.

Levels (``ai.levels``) fix counts (worlds, playouts), never time, so a view and a seed always give
the same action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from engine.actions import EXCHANGE, SEATS, Action, ActionKind, Seat, Stage
from engine.cards import TRICKS_PER_DEAL, cards_of
from engine.laws import legal_follow
from engine.view import PlayerView

from .arrays import FloatArray
from .bidding import BidTree, contract_outcomes
from .heuristics import exchange_pays, play_actions, played_card
from .inference import sample_bid_inferred_play_worlds
from .levels import LEVELS, Level
from .play import after_exchange, exact_play_outcomes, play_outcomes
from .utility import DEAL, MATCH, VALUE, WIN, Standing, mean_se, thrown_in_outcome
from .worlds import Worlds, sample_bid_worlds, sample_play_worlds

__all__ = ["ActionValue", "Evaluation", "MonteCarloBot", "Standing", "endgame_worlds"]


@dataclass(frozen=True)
class ActionValue:
    action: Action
    ev: float  # the value the bot maximises: deal_ev plus the match term of the standing
    ev_se: float
    make_prob: float | None  # for an action that makes this seat the maker at once
    deal_ev: float  # expected score-sheet difference for the deal: mine minus the other's
    win_prob: float | None = None  # the chance to win the match after it (None without a standing)
    wins_now: float | None = None  # the chance this very deal wins the match (None without a standing)


def _action_value(action: Action, channels: FloatArray, make_prob: float | None,
                  standing: Standing | None) -> ActionValue:
    """An action's figures from its (W, CHANNELS) channels: without a standing ``ev`` is ``deal_ev``."""
    ev, se = mean_se(channels[:, VALUE])
    deal_ev = ev if standing is None else float(channels[:, DEAL].mean())
    win = None if standing is None else float(channels[:, MATCH].mean())
    now = None if standing is None else float(channels[:, WIN].mean())
    return ActionValue(action, ev, se, make_prob, deal_ev, win, now)


@dataclass(frozen=True)
class Evaluation:
    seat: Seat
    stage: Stage
    worlds: int
    actions: tuple[ActionValue, ...]  # best first
    # Each action's value in every world, on common worlds, so two actions can be compared paired.
    samples: dict[Action, FloatArray] = field(default_factory=dict, compare=False, repr=False)
    # The same per world with every channel of ``ai.utility.outcomes`` (W, CHANNELS), for the coach.
    channels: dict[Action, FloatArray] = field(default_factory=dict, compare=False, repr=False)
    # What the coach reads its reasons from: the worlds, and in the bidding the tree walked.
    worlds_used: Worlds | None = field(default=None, compare=False, repr=False)
    tree: BidTree | None = field(default=None, compare=False, repr=False)

    @property
    def best(self) -> Action:
        return self.actions[0].action

    def value(self, action: Action) -> ActionValue:
        return next(a for a in self.actions if a.action == action)

    def loss(self, action: Action) -> tuple[float, float]:
        """Expected points ``action`` gives up against the best, and the standard error of that
        difference, paired over the common worlds."""
        diff = self.samples[self.best] - self.samples[action]
        return mean_se(diff) if diff.shape[0] > 1 else (float(diff.mean()), 0.0)


class MonteCarloBot:
    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.name = f"mc:{level}"

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Action:
        forced = self.forced(view)
        return forced if forced is not None else self.evaluate(view, seed, standing).best

    @staticmethod
    def forced(view: PlayerView) -> Action | None:
        """The action the bot takes without evaluating: an exchange that pays, a single choice."""
        legal = view.legal
        if view.stage == "play":
            if EXCHANGE in legal and exchange_pays(view):
                return EXCHANGE
            plays = play_actions(view)
            if len(plays) == 1:
                return plays[0]
        elif len(legal) == 1:
            return legal[0]
        return None

    def wants_exchange(self, view: PlayerView) -> bool:
        return exchange_pays(view)

    def evaluate(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Evaluation:
        """Every legal action of the seat with its expected value, best first."""
        rng = np.random.default_rng(seed)
        level = self.level
        if view.stage == "play":
            worlds, exact = endgame_worlds(view, self._play_worlds(view, rng), level)
            return self.evaluate_play(view, worlds, exact, rng, standing)
        worlds = sample_bid_worlds(view, level.bid_worlds, rng)
        value, made = contract_outcomes(view, worlds, level.bid_playouts, level.epsilon, rng, standing)
        return self.evaluate_bids(view, worlds, value, made, standing)

    # The two evaluations below take the worlds (and the contracts' values) already drawn: the bot
    # draws them from its level above; a research bot (research/probes.py) draws or values them
    # its own way and evaluates them with these.

    # -- card play -----------------------------------------------------------------------------

    def evaluate_play(self, view: PlayerView, worlds: Worlds, exact: bool, rng: np.random.Generator,
                      standing: Standing | None = None) -> Evaluation:
        """Every play (both ``play QX`` and ``play QX bella`` where announcing is required) and the
        dix exchange, valued on the same ``worlds``, solved if ``exact``, else by the level's
        playouts; the exchange as the best play after the swap."""
        actions = [a for a in view.legal if a.kind is ActionKind.PLAY]
        cards = [played_card(a) for a in actions]
        silent = [not a.bella and Action.play(c, bella=True) in view.legal for a, c in zip(actions, cards)]
        values = self._play_values(view, worlds, cards, silent, exact, rng, standing)
        scored = [_action_value(a, values[k], None, standing) for k, a in enumerate(actions)]
        channels = {a: values[k] for k, a in enumerate(actions)}
        if EXCHANGE in view.legal:
            swapped = after_exchange(view)
            after = [c for c in cards_of(legal_follow(swapped.hand, view.current[0][1] if view.current else None,
                                                      view.trump or 0, view.rules.must_overtake))]
            after_values = self._play_values(swapped, worlds, after, [False] * len(after), exact, rng, standing)
            best = int(np.argmax(after_values[..., VALUE].mean(axis=1)))
            scored.append(_action_value(EXCHANGE, after_values[best], None, standing))
            channels[EXCHANGE] = after_values[best]
        ranked = sorted(scored, key=lambda a: -a.ev)
        samples = {a: c[:, VALUE] for a, c in channels.items()}
        return Evaluation(view.seat, view.stage, worlds.count, tuple(ranked), samples, channels, worlds)

    def _play_worlds(self, view: PlayerView, rng: np.random.Generator) -> Worlds:
        """The worlds a card is valued on: uniform over what the view allows, or weighed by the
        other's bids where the level says so (``ai.inference``)."""
        level = self.level
        if level.infer_bids is not None:
            return sample_bid_inferred_play_worlds(view, level.play_worlds, rng, level.infer_bids)
        return sample_play_worlds(view, level.play_worlds, rng)

    def _play_values(self, view: PlayerView, worlds: Worlds, cards: list[int], silent: list[bool],
                     exact: bool, rng: np.random.Generator, standing: Standing | None) -> FloatArray:
        """(candidates, worlds, CHANNELS) channels of each card's outcome."""
        cands = np.array(cards, dtype=np.int64)
        quiet = np.array(silent, dtype=bool)
        if exact:
            return exact_play_outcomes(view, worlds, cands, quiet, standing)
        level = self.level
        return play_outcomes(view, worlds, cands, quiet, level.play_playouts, level.epsilon, rng, standing)

    # -- bidding -------------------------------------------------------------------------------

    def evaluate_bids(self, view: PlayerView, worlds: Worlds, value: FloatArray, made: FloatArray,
                      standing: Standing | None = None) -> Evaluation:
        """Every legal bid, the bidding tree (with the level's model of the other) walked in each of
        the bid ``worlds`` on every contract's channels ``value`` (W, 4, 2, CHANNELS) and make flags
        ``made`` (W, 4, 2) there (``ai.bidding.contract_outcomes``); a throw-in keeps the standing
        (``ai.utility.thrown_in_outcome``)."""
        thrown_in = thrown_in_outcome(SEATS.index(view.seat), standing, view.rules)
        tree = BidTree(view, worlds, value, made, self.level.bidder(view.rules.preset), thrown_in)
        results = []
        channels: dict[Action, FloatArray] = {}
        for action in view.legal:
            per_world, make_prob = tree.channels_of(action)
            channels[action] = per_world
            results.append(_action_value(action, per_world, make_prob, standing))
        ranked = sorted(results, key=lambda a: -a.ev)
        samples = {a: c[:, VALUE] for a, c in channels.items()}
        return Evaluation(view.seat, view.stage, worlds.count, tuple(ranked), samples, channels, worlds, tree)


def endgame_worlds(view: PlayerView, worlds: Worlds, level: Level) -> tuple[Worlds, bool]:
    """The card worlds ``level`` values a play on, and whether it solves them exactly: in the last
    ``exact_tricks`` tricks (once a card is out), only the first ``exact_worlds`` of them, solved."""
    exact = TRICKS_PER_DEAL - len(view.tricks) <= level.exact_tricks and view.cards_played > 0
    if not exact:
        return worlds, False
    n = level.exact_worlds
    return Worlds(worlds.other_hand[:n], worlds.my_extra[:n], worlds.other_extra[:n]), True
