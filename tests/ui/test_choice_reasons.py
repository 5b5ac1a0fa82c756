"""Issue 11: the coach's page and the drill show the reasons for the choice (the player's and the
best one when they differ; before a choice, the position's and the best's), never every fact of every
action; a choice called a mistake says in one sentence why, with its cost."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console

from engine.cards import suit_of
from klabber_tui.ui.drill_app import DrillApp
from klabber_tui.ui.screens.coach import CoachScreen

from tests.support.helpers import FAST, key_for, make_app, play_until, shown, wait_for, wait_until
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.coach.facts import fact_text
from klabber_tui.words.coach.verdicts import coach_action_text


def _flat(renderable: object) -> str:
    """The rendered text with its line breaks and bullets undone, so a wrapped reason reads whole."""
    console = Console(width=76, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return " ".join(console.file.getvalue().replace("•", " ").split())


def _sentences(advice, actions: set[str | None], turned: int) -> set[str]:
    return {" ".join(fact_text(f, turned).split()) for f in advice.facts if f.action in actions}


def _check_only(body: str, advice, shown_for: set[str | None], turned: int) -> None:
    """Every reason of ``shown_for`` is on the page, and no reason of any other action is."""
    wanted = _sentences(advice, shown_for, turned)
    assert wanted, "a choice with no reason to show"
    for sentence in wanted:
        assert sentence in body, sentence
    others = {a.action for a in advice.evaluation.actions} - shown_for
    for sentence in _sentences(advice, others, turned) - wanted:
        assert sentence not in body, f"another action's reason is shown: {sentence}"



@pytest.mark.slow
async def test_coach_before_a_choice_shows_the_position_and_the_best_only(klabber_home) -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        turned = suit_of(app.session.view().turn_up)
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, CoachScreen)
        await wait_until(pilot, lambda: screen.advice is not None)
        advice = screen.advice
        assert len(advice.evaluation.actions) >= 2
        body = _flat(screen.body)
        _check_only(body, advice, {None, advice.best}, turned)
        assert pgettext('coach.reasons.best', 'The best choice, {choice}:').format(choice=coach_action_text(advice.best)) in body


@pytest.mark.slow
async def test_coach_verdict_shows_the_chosen_and_the_best_reasons_only(klabber_home) -> None:
    """The worst bid of the position, judged: its reasons and the best's, and when it is a mistake
    the one-sentence why with its cost leads the page."""
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        view = app.session.view()
        from ai.coach import advise

        ranked = [a.action for a in advise(view).evaluation.actions]
        worst = ranked[-1]
        screen = CoachScreen(view, chosen=worst, verdict=True)
        app.push_screen(screen)
        await wait_until(pilot, lambda: screen.advice is not None)
        advice = screen.advice
        assert advice.chosen == worst != advice.best
        body = _flat(screen.body)
        turned = suit_of(view.turn_up)
        _check_only(body, advice, {worst, advice.best}, turned)
        for sentence in _sentences(advice, {None}, turned) - _sentences(advice, {worst, advice.best}, turned):
            assert sentence not in body  # the position's facts are for before a choice
        if advice.mistake:
            why = next(f for f in advice.reasons(worst) if f.key.startswith("mistake"))
            first = " ".join(fact_text(why, turned).split())
            assert body.startswith(first) and body.count(first) == 1  # the headline, not said twice
            assert f"about {round(advice.loss)} points" in first


def test_drill_answer_shows_the_chosen_and_the_bots_reasons_only(klabber_home) -> None:
    async def run() -> None:
        app = DrillApp("klaberjass", 1, 1, **FAST)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.drill_screen
            await wait_for(pilot, screen, "ask")
            from ai.coach import advise

            view = screen.position.view()
            worst = [a.action for a in advise(view, None, screen.drill.coach_level).evaluation.actions][-1]
            await pilot.press(key_for(worst))
            await wait_for(pilot, screen, "answered")
            advice, answer = screen.advice, screen.answer
            body = " ".join(shown(screen, "#drill-eval").split())
            turned = suit_of(view.turn_up)
            chosen = {answer.chosen} | (set() if answer.agreed else {answer.best})
            mistakes = {" ".join(fact_text(f, turned).split()) for f in advice.facts
                        if f.key.startswith("mistake")}
            for sentence in _sentences(advice, chosen, turned) - mistakes:
                assert sentence in body, sentence
            for sentence in _sentences(advice, {None} | ({a.action for a in advice.evaluation.actions} - chosen),
                                       turned) - _sentences(advice, chosen, turned):
                assert sentence not in body, f"a reason of no chosen word is shown: {sentence}"
            assert (answer.mistake and bool(mistakes & {s for s in mistakes if s in body})) or not answer.mistake
            await pilot.press("q")
    asyncio.run(run())
