"""Issue 21: a statistics file at the 16 MiB cap opens (``klabber stats`` and the S page's data) in
linear work. Writes the worst files we know of into ``KLABBER_HOME`` folders and prints, for each, the
seconds that loading and building the page's data took (run it under ``/usr/bin/time -v`` for the
memory). Usage: ``python scripts/bench_stats_file.py FOLDER [--page] [CASE ...]``; ``--page`` opens the
real S page in a headless app instead (the time from pushing it to its first draw); cases: ``rows`` (one preset,
the newest rows), ``presets`` (a made-up preset name a row), ``rolled`` (rolled months of n = 10**7),
``bad`` (rows out of range, all left out), ``situations`` (rows of version 3 in all six situations,
issue 25).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

CAP = 16 << 20


def _fill(make: Any) -> dict[str, Any]:
    """As many rows of ``make(k)`` as fit under the cap, in the table ``make`` names."""
    table, sample = make(0)
    per_row = len(json.dumps(sample, separators=(",", ":"))) + 1
    count = (CAP - 200) // per_row
    doc: dict[str, Any] = {"format": "klabber-stats/3", "decisions": [], "deals": [], "matches": [],
                           "rolled": {"decisions": [], "deals": [], "matches": []}}
    rows = [make(k)[1] for k in range(count)]
    if table.startswith("rolled."):
        doc["rolled"][table.split(".")[1]] = rows
    else:
        doc[table] = rows
    text = json.dumps(doc, separators=(",", ":"))
    while len(text.encode()) > CAP:  # trim to the cap
        rows[:] = rows[: len(rows) - 100]
        text = json.dumps(doc, separators=(",", ":"))
    return doc


CASES = {
    "rows": lambda k: ("decisions", {"t": 1.7e9 + k, "preset": "klaberjass", "practice": False, "kind": "bid",
                                     "agreed": k % 2 == 0, "loss": 1.5}),
    "presets": lambda k: ("decisions", {"t": 1.7e9 + k, "preset": f"p{k:07d}", "practice": False, "kind": "bid",
                                        "agreed": True, "loss": 1.5}),
    "rolled": lambda k: ("rolled.decisions", {"period": f"{1970 + k % 130}-{1 + k % 12:02d}",
                                              "preset": f"p{k % 997}", "practice": False, "kind": "bid",
                                              "situation": None, "n": 10**7, "agreed": 10**7, "loss": 1e10}),
    "situations": lambda k: ("decisions", {  # issue 25: every row of version 3, six situations, taken deals
        "t": 1.7e9 + k, "preset": "kalabriasz", "practice": False, "kind": "bid", "agreed": k % 3 == 0, "loss": 2.5,
        "id": {"match": f"m{k // 50}", "deal": 1 + k % 50, "action": 0}, "seat": ("elder", "dealer")[k % 2],
        "stage": ("bidding_round_one", "bidding_round_one", "bidding_round_two", "bidding_round_two",
                  "schmeiss_answer", "naming")[k % 6],
        "situation": ("round-one-elder", "round-one-dealer", "round-two-elder", "round-two-dealer",
                      "schmeiss-answer", "naming-after-refusal")[k % 6],
        "action": "take", "maker": "player", "outcome": ("made", "bust")[k % 2]}),
    "bad": lambda k: ("decisions", {"t": 1e18, "preset": "klaberjass", "practice": False, "kind": "bid",
                                    "agreed": True, "loss": 1.7e308}),
}


async def _page(case: str) -> None:
    from klabber_tui.ui.app import KlabberApp
    from klabber_tui.ui.screens.stats import StatsScreen
    from klabber_tui.practice.session import Settings

    app = KlabberApp(Settings(level="greedy"), "Bench", seed=5, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        app.push_screen(StatsScreen())
        await pilot.pause()
        await pilot.pause()
        print(f"{case}: the S page in {time.perf_counter() - start:.2f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="where the KLABBER_HOME folder of each case is made")
    parser.add_argument("--page", action="store_true", help="open the real S page instead")
    parser.add_argument("cases", nargs="*", metavar="CASE", help=f"of {', '.join(CASES)}; all by default")
    args = parser.parse_args()
    unknown = [case for case in args.cases if case not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown[0]!r}: the cases are {', '.join(CASES)}")
    folder, page = args.folder, args.page
    for case in args.cases or list(CASES):
        home = folder / case
        home.mkdir(parents=True, exist_ok=True)
        path = home / "stats.json"
        if not path.exists():
            path.write_text(json.dumps(_fill(CASES[case]), separators=(",", ":")), encoding="utf-8")
        os.environ["KLABBER_HOME"] = str(home)
        if page:
            import asyncio

            asyncio.run(_page(case))
            continue
        from rich.console import Console

        from klabber_tui.data import mistakes, stats
        from klabber_tui.practice import situation_stats
        from klabber_tui.ui.screens.stats import shown_presets, stats_report, trends

        start = time.perf_counter()
        loaded, message = stats.load()
        by_situation = situation_stats.by_situation(loaded, mistakes.load()[0])  # issue 25: by situation
        report = stats_report(loaded, message, by_situation)  # what ``klabber stats`` prints
        Console(file=open(os.devnull, "w"), width=80).print(report)
        for preset in shown_presets(loaded)[0]:  # what the S page builds
            trends(loaded, preset)
        seconds = time.perf_counter() - start
        print(f"{case}: {path.stat().st_size / 2**20:.1f} MiB, {len(loaded.decisions)} rows, "
              f"{len(loaded.rolled['decisions'])} rolled, {seconds:.2f} s", flush=True)


if __name__ == "__main__":
    main()
