"""Exact perfect-information solver for the card play of one deal (rules.md §7, §1, §6.4).

Pure Python on ints: cards are ``suit * 8 + rank`` (``engine.cards``), hands are 32-bit masks.
The search is alpha-beta (fail-soft) over whole tricks: a node is a trick boundary
``(elder hand, dealer hand, leader)``; inside it the leader's cards and the follower's answers are
two nested loops. A transposition table keyed on the node stores bounds and the best lead, and
moves are ordered (table move first, then strong cards; the follower tries winners first).
Cards that cannot differ are merged: two cards of one suit in one hand, adjacent in trick order
among the cards still in play (the card led to the trick counts), with equal points (a plain 7, 8
and 9; a trump 7 and 8).

The objective is zero-sum on the difference ``elder - dealer`` of the points still to come: card
points of the remaining tricks, the last trick's bonus and bella (§6.4, assumed always announced
when it scores), both at the rule set's values (``rules.last_trick_points``, ``rules.bella_points``:
§1, §8, §6.4). The total of card points is fixed but bella is not, so the search works on the
integer ``v = 2 * difference + tie`` where ``tie`` is +1 (elder owns the pair) or -1 (dealer owns
it) when bella is scored, else 0. Only one player can ever score bella from a position (the one
who holds the pair, or under ``either`` holds one card of it and played the other), so ``v``
decodes uniquely; its effect is a tie-break: among lines equal on the difference, the owner of
the pair prefers the one where bella scores and the other player the one where it does not.
``solve`` reports the points of that line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from engine.cards import KING, QUEEN, SUIT_MASKS, TRICKS_PER_DEAL, card_points, cards_of, trick_strength
from engine.deal import Deal
from engine.laws import legal_follow, must_beat
from engine.rules import BellaOrder, MustOvertake, RuleError, RuleSet

__all__ = ["Position", "solve", "solve_value", "best_moves", "position_from_deal"]

_INF = 1 << 20


@dataclass(frozen=True)
class Position:
    hands: tuple[int, int]  # masks, index 0 = elder, 1 = dealer
    trump: int  # suit 0..3
    leader: int  # 0/1: who leads the current trick (or who is to lead)
    current: int | None  # card already led to the current trick by `leader`, or None
    played: tuple[int, int]  # masks of cards each player has played already (for bella 'either')
    tricks_left: int  # tricks not yet complete, counting the current one

    @property
    def to_move(self) -> int:
        return self.leader if self.current is None else 1 - self.leader


def position_from_deal(deal: Deal) -> Position:
    """The play position of a deal in its play stage (a convenience for bots)."""
    assert deal.trump is not None
    current = deal.current
    return Position(
        hands=(deal.hands[0], deal.hands[1]),
        trump=deal.trump,
        leader=deal.leader,
        current=current[0][1] if current else None,
        played=(deal.played[0], deal.played[1]),
        tricks_left=TRICKS_PER_DEAL - len(deal.tricks),
    )


# ---------------------------------------------------------------------------------------------
# Tables per (trump, must_overtake)


class _Tables:
    __slots__ = ("points", "beats", "over", "suit_of_mask", "trump_mask", "order", "lead_order")

    def __init__(self, trump: int, mode: MustOvertake) -> None:
        self.points = [card_points(c, trump) for c in range(32)]
        # beats[a]: the cards that win a trick led with a.
        self.beats = []
        # over[a]: cards of a's suit stronger than a when the overtaking rule applies to a's suit.
        self.over = []
        for a in range(32):
            led_suit = a >> 3
            sa = trick_strength(a, trump, led_suit)
            self.beats.append(sum(1 << f for f in range(32) if trick_strength(f, trump, led_suit) > sa))
            if must_beat(mode, led_suit, trump):
                self.over.append(
                    sum(1 << f for f in range(32) if f >> 3 == led_suit and trick_strength(f, trump, led_suit) > sa)
                )
            else:
                self.over.append(0)
        self.suit_of_mask = SUIT_MASKS
        self.trump_mask = SUIT_MASKS[trump]
        # Follower's order: strongest first, trumps before plain cards (descending trick strength).
        self.order = sorted(range(32), key=lambda c: (-trick_strength(c, trump, c >> 3), c))
        # Leader's order: plain cards strongest first, then trumps strongest first (measured on
        # random deals: fewer nodes than trumps first, points first or weakest first).
        self.lead_order = sorted(range(32), key=lambda c: (c >> 3 == trump, -trick_strength(c, trump, c >> 3), c))


_TABLES: dict[tuple[int, str], _Tables] = {}


def _tables(trump: int, mode: MustOvertake) -> _Tables:
    key = (trump, mode)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _Tables(trump, mode)
    return t


def _redundant_low(own: int, other: int, n: int) -> int:
    """Bits (of the low ``n`` ranks of one suit, bottom of trick order, all worth 0) to skip:
    within each stretch of own cards not split by an other card in play, keep the highest."""
    drop = 0
    prev = -1  # index of the previous own card in the current stretch
    for r in range(n):
        if own >> r & 1:
            if prev >= 0:
                drop |= 1 << prev
            prev = r
        elif other >> r & 1:
            prev = -1
    return drop


# (own low bits, other low bits) -> bits to drop, for 3 plain ranks; trump uses the 2-rank version.
_DROP3 = [[_redundant_low(o, x, 3) for x in range(8)] for o in range(8)]
_DROP2 = [[_redundant_low(o, x, 2) for x in range(4)] for o in range(4)]


# ---------------------------------------------------------------------------------------------
# The search


def _bella_setup(pos: Position, rules: RuleSet) -> tuple[int, int, int, int]:
    """(owner, trigger cards mask, king, queen); owner -1 when no bella can score any more."""
    trump = pos.trump
    king = 1 << (trump * 8 + KING)
    queen = 1 << (trump * 8 + QUEEN)
    pair = king | queen
    for p in (0, 1):
        hand = pos.hands[p]
        if rules.bella_order == "queen_first":
            if hand & pair == pair:
                return p, queen, king, queen
        else:
            seen = hand | pos.played[p]
            if p == pos.leader and pos.current is not None:
                seen |= 1 << pos.current  # the card led counts as played, listed there or not
            if seen & pair == pair and hand & pair:
                return p, pair, king, queen
    return -1, 0, king, queen


class _Search:
    """One search context: tables, bella owner and a transposition table shared by its calls."""

    def __init__(self, pos: Position, rules: RuleSet) -> None:
        mode = rules.must_overtake
        if mode not in get_args(MustOvertake):
            raise RuleError(f"unknown must_overtake {mode!r}: the values are {', '.join(get_args(MustOvertake))}")
        if rules.bella_order not in get_args(BellaOrder):
            raise RuleError(f"unknown bella_order {rules.bella_order!r}: the values are {', '.join(get_args(BellaOrder))}")
        self.pos = pos
        self.tables = _tables(pos.trump, mode)
        self.owner, self.trigger, self.king, self.queen = _bella_setup(pos, rules)
        self.queen_first = rules.bella_order == "queen_first"
        self.bella_points = rules.bella_points
        self.last_trick_points = rules.last_trick_points
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self._build()

    # The two mutually recursive functions are closures over local tables for speed.
    def _build(self) -> None:
        t = self.tables
        points = t.points
        beats = t.beats
        over = t.over
        suit_masks = t.suit_of_mask
        trump_mask = t.trump_mask
        trump = self.pos.trump
        tsh = 8 * trump
        order = t.order
        lead_order = t.lead_order
        drop3 = _DROP3
        drop2 = _DROP2
        owner = self.owner
        trigger = self.trigger
        king = self.king
        queen = self.queen
        queen_first = self.queen_first
        # bella bonus in v units: 2 * its points plus the tie bit (+41 elder, -41 dealer with bella's 20)
        bonus_v = 2 * self.bella_points + 1 if owner == 0 else -(2 * self.bella_points + 1)
        last_v = 2 * self.last_trick_points
        tt = self.tt
        tt_get = tt.get
        INF = _INF
        plain_shifts = tuple(8 * s for s in range(4) if s != trump)
        search = self

        def prune(moves: int, own: int, other: int) -> int:
            """Drop moves equivalent to another legal move (equal points, adjacent among in-play)."""
            for sh in plain_shifts:
                o = own >> sh & 7
                if o & (o - 1):  # two or more low cards
                    moves &= ~(drop3[o][other >> sh & 7] << sh)
            o = own >> tsh & 3
            if o == 3:
                moves &= ~(drop2[3][other >> tsh & 3] << tsh)
            return moves

        def bella(p: int, c: int, hand: int) -> int:
            """v bonus when player p plays c from hand (hand still holding c)."""
            if p != owner or not (trigger >> c & 1):
                return 0
            if queen_first:
                return bonus_v if hand & king else 0
            partner = king if (1 << c) == queen else queen
            return 0 if hand & partner else bonus_v

        def follow(h0: int, h1: int, leader: int, a: int, alpha: int, beta: int) -> int:
            """Value (v) with card a already led by leader; h0/h1 are the hands without a."""
            search.nodes += 1
            if leader == 0:
                hf = h1
                other = h0 | (1 << a)
            else:
                hf = h0
                other = h1 | (1 << a)
            suit_cards = hf & suit_masks[a >> 3]
            if suit_cards:
                legal = suit_cards & over[a] or suit_cards
            else:
                legal = hf & trump_mask or hf
            if legal & (legal - 1):
                legal = prune(legal, hf, other)
            win_mask = beats[a]
            pa = points[a]
            last = not ((h0 | h1) & ~hf)  # the leader has no card left: this is the last trick
            # Order: winners first (strongest first), then losers (weakest first).
            winners = legal & win_mask
            losers = legal & ~win_mask
            moves = [c for c in order if winners >> c & 1]
            if losers:
                lose_list = [c for c in order if losers >> c & 1]
                lose_list.reverse()
                moves += lose_list
            follower = 1 - leader
            if follower == 1:
                best = INF
                for f in moves:
                    fb = 1 << f
                    extra = bella(1, f, hf) if f in (trigger_list) else 0
                    if win_mask & fb:
                        w = 1
                        gain = -2 * (pa + points[f])
                    else:
                        w = leader
                        gain = 2 * (pa + points[f])  # the elder led and keeps the trick
                    gain += extra
                    if last:
                        val = gain + (last_v if w == 0 else -last_v)
                    else:
                        lo = alpha - gain
                        hi = (best if best < beta else beta) - gain
                        val = gain + lead(h0, h1 & ~fb, w, lo, hi)
                    if val < best:
                        best = val
                        if best <= alpha:
                            break
                return best
            best = -INF
            for f in moves:
                fb = 1 << f
                extra = bella(0, f, hf) if f in (trigger_list) else 0
                if win_mask & fb:
                    w = 0
                    gain = 2 * (pa + points[f])
                else:
                    w = leader
                    gain = -2 * (pa + points[f])  # the dealer led and keeps the trick
                gain += extra
                if last:
                    val = gain + (last_v if w == 0 else -last_v)
                else:
                    lo = (best if best > alpha else alpha) - gain
                    hi = beta - gain
                    val = gain + lead(h0 & ~fb, h1, w, lo, hi)
                if val > best:
                    best = val
                    if best >= beta:
                        break
            return best

        def lead(h0: int, h1: int, leader: int, alpha: int, beta: int) -> int:
            """Value (v) of the trick boundary where `leader` is to lead."""
            key = (h0 << 33) | (h1 << 1) | leader
            entry = tt_get(key)
            if entry is not None:
                lo, hi, bm = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi, bm = -INF, INF, -1
            a0, b0 = alpha, beta
            if leader == 0:
                hl, ho = h0, h1
            else:
                hl, ho = h1, h0
            legal = hl
            if legal & (legal - 1):
                legal = prune(legal, hl, ho)
            moves = [c for c in lead_order if legal >> c & 1]
            if bm >= 0 and legal >> bm & 1:
                moves.remove(bm)
                moves.insert(0, bm)
            best_move = -1
            if leader == 0:
                best = -INF
                for c in moves:
                    extra = bella(0, c, hl) if c in trigger_list else 0
                    lo_w = (best if best > alpha else alpha) - extra
                    val = extra + follow(h0 & ~(1 << c), h1, 0, c, lo_w, beta - extra)
                    if val > best:
                        best = val
                        best_move = c
                        if best >= beta:
                            break
            else:
                best = INF
                for c in moves:
                    extra = bella(1, c, hl) if c in trigger_list else 0
                    hi_w = (best if best < beta else beta) - extra
                    val = extra + follow(h0, h1 & ~(1 << c), 1, c, alpha - extra, hi_w)
                    if val < best:
                        best = val
                        best_move = c
                        if best <= alpha:
                            break
            if best <= a0:
                hi = best
            elif best >= b0:
                lo = best
            else:
                lo = hi = best
            tt[key] = (lo, hi, best_move)
            return best

        trigger_list = tuple(cards_of(trigger))
        self.lead = lead
        self.follow = follow
        self.bella = bella

    # -- entry points ------------------------------------------------------------------------

    def value(self, pos: Position, alpha: int = -_INF, beta: int = _INF) -> int:
        """v of a position (after its checks)."""
        h0, h1 = pos.hands
        if pos.current is None:
            if not (h0 | h1):
                return 0
            return self.lead(h0, h1, pos.leader, alpha, beta)
        return self.follow(h0, h1, pos.leader, pos.current, alpha, beta)

    def after_move(self, pos: Position, c: int) -> int:
        """Exact v after the player to move plays c."""
        p = pos.to_move
        hand = pos.hands[p]
        if pos.current is not None:
            return self._close_with(pos, c, hand & ~(1 << c))
        extra = self.bella(p, c, hand)
        h = list(pos.hands)
        h[p] = hand & ~(1 << c)
        return extra + self.follow(h[0], h[1], p, c, -_INF, _INF)

    def _close_with(self, pos: Position, f: int, rest: int) -> int:
        t = self.tables
        a = pos.current
        assert a is not None
        leader = pos.leader
        follower = 1 - leader
        hand_f = pos.hands[follower]
        extra = self.bella(follower, f, hand_f)
        w = follower if t.beats[a] >> f & 1 else leader
        pts = t.points[a] + t.points[f]
        gain = extra + (2 * pts if w == 0 else -2 * pts)
        h = list(pos.hands)
        h[follower] = rest
        if not (h[0] | h[1]):
            last_v = 2 * self.last_trick_points
            return gain + (last_v if w == 0 else -last_v)
        return gain + self.lead(h[0], h[1], w, -_INF, _INF)


def _check(pos: Position) -> None:
    h0, h1 = pos.hands
    if h0 & h1:
        raise ValueError("the two hands share a card")
    if not 0 <= pos.trump < 4 or pos.leader not in (0, 1):
        raise ValueError("bad trump or leader")
    n_lead = (h0, h1)[pos.leader].bit_count()
    n_follow = (h0, h1)[1 - pos.leader].bit_count()
    if pos.current is None:
        ok = n_lead == n_follow == pos.tricks_left
    else:
        if ((h0 | h1) >> pos.current) & 1:
            raise ValueError("the card led is still in a hand")
        ok = n_lead + 1 == n_follow == pos.tricks_left
    if not ok:
        raise ValueError(
            f"hands of {bin(h0).count('1')} and {bin(h1).count('1')} cards do not fit "
            f"tricks_left={pos.tricks_left} with leader {pos.leader} and current {pos.current}"
        )


def _decode(v: int, search: _Search) -> tuple[int, int]:
    """(difference elder - dealer, bella scored) from v."""
    if v & 1:
        s = 1 if search.owner == 0 else -1
        return (v - s) // 2, search.bella_points
    return v // 2, 0


def _remaining_card_points(pos: Position) -> int:
    t = _tables(pos.trump, "none")
    total = 0
    for c in cards_of(pos.hands[0] | pos.hands[1]):
        total += t.points[c]
    if pos.current is not None:
        total += t.points[pos.current]
    return total


def solve(pos: Position, rules: RuleSet) -> tuple[int, int]:
    """Optimal (minimax) future points for (elder, dealer): card points of the remaining tricks +
    the last trick's ``rules.last_trick_points`` + bella's ``rules.bella_points`` still to score,
    where the elder maximises elder_points - dealer_points and the dealer minimises it (zero-sum on
    the difference; bella ties as in the module doc)."""
    _check(pos)
    if pos.tricks_left == 0:
        return 0, 0
    search = _Search(pos, rules)
    v = search.value(pos)
    diff, bella = _decode(v, search)
    total = _remaining_card_points(pos) + search.last_trick_points + bella
    return (total + diff) // 2, (total - diff) // 2


def solve_value(pos: Position, rules: RuleSet) -> int:
    """The optimal difference elder - dealer alone (what ``solve`` reports as e - d)."""
    _check(pos)
    search = _Search(pos, rules)
    return _decode(search.value(pos), search)[0]


def best_moves(pos: Position, rules: RuleSet) -> dict[int, int]:
    """For the player to move, each legal card -> the optimal future (mover's points - other's
    points) after playing it. Equivalent cards (see the module doc) get their shared value."""
    _check(pos)
    search = _Search(pos, rules)
    p = pos.to_move
    hand = pos.hands[p]
    legal = legal_follow(hand, pos.current, pos.trump, rules.must_overtake)
    sign = 1 if p == 0 else -1
    result: dict[int, int] = {}
    for c in cards_of(legal):
        v = search.after_move(pos, c)
        result[c] = sign * _decode(v, search)[0]
    return result
