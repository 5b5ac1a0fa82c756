"""Where to click, for tests/web/test_browser.py (issue 34): the same new match as the served one (same
seed, name, level and window size), played by Textual's pilot in this process, says where each
widget the browser test clicks is, in cells. Run as a script: ``python table_regions.py SEED NAME
LEVEL``, then ``COLS ROWS`` on its standard input once the page knows them (so the imports are done
while the browser opens the page), prints ``{"continue": [x, y, w, h], "take": [...], "card": [...], "card_action": "play 7C"}``.
A region, not a position written into the test, so a change of the table's layout moves no number."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from typing import Any


from engine.cards import format_card  # noqa: E402
from klabber_tui.practice.session import Settings  # noqa: E402
from klabber_tui.ui.app import KlabberApp  # noqa: E402
from klabber_tui.ui.widgets.card import CardView  # noqa: E402


async def regions(cols: int, rows: int, seed: int, name: str, level: str) -> dict[str, Any]:
    def box(widget: Any) -> list[int]:
        r = widget.region
        return [r.x, r.y, r.width, r.height]

    app = KlabberApp(Settings(level=level), name, new=True, seed=seed)
    found: dict[str, Any] = {}
    async with app.run_test(size=(cols, rows)) as pilot:
        async def until(condition: Any, limit: float = 20.0) -> None:
            for _ in range(int(limit / 0.05)):
                await pilot.pause(0.05)
                if condition():
                    return
            raise SystemExit(f"not in time; screen {type(app.screen).__name__}")

        # found and laid out: a button queried before its first layout has an empty region
        await until(lambda: bool(app.screen.query("#btn-continue")) and app.screen.query_one("#btn-continue").region.area > 0)
        found["continue"] = box(app.screen.query_one("#btn-continue"))
        await pilot.click("#btn-continue")
        await until(lambda: app.session is not None and "take" in [str(a) for a in app.table.legal()])
        found["take"] = box(app.table.query_one("#btn-take"))
        await pilot.click("#btn-take")
        await until(lambda: app.table.mode() == "play" and any(str(a).startswith("play") for a in app.table.legal()))
        legal = [str(a) for a in app.table.legal()]
        for view in app.table.query(CardView):
            if "hand-card" in view.classes and view.card is not None and f"play {format_card(view.card)}" in legal:
                found["card"] = box(view)
                found["card_action"] = f"play {format_card(view.card)}"
                break
    return found


def main() -> None:
    seed, name, level = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    cols, rows = (int(word) for word in sys.stdin.readline().split())
    with tempfile.TemporaryDirectory(prefix="klabber-regions-") as home:
        os.environ["KLABBER_HOME"] = home
        print(json.dumps(asyncio.run(regions(cols, rows, seed, name, level))))


if __name__ == "__main__":
    main()
