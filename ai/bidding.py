"""The bidding: the value of every contract in sampled worlds and the bidding tree (rules.md §4, §8).

Every world is played out under each of the four trump suits, which gives the score-sheet
difference of every contract with either side as maker; the bidding tree is then walked per world,
with the other player modelled by the level's ``ai.levels.BidderModel`` (the rule of thumb of §10,
``ai.heuristics``, or a logistic around its thresholds fitted to the bot's own bids) and this seat's
own later choices made on the average over the worlds that reach them. A pass is so valued by what
follows it.
"""

from __future__ import annotations

import numpy as np

from engine.actions import ELDER, SEATS, Action
from engine.cards import suit_of
from engine.rules import RuleSet
from engine.view import PlayerView

from . import kernel
from .arrays import FloatArray, IntArray
from .declarations_np import declarations
from .heuristics import SIDE_SUIT_STRENGTH, TRUMP_SUIT_STRENGTH, after_contract_swap
from .levels import RULE_OF_THUMB, BidderModel
from .utility import CHANNELS, VALUE, Standing, outcomes
from .worlds import Worlds


_TRUMP_SUIT_STRENGTH = np.array(TRUMP_SUIT_STRENGTH, np.int64)
_SIDE_SUIT_STRENGTH = np.array(SIDE_SUIT_STRENGTH, np.int64)


def hand_strengths(hands: IntArray) -> IntArray:
    """(N, 4): ``ai.heuristics.hand_strength`` of each hand for each trump suit, vectorized over the
    hands, from the same per-suit tables."""
    hands = np.asarray(hands, dtype=np.int64)
    ranks = [(hands >> 8 * suit) & 255 for suit in range(4)]
    side = [_SIDE_SUIT_STRENGTH[r] for r in ranks]
    every_side = side[0] + side[1] + side[2] + side[3]
    out: IntArray = np.stack([_TRUMP_SUIT_STRENGTH[ranks[t]] + every_side - side[t] for t in range(4)], axis=1)
    return out


def contract_values(view: PlayerView, worlds: Worlds, playouts: int, epsilon: float,
                    rng: np.random.Generator, standing: Standing | None = None
                    ) -> tuple[FloatArray, FloatArray]:
    """(W, 4, 2) score-sheet difference for the seat, and make flags, by trump suit and maker."""
    values, made = contract_outcomes(view, worlds, playouts, epsilon, rng, standing)
    return values[..., VALUE], made


def contract_outcomes(view: PlayerView, worlds: Worlds, playouts: int, epsilon: float,
                      rng: np.random.Generator, standing: Standing | None = None
                      ) -> tuple[FloatArray, FloatArray]:
    """(W, 4, 2, CHANNELS) channels of ``ai.utility.outcomes`` for the seat, and (W, 4, 2) make flags, by
    trump suit and maker."""
    rules = view.rules
    me = SEATS.index(view.seat)
    n = worlds.count
    my9 = view.hand | worlds.my_extra
    other9 = worlds.other_hand | worlds.other_extra
    elder9, dealer9 = (my9, other9) if me == 0 else (other9, my9)
    turn_up = view.turn_up
    hands = np.zeros((2, n, 4), np.int64)
    declared = np.zeros((2, n, 4), np.int64)
    for s in range(4):
        e = after_contract_swap(elder9, turn_up, s, rules)
        d = after_contract_swap(dealer9, turn_up, s, rules)
        hands[0, :, s], hands[1, :, s] = e, d
        declared[0, :, s], declared[1, :, s] = declarations(e, d, np.int64(s), rules)

    def spread(a: IntArray) -> IntArray:  # (W, 4) -> (W*4*P,)
        return np.repeat(a.reshape(-1), playouts)

    size = n * 4 * playouts
    trump = np.tile(np.repeat(np.arange(4, dtype=np.int64), playouts), n)
    batch = kernel.new_batch(spread(hands[0]), spread(hands[1]), trump, np.zeros(size, np.int64))
    kernel.run(batch, 18, rules, rng, epsilon=epsilon)
    total0 = spread(declared[0]) + batch.points0 + batch.bella0
    total1 = spread(declared[1]) + batch.points1 + batch.bella1
    values = np.zeros((n, 4, 2, CHANNELS))
    made = np.zeros((n, 4, 2))
    for maker in (0, 1):
        s0, s1, ok = kernel.settle(total0, total1, np.full(size, maker, np.int64))
        per_play = outcomes(s0, s1, me, standing, maker, rules)
        values[:, :, maker] = per_play.reshape(n, 4, playouts, CHANNELS).mean(axis=2)
        made[:, :, maker] = ok.reshape(n, 4, playouts).mean(axis=2)
    return values, made


def answer_chance(model: BidderModel, strength: IntArray, threshold: int) -> FloatArray:
    """(W,) the chance the other says a word whose threshold is ``threshold``, given his §10
    strength in each world (``ai.levels.BidderModel``): sure under the rule of thumb (scale 0), else
    rising along a logistic of the strength minus the threshold."""
    if model.scale <= 0:
        return (strength >= threshold).astype(float)
    chance: FloatArray = 1.0 / (1.0 + np.exp(-(strength - threshold) / model.scale))
    return chance


def refusal_strength(model: BidderModel, rules: RuleSet, strength: IntArray, turned: int) -> IntArray:
    """(W,) the §10 strength the other refuses a schmeiss on: the turn-up's suit, or his best suit
    where he names the trump after refusing (rules.md §4.3) and the model says he looks there."""
    if model.refuses_on_best_suit and rules.schmeiss_refused == "refuser_names":
        best: IntArray = strength.max(axis=1)
        return best
    turned_suit: IntArray = strength[:, turned]
    return turned_suit


class BidTree:
    """The rest of the bidding after each candidate, walked per world (rules.md §4).

    ``value`` is (W, 4, 2), or (W, 4, 2, C) with channel 0 the value that decides this seat's later
    choices and the other channels carried along the same choices (``channels_of``). ``thrown_in``
    is the channels of a deal thrown in (``ai.utility.thrown_in_outcome``); default all nought."""

    def __init__(self, view: PlayerView, worlds: Worlds, value: FloatArray, made: FloatArray,
                 model: BidderModel = RULE_OF_THUMB, thrown_in: FloatArray | None = None) -> None:
        self.view = view
        self.rules = view.rules
        self.me = SEATS.index(view.seat)
        self.opp = 1 - self.me
        self.value = value if value.ndim == 4 else value[..., np.newaxis]
        self.thrown_in = np.zeros(self.value.shape[-1]) if thrown_in is None else thrown_in
        self.made = made
        self.turned = suit_of(view.turn_up)
        strength = hand_strengths(worlds.other_hand)
        others = strength.copy()
        others[:, self.turned] = -10**6
        # The other's answers, as the chance in each world that he says them (0 or 1 under §10).
        self.opp_takes = answer_chance(model, strength[:, self.turned], model.take_threshold)
        self.opp_refuses_schmeiss = answer_chance(model, refusal_strength(model, self.rules, strength, self.turned),
                                                  model.refuse_threshold)
        self.opp_best_other = others.argmax(axis=1)
        self.opp_names = answer_chance(model, others.max(axis=1), model.name_threshold)
        self.opp_best_any = strength.argmax(axis=1)
        self.n = worlds.count

    def contract(self, suit: int | IntArray, maker: int) -> FloatArray:
        """(W, C): the contract's channels in every world."""
        idx = np.arange(self.n)
        value: FloatArray = self.value[idx, suit, maker]
        return value

    def _nothing(self) -> FloatArray:
        """The deal thrown in, in every world."""
        return np.broadcast_to(self.thrown_in, (self.n, self.value.shape[-1])).copy()

    @staticmethod
    def _mix(chance: FloatArray, a: FloatArray, b: FloatArray) -> FloatArray:
        """``a`` with the other's ``chance`` of the answer that leads to it in each world, else ``b``."""
        mixed: FloatArray = chance[:, np.newaxis] * a + (1 - chance[:, np.newaxis]) * b
        return mixed

    def _my_best(self, options: list[FloatArray], reached: FloatArray) -> FloatArray:
        """My later choice: the option with the best average over the worlds that reach it, each
        world weighed by the chance (``reached``) that the bidding comes to this choice there."""
        if reached.sum() <= 0:
            return options[0]
        means = [float(np.average(o[:, 0], weights=reached)) for o in options]
        return options[int(np.argmax(means))]

    def _my_naming(self, reached: FloatArray, exclude_turned: bool, may_pass: bool) -> FloatArray:
        suits = [s for s in range(4) if not (exclude_turned and s == self.turned)]
        options = [self.contract(s, self.me) for s in suits]
        if may_pass:
            options.append(self._nothing())
        return self._my_best(options, reached)

    def _round_two_from_elder(self, elder_is_me: bool, reached: FloatArray) -> FloatArray:
        """Round two from its start: the elder speaks, then the dealer (§4.2)."""
        if elder_is_me:
            name = self._my_naming(reached, True, False)
            after_pass = self._dealer_answers_round_two_pass()
            return self._my_best([name, after_pass], reached)
        opp_named = self.contract(self.opp_best_other, self.opp)
        mine = self._my_naming(reached * (1 - self.opp_names), True, True)
        return self._mix(self.opp_names, opp_named, mine)

    def _dealer_answers_round_two_pass(self) -> FloatArray:
        """The other (dealer) after my round-two pass: he names a suit or throws in."""
        return self._mix(self.opp_names, self.contract(self.opp_best_other, self.opp), self._nothing())

    def _schmeiss_value(self) -> FloatArray:
        """My schmeiss, answered by the other: accept throws in; refuse by the preset (§4.3)."""
        if self.rules.schmeiss_refused == "schmeisser_makes":
            refused = self.contract(self.turned, self.me)
        else:
            refused = self.contract(self.opp_best_any, self.opp)
        return self._mix(self.opp_refuses_schmeiss, refused, self._nothing())

    def value_of(self, action: Action) -> tuple[FloatArray, float | None]:
        """(W,) the deciding value of ``action`` in every world, and its make chance for an action
        that makes this seat the maker at once."""
        channels, make_prob = self.channels_of(action)
        value: FloatArray = channels[:, 0]
        return value, make_prob

    def channels_of(self, action: Action) -> tuple[FloatArray, float | None]:
        """(W, C) every channel of ``action`` in every world, and its make chance as in ``value_of``."""
        stage = self.view.stage
        everywhere = np.ones(self.n)
        i_am_elder = self.view.seat == ELDER
        parsed = action
        if parsed.kind == "take":
            return self.contract(self.turned, self.me), float(self.made[:, self.turned, self.me].mean())
        if parsed.suit is not None:
            suit = parsed.suit
            return self.contract(suit, self.me), float(self.made[:, suit, self.me].mean())
        if parsed.kind == "schmeiss" and stage == "bidding_round_one":
            return self._schmeiss_value(), None
        if parsed.kind == "accept":
            return self._nothing(), None
        if parsed.kind == "refuse":
            if self.rules.schmeiss_refused == "schmeisser_makes":
                return self.contract(self.turned, self.opp), None
            return self._my_naming(everywhere, False, False), None
        # pass (or klaberjass's round-two schmeiss, which is a pass, §4.2)
        if stage == "bidding_round_one":
            if i_am_elder:
                dealer_takes = self.contract(self.turned, self.opp)
                round_two = self._round_two_from_elder(True, 1 - self.opp_takes)
                return self._mix(self.opp_takes, dealer_takes, round_two), None
            return self._round_two_from_elder(False, everywhere), None
        if stage == "bidding_round_two":
            if i_am_elder:
                return self._dealer_answers_round_two_pass(), None
            return self._nothing(), None  # the dealer's pass throws the deal in
        return self._nothing(), None
