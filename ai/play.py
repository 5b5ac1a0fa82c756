"""The card evaluator: the value of each candidate card in sampled worlds (rules.md §7, §8).

Every candidate is played in the same worlds, then the deal is finished either by greedy lockstep
playouts (``ai.kernel``) or, near the end, by the exact solver (``ai.solver``), and scored under
§8, so candidates are compared on common random numbers. The points of bella and of the last trick
are the view's rule set's (``rules.bella_points``, ``rules.last_trick_points``: §6.4, §1, §8).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.cards import SEVEN, TRICKS_PER_DEAL, card, card_points
from engine.laws import bella_scores, trick_winner
from engine.rules import SEATS
from engine.view import PlayerView

from . import kernel
from .arrays import BoolArray, FloatArray, IntArray
from .declarations_np import declarations
from .solver import Position, solve
from .utility import CHANNELS, VALUE, Standing, outcomes
from .worlds import Worlds



def after_exchange(view: PlayerView) -> PlayerView:
    """The seat's view as it would be just after swapping the dix for the face-up card (§5)."""
    assert view.trump is not None
    dix = card(SEVEN, view.trump)
    hand = view.hand & ~(1 << dix) | (1 << view.face_up)
    return replace(view, hand=hand, face_up=dix, exchanged_by=view.seat, exchange_at=view.cards_played,
                   legal=())


def play_values(view: PlayerView, worlds: Worlds, cands: IntArray, silent: BoolArray, playouts: int,
                epsilon: float, rng: np.random.Generator, standing: Standing | None = None) -> FloatArray:
    """(candidates, worlds) mean score-sheet difference for the seat after playing each candidate."""
    values: FloatArray = play_outcomes(view, worlds, cands, silent, playouts, epsilon, rng, standing)[..., VALUE]
    return values


def play_outcomes(view: PlayerView, worlds: Worlds, cands: IntArray, silent: BoolArray, playouts: int,
                  epsilon: float, rng: np.random.Generator, standing: Standing | None = None) -> FloatArray:
    """(candidates, worlds, CHANNELS): the channels of ``ai.utility.outcomes`` after each candidate,
    averaged over the playouts."""
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

    def spread(a: IntArray) -> IntArray:  # (W,) -> (C*W*P,) in candidate, world, playout order
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
    rules = view.rules
    kernel.play(batch, forced, np.full(size, me, np.int64), rules)
    if silent.any():  # a required bella left unannounced does not score (§6.4)
        forgone = np.where(np.repeat(silent, n_worlds * playouts), rules.bella_points, 0)
        if me == 0:
            batch.bella0 -= forgone
        else:
            batch.bella1 -= forgone
    left = view.hand.bit_count() - 1 + view.other_count
    kernel.run(batch, left, rules, rng, epsilon=epsilon)
    if left == 0:  # the candidate closed the last trick
        kernel.score_last_trick(batch, rules)
    total0 = spread(base[0]) + batch.points0 + batch.bella0
    total1 = spread(base[1]) + batch.points1 + batch.bella1
    maker = np.full(size, SEATS.index(view.maker), np.int64)
    s0, s1, _ = kernel.settle(total0, total1, maker)
    per_play = outcomes(s0, s1, me, standing, SEATS.index(view.maker), rules)
    per_world: FloatArray = per_play.reshape(n_cand, n_worlds, playouts, CHANNELS).mean(axis=2)
    return per_world


def exact_play_values(view: PlayerView, worlds: Worlds, cands: IntArray, silent: BoolArray,
                      standing: Standing | None = None) -> FloatArray:
    """(candidates, worlds) exact score-sheet difference after each candidate, solving each world."""
    values: FloatArray = exact_play_outcomes(view, worlds, cands, silent, standing)[..., VALUE]
    return values


def exact_play_outcomes(view: PlayerView, worlds: Worlds, cands: IntArray, silent: BoolArray,
                        standing: Standing | None = None) -> FloatArray:
    """(candidates, worlds, CHANNELS): the channels of ``ai.utility.outcomes`` after each candidate, each
    world solved exactly."""
    assert view.trump is not None and view.maker is not None
    rules, trump = view.rules, view.trump
    bella_points, last_trick_points = rules.bella_points, rules.last_trick_points
    me = SEATS.index(view.seat)
    maker = SEATS.index(view.maker)
    base = [s.cards + s.sequences + s.bella for s in (view.score.elder, view.score.dealer)]
    tricks_left = TRICKS_PER_DEAL - len(view.tricks)
    values = np.zeros((cands.shape[0], worlds.count, CHANNELS))
    declared = np.zeros((2, worlds.count), np.int64)
    if view.cards_played == 0:  # the declarations score at the first lead (§6.3): not yet in the score
        mine = np.full(worlds.count, view.hand, np.int64)
        hand0, hand1 = (mine, worlds.other_hand) if me == 0 else (worlds.other_hand, mine)
        declared[0], declared[1] = declarations(hand0, hand1, np.int64(trump), rules)
    for w, other in enumerate(worlds.other_hand.tolist()):
        for k, c in enumerate(cands.tolist()):
            hands = [0, 0]
            hands[me], hands[1 - me] = view.hand & ~(1 << c), other
            played = list(view.played)
            totals = [base[0] + int(declared[0, w]), base[1] + int(declared[1, w])]
            if not silent[k] and bella_scores(view.hand, played[me], c, trump, rules.bella_order):
                totals[me] += bella_points
            played[me] |= 1 << c
            if view.current:
                led = view.current[0][1]
                winner = trick_winner(1 - me, led, c, trump)
                totals[winner] += card_points(c, trump) + card_points(led, trump)
                left = tricks_left - 1
                if left == 0:
                    totals[winner] += last_trick_points
                    future = (0, 0)
                else:
                    future = solve(Position((hands[0], hands[1]), trump, winner, None,
                                            (played[0], played[1]), left), rules)
            else:
                future = solve(Position((hands[0], hands[1]), trump, me, c, (played[0], played[1]),
                                        tricks_left), rules)
            t0, t1 = totals[0] + future[0], totals[1] + future[1]
            s0, s1, _ = kernel.settle(np.array([t0]), np.array([t1]), np.array([maker]))
            values[k, w] = outcomes(s0, s1, me, standing, maker, rules)[0]
    return values
