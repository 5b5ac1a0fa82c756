"""Issue 13: the table gives the words the room they need at 80x24 and grows with the terminal.

Each test attacks one complaint of the issue: a question cut off at "(then ♣ clubs is trump and",
suit buttons cut off at "♥ (h", a `known:` list showing two of five cards, a refusal pushing the
prompt's second line out of view, a crowded left panel beside an empty log.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action
from textual.widgets import Button

from klabber_tui.words.table.shown import table_prompt
from klabber_tui.ui.widgets.action_buttons import SUIT_KEYS

from tests.support.helpers import SchmeissingBot, make_app, play_until, settle
from tests.support.screentext import flat, screen_lines, screen_text
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.cards import card_text
from klabber_tui.words.table.phrases import area_words, button_labels_words, prompt_text, prompts_words

SMALL = (80, 24)


def _at(app: Any, mode: str) -> bool:
    return app.screen is app.table and app.table.mode() == mode


def _whole_on_screen(app: Any, widget: Any) -> bool:
    """The widget's region lies inside the screen and is not cut by its container."""
    region = widget.region
    screen = app.screen.region
    return (region.width > 0 and region.height > 0 and screen.contains_region(region)
            and widget.parent.region.contains_region(region))


@pytest.mark.slow
async def test_the_whole_schmeiss_question_is_on_screen_at_80x24(klabber_home) -> None:
    """Issue 13: the question ended at "(then ♣ clubs is trump and"; its end must show, wrapped."""
    app = make_app(seed=11)
    app._bots["greedy"] = (SchmeissingBot(), "greedy")
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: _at(app, "schmeiss_answer"))
        await settle(pilot, app)
        question = table_prompt(app.table.controller, "schmeiss_answer").split("\n")[-1]
        assert question.endswith("is the maker).")  # the long form, with the refuse hint
        shown = flat(screen_text(app))
        assert flat(question) in shown
        for name in ("yes", "no"):
            button = app.table.query_one(f"#btn-{name}", Button)
            assert button.display and _whole_on_screen(app, button)


@pytest.mark.slow
async def test_round_two_suit_buttons_are_whole(klabber_home) -> None:
    """Issue 13: the round-two buttons ended at "♥ (h": every button shows its whole label.
    Seed 0: the player is the elder, both pass in round one; round two offers three suits, pass and
    schmeiss (Klaberjass, rules.md §4.2: the elder may say schmeiss in round two)."""
    app = make_app(seed=0)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: _at(app, "bidding_round_one"))
        await pilot.press("p")
        await settle(pilot, app)
        assert _at(app, "bidding_round_two")
        shown = [b for b in app.table.query(Button) if b.display]
        suits = [b for b in shown if (b.id or "").removeprefix("btn-") in SUIT_KEYS]
        assert len(suits) == 3 and {"btn-pass", "btn-schmeiss", "btn-h"} <= {b.id for b in shown}
        screen = screen_text(app)
        for button in shown:
            label = str(button.label)
            assert _whole_on_screen(app, button), label
            assert label in screen, f"{label!r} is cut off"
        footer = screen.split("\n")[-1]
        assert footer.rstrip().endswith(f"S {pgettext('stats.key', 'Stats')}"), f"the footer is cut: {footer!r}"


@pytest.mark.slow
async def test_the_known_list_shows_every_known_card(klabber_home) -> None:
    """Issue 13: `known:` showed two cards when five were known, at any width."""
    app = make_app(seed=70)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and app.screen is app.table
                         and app.table.mode() == "play" and app.session.view().other_known.bit_count() >= 5)
        await settle(pilot, app)
        view = app.session.view()
        known = [card_text(c) for c in range(32) if view.other_known >> c & 1]
        assert len(known) >= 5
        region = app.table.query_one("#opponent").region
        rows = screen_lines(app)[region.y:region.bottom]
        line = flat(" ".join(row[region.x:region.right] for row in rows))
        assert "known:" in line
        for card in known:
            assert card in line.split("known:")[1], f"{card} of {known} is not shown"


@pytest.mark.slow
async def test_a_refusal_keeps_the_whole_prompt_in_view(klabber_home) -> None:
    """Issue 13: a refusal message pushed the prompt's second line out of view."""
    app = make_app(seed=11, autoplay_forced=False)
    async with app.run_test(size=SMALL) as pilot:

        def refusable() -> bool:
            t = app.table
            return (app.screen is t and t.mode() == "play" and bool(app.session.view().current)
                    and any(Action.play(c) not in t.legal() for c in t.hand_cards()))

        await play_until(pilot, app, refusable)
        t = app.table
        bad = next(k for k, c in enumerate(t.hand_cards()) if Action.play(c) not in t.legal())
        prompt = table_prompt(t.controller, t.mode())
        await pilot.press(str(bad + 1))
        await pilot.pause()
        assert t.prompt_area[1]
        shown = flat(screen_text(app))
        assert flat(t.prompt_area[1]) in shown
        for line in prompt.split("\n"):
            assert flat(line) in shown, f"{line!r} went out of view"


@pytest.mark.slow
async def test_the_log_and_score_take_the_room_that_is_left(klabber_home) -> None:
    """Issue 13: the left panel was crowded while the log was mostly empty. At 80x24 the prompt
    spans the whole width under both columns; a big terminal widens the log, gives it the whole
    height and puts the prompt right under the hand."""
    found = {}
    for size in (SMALL, (120, 40)):
        app = make_app(seed=11)
        async with app.run_test(size=size) as pilot:
            await play_until(pilot, app, lambda: _at(app, "bidding_round_one"))
            table = app.table
            left, log, prompt = table.query_one("#left"), table.query_one("#log"), table.query_one("#prompt")
            hand = table.query_one("#hand")
            assert left.region.width >= 9 * 5  # nine cards fit
            found[size] = (log.region, prompt.region, hand.region)
    log, prompt, hand = found[SMALL]
    assert log.width >= 32 and prompt.width >= 78 and prompt.y > log.bottom - 1
    big_log, big_prompt, big_hand = found[(120, 40)]
    assert big_log.width >= log.width + 20 and big_log.height >= 30
    assert big_hand.bottom <= big_prompt.y <= big_hand.bottom + 2 and big_prompt.right <= big_log.x


def _longer(words: str) -> str:
    """Every word of three letters or more made half again as long, placeholders left alone: a
    sentence grows by a quarter to a third, as it does in translation (Russian runs ~30% longer)."""
    import re

    return re.sub(r"(?<![{\w])([A-Za-z]{3,})(?![\w}])", lambda m: m.group(1) + m.group(1)[: (len(m.group(1)) + 1) // 2],
                  words)


@pytest.mark.slow
async def test_words_a_third_longer_still_fit_at_80x24(klabber_home, reword) -> None:
    """Issue 13: the layout is not fitted to the English words. With every prompt, button and area
    word half again as long, the schmeiss question, its buttons and the table's captions still show."""
    def question() -> str:  # the schmeiss question as the table words it, its keys filled in
        return prompt_text("schmeiss_answer", who="Bot",
                                refuse_hint=prompt_text("refuse_maker", suit="♣ clubs", who="bot"))

    english = question()
    longer_areas = {key: _longer(value) for key, value in area_words().items()}
    for table in (prompts_words, button_labels_words, area_words):
        longer = {key: _longer(value) for key, value in table().items()}
        reword(table, lambda longer=longer: longer)
    assert len(question()) >= 1.25 * len(english)
    app = make_app(seed=11)
    app._bots["greedy"] = (SchmeissingBot(), "greedy")
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: _at(app, "schmeiss_answer"))
        await settle(pilot, app)
        shown = flat(screen_text(app))
        for line in table_prompt(app.table.controller, "schmeiss_answer").split("\n"):
            assert flat(line) in shown
        for name in ("yes", "no"):
            button = app.table.query_one(f"#btn-{name}", Button)
            assert _whole_on_screen(app, button) and str(button.label) in shown
        for key in ("talon", "turn_up", "bottom", "hand", "trick"):
            assert longer_areas[key].split(" ")[0] in shown, key


def test_footer_columns_wrap_to_the_room() -> None:
    """The footer's grid (widgets/footer.py): all keys on one row when they fit, else as many
    columns as fit, each as wide as its widest key, one cell between columns."""
    from klabber_tui.ui.widgets.footer import column_widths

    assert column_widths([7, 8, 6], 23) == [7, 8, 6]  # 21 + 2 gaps
    assert column_widths([7, 8, 6], 22) == [7, 8]  # the 6 goes under the 7
    assert column_widths([7, 8, 6, 9], 17) == [7, 9]  # rows 7 8 / 6 9: 7 + 1 + 9
    assert column_widths([7, 8, 6, 9], 16) == [9]  # one column, as wide as the widest key
    assert column_widths([], 80) == [1]


@pytest.mark.slow
async def test_every_footer_key_is_on_screen_at_80x24(klabber_home) -> None:
    """Issue 13: at 80 columns the footer lost "S Stats" off its right end in play."""
    from textual.widgets._footer import FooterKey

    app = make_app(seed=11)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "play"
                         and len(app.session.deal.tricks) == 2)
        await settle(pilot, app)
        keys = list(app.table.query(FooterKey))
        assert len(keys) >= 9
        shown = screen_text(app)
        for key in keys:
            assert key.region.right <= SMALL[0] and f"{key.key_display} {key.description}" in shown
