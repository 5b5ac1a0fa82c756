"""Issue 24's budgets on the clock: the verdict after a bid (at most 300 ms cold) and the coach page
(at most 1 s), at the verdict level with a standing near the target, as the game computes them.

Each position is timed cold: nothing of its evaluation is made before the bid or the key. The
verdict is the evaluation and the judgement (``ai.coach.advise``); the page adds its body, rendered
to text as the screen draws it. The first evaluation in the process (imports, the match table) is
done before timing and reported apart as the process's cold start.

    python scripts/coach_budgets.py [--positions 20] [--seed 0] [--json]

Run it on an otherwise idle machine: the figures are wall-clock medians and maxima.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time

from rich.console import Console

from ai import registry
from ai.arena import usable_cpus
from ai.bench import decision_views
from ai.coach import advise
from ai.utility import Standing
from engine.actions import Action
from engine.cards import suit_of
from engine.view import PlayerView
from klabber_tui.words import i18n
from klabber_tui.ui.screens.coach import coach_body

STANDING = Standing(mine=380, theirs=420, target=500)


def page_ms(view: PlayerView, chosen: Action | None, standing: Standing | None) -> tuple[float, float]:
    """(the verdict's ms, the page's ms) for one position, both on the clock from cold."""
    started = time.perf_counter()
    advice = advise(view, chosen, registry.VERDICT_LEVEL, standing)
    verdict = time.perf_counter()
    kind = "card" if view.stage == "play" else "bid"
    Console(width=100, file=io.StringIO(), color_system=None).print(
        coach_body(advice, kind, chosen is not None, registry.VERDICT_LEVEL, suit_of(view.turn_up)))
    done = time.perf_counter()
    return 1000 * (verdict - started), 1000 * (done - started)


def summary(samples: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(samples), 1), "max": round(max(samples), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    i18n.set_language("en")
    cards, bids = decision_views(args.positions, args.seed)
    started = time.perf_counter()
    advise(bids[0], None, registry.VERDICT_LEVEL, STANDING)
    first_ms = 1000 * (time.perf_counter() - started)
    figures: dict[str, object] = {"cpus": usable_cpus(), "level": registry.VERDICT_LEVEL,
                                  "first_evaluation_in_process_ms": round(first_ms, 1)}
    for standing_name, standing in (("no_standing", None), ("standing_380_420_of_500", STANDING)):
        verdicts, bid_pages, card_pages = [], [], []
        for view in bids:
            verdict, page = page_ms(view, view.legal[-1], standing)
            verdicts.append(verdict)
            bid_pages.append(page)
        for view in cards:
            card_pages.append(page_ms(view, None, standing)[1])
        figures[standing_name] = {"verdict_after_bid_ms": summary(verdicts), "coach_page_bid_ms": summary(bid_pages),
                                  "coach_page_card_ms": summary(card_pages), "positions": len(bids)}
    if args.json:
        print(json.dumps(figures))
        return
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
