"""Positions for the exact solver, and the plain brute-force minimax it is checked against
(tests/ai/test_solver.py, tests/ai/test_rule_agreement.py).

The brute force plays the positions through ``engine.deal.Deal`` itself (its legal_play_mask, bella
rule and trick closing), with no pruning and no table, so it checks the solver's own copy of the
rules as well as its search.
"""

from __future__ import annotations

import random

from ai.solver import Position
from engine.cards import KING, QUEEN, card, cards_of, mask_points
from engine.deal import PLAY, Deal, Trick
from engine.rules import RuleSet


def random_position(rng: random.Random, tricks: int, *, bella_bias: bool = True) -> Position:
    """Random hands of `tricks` cards (sometimes a card already led), random trump and leader.

    With ``bella_bias`` the trump K and Q are often put together in one hand, or one of them among
    the cards already played, so that both bella rules are exercised.
    """
    trump = rng.randrange(4)
    deck = list(range(32))
    rng.shuffle(deck)
    king, queen = card(KING, trump), card(QUEEN, trump)
    if bella_bias and rng.random() < 0.6:
        deck.remove(king)
        deck.remove(queen)
        k = rng.choice((0, 1, 2 * tricks - 1))  # together at the front, or split into "played"
        deck[k:k] = [king, queen] if rng.random() < 0.5 else [queen, king]
    leader = rng.randrange(2)
    with_current = rng.random() < 0.4
    hands = [0, 0]
    it = iter(deck)
    n_lead = tricks - 1 if with_current else tricks
    current = None
    if with_current:
        current = next(it)
    for _ in range(n_lead):
        hands[leader] |= 1 << next(it)
    for _ in range(tricks):
        hands[1 - leader] |= 1 << next(it)
    # The rest of the deck: some of it was "played" already, by either player.
    played = [0, 0]
    n_done = 9 - tricks
    rest = list(it)
    pool = rest[: 2 * n_done]
    for i, c in enumerate(pool):
        played[i % 2] |= 1 << c
    if current is not None:
        played[leader] |= 1 << current
    return Position((hands[0], hands[1]), trump, leader, current, (played[0], played[1]), tricks)


# ---------------------------------------------------------------------------------------------
# The engine as an oracle


def engine_deal(pos: Position, rules: RuleSet) -> Deal:
    """A Deal in its play stage at this position (card and bella counters at zero)."""
    deal = Deal(rules, range(6), range(6, 12), 12, range(13, 16), range(16, 19), 19)
    deal.stage = PLAY
    deal.trump = pos.trump
    deal.maker = "elder"
    deal.extra_dealt = True
    deal.hands = [pos.hands[0], pos.hands[1]]
    deal.held = [pos.hands[0] | pos.played[0], pos.hands[1] | pos.played[1]]
    deal.played = [pos.played[0], pos.played[1]]
    dummy = Trick("elder", (0, 0), "elder", 0)
    deal.tricks = [dummy] * (9 - pos.tricks_left)
    deal.leader = pos.leader
    if pos.current is None:
        deal.current = []
        deal._to_act = pos.leader
    else:
        deal.current = [(pos.leader, pos.current)]
        deal._to_act = 1 - pos.leader
    deal.card_points = [0, 0]
    deal.last_trick = [0, 0]
    deal.bella = [0, 0]
    return deal


def bella_owner(pos: Position, rules: RuleSet) -> int:
    pair = (1 << card(KING, pos.trump)) | (1 << card(QUEEN, pos.trump))
    for p in (0, 1):
        if rules.bella_order == "queen_first" and pos.hands[p] & pair == pair:
            return p
        if rules.bella_order == "either" and (pos.hands[p] | pos.played[p]) & pair == pair and pos.hands[p] & pair:
            return p
    return -1


def brute(deal: Deal, owner: int) -> int:
    """Plain minimax: 2 * (elder - dealer future points) + the bella tie bit (see ai.solver)."""
    if deal.stage != PLAY:
        e = deal.card_points[0] + deal.last_trick[0] + deal.bella[0]
        d = deal.card_points[1] + deal.last_trick[1] + deal.bella[1]
        tie = 0
        if deal.bella[0] or deal.bella[1]:
            assert deal.bella[owner] == deal.rules.bella_points and deal.bella[1 - owner] == 0
            tie = 1 if owner == 0 else -1
        return 2 * (e - d) + tie
    seat = deal._to_act
    values = []
    for c in cards_of(deal.legal_play_mask()):
        child = deal.clone()
        child.play_card(seat, c, True)
        values.append(brute(child, owner))
    return max(values) if seat == 0 else min(values)


def brute_points(pos: Position, rules: RuleSet) -> tuple[int, int]:
    owner = bella_owner(pos, rules)
    v = brute(engine_deal(pos, rules), owner)
    if v & 1:
        diff, bella = (v - (1 if owner == 0 else -1)) // 2, rules.bella_points
    else:
        diff, bella = v // 2, 0
    total = mask_points(pos.hands[0] | pos.hands[1], pos.trump) + rules.last_trick_points + bella
    if pos.current is not None:
        total += mask_points(1 << pos.current, pos.trump)
    return (total + diff) // 2, (total - diff) // 2
