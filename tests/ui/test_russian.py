"""Issue 12: the game in Russian, played by keys at 80x24.

The outside check runs ``klabber play --lang ru`` and wants at least three quarters of the letters on
screen Cyrillic; here every screen met on the way to the end of a short match is held to that, and
the refusal of a card is worded in Russian.
"""

from __future__ import annotations

import re

import pytest

from klabber_tui.words import i18n
from klabber_tui.ui.screens.match_end import MatchEndScreen

from tests.support.helpers import make_app, next_key, settle
from tests.support.screentext import screen_text
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.table.phrases import you_word

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


SMALL = (80, 24)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def cyrillic_share(shown: str) -> float:
    letters = [c for c in shown if c.isalpha()]
    return sum(bool(CYRILLIC.match(c)) for c in letters) / max(1, len(letters))


async def test_a_match_played_by_keys_in_russian_shows_russian_on_every_screen(klabber_home) -> None:
    i18n.set_language("ru")
    app = make_app(seed=5, target=100, name=you_word())
    seen: set[str] = set()
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(3000):
            await settle(pilot, app)
            shown = screen_text(app)
            seen.add(type(app.screen).__name__)
            assert cyrillic_share(shown) >= 0.75, shown
            key = next_key(app)
            if key is None:
                break
            await pilot.press(key)
        assert isinstance(app.screen, MatchEndScreen)
        assert "Партия окончена" in screen_text(app)
    assert {"TableScreen", "SummaryScreen", "MatchEndScreen"} <= seen


async def test_a_refused_card_is_explained_in_russian(klabber_home) -> None:
    """rules.md §8: the engine's code, the interface's words; in the table's Russian notation."""
    i18n.set_language("ru")
    app = make_app(seed=5, name=you_word())
    async with app.run_test(size=SMALL) as pilot:
        illegal: list[int] = []
        for _ in range(400):  # play on by keys until a turn where some card of the hand may not be played
            await settle(pilot, app)
            if app.screen is app.table and app.table.mode() == "play":
                legal = app.table.legal()
                illegal = [k for k, c in enumerate(app.table.hand_cards())
                           if not any(a.card == c for a in legal)]
                if illegal:
                    break
            await pilot.press(next_key(app) or "enter")
        assert illegal, "no turn with a card that may not be played"
        await pilot.press(str(illegal[0] + 1))
        await settle(pilot, app)
        shown = " ".join(screen_text(app).split())
        assert "Сходить " in shown and " нельзя:" in shown and "Можно ходить:" in shown


async def test_the_language_row_of_the_settings_changes_every_word_at_once(klabber_home) -> None:
    """Issue 12: English -> Русский in the settings; the table, its buttons and the footer's key labels
    are Russian straight away, and the setting is kept for the next start. Issue 23: the app is made
    anew in the new language (``made_anew``, as ``klabber play`` does) and plays on the same match."""
    from textual.widgets import Select

    from klabber_tui.data.settings import read_settings
    from klabber_tui.ui.screens.settings import SettingsScreen

    app = make_app(seed=5, name=you_word())
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")  # past the draw for the first dealer, to the table
        await settle(pilot, app)
        assert app.screen is app.table and cyrillic_share(screen_text(app)) == 0
        await pilot.press("o")
        await settle(pilot, app)
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#lang", Select).value = "ru"
        app.screen.action_save()
        await settle(pilot, app)
    assert app.language_changed and i18n.current() == "ru"
    deal, before = app.session.match.number, app.session.view().hand
    app = app.made_anew()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        assert app.screen is app.table and (app.session.match.number, app.session.view().hand) == (deal, before)
        shown = screen_text(app)
        assert cyrillic_share(shown) >= 0.75, shown
        assert pgettext('key.settings', 'Settings') in shown  # a footer label, made with its page
        assert re.search(r"\b(You|Bottom|Score|Trick)\b|J♣", shown) is None, shown  # composed words, ranks
        assert read_settings()[0]["lang"] == "ru"


async def press_and_show(keys: list[str]) -> tuple[list[str], str]:
    """A new game, seed 5, after ``keys``: the screens met and the table's words at the end."""
    app = make_app(seed=5, name=you_word(), new=True)
    screens = []
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        for key in keys:
            await pilot.press(key)
            await settle(pilot, app)
            screens.append(type(app.screen).__name__)
        return screens, screen_text(app)


async def test_keys_of_the_russian_layout_act_as_their_qwerty_twins(klabber_home) -> None:
    """Issue 12: ЙЦУКЕН as well as QWERTY: з is p (pass), щ is o (settings), Ы is S (statistics), й is q."""
    russian = await press_and_show(["enter", "з", "щ", "escape", "Ы", "escape", "й"])
    latin = await press_and_show(["enter", "p", "o", "escape", "S", "escape", "q"])
    assert russian == latin
    assert latin[0][2:] == ["SettingsScreen", "TableScreen", "StatsScreen", "TableScreen", "QuestionScreen"]


async def test_a_name_typed_in_cyrillic_stays_cyrillic(klabber_home) -> None:
    """The layout map is for keys, not for text: a field being typed in gets the letters as typed."""
    from textual.widgets import Input

    from klabber_tui.ui.screens.settings import SettingsScreen

    app = make_app(seed=5, name=you_word())
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("enter", "o")
        await settle(pilot, app)
        assert isinstance(app.screen, SettingsScreen)
        field = app.screen.query_one("#target", Input)
        field.type = "text"
        field.value = ""
        field.focus()
        await pilot.press("я", "ш")
        assert field.value == "яш"


async def test_the_russian_rules_page_opens_from_help_with_r(klabber_home) -> None:
    """Issue 12: ``?`` then ``r`` (or its ЙЦУКЕН twin ``к``) shows the Russian rules page (words/i18n/ru/rules.md), filled in, at 80x24."""
    from textual.widgets import Markdown

    from klabber_tui.ui.screens.help import RulesPageScreen

    i18n.set_language("ru")
    app = make_app(seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("к")
        await pilot.pause()
        assert isinstance(app.screen, RulesPageScreen)
        source = app.screen.query_one(Markdown).source
        assert "Разбор одной сдачи" in source and "в обоих кругах" in source and "<!--" not in source
        assert cyrillic_share(screen_text(app)) >= 0.75, screen_text(app)


async def test_a_russian_locale_alone_makes_every_screen_of_klabber_play_russian(
        klabber_home, monkeypatch) -> None:
    """Issue 12's outside check, in Pilot: ``klabber play`` under LANG=ru_RU.UTF-8 with no --lang (and no
    LC_ALL or LC_MESSAGES to outrank it) goes through the command line's own choice of language; the
    draw, the table in bidding, help, settings, the table in play, the deal summary and the quit
    question each show at least three quarters of their letters in Cyrillic.
    scripts/tmux_play_check.sh does the same with the real program in tmux."""
    from klabber_tui.cli import main as cli
    from klabber_tui.ui.app import KlabberApp
    from klabber_tui.ui.screens.draw import DrawScreen
    from klabber_tui.ui.screens.help import HelpScreen
    from klabber_tui.ui.screens.question import QuestionScreen
    from klabber_tui.ui.screens.settings import SettingsScreen
    from klabber_tui.ui.screens.summary import SummaryScreen

    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    apps: list[KlabberApp] = []
    monkeypatch.setattr(KlabberApp, "run", lambda self, *a, **k: apps.append(self))
    assert cli.main(["play", "--level", "greedy", "--seed", "7", "--new"]) == 0
    assert i18n.current() == "ru"
    app = apps[0]
    shares: dict[str, float] = {}

    def check(screen: str) -> None:
        shown = screen_text(app)
        shares[screen] = cyrillic_share(shown)
        assert shares[screen] >= 0.75, f"{screen}: {shares[screen]:.0%}\n{shown}"

    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, DrawScreen)
        check("draw page")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is app.table and app.table.mode() == "bidding_round_one"
        check("table in bidding")
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        check("help page")
        await pilot.press("escape", "o")
        await settle(pilot, app)
        assert isinstance(app.screen, SettingsScreen)
        check("settings page")
        await pilot.press("escape")
        for _ in range(200):  # play by keys to the deal's summary, looking at the table in play
            await settle(pilot, app)
            if isinstance(app.screen, SummaryScreen):
                break
            if app.screen is app.table and app.table.mode() == "play":
                check("table in play")
            await pilot.press(next_key(app) or "enter")
        assert isinstance(app.screen, SummaryScreen)
        check("deal summary")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("q")
        await settle(pilot, app)
        assert isinstance(app.screen, QuestionScreen)
        check("quit question")
    assert set(shares) == {"draw page", "table in bidding", "help page", "settings page", "table in play",
                           "deal summary", "quit question"}
