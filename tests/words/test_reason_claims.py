"""Issue 31, item 6: words a learner reads at once. A match fact says the match ends in this very deal
(beside a match-chance column, "wins the match 6% of the time" read as a contradiction); a trade-off
is one claim and its number, then its price named as such, never two clauses pulling two ways."""

from __future__ import annotations

import pytest

from ai.coach import Fact, FactKey
from engine.actions import Action
from klabber_tui.words import i18n
from klabber_tui.words.coach.facts import fact_text

PRICE = dict(key=FactKey.BUST_AGAINST_PASS, action=Action.parse("take"), points=43, prob=0.4, suit=0, trade_off=True)
TRADE_OFFS = {
    "worth": dict(versus=Action.parse("schmeiss"), versus_points=53),
    "even": dict(versus=Action.parse("schmeiss"), versus_points=0),
    "fails": dict(versus=Action.parse("name H"), versus_bust=0.6),
    "forced": dict(versus=None),
}


@pytest.mark.parametrize("bot", [False, True])
@pytest.mark.parametrize("key", [FactKey.MATCH_WIN, FactKey.MATCH_LOSS])
def test_a_match_fact_says_the_match_ends_in_this_very_deal(key: FactKey, bot: bool) -> None:
    fact = Fact(key, action=Action.parse("take"), prob=0.06)
    assert "in this very deal 6% of the time" in fact_text(fact, turned=0, bot=bot)
    with i18n.use_language("ru"):
        assert "уже в этой сдаче" in fact_text(fact, turned=0, bot=bot)


@pytest.mark.parametrize("bot", [False, True])
@pytest.mark.parametrize("form", list(TRADE_OFFS))
def test_a_trade_off_is_one_claim_then_its_price(form: str, bot: bool) -> None:
    """A later price of the same choice ("…: a price of taking ♣") only labels itself: the claim was made."""
    fact = Fact(**PRICE, **TRADE_OFFS[form])  # type: ignore[arg-type]
    price = fact_text(Fact(**{**PRICE, "trade_off": False}), turned=0, bot=bot)  # type: ignore[arg-type]
    words = fact_text(fact, turned=0, bot=bot)
    assert ", but " not in words and not words.startswith(price)  # the claim first
    assert words.endswith(": " + price[0].lower() + price[1:])  # then the price, named as such
    if form == "worth":
        assert "about 53 points ahead" in words and words.count("53") == 1
    with i18n.use_language("ru"):
        russian = fact_text(fact, turned=0, bot=bot)
        priced = fact_text(Fact(**{**PRICE, "trade_off": False}), turned=0, bot=bot)  # type: ignore[arg-type]
        assert ", но " not in russian and russian.endswith(": " + priced[0].lower() + priced[1:])
