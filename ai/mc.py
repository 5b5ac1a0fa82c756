"""The Monte Carlo determinization bot: bids and plays from a seat's view.

Cards: every candidate is played in the same sampled worlds, followed by greedy lockstep playouts
(``ai.kernel``) and scored under rules.md §8, so candidates are compared on common random numbers.
Bids: every world is played out under each of the four trump suits, which gives the score-sheet
difference of every contract with either side as maker; the bidding tree is then walked per world,
with the other player modelled by the rule of thumb of §10 and this seat's own later choices made
on the average over the worlds that reach them. A pass is so valued by what follows it.

Levels fix counts (worlds, playouts), never time, so a view and a seed always give the same action.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from engine.cards import (
    KING,
    LAST_TRICK_POINTS,
    QUEEN,
    SEVEN,
    card,
    card_points,
    cards_of,
    parse_card,
    suit_of,
    trick_strength,
)
from engine.rules import ELDER, SEATS, RuleSet
from engine.view import PlayerView

from . import kernel
from .declarations_np import declarations
from .bots import GreedyBot, hand_strength, play_actions
from .solver import Position, legal_plays, solve
from .worlds import Worlds, sample_bid_worlds, sample_play_worlds

OPPONENT_TAKE = GreedyBot.take_threshold
TRICKS = 9
OPPONENT_REFUSE_SCHMEISS = GreedyBot.take_threshold - 10


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


LEVELS = {
    "easy": Level("easy", 24, 2, 64, 2, 3, 16),
    "normal": Level("normal", 96, 6, 400, 4, 4, 32),
    "hard": Level("hard", 256, 8, 1000, 6, 5, 64),
}

MATCH_WIN_BONUS = 150  # points a deal is worth beyond its score when it wins or loses the match


@dataclass(frozen=True)
class Standing:
    """The score sheet before this deal, for play near the target (rules.md §9)."""

    mine: int
    theirs: int
    target: int


def utility(s0: np.ndarray, s1: np.ndarray, me: int, standing: Standing | None) -> np.ndarray:
    """The seat's value of a deal's result: the score-sheet difference, plus a bonus for a result
    that wins the match and a malus for one that loses it (§9: past the target, the higher wins)."""
    mine, theirs = (s0, s1) if me == 0 else (s1, s0)
    value = (mine - theirs).astype(np.float64)
    if standing is None:
        return value
    total_mine = standing.mine + mine
    total_theirs = standing.theirs + theirs
    over = (total_mine >= standing.target) | (total_theirs >= standing.target)
    wins = over & (total_mine > total_theirs)
    loses = over & (total_theirs > total_mine)
    return value + MATCH_WIN_BONUS * (wins.astype(np.float64) - loses.astype(np.float64))


@dataclass(frozen=True)
class ActionValue:
    action: str
    ev: float  # expected score-sheet difference for the deal: mine minus the other's
    ev_se: float
    make_prob: float | None  # for an action that makes this seat the maker at once


@dataclass(frozen=True)
class Evaluation:
    seat: str
    stage: str
    worlds: int
    actions: tuple[ActionValue, ...]  # best first
    # Each action's value in every world, on common worlds, so two actions can be compared paired.
    samples: dict[str, np.ndarray] = field(default_factory=dict, compare=False, repr=False)

    @property
    def best(self) -> str:
        return self.actions[0].action

    def value(self, action: str) -> ActionValue:
        return next(a for a in self.actions if a.action == action)

    def loss(self, action: str) -> tuple[float, float]:
        """Expected points ``action`` gives up against the best, and the standard error of that
        difference, paired over the common worlds."""
        diff = self.samples[self.best] - self.samples[action]
        return _mean_se(diff) if diff.shape[0] > 1 else (float(diff.mean()), 0.0)


def _mean_se(per_world: np.ndarray) -> tuple[float, float]:
    n = per_world.shape[0]
    mean = float(per_world.mean())
    se = float(per_world.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0
    return mean, se


class MonteCarloBot:
    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.name = f"mc:{level}"

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> str:
        legal = view.legal
        if view.stage == "play":
            if "exchange" in legal and _exchange_pays(view):
                return "exchange"
            plays = play_actions(view)
            if len(plays) == 1:
                return plays[0]
        elif len(legal) == 1:
            return legal[0]
        return self.evaluate(view, seed, standing).best

    def wants_exchange(self, view: PlayerView) -> bool:
        return _exchange_pays(view)

    def evaluate(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Evaluation:
        """Every legal action of the seat with its expected value, best first."""
        rng = np.random.default_rng(seed)
        if view.stage == "play":
            return self._evaluate_play(view, rng, standing)
        return self._evaluate_bids(view, rng, standing)

    # -- card play -----------------------------------------------------------------------------

    def _evaluate_play(self, view: PlayerView, rng: np.random.Generator,
                       standing: Standing | None) -> Evaluation:
        """Every play (both ``play QX`` and ``play QX bella`` where announcing is required) and the
        dix exchange, valued on the same worlds; the exchange as the best play after the swap."""
        level = self.level
        actions = [a for a in view.legal if a.startswith("play ")]
        cards = [parse_card(a.split(" ")[1]) for a in actions]
        silent = [not a.endswith(" bella") and f"{a} bella" in view.legal for a in actions]
        worlds = sample_play_worlds(view, level.play_worlds, rng)
        exact = TRICKS - len(view.tricks) <= level.exact_tricks and view.cards_played > 0
        if exact:
            n = level.exact_worlds
            worlds = Worlds(worlds.other_hand[:n], worlds.my_extra[:n], worlds.other_extra[:n])
        values = self._play_values(view, worlds, cards, silent, exact, rng, standing)
        scored = [ActionValue(a, *_mean_se(values[k]), None) for k, a in enumerate(actions)]
        samples = {a: values[k] for k, a in enumerate(actions)}
        if "exchange" in view.legal:
            swapped = _after_exchange(view)
            after = [c for c in cards_of(legal_plays(swapped.hand, view.current[0][1] if view.current else None,
                                                     view.trump or 0, view.rules.must_overtake))]
            after_values = self._play_values(swapped, worlds, after, [False] * len(after), exact, rng, standing)
            best = int(np.argmax(after_values.mean(axis=1)))
            scored.append(ActionValue("exchange", *_mean_se(after_values[best]), None))
            samples["exchange"] = after_values[best]
        ranked = sorted(scored, key=lambda a: -a.ev)
        return Evaluation(view.seat, view.stage, worlds.count, tuple(ranked), samples)

    def _play_values(self, view: PlayerView, worlds: Worlds, cards: list[int], silent: list[bool],
                     exact: bool, rng: np.random.Generator, standing: Standing | None) -> np.ndarray:
        cands = np.array(cards, dtype=np.int64)
        quiet = np.array(silent, dtype=bool)
        if exact:
            return exact_play_values(view, worlds, cands, quiet, standing)
        level = self.level
        return play_values(view, worlds, cands, quiet, level.play_playouts, level.epsilon, rng, standing)

    # -- bidding -------------------------------------------------------------------------------

    def _evaluate_bids(self, view: PlayerView, rng: np.random.Generator,
                       standing: Standing | None) -> Evaluation:
        level = self.level
        worlds = sample_bid_worlds(view, level.bid_worlds, rng)
        value, made = contract_values(view, worlds, level.bid_playouts, level.epsilon, rng, standing)
        tree = _BidTree(view, worlds, value, made)
        results = []
        samples: dict[str, np.ndarray] = {}
        for action in view.legal:
            per_world, make_prob = tree.value_of(action)
            samples[action] = per_world
            ev, se = _mean_se(per_world)
            results.append(ActionValue(action, ev, se, make_prob))
        ranked = sorted(results, key=lambda a: -a.ev)
        return Evaluation(view.seat, view.stage, worlds.count, tuple(ranked), samples)


def _after_exchange(view: PlayerView) -> PlayerView:
    """The seat's view as it would be just after swapping the dix for the face-up card (§5)."""
    assert view.trump is not None
    dix = card(SEVEN, view.trump)
    hand = view.hand & ~(1 << dix) | (1 << view.face_up)
    return replace(view, hand=hand, face_up=dix, exchanged_by=view.seat, exchange_at=view.cards_played,
                   legal=())


def _exchange_pays(view: PlayerView) -> bool:
    """Swap the dix when the turn-up is a trump or a card worth points (§5)."""
    assert view.trump is not None
    return suit_of(view.face_up) == view.trump or card_points(view.face_up, view.trump) >= 10


def contract_exchanges(turn_up: int, trump: int, rules: RuleSet) -> bool:
    """Whether the dix holder would swap in a contract with ``trump`` (as ``_exchange_pays``, §5)."""
    if turn_up == card(SEVEN, trump):
        return False
    if suit_of(turn_up) == trump:
        return True
    return rules.dix_exchange == "any_trump" and card_points(turn_up, trump) >= 10


# -------------------------------------------------------------------------------------------------
# Values of plays


def play_values(view: PlayerView, worlds: Worlds, cands: np.ndarray, silent: np.ndarray, playouts: int,
                epsilon: float, rng: np.random.Generator, standing: Standing | None = None) -> np.ndarray:
    """(candidates, worlds) mean score-sheet difference for the seat after playing each candidate."""
    assert view.trump is not None and view.maker is not None
    me = SEATS.index(view.seat)
    n_cand, n_worlds = cands.shape[0], worlds.count
    other = worlds.other_hand
    hand_me = np.full(n_worlds, view.hand, np.int64)
    hand0, hand1 = (hand_me, other) if me == 0 else (other, hand_me)

    base = np.zeros((2, n_worlds), np.int64)
    for i, seat_score in enumerate((view.score.elder, view.score.dealer)):
        base[i] += seat_score.cards + seat_score.sequences + seat_score.bella
    if view.cards_played == 0:
        e, d = declarations(hand0, hand1, np.int64(view.trump), view.rules)
        base[0] += e
        base[1] += d

    def spread(a: np.ndarray) -> np.ndarray:  # (W,) -> (C*W*P,) in candidate, world, playout order
        return np.tile(np.repeat(a, playouts), n_cand)

    size = n_cand * n_worlds * playouts
    trump = np.full(size, view.trump, np.int64)
    if view.current:
        leader = np.full(size, 1 - me, np.int64)
        current = np.full(size, view.current[0][1], np.int64)
    else:
        leader = np.full(size, me, np.int64)
        current = None
    batch = kernel.new_batch(
        spread(hand0), spread(hand1), trump, leader, current,
        np.full(size, view.played[0], np.int64), np.full(size, view.played[1], np.int64),
    )
    forced = kernel.card_to_trump_space(np.repeat(cands, n_worlds * playouts), trump)
    kernel.play(batch, forced, np.full(size, me, np.int64), view.rules.bella_order == "either")
    if silent.any():  # a required bella left unannounced does not score (§6.4)
        forgone = np.where(np.repeat(silent, n_worlds * playouts), 20, 0)
        if me == 0:
            batch.bella0 -= forgone
        else:
            batch.bella1 -= forgone
    left = view.hand.bit_count() - 1 + view.other_count
    kernel.run(batch, left, view.rules.must_overtake, view.rules.bella_order == "either", rng,
               epsilon=epsilon)
    if left == 0:  # the candidate closed the last trick
        last = batch.last_winner == 0
        batch.points0 += np.where(last, 10, 0)
        batch.points1 += np.where(last, 0, 10)
    total0 = spread(base[0]) + batch.points0 + batch.bella0
    total1 = spread(base[1]) + batch.points1 + batch.bella1
    maker = np.full(size, SEATS.index(view.maker), np.int64)
    s0, s1, _ = kernel.settle(total0, total1, maker)
    diff = utility(s0, s1, me, standing)
    return diff.reshape(n_cand, n_worlds, playouts).mean(axis=2)


def _bella_on(hand: int, played: int, c: int, trump: int, rules: RuleSet) -> bool:
    """Whether playing ``c`` from ``hand`` scores bella (§6.4), as the engine decides it."""
    if c >> 3 != trump or c & 7 not in (KING, QUEEN):
        return False
    partner = card(KING if c & 7 == QUEEN else QUEEN, trump)
    if rules.bella_order == "queen_first":
        return c & 7 == QUEEN and bool(hand >> partner & 1)
    return bool(played >> partner & 1)


def exact_play_values(view: PlayerView, worlds: Worlds, cands: np.ndarray, silent: np.ndarray,
                      standing: Standing | None = None) -> np.ndarray:
    """(candidates, worlds) exact score-sheet difference after each candidate, solving each world."""
    assert view.trump is not None and view.maker is not None
    rules, trump = view.rules, view.trump
    me = SEATS.index(view.seat)
    maker = SEATS.index(view.maker)
    base = [s.cards + s.sequences + s.bella for s in (view.score.elder, view.score.dealer)]
    tricks_left = TRICKS - len(view.tricks)
    values = np.zeros((cands.shape[0], worlds.count))
    for w, other in enumerate(worlds.other_hand.tolist()):
        for k, c in enumerate(cands.tolist()):
            hands = [0, 0]
            hands[me], hands[1 - me] = view.hand & ~(1 << c), other
            played = list(view.played)
            totals = list(base)
            if not silent[k] and _bella_on(view.hand, played[me], c, trump, rules):
                totals[me] += 20
            played[me] |= 1 << c
            if view.current:
                led = view.current[0][1]
                winner = me if trick_strength(c, trump, led >> 3) > trick_strength(led, trump, led >> 3) else 1 - me
                totals[winner] += card_points(c, trump) + card_points(led, trump)
                left = tricks_left - 1
                if left == 0:
                    totals[winner] += LAST_TRICK_POINTS
                    future = (0, 0)
                else:
                    future = solve(Position((hands[0], hands[1]), trump, winner, None,
                                            (played[0], played[1]), left), rules)
            else:
                future = solve(Position((hands[0], hands[1]), trump, me, c, (played[0], played[1]),
                                        tricks_left), rules)
            t0, t1 = totals[0] + future[0], totals[1] + future[1]
            s0, s1, _ = kernel.settle(np.array([t0]), np.array([t1]), np.array([maker]))
            values[k, w] = utility(s0, s1, me, standing)[0]
    return values


# -------------------------------------------------------------------------------------------------
# Values of contracts, for the bidding


def _opponent_hand_strengths(hands: np.ndarray) -> np.ndarray:
    """(W, 4): the §10 rule-of-thumb strength of each other hand for each trump suit."""
    return np.array([[hand_strength(int(h), s) for s in range(4)] for h in hands.tolist()], dtype=np.int64)


def contract_values(view: PlayerView, worlds: Worlds, playouts: int, epsilon: float,
                    rng: np.random.Generator, standing: Standing | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
    """(W, 4, 2) score-sheet difference for the seat, and make flags, by trump suit and maker."""
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
        e, d = elder9.copy(), dealer9.copy()
        dix = card(SEVEN, s)
        if contract_exchanges(turn_up, s, rules):
            e = np.where((e >> dix) & 1 == 1, e & ~(1 << dix) | (1 << turn_up), e)
            d = np.where((d >> dix) & 1 == 1, d & ~(1 << dix) | (1 << turn_up), d)
        hands[0, :, s], hands[1, :, s] = e, d
        declared[0, :, s], declared[1, :, s] = declarations(e, d, np.int64(s), rules)

    def spread(a: np.ndarray) -> np.ndarray:  # (W, 4) -> (W*4*P,)
        return np.repeat(a.reshape(-1), playouts)

    size = n * 4 * playouts
    trump = np.tile(np.repeat(np.arange(4, dtype=np.int64), playouts), n)
    batch = kernel.new_batch(spread(hands[0]), spread(hands[1]), trump, np.zeros(size, np.int64))
    either = rules.bella_order == "either"
    kernel.run(batch, 18, rules.must_overtake, either, rng, epsilon=epsilon)
    total0 = spread(declared[0]) + batch.points0 + batch.bella0
    total1 = spread(declared[1]) + batch.points1 + batch.bella1
    values = np.zeros((n, 4, 2))
    made = np.zeros((n, 4, 2))
    for maker in (0, 1):
        s0, s1, ok = kernel.settle(total0, total1, np.full(size, maker, np.int64))
        diff = utility(s0, s1, me, standing)
        values[:, :, maker] = diff.reshape(n, 4, playouts).mean(axis=2)
        made[:, :, maker] = ok.reshape(n, 4, playouts).mean(axis=2)
    return values, made


class _BidTree:
    """The rest of the bidding after each candidate, walked per world (rules.md §4)."""

    def __init__(self, view: PlayerView, worlds: Worlds, value: np.ndarray, made: np.ndarray) -> None:
        self.view = view
        self.rules = view.rules
        self.me = SEATS.index(view.seat)
        self.opp = 1 - self.me
        self.value = value
        self.made = made
        self.turned = suit_of(view.turn_up)
        strength = _opponent_hand_strengths(worlds.other_hand)
        others = strength.copy()
        others[:, self.turned] = -10**6
        self.opp_takes = strength[:, self.turned] >= OPPONENT_TAKE
        self.opp_refuses_schmeiss = strength[:, self.turned] >= OPPONENT_REFUSE_SCHMEISS
        self.opp_best_other = others.argmax(axis=1)
        self.opp_names = others.max(axis=1) >= OPPONENT_TAKE
        self.opp_best_any = strength.argmax(axis=1)
        self.n = worlds.count

    def contract(self, suit: int | np.ndarray, maker: int) -> np.ndarray:
        idx = np.arange(self.n)
        return self.value[idx, suit, maker]

    def _my_best(self, options: list[np.ndarray], reached: np.ndarray) -> np.ndarray:
        """My later choice: the option with the best average over the worlds that reach it."""
        if not reached.any():
            return options[0]
        means = [float(o[reached].mean()) for o in options]
        return options[int(np.argmax(means))]

    def _my_naming(self, reached: np.ndarray, exclude_turned: bool, may_pass: bool) -> np.ndarray:
        suits = [s for s in range(4) if not (exclude_turned and s == self.turned)]
        options = [self.contract(s, self.me) for s in suits]
        if may_pass:
            options.append(np.zeros(self.n))
        return self._my_best(options, reached)

    def _round_two_from_elder(self, elder_is_me: bool, reached: np.ndarray) -> np.ndarray:
        """Round two from its start: the elder speaks, then the dealer (§4.2)."""
        if elder_is_me:
            name = self._my_naming(reached, True, False)
            after_pass = self._dealer_answers_round_two_pass()
            return self._my_best([name, after_pass], reached)
        opp_named = self.contract(self.opp_best_other, self.opp)
        mine = self._my_naming(reached & ~self.opp_names, True, True)
        return np.where(self.opp_names, opp_named, mine)

    def _dealer_answers_round_two_pass(self) -> np.ndarray:
        """The other (dealer) after my round-two pass: he names a suit or throws in."""
        return np.where(self.opp_names, self.contract(self.opp_best_other, self.opp), 0.0)

    def _schmeiss_value(self) -> np.ndarray:
        """My schmeiss, answered by the other: accept throws in; refuse by the preset (§4.3)."""
        if self.rules.schmeiss_refused == "schmeisser_makes":
            refused = self.contract(self.turned, self.me)
        else:
            refused = self.contract(self.opp_best_any, self.opp)
        return np.where(self.opp_refuses_schmeiss, refused, 0.0)

    def value_of(self, action: str) -> tuple[np.ndarray, float | None]:
        stage = self.view.stage
        everywhere = np.ones(self.n, dtype=bool)
        i_am_elder = self.view.seat == ELDER
        if action == "take":
            return self.contract(self.turned, self.me), float(self.made[:, self.turned, self.me].mean())
        if action.startswith("name "):
            suit = "CDHS".index(action[-1])
            return self.contract(suit, self.me), float(self.made[:, suit, self.me].mean())
        if action == "schmeiss" and stage == "bidding_round_one":
            return self._schmeiss_value(), None
        if action == "accept":
            return np.zeros(self.n), None
        if action == "refuse":
            if self.rules.schmeiss_refused == "schmeisser_makes":
                return self.contract(self.turned, self.opp), None
            return self._my_naming(everywhere, False, False), None
        # pass (or klaberjass's round-two schmeiss, which is a pass, §4.2)
        if stage == "bidding_round_one":
            if i_am_elder:
                dealer_takes = self.contract(self.turned, self.opp)
                round_two = self._round_two_from_elder(True, ~self.opp_takes)
                return np.where(self.opp_takes, dealer_takes, round_two), None
            return self._round_two_from_elder(False, everywhere), None
        if stage == "bidding_round_two":
            if i_am_elder:
                return self._dealer_answers_round_two_pass(), None
            return np.zeros(self.n), None  # the dealer's pass throws the deal in
        return np.zeros(self.n), None
