"""Inference (issue 10): sampled worlds weighed by what the other has told by his play and his bids.

The gap split in ``docs/strength.md`` puts about +25 a deal of the oracle's lead over ``mc:normal``
in the other's hand, which only inference can win back. Two models, each a weight per world; worlds
are drawn ``OVERSAMPLE`` times as many as needed and resampled by weight:

- **Following cards** (``probe:infer-play``, measured and not used by a level): the other follows a
  trick as ``greedy`` does (rules.md §7 legal cards): win a trick that holds points with the
  cheapest card that wins it, else throw the cheapest card. In each world his hand at every past
  trick is rebuilt (the world's hand now plus the cards played since), and the weight is multiplied
  by 1 where the model plays the card really played and by a floor ``SOFT`` where it does not, so a
  player unlike the model never makes a world impossible. Leads are not weighed: what a lead tells
  depends on plans the model does not have.
- **Bids** (``mc:hard``): see ``bid_weights``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from engine.actions import SEATS
from engine.cards import SEVEN, card, cards_of, suit_of
from engine.laws import legal_follow
from engine.view import PlayerView

from .arrays import FloatArray, IntArray
from .bidding import answer_chance, hand_strengths, refusal_strength
from .heuristics import cheapness, follow_pool
from .levels import RULE_OF_THUMB, BidderModel
from .worlds import Worlds, sample_play_worlds

SOFT = 0.3  # the weight of a world where the model would have played another card
OVERSAMPLE = 4


def _model_cards(hand: int, led: int, trump: int, view: PlayerView) -> set[int]:
    """The cards the model would follow ``led`` with from ``hand`` (all tied at its choice)."""
    pool = follow_pool(cards_of(legal_follow(hand, led, trump, view.rules.must_overtake)), led, trump)
    best = min(cheapness(c, trump) for c in pool)
    return {c for c in pool if cheapness(c, trump) == best}


def follow_weights(view: PlayerView, other_hands: IntArray) -> FloatArray:
    """(W,) weights of worlds by the other's following cards so far (1 where nothing is told)."""
    trump = view.trump
    weights = np.ones(other_hands.shape[0])
    if trump is None:
        return weights
    other = view.other
    # The other's decisions in order: (card led to him, card he played), and each of his cards.
    played: list[int] = []
    follows: list[tuple[int, int, int]] = []  # (index in played, led, his card)
    for trick in view.tricks:
        his = trick.cards[0] if trick.leader == other else trick.cards[1]
        if trick.leader != other:
            follows.append((len(played), trick.cards[0], his))
        played.append(his)
    if view.current and view.current[0][0] == other:
        played.append(view.current[0][1])
    if not follows:
        return weights
    later = [0] * (len(played) + 1)  # later[k]: the other's cards played from decision k on
    for k in range(len(played) - 1, -1, -1):
        later[k] = later[k + 1] | 1 << played[k]
    for w, hand_now in enumerate(other_hands.tolist()):
        for k, led, his in follows:
            if his not in _model_cards(hand_now | later[k], led, trump, view):
                weights[w] *= SOFT
    return weights


def _resampled(view: PlayerView, count: int, rng: np.random.Generator,
               weigh: Callable[[IntArray], FloatArray]) -> Worlds:
    """``count`` card worlds drawn from ``OVERSAMPLE`` times as many, by ``weigh`` of the other's hands."""
    pool = sample_play_worlds(view, count * OVERSAMPLE, rng)
    weights = weigh(pool.other_hand)
    chosen = rng.choice(pool.count, size=count, replace=True, p=weights / weights.sum())
    return Worlds(pool.other_hand[chosen], pool.my_extra[chosen], pool.other_extra[chosen])


def sample_inferred_play_worlds(view: PlayerView, count: int, rng: np.random.Generator) -> Worlds:
    """Card worlds weighed by the other's following cards."""
    return _resampled(view, count, rng, lambda hands: follow_weights(view, hands))


# -- inference from the bids ------------------------------------------------------------------
#
# The other's words are the strongest thing he tells before the first card: a pass of the turn-up
# suit says his first six cards are weak there, a take or a named suit that they are strong. Card
# worlds used to ignore this. Here the other bids as the bidding tree expects him to
# (``ai.levels.BidderModel``: his §10 strength against a threshold), softened: the chance he takes a
# suit rises along a logistic of his strength minus the threshold (``BID_SCALE`` where the model
# itself is sure), never below ``BID_FLOOR`` nor above one minus it, so a bidder unlike the model
# makes no world impossible.

BID_SCALE = 6.0  # points of §10 strength over which a sure model's take chance goes from 27% to 73%
BID_FLOOR = 0.05


def bid_weights(view: PlayerView, first_hands: IntArray, model: BidderModel = RULE_OF_THUMB) -> FloatArray:
    """(W,) weights of the other's first six cards by his words in the bidding (rules.md §4)."""
    soft = model if model.scale > 0 else replace(model, scale=BID_SCALE)

    def chance(strength: IntArray, threshold: int) -> FloatArray:
        said: FloatArray = BID_FLOOR + (1 - 2 * BID_FLOOR) * answer_chance(soft, strength, threshold)
        return said

    weights = np.ones(first_hands.shape[0])
    other = view.other
    turned = suit_of(view.turn_up)
    power: IntArray | None = None
    round_one_passes = 0
    for seat, action in view.bids:
        in_round_one = round_one_passes < 2
        if action.kind == "pass" and in_round_one:
            round_one_passes += 1
        if seat != other:
            continue
        if power is None:
            power = hand_strengths(first_hands)
        if action.kind == "take":
            weights *= chance(power[:, turned], model.take_threshold)
        elif action.kind == "pass" and in_round_one:
            weights *= 1 - chance(power[:, turned], model.take_threshold)
        elif action.kind in ("pass", "schmeiss") and not in_round_one:
            others = np.delete(power, turned, axis=1).max(axis=1)
            weights *= 1 - chance(others, model.name_threshold)
        elif action.kind == "name" and action.suit is not None and not in_round_one:
            weights *= chance(power[:, action.suit], model.name_threshold)
        elif action.kind == "refuse":
            weights *= chance(refusal_strength(model, view.rules, power, turned), model.refuse_threshold)
        elif action.kind == "accept":
            weights *= 1 - chance(refusal_strength(model, view.rules, power, turned), model.refuse_threshold)
    return weights


def first_hands(view: PlayerView, other_hands: IntArray, rng: np.random.Generator) -> IntArray:
    """(W,) one draw of the other's first six cards in each world, from his cards of the whole
    deal (his hand now, his cards played, the turn-up given back for the dix if he exchanged, §5);
    which of them came in the extra deal (§3) is unknown, so six are drawn at random."""
    played = view.played[SEATS.index(view.other)]
    dealt = np.asarray(other_hands, dtype=np.int64) | played
    if view.exchanged_by == view.other and view.trump is not None:
        dealt = dealt & ~(1 << view.turn_up) | (1 << card(SEVEN, view.trump))
    keys = rng.random((dealt.shape[0], 32))
    held = ((dealt[:, None] >> np.arange(32)) & 1).astype(bool)
    keys[~held] = 2.0  # never drawn
    order = np.argsort(keys, axis=1)[:, :6]
    chosen: IntArray = np.bitwise_or.reduce(np.left_shift(np.int64(1), order.astype(np.int64)), axis=1)
    return chosen


def sample_bid_inferred_play_worlds(view: PlayerView, count: int, rng: np.random.Generator,
                                    model: BidderModel = RULE_OF_THUMB) -> Worlds:
    """Card worlds weighed by the other's bids, each world's first six cards drawn once."""
    return _resampled(view, count, rng, lambda hands: bid_weights(view, first_hands(view, hands, rng), model))
