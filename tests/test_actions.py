"""Issue 9: an action is a typed value with the record notation of deal-record.md as its text.

``Action.parse`` and ``str`` round-trip every action the engine ever offers, ``Deal.apply`` takes
an ``Action`` or its text alike, and text that is no action is refused with what is allowed.
"""

from __future__ import annotations

import random

import pytest

from engine.actions import ACTION_KINDS, Action, IllegalAction
from engine.cards import DIAMONDS, HEARTS, QUEEN, TEN, card
from engine.deal import Deal
from engine.rules import PRESETS, RuleSet


def test_parse_reads_each_field_by_hand() -> None:
    """deal-record.md: ``play QH bella`` is a play of the queen of hearts with bella announced."""
    assert Action.parse("play QH bella") == Action("play", card=card(QUEEN, HEARTS), bella=True)
    assert Action.parse("play td") == Action("play", card=card(TEN, DIAMONDS))  # §1 forgiving cards
    assert Action.parse("play 10D") == Action.play(card(TEN, DIAMONDS))
    assert Action.parse("name h") == Action.name(HEARTS)
    assert Action.parse("schmeiss") == Action("schmeiss")
    assert str(Action.play(card(QUEEN, HEARTS), bella=True)) == "play QH bella"
    assert str(Action.name(HEARTS)) == "name H"


@pytest.mark.parametrize("text", ["", "Take", "take now", "play", "play QH loudly", "play ZZ", "name",
                                  "name X", "exchange it", "play  QH", "bid"])
def test_text_that_is_no_action_is_refused_saying_what_is(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        Action.parse(text)
    assert "is not an action" in str(info.value)


def test_a_non_string_is_refused() -> None:
    with pytest.raises(IllegalAction):
        Action.parse(3)  # type: ignore[arg-type]  # the point is a value mypy refuses


@pytest.mark.parametrize("preset", PRESETS)
def test_every_offered_action_round_trips_and_applies_as_a_value(preset: str) -> None:
    """Random deals: each legal action parses to an Action whose text is itself, and applying the
    Action gives the very deal that applying its text gives (the record keeps the text)."""
    rng = random.Random(preset)
    kinds = set()
    for seed in range(15):
        by_value = Deal.from_seed(RuleSet.from_preset(preset), seed)
        by_text = Deal.from_seed(RuleSet.from_preset(preset), seed)
        while not by_value.is_over:
            seat = by_value.to_act
            assert seat is not None
            legal = by_value.legal_actions(seat)
            for text in legal:
                assert str(Action.parse(text)) == text
            text = rng.choice(legal)
            kinds.add(Action.parse(text).kind)
            by_value.apply(seat, Action.parse(text))
            by_text.apply(seat, text)
            assert by_value.actions == by_text.actions
            assert by_value.result() == by_text.result()
    assert kinds <= set(ACTION_KINDS) and {"take", "pass", "play"} <= kinds
