"""ai.solver against the engine: legality, and exact values against a plain brute-force minimax
(``tests/support/brute_force.py``: it plays the positions through ``engine.deal.Deal`` itself)."""

from __future__ import annotations

import random

import pytest
from tests.support.brute_force import bella_owner, brute, brute_points, engine_deal, random_position

from ai.solver import Position, _Search, best_moves, position_from_deal, solve, solve_value
from engine.laws import legal_follow
from engine.cards import KING, QUEEN, SUIT_MASKS, card, card_points, cards_of, mask_points, trick_strength
from engine.deal import Deal
from engine.rules import OPTION_VALUES, PRESETS, RuleSet

MODES = OPTION_VALUES["must_overtake"]  # every value the one table allows (rules.md §7, §11)
ORDERS = OPTION_VALUES["bella_order"]  # (§6.4, §11)


def rules_for(mode: str, order: str) -> RuleSet:
    return RuleSet.from_preset("klaberjass", {"must_overtake": mode, "bella_order": order})


# ---------------------------------------------------------------------------------------------
# legal_follow (engine.laws), which the solver calls


@pytest.mark.parametrize("mode", MODES)
def test_legal_follow_matches_engine(mode: str) -> None:
    rng = random.Random(hash(mode) & 0xFFFF)
    rules = rules_for(mode, "queen_first")
    for _ in range(600):
        pos = random_position(rng, rng.randint(1, 9), bella_bias=False)
        deal = engine_deal(pos, rules)
        mover = pos.leader if pos.current is None else 1 - pos.leader
        expected = deal.legal_play_mask()
        assert legal_follow(pos.hands[mover], pos.current, pos.trump, mode) == expected


def test_legal_follow_hand_worked() -> None:
    # trump hearts (2); spades led with the 9S (rank 2): the follower holds 7S, KS, JH.
    hand = (1 << card(0, 3)) | (1 << card(6, 3)) | (1 << card(4, 2))
    led = card(2, 3)
    assert legal_follow(hand, led, 2, "none") == (1 << card(0, 3)) | (1 << card(6, 3))
    assert legal_follow(hand, led, 2, "trump") == (1 << card(0, 3)) | (1 << card(6, 3))
    assert legal_follow(hand, led, 2, "all") == 1 << card(6, 3)
    # a trump led (QH): must overtake under trump and all; 9H beats it, 8H does not.
    hand = (1 << card(1, 2)) | (1 << card(2, 2)) | (1 << card(7, 0))
    led = card(5, 2)
    assert legal_follow(hand, led, 2, "none") == (1 << card(1, 2)) | (1 << card(2, 2))
    assert legal_follow(hand, led, 2, "trump") == 1 << card(2, 2)
    # void in the suit led: must trump; no trump: anything.
    assert legal_follow(1 << card(1, 2) | 1 << card(7, 0), card(3, 1), 2, "all") == 1 << card(1, 2)
    assert legal_follow(1 << card(7, 0) | 1 << card(6, 3), card(3, 1), 2, "all") == 1 << card(7, 0) | 1 << card(6, 3)
    assert legal_follow(0b101, None, 2, "all") == 0b101


# ---------------------------------------------------------------------------------------------
# the solver against brute force


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_solver_matches_brute_force(mode: str, order: str) -> None:
    rules = rules_for(mode, order)
    rng = random.Random(f"{mode}-{order}")
    bella_seen = 0
    for i in range(45):
        tricks = (2, 3, 4)[i % 3]
        pos = random_position(rng, tricks)
        expected = brute_points(pos, rules)
        assert solve(pos, rules) == expected, pos
        assert solve_value(pos, rules) == expected[0] - expected[1]
        total = expected[0] + expected[1] - rules.last_trick_points
        total -= mask_points(pos.hands[0] | pos.hands[1], pos.trump)
        if pos.current is not None:
            total -= mask_points(1 << pos.current, pos.trump)
        bella_seen += total == rules.bella_points
    assert bella_seen >= 3  # the bella rules were really exercised


def low_position(rng: random.Random, tricks: int) -> Position:
    """Hands drawn mostly from the 7s, 8s and 9s (plus a few high cards), so that the solver's
    merging of equal zero-point cards meets interleaved holdings (own 7 and 9, the other's 8)."""
    trump = rng.randrange(4)
    low = [c for c in range(32) if c & 7 <= 2]
    high = [c for c in range(32) if c & 7 > 2]
    rng.shuffle(low)
    rng.shuffle(high)
    pool = low[: 2 * tricks - 2] + high[:2]
    rng.shuffle(pool)
    leader = rng.randrange(2)
    hands = [0, 0]
    for i, c in enumerate(pool):
        hands[i % 2] |= 1 << c
    return Position((hands[0], hands[1]), trump, leader, None, (0, 0), tricks)


@pytest.mark.parametrize("mode", MODES)
def test_solver_low_cards(mode: str) -> None:
    rules = rules_for(mode, "queen_first")
    rng = random.Random(f"low-{mode}")
    for i in range(40):
        pos = low_position(rng, (3, 4)[i % 2])
        assert solve(pos, rules) == brute_points(pos, rules), pos
        assert best_moves(pos, rules) == brute_moves(pos, rules), pos


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_solver_five_tricks(mode: str, order: str) -> None:
    rules = rules_for(mode, order)
    rng = random.Random(f"five-{mode}-{order}")
    for _ in range(3):
        pos = random_position(rng, 5)
        assert solve(pos, rules) == brute_points(pos, rules), pos


def test_bella_queen_first_hand_worked() -> None:
    # Hearts trump. The elder holds KH QH, the dealer 7C 8C. Whatever the order, the dealer has
    # to discard clubs (no trump) and the elder takes both tricks: 4 + 3 + 10 last.
    # Queen first scores bella (20); king first does not under queen_first, does under either.
    kh, qh, c7, c8 = card(KING, 2), card(QUEEN, 2), card(0, 0), card(1, 0)
    pos = Position((1 << kh | 1 << qh, 1 << c7 | 1 << c8), 2, 0, None, (0, 0), 2)
    qf = rules_for("trump", "queen_first")
    ei = rules_for("trump", "either")
    assert solve(pos, qf) == (37, 0)
    assert solve(pos, ei) == (37, 0)
    assert best_moves(pos, qf) == {kh: 17, qh: 37}
    assert best_moves(pos, ei) == {kh: 37, qh: 37}
    # Either: the king was already played by the elder, the queen still scores it.
    pos = Position((1 << qh, 1 << c7), 2, 0, None, (1 << kh, 0), 1)
    assert solve(pos, ei) == (33, 0)
    assert solve(pos, qf) == (13, 0)
    # ...but not if the dealer played the king.
    pos = Position((1 << qh, 1 << c7), 2, 0, None, (0, 1 << kh), 1)
    assert solve(pos, ei) == (13, 0)


def memo_minimax(pos: Position, rules: RuleSet) -> tuple[int, int]:
    """Plain minimax with a memo of exact values (no pruning, no bounds): reaches 6-7 tricks.

    Trick winners and points from engine.cards, following from legal_follow (checked against the
    engine above), bella as Deal._bella_scores decides it. Returns (elder, dealer) like solve.
    """
    trump, mode = pos.trump, rules.must_overtake
    owner = bella_owner(pos, rules)
    king, queen = card(KING, trump), card(QUEEN, trump)
    bonus_v, last = 2 * rules.bella_points + 1, rules.last_trick_points  # the rule set's (§6.4, §1, §8)
    played0 = list(pos.played)
    root = pos.hands
    memo: dict[tuple[int, int, int, int | None], int] = {}

    def bella(p: int, c: int, hands: tuple[int, int]) -> int:
        if c not in (king, queen):
            return 0
        partner = king if c == queen else queen
        if rules.bella_order == "queen_first":
            scores = c == queen and hands[p] >> partner & 1
        else:  # the partner was played by p: before the root, or from p's root hand since
            gone = not hands[p] >> partner & 1
            scores = (played0[p] >> partner & 1) or (gone and root[p] >> partner & 1)
        if not scores:
            return 0
        assert p == owner
        return bonus_v if p == 0 else -bonus_v

    def value(h0: int, h1: int, leader: int, current: int | None) -> int:
        key = (h0, h1, leader, current)
        if key in memo:
            return memo[key]
        hands = (h0, h1)
        mover = leader if current is None else 1 - leader
        results = []
        for c in cards_of(legal_follow(hands[mover], current, trump, mode)):
            gain = bella(mover, c, hands)
            nh = [h0, h1]
            nh[mover] &= ~(1 << c)
            if current is None:
                results.append(gain + value(nh[0], nh[1], leader, c))
                continue
            led_suit = current >> 3
            win = mover if trick_strength(c, trump, led_suit) > trick_strength(current, trump, led_suit) else leader
            pts = card_points(c, trump) + card_points(current, trump)
            if not (nh[0] | nh[1]):
                pts += last
            gain += 2 * pts if win == 0 else -2 * pts
            rest = value(nh[0], nh[1], win, None) if nh[0] | nh[1] else 0
            results.append(gain + rest)
        memo[key] = out = max(results) if mover == 0 else min(results)
        return out

    v = value(pos.hands[0], pos.hands[1], pos.leader, pos.current)
    if v & 1:
        diff, bonus = (v - (1 if owner == 0 else -1)) // 2, rules.bella_points
    else:
        diff, bonus = v // 2, 0
    total = mask_points(pos.hands[0] | pos.hands[1], pos.trump) + last + bonus
    if pos.current is not None:
        total += card_points(pos.current, trump)
    return (total + diff) // 2, (total - diff) // 2


def test_memo_minimax_agrees_with_engine_brute_force() -> None:
    rng = random.Random(77)
    for mode in MODES:
        for order in ORDERS:
            rules = rules_for(mode, order)
            for i in range(6):
                pos = random_position(rng, (2, 3, 4)[i % 3])
                assert memo_minimax(pos, rules) == brute_points(pos, rules), pos


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_solver_matches_memo_minimax_deeper(mode: str, order: str) -> None:
    rules = rules_for(mode, order)
    rng = random.Random(f"deep-{mode}-{order}")
    for i in range(10):
        pos = random_position(rng, (6, 7)[i % 2])
        assert solve(pos, rules) == memo_minimax(pos, rules), pos


def test_windows_and_table_reuse() -> None:
    """Many narrow windows on one search (one shared table) keep the fail-soft contract.

    The value v of ai.solver (2 * difference + bella tie bit) searched with (alpha, beta): when it
    is <= alpha the truth is <= it, when >= beta the truth is >= it, else it is the truth. Reusing
    one table across windows exercises its stored bounds far more than a single full search.
    """
    rng = random.Random(11)
    for mode in MODES:
        for order in ORDERS:
            rules = rules_for(mode, order)
            for tricks in (6, 9):
                pos = random_position(rng, tricks)
                truth = _Search(pos, rules).value(pos)
                search = _Search(pos, rules)
                for _ in range(25):
                    lo = truth + rng.randint(-30, 30)
                    hi = lo + rng.choice((1, 1, 2, 5, 20))
                    v = search.value(pos, lo, hi)
                    if v <= lo:
                        assert truth <= v
                    elif v >= hi:
                        assert truth >= v
                    else:
                        assert v == truth
                assert search.value(pos) == truth


# ---------------------------------------------------------------------------------------------
# best_moves, full deals, determinism


def brute_moves(pos: Position, rules: RuleSet) -> dict[int, int]:
    owner = bella_owner(pos, rules)
    deal = engine_deal(pos, rules)
    seat = deal._to_act
    out = {}
    for c in cards_of(deal.legal_play_mask()):
        child = deal.clone()
        child.play_card(seat, c, True)
        v = brute(child, owner)
        diff = (v - (1 if owner == 0 else -1)) // 2 if v & 1 else v // 2
        out[c] = diff if seat == 0 else -diff
    return out


@pytest.mark.parametrize("mode", MODES)
def test_best_moves_consistent(mode: str) -> None:
    rng = random.Random(f"moves-{mode}")
    for order in ORDERS:
        rules = rules_for(mode, order)
        for i in range(12):
            pos = random_position(rng, (2, 3, 4)[i % 3])
            moves = best_moves(pos, rules)
            assert moves == brute_moves(pos, rules)
            e, d = solve(pos, rules)
            mover = pos.leader if pos.current is None else 1 - pos.leader
            best = e - d if mover == 0 else d - e
            assert max(moves.values()) == best
            assert set(moves) == set(cards_of(legal_follow(pos.hands[mover], pos.current, pos.trump, mode)))


def test_full_deals_consistent_and_deterministic() -> None:
    rng = random.Random(9)
    for mode in MODES:
        rules = rules_for(mode, "either" if mode == "all" else "queen_first")
        pos = random_position(rng, 9)
        e, d = solve(pos, rules)
        assert solve(pos, rules) == (e, d)
        total = mask_points(pos.hands[0] | pos.hands[1], pos.trump) + rules.last_trick_points
        if pos.current is not None:
            total += mask_points(1 << pos.current, pos.trump)
        assert e + d in (total, total + rules.bella_points)
        moves = best_moves(pos, rules)
        assert best_moves(pos, rules) == moves
        mover = pos.leader if pos.current is None else 1 - pos.leader
        assert max(moves.values()) == (e - d if mover == 0 else d - e)
        # Playing a best card and solving the rest gives the same difference (principle of optimality).
        c = max(moves, key=lambda k: (moves[k], -k))
        nxt = play(pos, c, rules)
        e2, d2 = solve_after(nxt, rules)
        assert (e2 - d2 if mover == 0 else d2 - e2) == moves[c]


def play(pos: Position, c: int, rules: RuleSet) -> tuple[Position, int, int]:
    """The position after the mover plays c, and the points that play scored (elder, dealer)."""
    deal = engine_deal(pos, rules)
    mover = deal._to_act
    deal.play_card(mover, c, True)
    gained = (deal.card_points[0] + deal.last_trick[0] + deal.bella[0],
              deal.card_points[1] + deal.last_trick[1] + deal.bella[1])
    current = deal.current[0][1] if deal.current else None
    nxt = Position((deal.hands[0], deal.hands[1]), pos.trump, deal.leader, current,
                   (deal.played[0], deal.played[1]), 9 - len(deal.tricks))
    return nxt, gained[0], gained[1]


def solve_after(step: tuple[Position, int, int], rules: RuleSet) -> tuple[int, int]:
    pos, e, d = step
    if not (pos.hands[0] | pos.hands[1]) and pos.current is None:
        return e, d
    fe, fd = solve(pos, rules)
    return e + fe, d + fd


def test_bad_positions_are_refused() -> None:
    rules = rules_for("trump", "queen_first")
    with pytest.raises(ValueError):
        solve(Position((0b11, 0b100), 0, 0, None, (0, 0), 2), rules)
    with pytest.raises(ValueError):
        solve(Position((0b11, 0b11), 0, 0, None, (0, 0), 2), rules)
    assert SUIT_MASKS[0] == 0xFF


def test_current_card_counts_as_played() -> None:
    # Either order: the elder led the KH (hearts trump) and still holds the QH; whether the caller
    # lists the KH among the elder's played cards or not, the QH scores bella later.
    kh, qh = card(KING, 2), card(QUEEN, 2)
    hands = (1 << qh, 1 << card(7, 2) | 1 << card(1, 0))
    rules = rules_for("trump", "either")
    with_it = Position(hands, 2, 0, kh, (1 << kh, 0), 2)
    without = Position(hands, 2, 0, kh, (0, 0), 2)
    # The dealer must overtake with the AH (15) and leads the 8C; the elder trumps with the QH:
    # 3 + 10 last + 20 bella.
    assert solve(with_it, rules) == solve(without, rules) == brute_points(with_it, rules) == (33, 15)
    assert solve(Position((0, 0), 2, 1, None, (0, 0), 0), rules) == (0, 0)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_oracle_self_play_through_the_engine(preset: str) -> None:
    """Both seats play a best card of best_moves in a real Deal; the difference never changes."""
    rules = RuleSet.from_preset(preset)
    deal = Deal.from_seed(rules, 1234 + len(preset))
    deal.apply("elder", "take")
    start = position_from_deal(deal)
    e, d = solve(start, rules)
    while not deal.is_over:
        pos = position_from_deal(deal)
        moves = best_moves(pos, rules)
        mover = deal._to_act
        c = max(sorted(moves), key=moves.__getitem__)
        deal.play_card(mover, c, True)
    final = [deal.card_points[i] + deal.last_trick[i] + deal.bella[i] for i in (0, 1)]
    assert final[0] - final[1] == e - d
