"""Issue 11: one level for every verdict, named once (``ai.registry.VERDICT_LEVEL``). Every entry
point that judges a choice (the coach's ``advise``, the game's coach and its verdict after each bid,
the review, the drill, ``klabber advise``, ``klabber replay --review``, the calibration script)
reads that name when it runs, so changing it changes the level they judge at; and no verdict site
spells a level of its own."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from typing import Any

import pytest

from ai import coach, registry
from ai.levels import LEVEL_NAMES
from ai.mc import MonteCarloBot
from engine.deal import Deal
from engine.record import parse_record, record_of
from engine.rules import RuleSet
from klabber_tui.practice import coaching, drill, review
from klabber_tui.cli.main import build_parser
from klabber_tui.ui.screens.coach import CoachScreen

ROOT = Path(__file__).resolve().parents[2]
# The files where a choice is judged: none may name a level itself.
VERDICT_SITES = ("ai/coach.py", "klabber_tui/practice/coaching.py", "klabber_tui/practice/review.py", "klabber_tui/practice/drill.py",
                 "klabber_tui/ui/drill_app.py", "klabber_tui/cli/advise.py", "klabber_tui/cli/replay.py", "klabber_tui/cli/practice.py",
                 "klabber_tui/ui/screens/coach.py", "klabber_tui/ui/screens/review.py", "klabber_tui/ui/screens/drill.py",
                 "klabber_tui/ui/screens/table/screen.py", "research/calibrate_coach.py")
# Levels there that are no verdict: the drill's earlier words and play-out, the script's card play.
NOT_VERDICTS = {("klabber_tui/practice/drill.py", "BOT_LEVEL"), ("klabber_tui/practice/drill.py", "PLAYOUT_LEVEL"),
                ("research/calibrate_coach.py", "--play-level"), ("research/calibrate_coach.py", "PLAY_LEVELS")}
OTHER = "easy"  # a level that is not the registry's, so a site that ignores the registry shows


@pytest.fixture
def levels_used(monkeypatch) -> list[str]:
    """The registry says ``OTHER``; every Monte Carlo evaluation the coach makes notes its level."""
    assert registry.VERDICT_LEVEL != OTHER
    monkeypatch.setattr(registry, "VERDICT_LEVEL", OTHER)
    used: list[str] = []

    def bot(level: str) -> MonteCarloBot:
        used.append(level)
        return MonteCarloBot(level)

    monkeypatch.setattr(coach, "MonteCarloBot", bot)
    return used


def _view() -> Any:
    return Deal.from_seed(RuleSet.from_preset("klaberjass"), 3).view("elder")


def test_advise_judges_at_the_registry_level_by_default(levels_used) -> None:
    coach.advise(_view(), "pass")
    assert levels_used == [OTHER]


def test_the_games_coach_and_verdict_read_the_registry(levels_used) -> None:
    assert coaching.verdict_level() == OTHER
    assert CoachScreen(_view()).level == OTHER  # the ``a`` page; the verdict page gets the table's level
    from ai.utility import Standing

    coaching.evaluate_bid(_view(), Standing(0, 0, 500), coaching.verdict_level())
    assert levels_used == [OTHER]


def test_the_review_judges_at_the_registry_level(levels_used) -> None:
    deal = Deal.from_seed(RuleSet.from_preset("klaberjass"), 3)
    deal.apply("elder", "pass")
    deal.apply("dealer", "pass")
    record = parse_record(record_of(deal))
    result = review.review_record(record)
    assert result.level == OTHER and levels_used == [OTHER, OTHER]


def test_the_drill_judges_at_the_registry_level(levels_used) -> None:
    assert drill.Drill("klaberjass", 1, 1).coach_level == OTHER
    drill.Drill("klaberjass", 1, 1, bot_level="easy").position(0)
    assert levels_used and set(levels_used) == {OTHER}


def test_the_command_lines_default_to_the_registry_level(monkeypatch) -> None:
    monkeypatch.setattr(registry, "VERDICT_LEVEL", OTHER)
    parser = build_parser()
    assert parser.parse_args(["advise", "record.json"]).level == OTHER
    assert parser.parse_args(["replay", "record.json", "--review"]).level == OTHER
    spec = importlib.util.spec_from_file_location("calibrate_coach", ROOT / "research" / "calibrate_coach.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.build_parser().parse_args(["collect", "--out", "x.jsonl"]).level == OTHER


def _level_literals(path: str) -> list[str]:
    """Where a file spells a level name, except the sites that are no verdict."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            names = [str(node.args[0].value)]
        if any((path, name) in NOT_VERDICTS for name in names):
            allowed |= {id(n) for n in ast.walk(node)}
    return [f"{path}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in LEVEL_NAMES and id(node) not in allowed]


def test_no_verdict_site_spells_a_level() -> None:
    found = [hit for path in VERDICT_SITES for hit in _level_literals(path)]
    assert found == []


def test_the_check_above_finds_a_level_spelled_out() -> None:
    """Not vacuous: the registry itself names its level, and the scan sees it."""
    line = _line_of("VERDICT_LEVEL = ")
    assert _level_literals("ai/registry.py") == [f"ai/registry.py:{line}: {registry.VERDICT_LEVEL!r}"]


def _line_of(start: str) -> int:
    lines = (ROOT / "ai" / "registry.py").read_text(encoding="utf-8").splitlines()
    return next(k for k, line in enumerate(lines, 1) if line.startswith(start))
