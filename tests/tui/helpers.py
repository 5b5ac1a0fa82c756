"""Driving the app by keys alone: pick the key a player would press in each state."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.cards import format_card
from klabber_tui.app import KlabberApp
from klabber_tui.screens.match_end import MatchEndScreen
from klabber_tui.screens.message import MessageScreen
from klabber_tui.screens.question import QuestionScreen
from klabber_tui.screens.table import TableScreen
from klabber_tui.session import Settings


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
    legal = table.legal()
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
