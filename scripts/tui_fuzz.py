"""Random keys and clicks against `klabber play` and `klabber drill` (Textual's Pilot): nothing may
ever raise.

    python scripts/tui_fuzz.py --keys 10000 --seed 1
    python scripts/tui_fuzz.py --drill --keys 2000 --seed 1
    python scripts/tui_fuzz.py --stats --small 0.3 --keys 5000   # a full stats page, often too small

The app has no catch-all: any exception in a handler ends the run with its traceback. 'q' is left
out of the keys (it quits, which is tested elsewhere) except in a final press that must quit cleanly.
``--small`` is the share of keys pressed below 80x24, under the size notice, where the game must not
move at all (issue 8).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KEYS = [*"123456789", "t", "p", "m", "y", "n", "c", "d", "h", "s", "e", "l", "u", "o", "question_mark",
        "enter", "space", "escape", "left", "right", "up", "down", "tab", "shift+tab", "pagedown", "x", "0",
        "a", "r", "S", "z", "backspace"]
# Keys that move the game on are more frequent, so the run passes through every stage.
WEIGHTS = {"enter": 6, "t": 3, "p": 3, "1": 3, "2": 3, "3": 2, "y": 2, "n": 2, "escape": 2, "o": 0.3,
           "question_mark": 0.3}


DRILL_KEYS = [*"tpmyncdhs", "enter", "space", "R", "S", "escape", "1", "a", "x", "tab", "up", "down", "pagedown",
              "question_mark"]
DRILL_WEIGHTS = {"enter": 4, "t": 2, "p": 2}
SMALL = (60, 18)


def fill_stats(rng: random.Random) -> None:
    """Statistics of every kind for two presets, real and practice, so the S page has tables and trends."""
    from klabber_tui.data import stats as stats_store

    for _ in range(60):
        preset, practice = rng.choice(["klaberjass", "clobber"]), rng.random() < 0.3
        stats_store.record_decision(preset, practice, rng.choice(["bid", "card"]), rng.random() < 0.6,
                                    round(rng.random() * 20, 1))
        stats_store.record_deal(preset, practice, rng.choice(["player", "bot", None]),
                                rng.choice(["made", "bust", "tie", "thrown_in"]))
    stats_store.record_match("klaberjass", False, True)


async def small_presses(pilot: Any, rng: random.Random, keys: list[str], state: Any, size: tuple[int, int],
                        n: int) -> None:
    """Press ``n`` random keys (never q) below 80x24; ``state()`` must not change meanwhile (issue 8)."""
    await pilot.resize_terminal(*SMALL)
    await pilot.pause()
    before = state()
    for _ in range(n):
        await pilot.press(rng.choice([k for k in keys if k != "q"]))
    assert state() == before, "a key acted on the game under the size notice"
    await pilot.resize_terminal(*size)
    await pilot.pause()


async def fuzz(keys: int, seed: int, level: str = "random", size: tuple[int, int] = (80, 24),
               clicks: float = 0.15, quiet: bool = True, small: float = 0.0, with_stats: bool = False
               ) -> dict[str, int]:
    from klabber_tui.ui.app import KlabberApp
    from klabber_tui.practice.session import Settings

    rng = random.Random(seed)
    if with_stats:
        fill_stats(rng)
    settings = Settings(level=level, target=rng.choice([100, 200]), pace="key")
    app = KlabberApp(settings, "Fuzz", seed=seed)
    stats = {"keys": 0, "clicks": 0, "deals": 0, "matches": 1, "resizes": 0, "small": 0}
    weights = [WEIGHTS.get(k, 1) for k in KEYS]

    def game_state() -> tuple[Any, ...]:
        s = app.session
        return (type(app.screen), None if s is None else (s.match.number, tuple(s.deal.actions)))

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(keys):
            if small and rng.random() < small / 10 and app.session is not None and app.table.mode() != "bot":
                await small_presses(pilot, rng, KEYS, game_state, size, 10)
                stats["small"] += 10
                continue
            roll = rng.random()
            if roll < clicks:
                width, height = app.size
                await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
                stats["clicks"] += 1
            elif roll < clicks + 0.002:
                await pilot.resize_terminal(rng.randint(40, 120), rng.randint(12, 40))
                stats["resizes"] += 1
            else:
                await pilot.press(rng.choices(KEYS, weights)[0])
                stats["keys"] += 1
            if app.session is not None and rng.random() < 0.05:
                await pilot.pause(0.01)
        stats["deals"] = sum(1 for _ in Path(os.environ["KLABBER_HOME"]).glob("finished/*")) + (
            app.session.match.number if app.session else 0)
        await pilot.resize_terminal(*size)
        while app.screen is not app.table:  # close any page, then quit at once (q would ask mid-deal)
            await pilot.press("escape")
        await pilot.press("ctrl+q")
        await pilot.pause()
    return stats


async def fuzz_drill(keys: int, seed: int, size: tuple[int, int] = (80, 24), clicks: float = 0.1,
                     small: float = 0.0) -> dict[str, int]:
    """The drill (easy coach and bot, so a run is quick): random keys and clicks, some under the notice."""
    from klabber_tui.ui.drill_app import DrillApp

    rng = random.Random(seed)
    app = DrillApp(rng.choice(["klaberjass", "clobber"]), seed, 3, coach_level="easy", bot_level="easy")
    stats = {"keys": 0, "clicks": 0, "answers": 0, "small": 0}
    weights = [DRILL_WEIGHTS.get(k, 1) for k in DRILL_KEYS]
    screen = app.drill_screen

    def drill_state() -> tuple[Any, ...]:
        return (type(app.screen), screen.state, screen.index, screen.round, len(screen.score.answers))

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(keys):
            if small and rng.random() < small / 10 and screen.state in ("ask", "answered", "played", "end"):
                await small_presses(pilot, rng, DRILL_KEYS, drill_state, size, 10)
                stats["small"] += 10
                continue
            if rng.random() < clicks:
                width, height = app.size
                await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
                stats["clicks"] += 1
            else:
                await pilot.press(rng.choices(DRILL_KEYS, weights)[0])
                stats["keys"] += 1
            if screen.state not in ("ask", "answered", "played", "end"):
                await pilot.pause(0.05)  # the coach or the play-out is working
        stats["answers"] = sum(len(score.answers) for score in screen.scores)
        while app.screen is not screen:
            await pilot.press("escape")
        await pilot.press("q")
        await pilot.pause()
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="random")
    parser.add_argument("--drill", action="store_true", help="fuzz klabber drill instead of play")
    parser.add_argument("--stats", action="store_true", help="fill the statistics first (the S page)")
    parser.add_argument("--small", type=float, default=0.05, help="share of keys pressed below 80x24")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["KLABBER_HOME"] = home
        started = time.monotonic()
        if args.drill:
            stats = asyncio.run(fuzz_drill(args.keys, args.seed, small=args.small))
        else:
            stats = asyncio.run(fuzz(args.keys, args.seed, args.level, small=args.small, with_stats=args.stats))
    print(f"ok: {stats} in {time.monotonic() - started:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
