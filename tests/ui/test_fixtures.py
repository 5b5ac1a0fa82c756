"""Issue 22: the fixtures the snapshots start from are files the game reads as it reads a player's
(a save of the current format that resumes with nothing repaired, positions that replay), and the
scripted bot plays what a fixture names and nothing else."""

from __future__ import annotations

import json

import pytest

from engine.actions import PASS, TAKE, Action
from engine.deal import Deal
from engine.rules import RuleSet
from engine.situations import situation_of
from klabber_tui.data.saves import read_save
from klabber_tui.practice.drill import Position
from klabber_tui.practice.session import Session

from tests.support.helpers import FIXTURES, ScriptedBot, fixture_home

SAVES = sorted(p.parent.name for p in FIXTURES.glob("*/match.json"))


def test_every_fixture_the_tests_name_is_there() -> None:
    assert SAVES == ["first-trick-51", "first-trick-8", "match-end", "round-one", "round-two", "round-two-elder",
                     "schmeiss", "summary", "trick-held", "two-tricks"]


@pytest.mark.parametrize("name", SAVES)
def test_a_fixture_save_resumes_with_nothing_repaired(name: str, klabber_home) -> None:
    fixture_home(name, klabber_home)
    loaded = read_save(check=Session.from_save)
    assert loaded.problem is None and loaded.newer is None
    session = loaded.value
    assert isinstance(session, Session) and session.notes == [] and session.extra == {}
    assert session.date == "2026-12-01"  # fixed: the resume question shows it
    assert session.level == "greedy" and not session.match.is_over


def test_the_scripted_bot_plays_its_actions_in_order_and_nothing_more() -> None:
    """rules.md §4: the elder speaks first in round one, take or pass."""
    deal = Deal.from_seed(RuleSet.from_preset("klaberjass"), 11)
    bot = ScriptedBot(["pass", "take"])
    view = deal.view(deal.to_act)
    assert bot.choose(view, seed=0) == PASS
    assert bot.choose(view, seed=0) == TAKE
    with pytest.raises(AssertionError, match="does not name"):
        bot.choose(view, seed=0)


def test_the_scripted_bot_refuses_an_illegal_action() -> None:
    deal = Deal.from_seed(RuleSet.from_preset("klaberjass"), 11)
    with pytest.raises(AssertionError, match="not legal"):
        ScriptedBot(["name H"]).choose(deal.view(deal.to_act), seed=0)  # no naming a suit in round one (§4)
    with pytest.raises(AssertionError, match="no exchange"):
        ScriptedBot([]).wants_exchange(deal.view(deal.to_act))


@pytest.mark.parametrize("name", ["drill-klaberjass-1", "drill-kalabriasz-3"])
def test_a_fixture_drill_position_is_a_decision_of_its_situation(name: str) -> None:
    obj = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    for p in obj["positions"]:
        position = Position(p["preset"], p["kind"], p["deal_seed"],
                            tuple((seat, Action.parse(action)) for seat, action in p["prefix"]))
        deal = position.deal()
        assert deal.to_act is not None and deal.rules.preset == obj["preset"]
        assert situation_of(deal.stage, deal.to_act) == p["kind"]
