"""Issue 11: every reason the coach gives is true in the player's view, and every choice has one.

Positions come from seeded random deals in every preset, walked a seeded random number of legal
actions. Each fact says which cards it names and what it claims of them (``held``: in the player's
hand; ``unseen``: seen nowhere by the player; ``shown``: in sight), and each kind of fact has a
checkable claim about the suit, the trick or the bidding; all of it is checked here against the
view, independently of how the coach computed it.
"""

from __future__ import annotations

import random

import pytest

from ai.calibration import ChanceKind, calibrated
from ai.coach import Advice, Fact, FactKey, advise
from ai.mc import Standing
from engine.actions import PASS, REFUSE, SEATS, TAKE, Action
from engine.cards import ACE, FULL_DECK, JACK, KING, NINE, QUEEN, SUIT_MASKS, TEN, card, parse_card, suit_of
from engine.deal import Deal
from engine.rules import PRESETS, RuleSet
from engine.view import PlayerView
from klabber_tui.words.coach.facts import fact_text
from tests.support.deals import positions

POSITIONS_PER_PRESET = 10
TRUMP_KEYS = {"trumps_unseen", "draws_trumps", "bella_announced", "bella_silent", "exchange"}
TRICK_KEYS = {"wins_trick", "trumps_trick", "gives_trick"}


def may_hold(view: PlayerView) -> int:
    """The cards not seen that the other's play has not ruled out (rules.md §7), worked out here
    from the tricks as the rules state them, not by the sampler's code."""
    from engine.laws import must_beat
    from engine.cards import PLAIN_STRENGTH, TRUMP_STRENGTH

    sees = visible(view)
    pool = FULL_DECK & ~(view.hand | sees | view.other_known)
    trump = view.trump
    if trump is None:
        return pool
    for trick in view.tricks:
        if trick.leader != view.seat:
            continue
        led, followed = trick.cards
        if suit_of(followed) != suit_of(led):
            pool &= ~SUIT_MASKS[suit_of(led)]
            if suit_of(followed) != trump:
                pool &= ~SUIT_MASKS[trump]
        elif must_beat(view.rules.must_overtake, suit_of(led), trump):
            strength = TRUMP_STRENGTH if suit_of(led) == trump else PLAIN_STRENGTH
            if strength[followed & 7] < strength[led & 7]:
                pool &= ~sum(1 << c for c in range(32) if suit_of(c) == suit_of(led) and strength[c & 7] > strength[led & 7])
    rules = view.rules
    if rules.bella_order == "queen_first" and rules.bella_announce == "automatic":
        his = view.played[1 - SEATS.index(view.seat)]
        if his >> card(QUEEN, trump) & 1 and not any(e.kind == "bella" and e.seat == view.other for e in view.events):
            pool &= ~(1 << card(KING, trump))
    return pool


def visible(view: PlayerView) -> int:
    """What the seat sees besides its hand: the table, the face-up, turn-up and bottom cards."""
    seen = view.all_played | 1 << view.face_up | 1 << view.turn_up
    for _, c in view.current:
        seen |= 1 << c
    return seen | (0 if view.bottom is None else 1 << view.bottom)


def check_fact(view: PlayerView, fact: Fact) -> None:
    """One fact's claims against the view (raises on the first false one)."""
    sees = visible(view)
    assert fact.held & ~view.hand == 0, f"{fact}: claims a card held that is not in the hand"
    assert fact.unseen & (view.hand | sees | view.other_known) == 0, f"{fact}: calls a seen card unseen"
    assert fact.shown & ~sees == 0 and fact.shown & view.hand == 0, f"{fact}: calls a card in sight that is not"
    if fact.prob is not None:
        assert 0 <= fact.prob <= 1
    assert fact.action is None or fact.action in view.legal, f"{fact}: about a choice that is not legal"
    key, suit = fact.key, fact.suit
    if key in TRUMP_KEYS:
        assert suit == view.trump, f"{fact}: the suit is not the trump"
    assert fact.his & ~view.other_known == 0, f"{fact}: calls a card his that he is not known to hold"
    assert fact.stock & (view.hand | sees | view.other_known) == 0, f"{fact}: puts a seen card in the stock"
    assert fact.stock & may_hold(view) == 0, f"{fact}: puts in the stock a card his play allows him"
    if key in ("trumps_unseen", "draws_trumps"):
        not_seen = SUIT_MASKS[suit] & ~(view.hand | sees | view.other_known)
        assert fact.unseen | fact.stock == not_seen and fact.unseen & fact.stock == 0  # every one, no more
        assert fact.his == SUIT_MASKS[suit] & view.other_known
        if key == "trumps_unseen":
            assert fact.count == fact.unseen.bit_count()
        else:
            assert fact.count == (fact.unseen | fact.his).bit_count()
    if key == "trump_points":
        assert fact.held == view.hand & SUIT_MASKS[suit] and fact.count == fact.held.bit_count()
    if key.startswith(("jass_", "menel_")):
        top = card(JACK if key.startswith("jass") else NINE, suit)
        where = key.split("_")[1]
        assert {"held": fact.held, "unseen": fact.unseen, "shown": fact.shown}[where] == 1 << top
    if key in TRICK_KEYS:
        led = view.current[0][1]
        played = fact.action.card
        assert fact.shown == 1 << led and fact.held == 1 << played
        assert (key == "trumps_trick") == (suit_of(played) == view.trump != suit_of(led)) or key != "trumps_trick"
    if key == "lead_beaten":
        assert not view.current and fact.held.bit_count() == 1
        assert fact.unseen & ~SUIT_MASKS[suit] == 0
        trumps_his = SUIT_MASKS[view.trump] & (may_hold(view) | view.other_known)
        if fact.count == 0:  # worded "nothing he may hold can beat it": no higher card and no trump of his
            assert fact.unseen == 0 and fact.his == 0 and (suit == view.trump or trumps_his == 0) and fact.prob == 0
    if key == "bares_ten":
        assert fact.held >> card(TEN, suit) & 1 and fact.unseen | fact.his == 1 << card(ACE, suit)
        assert (view.hand & SUIT_MASKS[suit]).bit_count() == 2  # the card played and the ten
    if key == "other_passed_turned":
        assert any(e.kind == "bid" and e.seat == view.other and e.data.action == PASS
                   for e in view.events)
        assert suit == suit_of(view.turn_up)
    if key in ("makes", "bust_against_pass", "bust") or key.startswith("mistake"):
        assert fact.action is not None


def check_advice(view: PlayerView, advice: Advice) -> None:
    for fact in advice.facts:
        check_fact(view, fact)
        words = fact_text(fact, turned=suit_of(view.turn_up))
        assert words and "{" not in words and "-0" not in words and "None" not in words, words
    for action in view.legal:
        assert advice.reasons(action), f"no reason for {action}"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_reason_contradicts_the_view(preset: str) -> None:
    for k, deal in enumerate(positions(preset, POSITIONS_PER_PRESET)):
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        chosen = random.Random(k).choice(view.legal)
        standing = Standing(420, 440, 500) if k % 3 == 0 else None
        advice = advise(view, chosen, "easy", standing)
        check_advice(view, advice)
        if standing is None:
            assert all(a.ev == a.deal_ev and a.win_prob is None for a in advice.evaluation.actions)
            assert not any(f.key.startswith("match_") for f in advice.facts)
        if advice.mistake:
            assert any(f.key.startswith("mistake") and f.action == chosen for f in advice.facts)


def _bidding(first: list[str], turn_up: str, bottom: str = "AH") -> PlayerView:
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, first, ["AC", "TC", "QD", "8S", "8C", "KD"], turn_up,
                           ["TS", "7D", "8H"], ["JC", "QS", "9D"], bottom)
    return deal.view("elder")


def test_the_jass_held_is_never_called_missing() -> None:
    """The known false reason: "the bot probably lacks the jass" while the player holds it."""
    view = _bidding(["JH", "9C", "AS", "7C", "8D", "KS"], "QH")
    advice = advise(view, None, "easy")
    check_advice(view, advice)
    take = {f.key for f in advice.reasons(TAKE)}
    assert "jass_held" in take and "jass_unseen" not in take and "menel_unseen" in take
    texts = [fact_text(f) for f in advice.facts]
    assert not any("lacks the jass" in t or "not hold the jass" in t for t in texts), texts


def test_the_turned_menel_is_not_called_missing() -> None:
    """The known false reason: "you lack the menel (9♠)" when the 9♠ is the turn-up."""
    view = _bidding(["JD", "7S", "AS", "7C", "8D", "KS"], "9S")
    advice = advise(view, None, "easy")
    check_advice(view, advice)
    take = {f.key: f for f in advice.reasons(TAKE)}
    assert "menel_shown" in take and take["menel_shown"].shown == 1 << parse_card("9S")
    assert "lies face up" in fact_text(take["menel_shown"])


def test_cards_get_reasons_and_a_mistake_says_why() -> None:
    """Card advice has reasons (it had none), and a costly card is a mistake with one sentence."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, ["JH", "9H", "TH", "AS", "AC", "7D"], ["KH", "QC", "8S", "9S", "TC", "8D"],
                           "7H", ["AD", "KS", "QS"], ["JC", "7S", "9D"], "8C")
    deal.apply("elder", "take")
    while deal.to_act == "elder" and deal.stage != "play":
        deal.apply("elder", deal.legal_actions("elder")[0])
    view = deal.view(deal.to_act)
    worst = advise(view, None, "easy").evaluation.actions[-1].action
    advice = advise(view, worst, "easy")
    check_advice(view, advice)
    if advice.mistake:
        why = [f for f in advice.reasons(worst) if f.key.startswith("mistake")]
        assert len(why) == 1 and why[0].other == advice.best
        assert f"{round(advice.loss)}" in fact_text(why[0])


def test_a_hopeless_take_is_a_mistake_that_says_why() -> None:
    """The seed-000 clobber hand holds no ♦ at all with the ♦ turned: taking is a mistake, and the
    one sentence gives its cost and its make chance (issue 11)."""
    import json
    from pathlib import Path

    from engine.record import parse_record, replay

    path = Path(__file__).resolve().parents[2] / "assets" / "records" / "clobber-seed000-hand.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["actions"] = []
    deal = replay(parse_record(obj))
    view = deal.view("elder")
    assert view.hand & SUIT_MASKS[suit_of(view.turn_up)] == 0
    advice = advise(view, TAKE, "easy")
    check_advice(view, advice)
    assert advice.mistake
    why = [f for f in advice.reasons(TAKE) if f.key.startswith("mistake")]
    assert [f.key for f in why] == ["mistake_risky"] and why[0].other == advice.best
    words = fact_text(why[0], turned=suit_of(view.turn_up))
    assert f"about {round(advice.loss)} points" in words and f"{round(100 * why[0].prob)}%" in words, words


def test_negative_zero_is_never_shown() -> None:
    """Issue 11: the coach showed -0.0. Values that round to zero print as zero."""
    from ai.mc import ActionValue
    from klabber_tui.words.coach.numbers import points, points_cell
    from klabber_tui.words.coach.facts import points_text

    assert points_cell(ActionValue("pass", -0.04, 0.0, None, -0.04)) == "+0.0 ± 0.0"
    assert points(-0.4) == "0" and points(-34.2) == "−34"
    assert points_text(-0.04) == "+0.0" and points_text(-0.004, 2, sign=False) == "0.00"
    assert "-0" not in fact_text(Fact(FactKey.BUST, 0, -0.3, action=TAKE), turned=0)


def _klaberjass(elder: list[str], dealer: list[str], extra: tuple[list[str], list[str]],
                actions: list[tuple[str, str]]) -> PlayerView:
    deal = Deal.from_hands(RuleSet.from_preset("klaberjass"), elder, dealer, "8C", extra[0], extra[1], "AS")
    for seat, action in actions:
        deal.apply(seat, action)
    return deal.view("elder")


def test_trumps_the_bot_showed_it_lacks_are_in_the_stock() -> None:
    """Issue 24: after the bot answered a trump lead with a diamond (no trump, rules.md §7), the
    trumps not seen cannot be his: the reason puts them in the stock, not among his cards."""
    view = _klaberjass(["JC", "9C", "7D", "8D", "9D", "KS"], ["AH", "TH", "KH", "QH", "8H", "7H"],
                       (["8S", "9S", "TS"], ["AD", "KD", "QD"]),
                       [("elder", "take"), ("elder", "play JC"), ("dealer", "play AD")])
    advice = advise(view, None, "easy")
    check_advice(view, advice)
    trumps = next(f for f in advice.reasons(None) if f.key == "trumps_unseen")
    out = sum(1 << parse_card(c) for c in ("AC", "TC", "KC", "QC", "7C"))
    assert trumps.unseen == 0 and trumps.stock == out and trumps.count == 0
    words = fact_text(trumps)
    assert "stock" in words and "may hold" not in words
    void = next(f for f in advice.reasons(None) if f.key == "other_void_no_trump")
    assert void.suit == 0 and void.stock == out  # the proof names the very cards
    assert all(f.prob == 0 for f in advice.facts if f.key == "lead_beaten" and suit_of(f.held) == 0)


def test_cards_shown_in_a_sequence_are_named_as_his() -> None:
    """Issue 24: the bot showed Q♦ J♦ 10♦ in its sequence (§6.2, shown at the first trick); a lead of 7♦ is beaten in every
    hand it may hold because of them, and the reason says so rather than listing cards not seen."""
    view = _klaberjass(["JC", "9C", "7D", "8S", "AH", "KS"], ["QD", "JD", "TD", "QH", "8H", "TH"],
                       (["QS", "9H", "7H"], ["AC", "KC", "7C"]),
                       [("elder", "take"), ("elder", "play AH"), ("dealer", "play 8H")])
    assert Action.parse("play 7D") in view.legal
    advice = advise(view, None, "easy")
    check_advice(view, advice)
    lead = next(f for f in advice.reasons(Action.parse("play 7D")) if f.key == "lead_beaten")
    shown = sum(1 << parse_card(c) for c in ("QD", "JD", "TD"))
    assert lead.his == shown and lead.prob == 1.0
    assert lead.unseen & shown == 0
    assert "it has shown Q♦ J♦ 10♦" in fact_text(lead)


@pytest.mark.parametrize("preset, first, key", [
    ("klaberjass", [("elder", "pass"), ("dealer", "schmeiss")], "schmeiss_means_trap"),
    ("klaberjass", [("elder", "schmeiss")], "schmeiss_means_elder"),
    ("kalabriasz", [("elder", "schmeiss")], "schmeiss_means_naming"),
])
def test_answering_a_schmeiss_says_what_it_means_per_preset(preset: str, first: list[tuple[str, str]],
                                                            key: str) -> None:
    """rules.md §4.3, §10: refusing gives the schmeisser's make chance (he is maker where
    ``schmeisser_makes``) or the refuser's own (kalabriasz, where the refuser names), and what the
    schmeiss says of his hand: a dealer's may be a trap, an elder's is mostly weak."""
    deal = Deal.from_seed(RuleSet.from_preset(preset), 3)
    for seat, action in first:
        deal.apply(seat, action)
    seat = deal.to_act
    assert seat is not None and deal.stage == "schmeiss_answer"
    view = deal.view(seat)
    advice = advise(view, None, "easy")
    check_advice(view, advice)
    refuse = {f.key: f for f in advice.reasons(REFUSE)}
    means = refuse[key]
    assert means.suit == suit_of(view.turn_up) and means.prob is not None and 0 <= means.prob <= 1
    tree = advice.evaluation.tree
    assert tree is not None
    # Issue 24, one make chance: the reason gives the calibrated chance the column shows, never the raw one.
    if preset == "kalabriasz":
        named = refuse["refuse_you_name"].suit
        assert refuse["refuse_you_make"].prob == pytest.approx(calibrated(tree.made[:, named, tree.me].mean(), ChanceKind.ANSWER), abs=1e-3)
    else:
        shown = refuse["refuse_other_makes"].prob
        assert shown == pytest.approx(calibrated(tree.made[:, suit_of(view.turn_up), tree.opp].mean(), ChanceKind.ANSWER), abs=1e-3)
        assert shown == pytest.approx(advice.make_prob(REFUSE), abs=5e-3)
    words = fact_text(means)
    assert ("trap" in words) == (key == "schmeiss_means_trap")


@pytest.mark.parametrize("preset, proves", [("kalabriasz", True), ("klaberjass", False)])
def test_a_failure_to_overtake_proves_what_the_preset_says(preset: str, proves: bool) -> None:
    """rules.md §7: in kalabriasz (``must_overtake`` all) a follower who plays 7♥ under K♥ holds no
    higher heart, so A♥ and 10♥, not seen, are in the stock; in klaberjass (only a trump must be
    beaten) the same play proves nothing and they stay among the cards he may hold."""
    deal = Deal.from_hands(RuleSet.from_preset(preset), ["JC", "9C", "KH", "8D", "9D", "KS"],
                           ["7H", "8H", "AD", "KD", "QD", "7S"], "8C", ["8S", "9S", "TS"], ["7D", "JD", "QS"], "AS")
    for seat, action in [("elder", "take"), ("elder", "play KH"), ("dealer", "play 7H")]:
        deal.apply(seat, action)
    view = deal.view("elder")
    advice = advise(view, None, "easy")
    check_advice(view, advice)
    higher = sum(1 << parse_card(c) for c in ("AH", "TH"))
    split = next(f for f in advice.reasons(None) if f.key == FactKey.HIDDEN_SPLIT)
    proof = [f for f in advice.reasons(None) if f.key == FactKey.OTHER_NO_HIGHER]
    if proves:
        assert split.stock & higher == higher and split.unseen & higher == 0
        assert len(proof) == 1 and proof[0].suit == 2 and proof[0].stock == higher
    else:
        assert split.stock & higher == 0 and split.unseen & higher == higher and not proof
