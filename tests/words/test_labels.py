"""Issue 11: labels that say what they mean. The drill's result said "0 mistakes" while marking a
position with ✗; the coach showed -0.0; the review's "3 as the bot" read as nothing. Both languages."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest
from rich.console import Console

from engine.actions import PASS, TAKE, Action
from engine.situations import Situation
from klabber_tui.words import i18n
from klabber_tui.data import stats
from klabber_tui.practice.drill import Answer, Drill, Position
from klabber_tui.practice.review import Decision, Review
from klabber_tui.words.review import review_total
from klabber_tui.ui.screens.drill import DrillScreen
from klabber_tui.ui.screens.stats import stats_report
from klabber_tui.words.coach.facts import points_text
from klabber_tui.words.review import REVIEW_LOSS
from klabber_tui.words.drill import end_text, evaluation_text
from tests.support.fixtures import as_a_ui_test

pytestmark = as_a_ui_test  # its own data folder and a terminal, as in tests/ui (tests/support/fixtures.py)

SIGNED_ZERO = re.compile(r"-0(\.0+)?(?![\d.])")  # -0, -0.0, -0.00 and not -0.5


def _plain(renderable: object) -> str:
    console = Console(width=160, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()


@pytest.fixture
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def _answer(n: int, chosen: str, best: str, mistake: bool) -> Answer:
    position = Position("klaberjass", Situation.ROUND_ONE_ELDER, n, ())
    chosen, best = Action.parse(chosen), Action.parse(best)
    return Answer(position, chosen, best, 12.0 if mistake else 3.0 if chosen != best else 0.0, 2.0, mistake,
                  chosen == best)


def _end(answers: list[Answer]) -> list[str]:
    screen = DrillScreen(Drill("klaberjass", 1, len(answers)))
    for a in answers:
        screen.score.add(a)
    return _plain(end_text(screen.drill, screen.scores)).splitlines()


def test_drill_result_counts_and_marks_the_same_mistakes() -> None:
    """The issue's case: one answer differs within the noise, none is a mistake. It used to read
    "0 mistakes" beside a ✗; now no ✗, and the difference is counted and marked apart (≈)."""
    lines = _end([_answer(1, "take", "take", False), _answer(2, "take", "take", False),
                  _answer(3, "pass", "take", False)])
    assert "0 mistakes ✗ · 1 other word within the noise ≈" in lines[1]
    rows = lines[2:5]
    assert not any("✗" in row for row in rows) and rows[2].endswith("≈")
    lines = _end([_answer(1, "pass", "take", True), _answer(2, "take", "take", False),
                  _answer(3, "pass", "take", False)])
    assert "1 mistake ✗ · 1 other word within the noise ≈" in lines[1]
    assert [row.endswith("✗") for row in lines[2:5]] == [True, False, False]
    assert "R: drill the 2 missed positions again" in "\n".join(lines)


def test_drill_result_in_russian(russian) -> None:
    lines = _end([_answer(1, "pass", "take", True), _answer(2, "pass", "take", True),
                  _answer(3, "pass", "take", False)])
    assert "2 ошибки ✗ · ещё 1 слово в пределах погрешности ≈" in lines[1]
    assert sum(row.endswith("✗") for row in lines[2:5]) == 2


def _review(bids: list[bool], cards: list[bool], loss: float = 0.4) -> Review:
    decisions = tuple(
        Decision(k, "elder", kind, "play" if kind == "card" else "bidding_round_one", TAKE,
                 SimpleNamespace(best=TAKE if agreed else PASS, loss=loss, loss_se=0.1, mistake=False))
        for k, (kind, agreed) in enumerate([("bid", b) for b in bids] + [("card", c) for c in cards]))
    return Review(SimpleNamespace(), decisions, "normal")


def test_review_total_says_how_many_bids_and_cards_were_the_coachs_choice() -> None:
    review = _review([True, True, True, False, False], [True, False])
    assert review_total(review, "elder", "You") == (
        "You: 3 of 5 bids and 1 of 2 cards the same as the coach's choice; about 3 points given up in all.")
    assert review_total(_review([True], []), "elder", "You") == (
        "You: 1 of 1 bid the same as the coach's choice; about 0 points given up in all.")
    assert review_total(_review([], []), "elder", "You") == "You: no choice to judge in this deal."


def test_review_total_in_russian(russian) -> None:
    review = _review([True, True, True, False, False], [True])
    assert review_total(review, "elder", "Вы") == (
        "Вы: 3 из 5 заявок и 1 из 1 карты — тот же выбор, что у тренера; всего уступлено около 2 очков.")


def test_no_signed_zero_in_the_drill_table_and_the_statistics() -> None:
    """Values a hair below zero (an expected score of -0.04, a loss of -1e-9 from the paired
    difference, a stored loss of -0.0) print as zero, not -0.0."""
    from ai.coach import advise
    from klabber_tui.practice.drill import answer_of

    position = Position("klaberjass", Situation.ROUND_ONE_ELDER, 5, ())
    advice = advise(position.view(), PASS, "easy")
    evaluation = advice.evaluation
    best = evaluation.samples[evaluation.best]
    nudged = replace(evaluation, actions=tuple(replace(a, ev=-0.04, deal_ev=-0.04) for a in evaluation.actions),
                     samples={a: best + (1e-9 if a != evaluation.best else 0.0) for a in evaluation.samples})
    advice = replace(advice, evaluation=nudged)
    assert nudged.loss(nudged.actions[-1].action)[0] < 0  # the hair below zero is really there
    table = _plain(evaluation_text(advice, answer_of(position, advice)))
    assert "0.0" in table and not SIGNED_ZERO.search(table), table
    row = {"t": 1.0, "preset": "klaberjass", "practice": False, "kind": "card", "agreed": False, "loss": -0.0}
    report = _plain(stats_report(stats.Stats(decisions=[row])))
    assert not SIGNED_ZERO.search(report), report
    assert "(1 decision, 1 per mark)" in report  # not "1 decisions"
    assert not SIGNED_ZERO.search(points_text(-0.3, 0) + REVIEW_LOSS.format(loss=-1e-9, se=0.0))
    assert np.isclose(float(points_text(-0.04)), 0.0)


def test_trend_counts_its_decisions_in_russian_plural_forms(russian) -> None:
    rows = [{"t": 1.0, "preset": "klaberjass", "practice": False, "kind": "bid", "agreed": True, "loss": 1.0}] * 2
    assert "(1 решение," in _plain(stats_report(stats.Stats(decisions=rows[:1])))
    assert "(2 решения," in _plain(stats_report(stats.Stats(decisions=rows)))
