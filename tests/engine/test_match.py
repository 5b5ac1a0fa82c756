"""Hand-worked tests of the match (rules.md §2 the draw, §4.5 thrown-in deals, §9 the end).

Every expected value is worked out from rules.md by hand, with the arithmetic in the comments.
Situations are built directly: a chosen draw, a chosen deal put in place of the seeded one, or a
score sheet row standing for the deals before.
"""

from __future__ import annotations

import json

import pytest

from engine.actions import ActionKind
from engine.cards import HEARTS, parse_card
from engine.deal import Deal
from engine.match import Match, SheetRow, deal_seed, draw_for_dealer, first_dealer_from
from engine.rules import DEALER, ELDER, PRESETS, RuleSet


def c(text: str) -> int:
    return parse_card(text)


def draw(*pairs: str) -> tuple[tuple[int, int], ...]:
    """draw('7C AH', 'TD TS') -> the pairs drawn (player 0's card first)."""
    return tuple((c(p.split()[0]), c(p.split()[1])) for p in pairs)


# -- §2: the draw for the first dealer --------------------------------------------------------


@pytest.mark.parametrize(
    ("pairs", "dealer"),
    [
        # The lower card deals, in plain trick order A 10 K Q J 9 8 7 (§2).
        (("7C AH",), 0),  # 7 < A: player 0 deals
        (("AS 8D",), 1),  # 8 < A: player 1 deals
        (("TC KD",), 1),  # K < 10 in trick order (not in sequence order): player 1 deals
        (("KC TD",), 0),
        (("9H JS",), 0),  # 9 < J
        (("JH 9S",), 1),
        (("QC JC",), 1),  # J < Q
        (("8S 7S",), 1),  # 7 < 8
        # Equal ranks draw again: only the last pair decides.
        (("TH TS", "QC JD"), 1),
        (("7C 7D", "AC AD", "8H 9H"), 0),
    ],
)
def test_lower_card_deals(pairs: tuple[str, ...], dealer: int) -> None:
    draws = draw(*pairs)
    assert first_dealer_from(draws) == dealer
    match = Match(RuleSet.from_preset("klaberjass"), seed=1, draws=draws)
    assert match.dealer == dealer
    assert match.seat_of(dealer) == DEALER and match.seat_of(1 - dealer) == ELDER
    assert match.player_at(DEALER) == dealer and match.player_at(ELDER) == 1 - dealer


def test_the_draw_repeats_on_equal_ranks_only() -> None:
    ranks_seen_equal = 0
    for seed in range(300):
        draws = draw_for_dealer(seed)
        cards = [x for pair in draws for x in pair]
        assert len(set(cards)) == len(cards)  # drawn from one deck
        for a, b in draws[:-1]:
            assert a & 7 == b & 7  # a pair is drawn again only after equal ranks
        a, b = draws[-1]
        assert a & 7 != b & 7
        ranks_seen_equal += len(draws) > 1
        # The seeded match follows its draw.
        assert Match(RuleSet.from_preset("clobber"), seed).dealer == first_dealer_from(draws)
    # 3 of the 31 other cards share a rank with the first: about one draw in ten repeats.
    assert 10 <= ranks_seen_equal <= 60


def test_match_is_reproduced_from_its_seed() -> None:
    a = Match(RuleSet.from_preset("kalabriasz"), seed=42)
    b = Match(RuleSet.from_preset("kalabriasz"), seed=42)
    assert a.dealer == b.dealer and a.deal.first == b.deal.first and a.deal.bottom == b.deal.bottom
    assert a.deck_seed == deal_seed(42, 1) != deal_seed(42, 2)


# -- §4.5: a thrown-in deal ---------------------------------------------------------------------


def throw_in(match: Match) -> None:
    """Four passes: round one and round two (§4.1, §4.2); the dealer's second pass throws in."""
    for seat in (ELDER, DEALER, ELDER, DEALER):
        match.deal.apply(seat, "pass")
    assert match.deal.thrown_in


@pytest.mark.parametrize(
    ("preset", "options", "same_dealer"),
    [
        ("clobber", {}, True),  # §4.5: clobber, the same dealer
        ("klaberjass", {}, False),  # the others: the other player
        ("klaberass", {}, False),
        ("kalabriasz", {}, False),
        ("clobber", {"redeal_dealer": "other"}, False),  # the option overrides the preset
        ("klaberjass", {"redeal_dealer": "same"}, True),
    ],
)
def test_thrown_in_deal_redealer(preset: str, options: dict, same_dealer: bool) -> None:
    match = Match(RuleSet.from_preset(preset, options), seed=7, draws=draw("7C AH"))
    assert match.dealer == 0
    throw_in(match)
    row = match.finish_deal()
    # Nothing is scored; the row says so (§4.5, §9).
    assert row == SheetRow(1, 0, None, None, (0, 0), "thrown_in", (0, 0))
    assert match.dealer == (0 if same_dealer else 1)
    assert match.number == 2 and not match.is_over
    # The redeal is a fresh deal, from the second deal's seed.
    assert match.deal.stage == "bidding_round_one" and match.deal.actions == []
    assert match.deck_seed == deal_seed(7, 2)
    # Twice in a row.
    throw_in(match)
    match.finish_deal()
    assert match.dealer == 0  # the same dealer twice, or the other twice: back to player 0
    assert [r.dealer for r in match.rows] == ([0, 0] if same_dealer else [0, 1])


def test_schmeiss_accepted_is_a_throw_in() -> None:
    # klaberjass: schmeiss in round one, accepted: thrown in (§4.3); redealt by the other (§4.5).
    match = Match(RuleSet.from_preset("klaberjass"), seed=3, draws=draw("AS 8D"))
    assert match.dealer == 1
    match.deal.apply(ELDER, "schmeiss")
    match.deal.apply(DEALER, "accept")
    row = match.finish_deal()
    assert row.outcome == "thrown_in" and row.points == (0, 0) and row.dealer == 1
    assert match.dealer == 0


def test_a_played_deal_always_passes_the_deal() -> None:
    # After a deal that is played out (made, tie or bust) the deal alternates, even in clobber.
    match = Match(RuleSet.from_preset("clobber"), seed=11, draws=draw("7C AH"))
    play_through(match, take=True)
    row = match.finish_deal()
    assert row.outcome in ("made", "tie", "bust")
    assert match.dealer == 1


def test_finishing_an_unfinished_deal_is_refused() -> None:
    match = Match(RuleSet.from_preset("klaberjass"), seed=5)
    match.deal.apply(ELDER, "pass")
    with pytest.raises(ValueError):
        match.finish_deal()
    assert match.rows == []


def play_through(match: Match, take: bool) -> None:
    deal = match.deal
    deal.apply(ELDER, "take" if take else "pass")
    while not deal.is_over:
        deal.apply(deal.to_act, next(a for a in deal.legal_actions() if a.kind is ActionKind.PLAY))


# -- §9: the end of the match ---------------------------------------------------------------------
#
# A hand-made deal whose numbers are worked out by hand (klaberjass, turn-up 8H):
#   elder  JH 9H AH AC KC AD | TD AS TS      dealer TC 9C 7C KD 9D 8D | KS 9S 8S
# No sequences (elder: hearts J,9,A; clubs A,K; dealer: clubs 10,9,7; diamonds K,9,8; spades
# K,9,8: never three in a row) and no bella (KH and QH are in the stock), the dix 7H too.
# Hearts trump. The elder leads every trick:
#   JH 7C  -> elder 20      9H 8D -> elder 14      AH 8S -> elder 11
#   AC 9C  -> elder 11      AD 9D -> elder 11      AS 9S -> elder 11
#   TD KD  -> elder 10+4    TS KS -> elder 10+4    KC TC -> dealer 4+10, and the last trick 10
# Elder: 20+14+11+11+11+11+14+14 = 106. Dealer: 14 + 10 = 24. (All 18 cards: 120 + 10 = 130.)
# If the elder takes: 106 > 24, made: elder 106, dealer 24 (§8).
# If the elder passes and the dealer takes: 24 < 106, bust: dealer 0, elder 106 + 24 = 130.

ELDER_CARDS = (["JH", "9H", "AH", "AC", "KC", "AD"], ["TD", "AS", "TS"])
DEALER_CARDS = (["TC", "9C", "7C", "KD", "9D", "8D"], ["KS", "9S", "8S"])
TRICKS = [("JH", "7C"), ("9H", "8D"), ("AH", "8S"), ("AC", "9C"), ("AD", "9D"), ("AS", "9S"),
          ("TD", "KD"), ("TS", "KS"), ("KC", "TC")]


def worked_deal(rules: RuleSet, elder_takes: bool) -> Deal:
    deal = Deal.from_hands(rules, ELDER_CARDS[0], DEALER_CARDS[0], "8H",
                           ELDER_CARDS[1], DEALER_CARDS[1], bottom="QS")
    if elder_takes:
        deal.apply(ELDER, "take")
    else:
        deal.apply(ELDER, "pass")
        deal.apply(DEALER, "take")
    for lead, follow in TRICKS:
        deal.apply(ELDER, f"play {lead}")
        deal.apply(DEALER, f"play {follow}")
    assert deal.is_over
    return deal


def test_worked_deal_numbers() -> None:
    rules = RuleSet.from_preset("klaberjass")
    made = worked_deal(rules, elder_takes=True).result()
    assert made.outcome == "made" and made.maker == ELDER and made.trump == HEARTS
    assert (made.elder.cards, made.elder.last_trick, made.elder.scored) == (106, 0, 106)
    assert (made.dealer.cards, made.dealer.last_trick, made.dealer.scored) == (14, 10, 24)
    bust = worked_deal(rules, elder_takes=False).result()
    assert bust.outcome == "bust" and bust.maker == DEALER
    assert (bust.elder.scored, bust.dealer.scored) == (130, 0)


def match_at(totals: tuple[int, int], rules: RuleSet, elder_takes: bool = True) -> Match:
    """A match whose sheet stands at ``totals``, player 0 dealing, the worked deal to finish."""
    match = Match(rules, seed=99, draws=draw("7C AH"))
    assert match.dealer == 0  # player 0 is the dealer, player 1 the elder
    match.rows.append(SheetRow(1, 1, None, None, totals, "made", totals))
    match.deal = worked_deal(rules, elder_takes)
    return match


def rules_with(target: int = 500, maker_counts_first: bool = False) -> RuleSet:
    return RuleSet.from_preset("klaberjass", {"target": target, "maker_counts_first": maker_counts_first})


def test_row_of_a_made_deal() -> None:
    match = match_at((100, 200), rules_with())
    row = match.finish_deal({"players": "a v b"})
    # Player 0 deals and scores 24; player 1, the elder and maker, 106.
    assert row == SheetRow(2, 0, HEARTS, 1, (24, 106), "made", (124, 306))
    assert match.winner is None and match.dealer == 1 and match.number == 3
    assert match.records[-1]["meta"] == {"players": "a v b", "deal": 2}


def test_first_to_the_target_wins() -> None:
    # Player 1 (elder) 400 + 106 = 506 >= 500; player 0 480 + 24 = 504 >= 500 too: both past the
    # target in the same deal, the higher total wins (§9): player 1.
    match = match_at((480, 400), rules_with())
    match.finish_deal()
    assert match.totals == (504, 506) and match.winner == 1 and match.is_over


def test_a_finished_match_keeps_its_last_deal_and_seats() -> None:
    # Issue 13: behind "The match is over" the table showed a deal 3 never dealt (a new deck
    # fingerprint) and deal 2 from the other seat, because the dealer rotated after the last deal.
    match = match_at((480, 400), rules_with())
    last = match.deal
    match.finish_deal()
    assert match.is_over
    assert match.deal is last and match.dealer == 0 and match.seat_of(0) == DEALER
    assert match.number == 2 and match.deck_seed == deal_seed(99, 2)


def test_both_past_the_target_higher_total_wins_even_if_not_the_maker() -> None:
    # Player 0 482 + 24 = 506, player 1 394 + 106 = 500: both reach 500, player 0 is higher.
    match = match_at((482, 394), rules_with())
    match.finish_deal()
    assert match.totals == (506, 500) and match.winner == 0


def test_one_past_the_target_wins() -> None:
    # Reaching the target exactly counts: player 1 394 + 106 = 500; player 0 100 + 24 = 124.
    match = match_at((100, 394), rules_with())
    match.finish_deal()
    assert match.totals == (124, 500) and match.winner == 1
    # One short: 393 + 106 = 499, play on.
    match = match_at((100, 393), rules_with())
    match.finish_deal()
    assert match.totals == (124, 499) and match.winner is None


def test_exactly_equal_past_the_target_plays_on() -> None:
    # Player 0 482 + 24 = 506, player 1 400 + 106 = 506: equal, another deal (§9).
    match = match_at((482, 400), rules_with())
    match.finish_deal()
    assert match.totals == (506, 506) and match.winner is None and not match.is_over
    assert match.number == 3 and match.deal.actions == [] and match.dealer == 1


def test_maker_counts_first() -> None:
    # 002's variant: the maker's score is added first and wins if it reaches the target.
    # Player 0 482 + 24 = 506, player 1 (maker) 394 + 106 = 500: the maker reaches 500 first.
    match = match_at((482, 394), rules_with(maker_counts_first=True))
    match.finish_deal()
    assert match.totals == (506, 500) and match.winner == 1
    # Even at equal totals the maker wins: 482 + 24 = 506, 400 + 106 = 506.
    match = match_at((482, 400), rules_with(maker_counts_first=True))
    match.finish_deal()
    assert match.winner == 1
    # The maker short of the target: the other, past it alone, wins. 300 + 106 = 406; 480 + 24 = 504.
    match = match_at((480, 300), rules_with(maker_counts_first=True))
    match.finish_deal()
    assert match.totals == (504, 406) and match.winner == 0


def test_maker_counts_first_with_a_bust_maker() -> None:
    # The dealer (player 0) takes and is bust: he scores 0, the elder 130 (§8).
    # 495 + 0 = 495 (maker, short); 380 + 130 = 510: player 1 wins.
    match = match_at((495, 380), rules_with(maker_counts_first=True), elder_takes=False)
    match.finish_deal()
    assert match.totals == (495, 510) and match.winner == 1
    # After equal totals past the target (play on), a bust maker: 506 + 0 = 506, 506 + 130 = 636;
    # without the option the higher total wins.
    match = match_at((506, 506), rules_with(), elder_takes=False)
    match.finish_deal()
    assert match.winner == 1


@pytest.mark.parametrize(
    ("totals", "maker", "counts_first", "winner"),
    [
        ((0, 0), None, False, None),
        ((499, 499), 0, False, None),
        ((500, 0), 1, False, 0),  # first to 500, reaching it counts
        ((10, 700), 0, False, 1),
        ((520, 510), 1, False, 0),  # both past: the higher total
        ((510, 530), 0, False, 1),
        ((510, 510), 0, False, None),  # exactly equal: play on
        ((510, 510), None, True, None),  # a thrown-in deal has no maker to count first
        ((505, 520), 0, True, 0),  # the maker's score counts first
        ((505, 520), 1, True, 1),
        ((505, 520), None, True, 1),
        ((480, 520), 0, True, 1),  # the maker is short: the other wins
        ((510, 510), 1, True, 1),
    ],
)
def test_decide(totals: tuple[int, int], maker: int | None, counts_first: bool, winner: int | None) -> None:
    match = Match(rules_with(maker_counts_first=counts_first), seed=0)
    # In these rows a maker scored this deal (100 points, say), so his score may count first.
    assert match._decide(totals, maker, 100 if maker is not None else 0) == winner


def test_bust_maker_adds_nothing_to_count_first() -> None:
    """§9, 002's variant: the maker's score is added first and wins if it reaches the target. A
    bust maker adds 0, so from equal totals past the target (506, 506) the opponent's 130 decides:
    506 against 636, the higher total wins."""
    match = Match(rules_with(maker_counts_first=True), seed=0)
    assert match._decide((506, 636), 0, 0) == 1


def test_target_is_a_setting() -> None:
    # 004 allows any target: 100 and 130. Player 1 (elder) makes 106; player 0 24.
    match = match_at((0, 0), rules_with(target=100))
    match.finish_deal()
    assert match.winner == 1
    match = match_at((0, 0), rules_with(target=130))
    match.finish_deal()
    assert match.winner is None and match.totals == (24, 106)


def test_saved_match_round_trips_the_sheet() -> None:
    for preset in PRESETS:
        match = Match(RuleSet.from_preset(preset, {"target": 100}), seed=2024)
        deals = 0
        while not match.is_over and deals < 100:
            if deals % 3 == 2:
                throw_in_any(match)
            else:
                play_through(match, take=True)
            match.finish_deal()
            deals += 1
        assert match.is_over
        saved = json.loads(json.dumps(match.to_dict()))
        again = Match.from_dict(saved)
        assert again.rows == match.rows and again.winner == match.winner


def throw_in_any(match: Match) -> None:
    """Pass to the end of round two: always a throw-in (§4.2)."""
    deal = match.deal
    while not deal.is_over:
        deal.apply(deal.to_act, "pass")
    assert deal.thrown_in


def test_from_dict_refuses_a_deal_that_does_not_follow_from_the_seed() -> None:
    match = Match(RuleSet.from_preset("klaberjass"), seed=8)
    saved = match.to_dict()
    other = Match(RuleSet.from_preset("klaberjass"), seed=9).to_dict()
    saved["deals"] = other["deals"]
    if other["deals"][0]["elder"] != match.to_dict()["deals"][0]["elder"]:
        with pytest.raises(ValueError):
            Match.from_dict(saved)
    with pytest.raises(ValueError):
        Match.from_dict({"format": "klabber-match/1", "rules": "nope", "seed": 1, "deals": []})
    with pytest.raises(ValueError):
        Match.from_dict({"format": "something else"})
