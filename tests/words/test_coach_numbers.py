"""Issue 24: two numbers, each under its own name, on the coach's page and its verdict line: the
deal's points (you minus the bot) and, where the standing matters, the chance to win the match; one
make chance, the calibrated one, with whose contract it is. Both languages."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from ai.calibration import calibrated
from ai.coach import advise
from ai.utility import Standing
from engine.record import parse_record, replay
from klabber_tui.words import i18n
from klabber_tui.words.coach.numbers import makes_cell, points_phrase
from klabber_tui.practice.review import Decision, Review
from klabber_tui.words.review import render_review
from klabber_tui.ui.screens.coach import coach_body
from klabber_tui.words.coach.facts import points_text
from klabber_tui.words.coach.verdicts import coach_log_line
from tests.support.fixtures import as_a_ui_test

pytestmark = as_a_ui_test  # its own data folder and a terminal, as in tests/ui (tests/support/fixtures.py)

EXAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "clobber-seed000-hand.json"


def _plain(renderable: object) -> str:
    console = Console(width=200, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def _view(actions: int):  # type: ignore[no-untyped-def]
    obj = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    obj["actions"] = obj["actions"][:actions]
    deal = replay(parse_record(obj))
    assert deal.to_act is not None
    return deal.view(deal.to_act)


def test_the_page_names_points_and_the_match_chance_where_the_standing_matters() -> None:
    view = _view(0)
    near = advise(view, None, "easy", Standing(430, 440, 500))
    far = advise(view, None, "easy", None)
    assert near.match_shown and not far.match_shown
    page = _plain(coach_body(near, "bid", False, "easy"))
    assert "points" in page and "maker makes" in page and "match" in page
    assert "Expected" not in page and "you minus the bot" in page and "win the match after this choice" in page
    for value in near.evaluation.actions:  # the page's points are the deal's, never the bot's value
        assert points_text(value.deal_ev) in page or f"{value.deal_ev:+.1f}" in page
    plain = _plain(coach_body(far, "bid", False, "easy"))
    assert "win the match after this choice" not in plain


def test_one_make_chance_with_whose_contract_it_is_during_play_too() -> None:
    view = _view(4)  # the dealer plays to a trick; the dealer is the maker
    assert view.stage == "play"
    advice = advise(view, None, "easy")
    for value in advice.evaluation.actions:
        raw = advice.raw_make_prob(value.action)
        assert raw is not None and advice.make_prob(value.action) == calibrated(raw)
        assert advice.maker(value.action) == view.maker
        cell = makes_cell(advice, value.action)
        assert cell.endswith(" you" if view.maker == view.seat else " bot"), cell
    page = _plain(coach_body(advice, "card", False, "easy"))
    assert "your chance to break it is the rest" in page


def test_the_verdict_line_gives_both_numbers_near_the_target_in_both_languages() -> None:
    view = _view(0)
    advice = advise(view, None, "easy", Standing(430, 440, 500))
    worst = advice.evaluation.actions[-1].action
    judged = advise(view, worst, "easy", Standing(430, 440, 500))
    line = coach_log_line(judged)
    assert line.startswith("Coach:") and "to win the match" in line and "this deal" in line, line
    chosen, best = judged.evaluation.value(worst), judged.evaluation.value(judged.best)
    assert i18n.percent(chosen.win_prob) in line and i18n.percent(best.win_prob) in line  # type: ignore[arg-type]
    with i18n.use_language("ru"):
        russian = coach_log_line(judged)
        assert russian.startswith("Тренер:") and "выиграть партию" in russian, russian
        assert points_phrase(-34) == "−34 очка за сдачу" and points_phrase(5) == "+5 очков за сдачу"
    plain = advise(view, worst, "easy", None)
    assert "match" not in coach_log_line(plain)


@pytest.mark.parametrize("standing", [None, Standing(430, 440, 500)])
def test_the_review_shows_the_deals_points_not_the_bots_value(standing: Standing | None) -> None:
    view = _view(0)
    chosen = view.legal[-1]
    advice = advise(view, chosen, "easy", standing)
    finished = replay(parse_record(json.loads(EXAMPLE.read_text(encoding="utf-8"))))
    review = Review(finished, (Decision(0, view.seat, "bid", view.stage, chosen, advice),), "easy")
    shown = _plain(render_review(review, [view.seat], {view.seat: "You"}))
    value = advice.evaluation.value(chosen)
    figure = f"{round(value.deal_ev):+d}".replace("-", "−") if round(value.deal_ev) else "0"
    assert figure in shown, shown
    if standing is not None:
        assert advice.match_shown and f"({i18n.percent(value.win_prob)})" in shown  # type: ignore[arg-type]
