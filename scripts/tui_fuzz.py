"""Random keys and clicks against `klabber play` (Textual's Pilot): nothing may ever raise.

    python scripts/tui_fuzz.py --keys 10000 --seed 1

The app has no catch-all: any exception in a handler ends the run with its traceback. 'q' is left
out of the keys (it quits, which is tested elsewhere) except in a final press that must quit cleanly.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KEYS = [*"123456789", "t", "p", "m", "y", "n", "c", "d", "h", "s", "e", "l", "u", "o", "question_mark",
        "enter", "space", "escape", "left", "right", "up", "down", "tab", "shift+tab", "pagedown", "x", "0",
        "a", "r", "S", "z", "backspace"]
# Keys that move the game on are more frequent, so the run passes through every stage.
WEIGHTS = {"enter": 6, "t": 3, "p": 3, "1": 3, "2": 3, "3": 2, "y": 2, "n": 2, "escape": 2, "o": 0.3,
           "question_mark": 0.3}


async def fuzz(keys: int, seed: int, level: str = "random", size: tuple[int, int] = (80, 24),
               clicks: float = 0.15, quiet: bool = True) -> dict[str, int]:
    from klabber_tui.app import KlabberApp
    from klabber_tui.session import Settings

    rng = random.Random(seed)
    settings = Settings(level=level, target=rng.choice([100, 200]), pace="key")
    app = KlabberApp(settings, "Fuzz", seed=seed)
    stats = {"keys": 0, "clicks": 0, "deals": 0, "matches": 1, "resizes": 0}
    weights = [WEIGHTS.get(k, 1) for k in KEYS]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(keys):
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="random")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["KLABBER_HOME"] = home
        started = time.monotonic()
        stats = asyncio.run(fuzz(args.keys, args.seed, args.level))
    print(f"ok: {stats} in {time.monotonic() - started:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
