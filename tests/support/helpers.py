"""Driving the app by keys alone: pick the key a player would press in each state; and the fixtures
the snapshots start from (issue 22: a saved match, and a bot that plays only what the fixture names)."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from ai.registry import make_bot
from engine.actions import SCHMEISS, Action, Seat
from engine.cards import format_card, format_suit
from engine.situations import Situation
from klabber_tui.data import stats
from klabber_tui.ui.app import KlabberApp
from klabber_tui.practice.drill import Position
from klabber_tui.ui.drill_app import DrillApp
from klabber_tui.ui.screens.drill import DrillScreen
from klabber_tui.ui.screens.match_end import MatchEndScreen
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.ui.screens.question import QuestionScreen
from klabber_tui.ui.screens.table.screen import TableScreen
from klabber_tui.practice.session import Settings


def make_app(level: str = "greedy", seed: int = 7, target: int = 500, name: str = "You", coach_bids: bool = False,
             **kwargs: Any) -> KlabberApp:
    """The default name keeps "Your hand" over the hand, as the snapshots show it. These tests drive
    the table, not the coach: "Coach after each bid" (on for a player, issue 24) is off unless asked
    for, so no verdict is evaluated at the verdict level behind every bid."""
    settings = Settings(level=level, target=target, coach_bids=coach_bids,
                        **{k: kwargs.pop(k) for k in list(kwargs)
                           if k in ("preset", "pace", "ascii", "four_colour", "autoplay_forced")})
    return KlabberApp(settings, name, seed=seed, **kwargs)


async def settle(pilot: Any, app: KlabberApp, limit: float = 30.0) -> None:
    """Wait until the bot has answered and the screen is waiting for the player."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        await pilot.pause()
        if app.session is not None and isinstance(app.screen, TableScreen) and app.table.mode() == "bot":
            await asyncio.sleep(0.01)
            continue
        if app.session is None and not isinstance(app.screen, MessageScreen):
            await asyncio.sleep(0.01)
            continue
        return
    raise AssertionError("the bot did not answer in time")


def next_key(app: KlabberApp) -> str | None:
    """The key a simple player presses now; None at the end of the match."""
    screen = app.screen
    if isinstance(screen, MatchEndScreen):
        return None
    if isinstance(screen, QuestionScreen):
        return "y"
    if isinstance(screen, MessageScreen):
        return "enter"
    table = app.table
    mode = table.mode()
    legal = [str(a) for a in table.legal()]  # in the record's words, to pick a key by
    if mode in ("hold", "bella"):
        return "enter"
    if mode == "play":
        for k, c in enumerate(table.hand_cards()):
            if f"play {format_card(c)}" in legal or f"play {format_card(c)} bella" in legal:
                return str(k + 1)
    if "take" in legal:
        return "t"
    if "refuse" in legal:
        return "n"
    names = [a for a in legal if a.startswith("name ")]
    if names:
        return names[0][-1].lower()
    if "pass" in legal:
        return "p"
    raise AssertionError(f"no key for mode {mode!r}, legal {legal}")


async def play_until(pilot: Any, app: KlabberApp, stop: Any, max_keys: int = 3000) -> int:
    """Press keys until ``stop()`` is true; returns how many keys were pressed."""
    for pressed in range(max_keys):
        await settle(pilot, app)
        if stop():
            return pressed
        key = next_key(app)
        if key is None:
            return pressed
        await pilot.press(key)
    raise AssertionError("too many keys")


async def wait_until(pilot: Any, condition: Any, limit: float = 30.0, step: float = 0.02) -> None:
    """Let the app run until ``condition()`` holds (a worker's answer, a file written), failing
    after ``limit`` seconds of the loop's clock."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        assert loop.time() < end, "timed out"
        await pilot.pause(step)


# -- shared by the test modules (issue 22: no test module imports another) ---------------------------

SIZE = (80, 24)  # the smallest terminal the game is laid out for: where most tests and snapshots run
TOO_SMALL = (60, 18)  # below SIZE: the size notice instead of the game


def _table(app: Any) -> TableScreen | None:
    return app.table if app.screen is app.table else None


def table_at(stage: str) -> Any:
    """A stop for ``until``: the table is in the mode ``stage``."""
    def stop(app: Any) -> bool:
        t = _table(app)
        return t is not None and t.mode() == stage
    return stop


def until(stop_of_app: Any) -> Any:
    """A snapshot's ``run_before``: keys by ``play_until`` until ``stop_of_app(app)``, then settled."""
    async def run_before(pilot: Any) -> None:
        app = pilot.app
        await play_until(pilot, app, lambda: stop_of_app(app))
        await settle(pilot, app)
        app.clear_notifications()
        await pilot.pause()
    return run_before


def two_tricks_played(app: Any) -> bool:
    t = _table(app)
    return t is not None and t.mode() == "play" and len(app.session.deal.tricks) == 2


async def shrink_at_table(pilot: Any) -> None:
    """Keys do nothing under the size notice (issue 8), so the game is reached at full size first,
    then the terminal shrinks to ``TOO_SMALL``."""
    await pilot.resize_terminal(*SIZE)
    await until(lambda app: app.screen is app.table and app.table.mode() != "busy")(pilot)
    await pilot.resize_terminal(*TOO_SMALL)
    await pilot.pause()


# -- fixtures (issue 22): states from files, not from the bots' play -----------------------------------

FIXTURES = Path(__file__).resolve().parents[1] / "ui" / "fixtures"  # made once by tests/ui/fixtures/make_fixtures.py, committed


class ScriptedBot:
    """The bot seat of a test started on a fixture: it plays the actions the fixture names, in order,
    so neither a bot's strength nor its seeds can move a snapshot. Asked for more than the fixture
    names, or given a position where its next action is illegal, it fails the test."""

    name = "scripted"

    def __init__(self, actions: Sequence[str]) -> None:
        self.actions = [Action.parse(a) for a in actions]

    def choose(self, view: Any, seed: int, standing: Any = None) -> Action:
        assert self.actions, "the bot was asked for an action the fixture does not name"
        action = self.actions.pop(0)
        assert action in view.legal, f"the fixture's {action} is not legal here: {[str(a) for a in view.legal]}"
        return action

    def wants_exchange(self, view: Any) -> bool:
        raise AssertionError("the fixture names no exchange of the dix")


def fixture_home(fixture: str, home: Path) -> None:
    """Fixture ``fixture``'s data folder (tests/ui/fixtures/<fixture>/: a saved match, statistics)
    copied into the test's data folder ``home``."""
    shutil.copytree(FIXTURES / fixture, home, dirs_exist_ok=True, ignore=shutil.ignore_patterns("bot.json"))


def fixture_app(fixture: str, home: Path, **kwargs: Any) -> KlabberApp:
    """The game on fixture ``fixture``: its data folder copied into ``home`` (its saved match: the game
    opens on the resume question), and its bot seat the ``ScriptedBot`` of the fixture's ``bot.json``
    (none: the bot is never asked)."""
    fixture_home(fixture, home)
    script = FIXTURES / fixture / "bot.json"
    actions = json.loads(script.read_text(encoding="utf-8")) if script.exists() else []
    app = make_app(**kwargs)
    app._bots[app.settings.level] = (ScriptedBot(actions), app.settings.level)
    return app


def fixture_drill(name: str, count: int, monkeypatch: Any, **kwargs: Any) -> DrillApp:
    """``klabber drill`` (its preset and seed, the tests' ``FAST`` levels) whose search yields the
    positions of fixture ``name`` (``fixtures/<name>.json``: what the search found for that preset and
    seed), so the search does not run and no change in a bot moves them. Asked for another preset,
    seed, levels, situation or margin, or for more positions than the fixture holds, the drill fails
    the test."""
    from klabber_tui.practice import drill

    obj = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    found = [Position(p["preset"], Situation(p["kind"]), p["deal_seed"],
                      tuple((Seat(seat), Action.parse(action)) for seat, action in p["prefix"]), p["forced"], p["gap"])
             for p in obj["positions"]]
    assert count <= len(found), f"fixture {name} holds {len(found)} positions"

    def search(preset: str, seed: int, coach_level: str, bot_level: str, situation: Any, margin: float) -> Any:
        asked = (preset, seed, coach_level, bot_level, situation, margin)
        assert asked == (obj["preset"], obj["seed"], FAST["coach_level"], FAST["bot_level"], None,
                         drill.DEFAULT_MARGIN), f"not the fixture's drill: {asked}"
        return iter(found)

    monkeypatch.setattr(drill, "positions", search)
    return DrillApp(obj["preset"], obj["seed"], count, **FAST, **kwargs)


class SchmeissingBot:
    """The greedy bot, except that it says schmeiss whenever it may: puts the question to the player."""

    def __init__(self) -> None:
        self.greedy = make_bot("greedy")

    def choose(self, view: Any, seed: int, standing: Any = None) -> Action:
        return SCHMEISS if SCHMEISS in view.legal else self.greedy.choose(view, seed)

    def wants_exchange(self, view: Any) -> bool:
        return self.greedy.wants_exchange(view)


def record_some() -> None:
    """Statistics of a few decisions, deals and matches, in two presets."""
    for k in range(25):
        stats.record_decision("klaberjass", False, "bid", k % 3 != 0, 6.0 if k % 3 == 0 else 0.0)
    stats.record_decision("klaberjass", True, "card", False, 12.5)
    stats.record_decision("clobber", False, "card", True, 0.0)
    stats.record_deal("klaberjass", False, "player", "made")
    stats.record_deal("klaberjass", False, "player", "bust")
    stats.record_deal("klaberjass", False, "bot", "made")
    stats.record_match("klaberjass", False, True)
    stats.record_match("klaberjass", True, False)


# -- the drill ------------------------------------------------------------------------------------

FAST = {"coach_level": "easy", "bot_level": "easy"}  # a faster coach for tests; the flow is the same
KEYS = {"take": "t", "pass": "p", "schmeiss": "m", "accept": "y", "refuse": "n"}


def key_for(action: Action) -> str:
    return format_suit(action.suit).lower() if action.suit is not None else KEYS[action.kind]


def shown(screen: DrillScreen, widget_id: str) -> str:
    console = Console(width=80, record=True, file=open("/dev/null", "w"))
    console.print(screen.query_one(widget_id).content)
    return console.export_text()


async def wait_for(pilot, screen: DrillScreen, *states: str, limit: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        await pilot.pause()
        if screen.state in states:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the drill stayed in {screen.state!r}, waiting for {states}")


async def pass_and_see_the_coach(pilot) -> None:
    """The snapshots' setup: pass on the first position and wait for the coach's table."""
    screen = pilot.app.drill_screen
    await wait_for(pilot, screen, "ask")
    await pilot.press("p")
    await wait_for(pilot, screen, "answered")
    await pilot.pause()


async def pass_and_play_out(pilot) -> None:
    """The snapshots' setup: pass on the first position, then see the deal played out."""
    screen = pilot.app.drill_screen
    await wait_for(pilot, screen, "ask")
    await pilot.press("p")
    await wait_for(pilot, screen, "answered")
    await pilot.press("enter")
    await wait_for(pilot, screen, "played")
    await pilot.pause()


async def answer(pilot, screen: DrillScreen, worst: bool) -> str:
    """Answer the position on screen (the coach's worst or best word) and go through its pages."""
    await wait_for(pilot, screen, "ask")
    position = screen.position
    assert position is not None
    from ai.coach import advise

    ranked = [a.action for a in advise(position.view(), None, screen.drill.coach_level).evaluation.actions]
    action = ranked[-1] if worst else ranked[0]
    await pilot.press(key_for(action))
    await wait_for(pilot, screen, "answered")
    table = shown(screen, "#drill-eval")
    assert "★" in table and "◀ you" in table and "points" in table and "loss" in table
    await pilot.press("enter")
    await wait_for(pilot, screen, "played")
    played = shown(screen, "#drill-eval")
    assert "You:" in played and "Bot:" in played
    assert "Tricks" in played or "thrown in" in played
    await pilot.press("enter")
    return action
