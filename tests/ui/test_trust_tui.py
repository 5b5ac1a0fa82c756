"""Issue 8 (trust), the Textual side: outside text is shown as text, the player's name is cleaned in one
place, keys do nothing under the size notice, and a crash exits non-zero without printing locals.

Each test is named after the attack it makes; each failed before the fix it guards.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual import work
from textual.app import App
from textual.binding import Binding

from klabber_tui.ui.app import GuardedApp, KlabberApp
from klabber_tui.ui.drill_app import DrillApp
from klabber_tui.data.safe_text import NAME_MAX, clean, clean_name, literal
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.ui.screens.question import QuestionScreen
from klabber_tui.ui.screens.size_guard import MIN_HEIGHT, MIN_WIDTH
from klabber_tui.practice.session import Settings

from klabber_tui.words.table.phrases import area_words, you_word
from tests.support.helpers import play_until
from tests.support.screentext import screen_text

SIZE = (80, 24)
SMALL = (MIN_WIDTH - 20, MIN_HEIGHT - 6)


def named_app(name: str, seed: int = 21, **kwargs: Any) -> KlabberApp:
    return KlabberApp(Settings(level="greedy", target=500, coach_bids=False), name, seed=seed, **kwargs)


def caption(app: KlabberApp) -> str:
    """What the label over the player's hand shows, as plain text."""
    return str(app.table.query_one("#hand-caption").render())


async def until_table(pilot: Any, app: KlabberApp) -> None:
    await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() != "busy")


# -- 1. markup and control characters ----------------------------------------------------------------


@pytest.mark.slow
async def test_a_name_with_a_closing_tag_survives_quit_and_the_resume_question(klabber_home) -> None:
    """Issue 8: `klabber play --name '[/x]'`, quit, `klabber play` crashed on the resume question."""
    app = named_app("[/x]")
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 2)
        await pilot.press("q")
    again = named_app("Other", seed=5)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, QuestionScreen)
        assert "[/x] v greedy" in str(again.screen.query_one(".dialog-body Static").render())
        await pilot.press("y")
        await until_table(pilot, again)
        assert caption(again) == "Your hand ([/x])"


@pytest.mark.slow
async def test_markup_in_a_name_is_shown_literally(klabber_home) -> None:
    """Issue 8: a name like `[bold]x` was styled, not shown."""
    app = named_app("[bold]x[/bold] [red]")
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        assert caption(app) == "Your hand ([bold]x[/bold] [red])"


@pytest.mark.slow
async def test_an_escape_byte_in_a_save_never_reaches_the_terminal(klabber_home) -> None:
    """Issue 8: an ESC byte read from a file reached the terminal. The bot's name comes from the save."""
    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 2)
        await pilot.press("q")
    save = json.loads((klabber_home / "match.json").read_text(encoding="utf-8"))
    save["names"] = ["Tester\x1b]0;pwned\x07", "greedy\x1b[2J\x9b31m[/x]"]
    (klabber_home / "match.json").write_text(json.dumps(save), encoding="utf-8")
    again = named_app("Tester", seed=5)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, QuestionScreen)
        shown = again.export_screenshot()
        assert "\x1b" not in shown and "\x9b" not in shown and "\x07" not in shown
        await pilot.press("y")
        await until_table(pilot, again)
        opponent = str(again.table.query_one("OpponentHand").render())
        assert "greedy[2J31m[/x]" in opponent  # issue 21: the bot's name is cleaned as the player's
        assert caption(again) == "Your hand (Tester]0;pwned)"  # a name loses its control characters
        shown = again.export_screenshot()
        assert "\x1b" not in shown and "\x9b" not in shown


@pytest.mark.slow
async def test_a_level_in_a_save_that_is_markup_with_an_escape_neither_crashes_nor_reaches_the_terminal(
        klabber_home) -> None:
    """Issue 8: a save's level is quoted back to the player (the bot it falls back to); it was markup."""
    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 2)
        await pilot.press("q")
    save = json.loads((klabber_home / "match.json").read_text(encoding="utf-8"))
    save["level"] = "[/x]\x1b[31m[bold]"
    save["names"][1] = "[/x]"
    (klabber_home / "match.json").write_text(json.dumps(save), encoding="utf-8")
    again = named_app("Tester", seed=5)
    async with again.run_test(size=SIZE, notifications=True) as pilot:
        await play_until(pilot, again, lambda: again.session is not None
                         and len(again.session.deal.actions) > len(save["match"]["deals"][-1]["actions"]) + 2)
        shown = again.export_screenshot()
        assert "\x1b" not in shown
        assert all("\x1b" not in n.message and not n.markup for n in again._notifications)
        assert any("[/x]" in n.message for n in again._notifications), "the fallback to greedy was told"


@pytest.mark.slow
async def test_a_notification_quoting_markup_and_escapes_is_plain_text(klabber_home) -> None:
    """Issue 8: messages quote files and paths (KLABBER_HOME may hold brackets); notify parsed markup."""
    app = named_app("Tester")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until_table(pilot, app)
        app.notify("Could not save to /tmp/[/x]/match.json \x1b[31m", severity="error")
        app.table.notify("[bold]from a screen[/bold]")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert messages == ["Could not save to /tmp/[/x]/match.json \u241b[31m", "[bold]from a screen[/bold]"]
        assert all(not n.markup for n in app._notifications)
        await pilot.pause()
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "/tmp/[/x]/match.json \u241b[31m" in toasts and "[bold]from a screen[/bold]" in toasts


@pytest.mark.slow
async def test_a_message_page_shows_its_title_and_body_as_text(klabber_home) -> None:
    """Issue 8: MessageScreen parsed a string body (the resume question quotes the save) as markup."""
    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        await app.push_screen(MessageScreen("[/title]", "[/body] [link=file:///x]y[/link]"))
        await pilot.pause()
        assert str(app.screen.query_one(".dialog-title").render()) == "[/title]"
        assert str(app.screen.query_one(".dialog-body Static").render()) == "[/body] [link=file:///x]y[/link]"


def test_literal_never_parses_markup_and_shows_every_control_character() -> None:
    """The one helper every widget gets outside text through (issue 8)."""
    assert literal("[b]x[/b]").plain == "[b]x[/b]"
    assert literal("a\x1bb\x00c\x7fd\x85e\x9bf").plain == "a\u241bb\u2400c\u2421d\ufffde\ufffdf"
    assert clean("two\nlines\ttab\r") == "two\nlines\u2409tab\u240d"
    assert clean("one\nline", newlines=False) == "one\u240aline"
    assert clean("rtl\u202eevil\u2066") == "rtl\ufffdevil\ufffd"
    assert clean("bad\udcff") == "bad\ufffd"
    assert clean("Жан ♠ 🂡 e\u0301") == "Жан ♠ 🂡 e\u0301"  # printable text is untouched
    assert literal(404).plain == "404"


@settings(max_examples=200, deadline=None)
@given(value=st.text(st.characters(), max_size=40))
def test_clean_leaves_no_control_character_and_keeps_printable_text(value: str) -> None:
    """Issue 8 property: whatever a file holds, the cleaned text has no control character or lone
    surrogate (a newline aside), encodes as UTF-8, and printable text passes unchanged."""
    import unicodedata

    cleaned = clean(value)
    assert all(ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cs") for ch in cleaned)
    cleaned.encode("utf-8")
    assert len(cleaned) == len(value)
    assert all(a == b for a, b in zip(value, cleaned) if a.isprintable())


# -- 2. the player's name ----------------------------------------------------------------------------


def test_clean_name_strips_controls_surrogates_and_blank_ends() -> None:
    """Issue 8: `klabber play --name` takes anything the shell passes, bytes that are not UTF-8 too."""
    assert clean_name("  Ann\x1b[31m  ", "You") == "Ann[31m"
    assert clean_name("a\tb\n\nc", "You") == "a b c"
    assert clean_name("\xff".encode("latin-1").decode("utf-8", "surrogateescape") + "x", "You") == "\ufffdx"
    assert clean_name("rtl\u202e", "You") == "rtl"
    assert clean_name("", "You") == "You"
    assert clean_name(" \x00\x1b\u200b ", "You") == "You"
    assert clean_name("x" * 100, "You") == "x" * NAME_MAX
    assert clean_name("[/x]", "You") == "[/x]"


@pytest.mark.slow
async def test_a_name_that_is_not_utf8_does_not_stop_the_first_save(klabber_home) -> None:
    """Issue 8: a name of bytes that are not UTF-8 (a surrogate in argv) crashed the first save."""
    raw = b"J\xf6rg".decode("utf-8", "surrogateescape")
    app = named_app(raw)
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        assert caption(app) == "Your hand (J\ufffdrg)"
        await pilot.press("q")
    save = json.loads((klabber_home / "match.json").read_text(encoding="utf-8"))
    assert save["names"][0] == "J\ufffdrg"


printable_names = st.text(st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")),
                          min_size=1, max_size=30)


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=printable_names)
def test_any_printable_name_is_accepted_and_shown_literally(name: str, klabber_home) -> None:
    """Issue 8 property: arbitrary printable strings as --name are shown as they are on the table
    (spaces trimmed and runs of them made one, capped at NAME_MAX characters)."""
    expected = " ".join(name.split())[:NAME_MAX].strip() or you_word()

    async def run() -> str:
        app = named_app(name, save=False)
        async with app.run_test(size=SIZE) as pilot:
            await until_table(pilot, app)
            return caption(app)

    shown = asyncio.run(run())
    assert shown == (area_words()["hand"] if expected == you_word() else f"{area_words()['hand']} ({expected})")


# -- 3. the size notice ------------------------------------------------------------------------------


@pytest.mark.slow
async def test_keys_under_the_size_notice_do_not_act_on_the_hidden_game(klabber_home) -> None:
    """Issue 8: below 80x24 the notice showed, but keys still bid, played and opened pages unseen."""
    app = named_app("Tester", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        session = app.session
        assert session is not None
        before = list(session.deal.actions)
        assert app.table.legal(), "the player is to act"
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert app.table.has_class("-small")
        await pilot.press("t", "p", "m", "c", "d", "h", "s", "1", "2", "enter", "space", "u", "a", "o", "S",
                          "question_mark", "escape", "r", "l", "e", "y", "n")
        await pilot.pause(0.2)
        assert session.deal.actions == before and app.session is session
        assert app.screen is app.table
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not app.table.has_class("-small")
        await play_until(pilot, app, lambda: len(session.deal.actions) > len(before) + 2)  # play goes on


@pytest.mark.slow
async def test_typing_or_pasting_into_a_hidden_settings_field_under_the_size_notice_changes_nothing(
        klabber_home) -> None:
    """Issue 8: with Settings open and the target field focused, keys under the notice closed the page
    unseen (escape). A paste reaches no field: Textual takes the focus from hidden widgets."""
    from textual import events
    from textual.widgets import Input

    app = named_app("Tester", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        field = app.screen.query_one("#target", Input)
        field.focus()
        await pilot.pause()
        value = field.value
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.press("backspace", "backspace", "backspace", "9", "enter", "escape")
        app.post_message(events.Paste("12345"))
        await pilot.pause(0.2)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert field.value == value and app.screen is field.screen


@pytest.mark.slow
async def test_q_still_quits_under_the_size_notice_and_saves(klabber_home) -> None:
    """The one key that works under the notice is quit, even with a page open (help here, whose own q
    would only close it): the match is saved as on a full-size table."""
    app = named_app("Tester", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not app.table
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert (klabber_home / "match.json").exists()


@pytest.mark.slow
async def test_keys_under_the_size_notice_do_not_answer_the_drill(klabber_home) -> None:
    """Issue 8: the drill under the size notice took bids from keys pressed blind."""
    app = DrillApp("klaberjass", 1, 2, coach_level="easy", bot_level="easy")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.drill_screen
        for _ in range(300):
            await pilot.pause(0.02)
            if screen.state == "ask":
                break
        assert screen.state == "ask"
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.press("t", "p", "m", "y", "n", "c", "d", "h", "s", "enter", "R", "S")
        await pilot.pause(0.2)
        assert screen.state == "ask" and app.screen is screen and not screen.score.answers


# -- 4. crashes --------------------------------------------------------------------------------------


class Exploding(GuardedApp):
    """Raises in a key handler (x) or in a thread worker (w) with a secret in a local variable."""

    BINDINGS = [Binding("x", "explode"), Binding("w", "explode_in_worker")]

    def __init__(self, parts: list[str]) -> None:
        super().__init__()
        self.parts = parts

    def action_explode(self) -> None:
        hidden = "-".join(self.parts)  # built at run time: it must not appear in the source lines shown
        raise RuntimeError(f"boom after {len(hidden)} characters")

    @work(thread=True)
    def action_explode_in_worker(self) -> None:
        hidden = "-".join(self.parts)
        raise RuntimeError(f"worker boom after {len(hidden)} characters")


def crash_log_text(app: GuardedApp) -> str:
    """What cli.py writes to the crash log for the app's crash (``crashlog.crash_report``)."""
    from klabber_tui.data.crashlog import crash_report

    assert app.crash is not None
    return crash_report(app.crash, ["play"])


@pytest.mark.parametrize("key", ["x", "w"])
async def test_a_crash_exits_non_zero_and_its_traceback_shows_no_locals(key: str, capsys) -> None:
    """Issue 8: every crash exited 0 and printed locals (the bot's hidden cards) in its traceback.
    Issue 21: no screen of traceback at all; the error is kept for the crash log cli.py writes."""
    parts = ["HIDDEN", "7S", "8H", "QD"]
    app = Exploding(parts)
    with pytest.raises(Exception, match="boom"):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(key)
            await pilot.pause(0.2)
    printed = capsys.readouterr().err
    assert app.return_code == 1
    assert "Traceback" not in printed and "HIDDEN-7S-8H-QD" not in printed
    log = crash_log_text(app)
    assert "boom after" in log and "Traceback" in log and "HIDDEN-7S-8H-QD" not in log


@pytest.mark.slow
async def test_a_crash_in_the_bot_exits_non_zero_without_the_bots_hand(klabber_home, monkeypatch, capsys) -> None:
    """Issue 8: a crash inside the bot's thread printed its view (its hidden hand) as locals."""
    from engine.cards import cards_of, format_card

    seen: list[str] = []
    marker = "".join(reversed("TERCES|"))  # built at run time, so no source line shows it

    class Broken:
        def choose(self, view: Any, seed: int, standing: Any = None) -> str:
            secret_hand = "|".join(format_card(c) for c in cards_of(view.hand)) + marker
            seen.append(secret_hand)
            raise RuntimeError("the bot broke")

    monkeypatch.setattr("klabber_tui.ui.app.load_bot", lambda level: (Broken(), "greedy"))
    app = named_app("Tester", seed=4)
    with pytest.raises(Exception, match="the bot broke"):
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(200):
                if app.return_code is not None:
                    break
                await pilot.press("enter", "p")
                await pilot.pause(0.02)
    printed = capsys.readouterr().err
    assert seen and app.return_code == 1
    log = crash_log_text(app)
    assert "the bot broke" in log
    assert seen[0] not in printed + log and marker not in printed + log


def test_textuals_crash_hook_is_where_the_override_expects_it() -> None:
    """GuardedApp overrides Textual's private ``App._fatal_error`` (pinned in pyproject.toml). If a new
    Textual renames it, stops calling it, or changes its signature, this fails: look again."""
    assert inspect.signature(App._fatal_error) == inspect.signature(GuardedApp._fatal_error)
    assert list(inspect.signature(App._fatal_error).parameters) == ["self"]
    assert "self._fatal_error()" in inspect.getsource(App._handle_exception)
    hook = inspect.getsource(App._fatal_error)
    assert "_exit_renderables" in hook and "_close_messages_no_wait" in hook and "Traceback(" in hook
    assert GuardedApp._fatal_error is not App._fatal_error
    # Issue 21: the error itself is kept from ``_handle_exception``, which calls the hook above.
    assert inspect.signature(App._handle_exception) == inspect.signature(GuardedApp._handle_exception)
    assert list(inspect.signature(App._handle_exception).parameters) == ["self", "error"]
    from textual.message_pump import MessagePump

    assert "self.app._handle_exception(error)" in inspect.getsource(MessagePump._process_messages_loop)


# -- 5. signals and the Ctrl+C key (issue 21) ---------------------------------------------------------


@pytest.fixture
def silenced(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records instead of pointing the test process's own streams at the null device."""
    calls: list[bool] = []
    monkeypatch.setattr("klabber_tui.data.streams.silence_terminal", lambda: calls.append(True))
    monkeypatch.setattr("klabber_tui.data.streams.terminal_gone", lambda: False)
    return calls


def saved_actions(klabber_home) -> int:
    save = json.loads((klabber_home / "match.json").read_text(encoding="utf-8"))
    return len(save["match"]["deals"][-1]["actions"])


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_ctrl_c_key_saves_and_ends_the_game_with_130(klabber_home, lang: str) -> None:
    """Ctrl+C showed Textual's notice with its markup visible (``Press [b]ctrl+q[/b] to quit the
    app``), in English under --lang ru, and went on."""
    from klabber_tui.words import i18n

    i18n.set_language(lang)
    try:
        app = named_app("Tester")
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 3)
            played = len(app.session.deal.actions)
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert not app._notifications
        assert app.return_code == 130 and saved_actions(klabber_home) == played
    finally:
        i18n.set_language("en")


@pytest.mark.slow
async def test_the_ctrl_c_key_ends_the_game_from_a_page_and_a_text_field(klabber_home) -> None:
    from textual.widgets import Input

    from klabber_tui.ui.screens.settings import SettingsScreen

    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        app.open_settings()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        fields = app.screen.query(Input)
        if fields:
            fields.first().focus()
            await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 130 and (klabber_home / "match.json").exists()


async def test_the_ctrl_c_key_ends_the_drill_with_130(klabber_home) -> None:
    app = DrillApp("klaberjass", 1, 2, coach_level="easy", bot_level="easy")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app._notifications
    assert app.return_code == 130


@pytest.mark.slow
@pytest.mark.parametrize(("name", "status"), [("SIGINT", 130), ("SIGTERM", 143), ("SIGHUP", 129)])
async def test_a_signal_saves_and_ends_the_game_with_128_plus_its_number(
        klabber_home, silenced: list[bool], name: str, status: int) -> None:
    """``kill -INT`` exited 0; SIGTERM and SIGHUP killed the game without saving and left the terminal
    in the alternate screen. The handler (cli.run_app's) calls ``signalled`` on the main thread,
    which is the app's loop's thread, as here."""
    import signal

    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 3)
        played = len(app.session.deal.actions)
        app.signalled(getattr(signal, name))
        await pilot.pause(0.2)
    assert app.return_code == status and app.signal_status == status and app.crash is None
    assert saved_actions(klabber_home) == played and not silenced


@pytest.mark.slow
async def test_a_hangup_after_the_terminal_is_gone_silences_it_and_still_saves(
        klabber_home, silenced: list[bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """After SIGHUP from a closed window, restoring the terminal must neither crash nor hang."""
    import signal

    if not hasattr(signal, "SIGHUP"):
        pytest.skip("no SIGHUP here")
    monkeypatch.setattr("klabber_tui.data.streams.terminal_gone", lambda: True)
    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 3)
        played = len(app.session.deal.actions)
        app.signalled(signal.SIGHUP)
        await pilot.pause(0.2)
    assert app.return_code == 129 and silenced == [True] and app.crash is None
    assert saved_actions(klabber_home) == played


async def test_a_signal_before_the_first_frame_ends_the_app_once_it_is_up(klabber_home, silenced: list[bool]) -> None:
    """A signal while the app was still mounting (``klabber play &`` stopped in the background, then its
    window closed) crashed it: the first screen's mount raced the exit."""
    import signal

    app = named_app("Tester")
    app.signalled(signal.SIGTERM)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
    assert app.return_code == 143 and app.crash is None


# -- 6. the bot's name from a save (issue 21) ---------------------------------------------------------


@pytest.mark.slow
async def test_a_long_bot_name_in_a_save_is_cleaned_and_capped_like_the_players(klabber_home) -> None:
    """The bot's name read from a save was neither cleaned nor capped: a long one pushed the hand off
    the screen and hid the resume question."""
    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 2)
        await pilot.press("q")
    save = json.loads((klabber_home / "match.json").read_text(encoding="utf-8"))
    save["names"] = ["Tester", "\x1b[2J" + "B" * 5000]
    (klabber_home / "match.json").write_text(json.dumps(save), encoding="utf-8")
    again = named_app("Tester", seed=5)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, QuestionScreen)
        question = str(again.screen.query_one(".dialog-body Static").render())
        assert f"Tester v [2J{'B' * (NAME_MAX - 3)} " in question and "Resume it (y)?" in question
        assert "Resume it (y)?" in screen_text(again)  # on screen, not pushed off it
        await pilot.press("y")
        await until_table(pilot, again)
        assert again.session.names[1] == "[2J" + "B" * (NAME_MAX - 3)
        assert "Your hand (Tester)" in screen_text(again)


@pytest.mark.slow
async def test_quitting_as_a_page_is_pushed_does_not_crash(klabber_home) -> None:
    """The app quitting (q, a signal) in the same moment a page is pushed (the draw page of a new match)
    crashed on the way out: the page, taken off before it was shown, still tried to mount its size
    notice. The tmux check found it once a closed window no longer killed klabber outright."""
    app = named_app("Tester")
    async with app.run_test(size=SIZE) as pilot:
        await until_table(pilot, app)
        app.begin_new()  # pushes the draw page
        app.end(143)
        await pilot.pause(0.2)
    assert app.crash is None and app.return_code == 143
