"""World sampling never contradicts a seat's view (rules.md §5, §6.2-§6.4, §7).

Positions come from random and greedy play in every preset (sometimes with option overrides); for
each, every sampled world must be a hand the other player could really hold. The constraints are
re-derived here from the view's public history, independently of ``ai.worlds``; the true hand of
the other player must pass the same checks, which keeps the checks themselves honest.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
import pytest

from ai.play_out import offer_exchanges
from ai.bots import GreedyBot, RandomBot
from ai.worlds import sample_bid_worlds, sample_play_worlds
from engine.cards import (
    FULL_DECK,
    JACK,
    KING,
    PLAIN_STRENGTH,
    QUEEN,
    SEVEN,
    SUIT_MASKS,
    TRUMP_STRENGTH,
    card,
    format_card,
)
from engine.declarations import compare_sequences
from engine.deal import BIDDING_STAGES, Deal
from engine.rules import DEALER, ELDER, OPTION_VALUES, PRESETS, SEATS, RuleSet
from engine.view import PlayerView

WORLDS = 24
BOTS = {"random": RandomBot(), "greedy": GreedyBot()}

# Overrides that change what a view can prove (must_overtake, the dix, sequences and bella).
OVERRIDE_KEYS = ("must_overtake", "dix_exchange", "dix_deadline", "trump_sequence_order",
                 "longer_sequence_wins", "compare_top_card", "sequence_final_tie", "bella_order",
                 "bella_announce", "trump_run_with_marriage")


def _rules(preset: str, override_seed: int | None, overtake: str | None = None) -> RuleSet:
    """The preset, with three random overrides for an ``override_seed``, and ``must_overtake``
    forced when given (its proofs are rare under the presets' own values)."""
    options = {}
    if override_seed is not None:
        rng = random.Random(override_seed)
        options = {k: rng.choice(OPTION_VALUES[k]) for k in rng.sample(OVERRIDE_KEYS, 3)}
    if overtake is not None:
        options["must_overtake"] = overtake
    return RuleSet.from_preset(preset, options)


def reach_position(rules: RuleSet, deal_seed: int, steps: int, policy: str, take_first: bool) -> Deal:
    """Play ``steps`` actions by the arena's protocol (exchange offers to the seat not to act)."""
    deal = Deal.from_seed(rules, deal_seed)
    bot = BOTS[policy]
    if take_first:  # reach card play quickly and often
        deal.apply(ELDER, "take")
    for step in range(steps):
        if deal.is_over:
            break
        offer_exchanges(deal, {seat: bot for seat in SEATS})
        seat = deal.to_act
        assert seat is not None
        deal.apply(seat, bot.choose(deal.view(seat), deal_seed * 1000 + step))
    return deal


# -- the constraints, from the view alone ----------------------------------------------------------


def seen_by(view: PlayerView) -> int:
    """Every card the seat can see that is not in the other's hand."""
    seen = view.hand | view.played[0] | view.played[1] | 1 << view.face_up
    if view.bottom is not None:
        seen |= 1 << view.bottom
    return seen


def gained_by_exchange(view: PlayerView) -> int:
    """The card the other took by exchange: it may break a void he showed before taking it."""
    return 1 << view.turn_up if view.exchanged_by == view.other else 0


def proven_absent(view: PlayerView) -> int:
    """Cards the other cannot hold, from his follows to this seat's leads (§7)."""
    trump = view.trump
    assert trump is not None
    mode = view.rules.must_overtake
    absent = 0
    for trick in view.tricks:
        if trick.leader != view.seat:
            continue  # he led: a lead proves nothing
        led, followed = trick.cards
        led_suit = led >> 3
        if followed >> 3 != led_suit:
            absent |= SUIT_MASKS[led_suit]
            if followed >> 3 != trump:
                absent |= SUIT_MASKS[trump]
            continue
        if mode == "all" or (mode == "trump" and led_suit == trump):
            order = TRUMP_STRENGTH if led_suit == trump else PLAIN_STRENGTH
            if order[followed & 7] < order[led & 7]:
                for r in range(8):
                    if order[r] > order[led & 7]:
                        absent |= 1 << card(r, led_suit)
    return absent & ~gained_by_exchange(view)


def first_lead_hand(view: PlayerView, seat: str, hand_now: int) -> int:
    """A seat's hand at the first lead: now plus what it played, undoing a later exchange (§5)."""
    hand = hand_now | view.played[SEATS.index(seat)]
    if view.exchanged_by == seat and view.exchange_at > 0:
        assert view.trump is not None
        hand = (hand & ~(1 << view.turn_up)) | 1 << card(SEVEN, view.trump)
    return hand


def contradictions(view: PlayerView, world: int) -> list[str]:
    """Why ``world`` cannot be the other's hand (empty if it can)."""
    problems = []
    if world.bit_count() != view.other_count:
        problems.append(f"{world.bit_count()} cards, not {view.other_count}")
    if world & ~FULL_DECK:
        problems.append("not a set of cards")
    if world & view.other_known != view.other_known:
        problems.append("misses a card known to be in his hand")
    if world & seen_by(view):
        problems.append("holds a card the seat can see: " + format_card((world & seen_by(view)).bit_length() - 1))
    bad = world & proven_absent(view)
    if bad:
        problems.append("breaks a proven void or a must-overtake proof: " + format_card(bad.bit_length() - 1))
    if view.dialogue:
        assert view.trump is not None
        mine = first_lead_hand(view, view.seat, view.hand)
        theirs = first_lead_hand(view, view.other, world)
        elder, dealer = (mine, theirs) if view.seat == ELDER else (theirs, mine)
        result = compare_sequences(elder, dealer, view.trump, view.rules)
        if result.dialogue != view.dialogue:
            problems.append("another declaration dialogue")
        if tuple(r.mask for r in result.runs) != view.shown_runs:
            problems.append("other shown runs")
    return problems


def extra_contradictions(view: PlayerView, world: int) -> list[str]:
    """Two further things a view proves under 'automatic' rules (§6.4), checked apart."""
    trump = view.trump
    assert trump is not None
    problems = []
    queen, king = card(QUEEN, trump), card(KING, trump)
    other_bella = any(e.kind == "bella" and e.seat == view.other for e in view.events)
    # queen_first + automatic: the trump Q played by him without bella proves he had no trump K.
    if (view.rules.bella_order == "queen_first" and not view.rules.bella_required
            and view.played[SEATS.index(view.other)] >> queen & 1 and not other_bella
            and world >> king & 1 and not gained_by_exchange(view) >> king & 1):
        problems.append("holds the trump K after playing the trump Q without bella (automatic)")
    # clobber's trump run is public: no trump_run event means no K-Q-J of trumps at the first lead
    # (unless a scored run of his shows all three).
    if view.rules.trump_run_with_marriage and view.dialogue:
        kqj = 1 << king | 1 << queen | 1 << card(JACK, trump)
        scored = any(r & kqj == kqj for r in view.shown_runs) and view.sequence_winner == view.other
        announced = any(e.kind == "trump_run" and e.seat == view.other for e in view.events)
        if not announced and not scored and first_lead_hand(view, view.other, world) & kqj == kqj:
            problems.append("holds trump K-Q-J at the first lead without a trump-run announcement")
    return problems


def true_other_hand(deal: Deal, view: PlayerView) -> int:
    return deal.hands[SEATS.index(view.other)]


# -- play worlds ------------------------------------------------------------------------------------

positions = st.tuples(
    st.sampled_from(tuple(PRESETS)),
    st.integers(0, 10_000),  # deal seed
    st.integers(1, 26),  # actions to play
    st.sampled_from(("random", "greedy")),
    st.sampled_from((True, True, False)),  # take at once (mostly: card play is what matters here)
    st.one_of(st.none(), st.integers(0, 10_000)),  # option overrides
    st.sampled_from(SEATS),
    st.integers(0, 2**32 - 1),  # sampling seed
    st.sampled_from((None, "all", "trump")),  # must_overtake forced
)


@pytest.mark.slow
@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_play_worlds_never_contradict_the_view(args: tuple) -> None:
    preset, deal_seed, steps, policy, take_first, override_seed, seat, sample_seed, overtake = args
    rules = _rules(preset, override_seed, overtake)
    deal = reach_position(rules, deal_seed, steps, policy, take_first)
    assume(deal.stage == "play")
    view = deal.view(seat)
    truth = true_other_hand(deal, view)
    assert contradictions(view, truth) == [], "the checks reject the true hand"
    worlds = sample_play_worlds(view, WORLDS, np.random.default_rng(sample_seed))
    assert worlds.count == WORLDS
    assert not worlds.my_extra.any() and not worlds.other_extra.any()
    for w in worlds.other_hand.tolist():
        assert contradictions(view, w) == [], (preset, rules.overrides(), deal_seed, steps, policy,
                                               take_first, seat, sample_seed)


@settings(max_examples=80, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_play_worlds_respect_public_bella_and_trump_run(args: tuple) -> None:
    """Under automatic announcing an unannounced queen and a missing trump run are public facts."""
    preset, deal_seed, steps, policy, take_first, override_seed, seat, sample_seed, overtake = args
    rules = _rules(preset, override_seed, overtake)
    deal = reach_position(rules, deal_seed, steps + 8, policy, take_first)
    assume(deal.stage == "play")
    view = deal.view(seat)
    assert extra_contradictions(view, true_other_hand(deal, view)) == []
    worlds = sample_play_worlds(view, WORLDS, np.random.default_rng(sample_seed))
    for w in worlds.other_hand.tolist():
        assert extra_contradictions(view, w) == [], (preset, rules.overrides(), deal_seed, steps + 8,
                                                     policy, take_first, seat, sample_seed)


def test_positions_cover_the_interesting_cases() -> None:
    """The generator reaches voids, must-overtake proofs, dialogues, shown runs and exchanges."""
    seen = {"void": 0, "overtake": 0, "dialogue": 0, "shown": 0, "exchange": 0, "known": 0}
    for preset in PRESETS:
        for deal_seed in range(40):
            deal = reach_position(RuleSet.from_preset(preset), deal_seed, 6 + deal_seed % 14, "greedy",
                                  deal_seed % 2 == 0)
            if deal.stage != "play":
                continue
            for seat in SEATS:
                view = deal.view(seat)
                absent = proven_absent(view)
                seen["void"] += any(absent & SUIT_MASKS[s] == SUIT_MASKS[s] for s in range(4))
                seen["overtake"] += bool(absent) and preset in ("klaberjass", "kalabriasz")
                seen["dialogue"] += len(view.dialogue) > 2
                seen["shown"] += bool(view.shown_runs)
                seen["exchange"] += view.exchanged_by is not None
                seen["known"] += bool(view.other_known)
    assert all(n > 0 for n in seen.values()), seen


def test_dialogue_rejection_is_exercised() -> None:
    """A position with a telling dialogue: the dealer's run of fifty shown, the elder's none."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, ["AC", "TC", "8D", "9H", "8H", "7S"], ["KD", "QD", "JD", "TD", "AH", "8C"],
                           "9D", ["7C", "QS", "KS"], ["9C", "JS", "AS"], "7H")
    deal.apply(ELDER, "take")
    deal.apply(ELDER, "play AC")
    view = deal.view(ELDER)
    assert view.sequence_winner == DEALER and view.shown_runs
    worlds = sample_play_worlds(view, 50, np.random.default_rng(5))
    for w in worlds.other_hand.tolist():
        assert contradictions(view, w) == []
    assert contradictions(view, true_other_hand(deal, view)) == []


# -- bid worlds -------------------------------------------------------------------------------------


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.sampled_from(tuple(PRESETS)), st.integers(0, 10_000), st.integers(0, 3),
       st.sampled_from(SEATS), st.integers(0, 2**32 - 1))
def test_bid_worlds_are_disjoint_and_unseen(preset: str, deal_seed: int, steps: int, seat: str,
                                            sample_seed: int) -> None:
    rules = RuleSet.from_preset(preset)
    deal = Deal.from_seed(rules, deal_seed)
    rng = random.Random(deal_seed)
    for _ in range(steps):  # random bids, staying in the bidding
        if deal.stage not in BIDDING_STAGES:
            break
        bids = [a for a in deal.legal_actions() if a.kind not in ("take", "refuse", "name")]
        if not bids:
            break
        deal.apply(deal.to_act, rng.choice(bids))
    if deal.stage not in BIDDING_STAGES:
        return
    view = deal.view(seat)
    seen = view.hand | 1 << view.turn_up
    worlds = sample_bid_worlds(view, 30, np.random.default_rng(sample_seed))
    assert worlds.count == 30
    for other, mine, theirs in zip(worlds.other_hand.tolist(), worlds.my_extra.tolist(),
                                   worlds.other_extra.tolist()):
        assert (other.bit_count(), mine.bit_count(), theirs.bit_count()) == (6, 3, 3)
        assert other & mine == 0 and other & theirs == 0 and mine & theirs == 0
        assert (other | mine | theirs) & seen == 0
        assert (other | mine | theirs) & ~FULL_DECK == 0


def test_sampling_is_seeded() -> None:
    deal = reach_position(RuleSet.from_preset("kalabriasz"), 7, 9, "greedy", True)
    view = deal.view(ELDER)
    a = sample_play_worlds(view, 20, np.random.default_rng(3)).other_hand
    b = sample_play_worlds(view, 20, np.random.default_rng(3)).other_hand
    assert np.array_equal(a, b)


# -- directed cases for the two public facts of 'automatic' announcing (§6.4) -----------------------


def test_unannounced_queen_proves_no_king_under_automatic_bella() -> None:
    """clobber: the dealer plays the trump QH without bella (automatic, queen_first), so he cannot
    hold KH; worlds that give him KH contradict the public log."""
    rules = RuleSet.from_preset("clobber")
    deal = Deal.from_hands(rules, ["8H", "9C", "TC", "AC", "8D", "7S"], ["QH", "TH", "AD", "KD", "8C", "9S"],
                           "AH", ["7C", "QS", "KS"], ["JS", "AS", "9D"], "7D")
    for seat, action in ((ELDER, "take"), (ELDER, "play 8H"), (DEALER, "play QH")):
        deal.apply(seat, action)
    view = deal.view(ELDER)
    assert not any(e.kind == "bella" for e in view.events)
    assert extra_contradictions(view, true_other_hand(deal, view)) == []
    worlds = sample_play_worlds(view, 100, np.random.default_rng(1)).other_hand.tolist()
    king = card(KING, 2)
    holding_king = sum(w >> king & 1 for w in worlds)
    assert holding_king == 0, f"{holding_king} of 100 worlds give the dealer KH"


def test_missing_trump_run_proves_no_kqj_in_clobber() -> None:
    """clobber: the elder's fifty beats any run of the dealer, so the dialogue says nothing of a
    K-Q-J of trumps; but clobber's trump run with the marriage would have been scored and shown at
    the first lead (§6.4), so no world may give the dealer KH QH JH."""
    rules = RuleSet.from_preset("clobber")
    deal = Deal.from_hands(rules, ["9C", "TC", "JC", "QC", "8D", "7S"], ["7H", "TH", "AD", "KD", "8C", "9S"],
                           "AH", ["7C", "QS", "KS"], ["JS", "AS", "9D"], "7D")
    deal.apply(ELDER, "take")
    deal.apply(ELDER, "play 8D")
    view = deal.view(ELDER)
    assert [(line.word, line.arg) for line in view.dialogue] == [("value", 50), ("good", None)]
    assert extra_contradictions(view, true_other_hand(deal, view)) == []
    worlds = sample_play_worlds(view, 400, np.random.default_rng(1)).other_hand.tolist()
    bad = [w for w in worlds if extra_contradictions(view, w)]
    assert not bad, f"{len(bad)} of 400 worlds give the dealer K-Q-J of hearts without a trump run"


def test_must_overtake_proof_directed() -> None:
    """kalabriasz ('all'): the dealer follows KS with 9S, so he holds neither AS nor TS (§7)."""
    rules = RuleSet.from_preset("kalabriasz")
    deal = Deal.from_hands(rules, ["KS", "7C", "8C", "9C", "JH", "QH"], ["9S", "8S", "AD", "KD", "QC", "KC"],
                           "8D", ["7H", "8H", "9H"], ["JC", "TC", "AC"], "7S")
    for seat, action in ((ELDER, "take"), (ELDER, "play KS"), (DEALER, "play 9S")):
        deal.apply(seat, action)
    view = deal.view(ELDER)
    higher = 1 << card(7, 3) | 1 << card(3, 3)  # AS, TS
    assert proven_absent(view) & higher == higher
    worlds = sample_play_worlds(view, 100, np.random.default_rng(2)).other_hand.tolist()
    assert all(w & higher == 0 for w in worlds)
    assert all(contradictions(view, w) == [] for w in worlds)
