"""Issue 9: an action is a typed value with the record notation of deal-record.md as its text.

``Action.parse`` and ``str`` round-trip every action the engine ever offers, ``Deal.apply`` takes
an ``Action`` or its text alike, and text that is no action is refused with what is allowed.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.actions import (ACCEPT, ACTION_KINDS, DEALER, ELDER, PASS, SCHMEISS, SEATS, TAKE, Action, ActionKind, IllegalAction,
                            Stage)
from engine.cards import DIAMONDS, HEARTS, QUEEN, TEN, card
from engine.deal import Deal
from engine.rules import PRESETS, RuleSet
from engine.scoring import Outcome


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
    """Random deals: each legal action is an Action whose text parses back to it, and applying the
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
            for action in legal:
                assert isinstance(action, Action) and Action.parse(str(action)) == action
            action = rng.choice(legal)
            kinds.add(action.kind)
            by_value.apply(seat, action)
            by_text.apply(seat, str(action))
            assert by_value.actions == by_text.actions
            assert by_value.result() == by_text.result()
    assert kinds <= set(ACTION_KINDS) and {"take", "pass", "play"} <= kinds


def test_enums_keep_the_record_words() -> None:
    """deal-record.md's words are the enums' values, so records and saves read and write the same."""
    assert [str(k) for k in ACTION_KINDS] == ["take", "pass", "schmeiss", "accept", "refuse", "name",
                                             "exchange", "play"]
    assert [str(s) for s in SEATS] == ["elder", "dealer"] and ELDER.other is DEALER and DEALER.other is ELDER
    assert json.dumps([ELDER, Stage.SCHMEISS_ANSWER, Outcome.THROWN_IN]) == '["elder", "schmeiss_answer", "thrown_in"]'


def test_an_action_with_missing_or_extra_parts_is_refused() -> None:
    """A play needs a card, a naming a suit; a bid takes neither."""
    for bad in (lambda: Action(ActionKind.PLAY), lambda: Action(ActionKind.NAME, suit=4),
                lambda: Action(ActionKind.TAKE, card=3), lambda: Action(ActionKind.NAME, suit=1, bella=True)):
        with pytest.raises(IllegalAction):
            bad()


def test_refusals_of_a_value_and_of_its_text_say_the_same() -> None:
    """An illegal Action is refused with the message its record text gets, listing what is allowed:
    in klaberjass's round one the elder may take, pass or schmeiss (rules.md §4.1, §4.3)."""
    deal = Deal.from_seed(RuleSet.from_preset("klaberjass"), 1)
    with pytest.raises(IllegalAction) as by_text:
        deal.clone().apply(ELDER, "accept")
    with pytest.raises(IllegalAction) as by_value:
        deal.clone().apply(ELDER, ACCEPT)
    assert str(by_text.value) == str(by_value.value)
    assert by_value.value.code == "not_now" and by_value.value.detail["allowed"] == (TAKE, PASS, SCHMEISS)


def test_actions_are_the_currency_of_the_view_and_the_bots() -> None:
    """Issue 22: the view's legal actions, its bids and every bot's choice are typed as Actions."""
    from typing import get_type_hints

    import ai.bots as ai_bots
    from ai.bots import Bot
    from engine.actions import Seat
    from engine.view import PlayerView

    hints = get_type_hints(PlayerView)
    assert hints["legal"] == tuple[Action, ...] and hints["bids"] == tuple[tuple[Seat, Action], ...]
    assert Bot.choose.__annotations__["return"] == "Action" and ai_bots.Action is Action
    assert get_type_hints(Deal.legal_actions)["return"] == list[Action]
