"""Every decision of every bot level on fixed deals, written out whole, to show a refactor changes none.

Plays ``--deals`` deals per preset with each bot level in self-play (``mc:hard`` and ``oracle`` on
fewer, they are slow), by the arena's protocol (an open dix exchange of the seat not to act is
offered to it first), half of them with a match standing so the match term is exercised too, and
writes one line per deal: bot, preset, seed, then every action in record notation. For ``mc:easy``
it also writes the Monte Carlo evaluation (actions and values) of each decision it evaluated, and
for ``greedy`` and ``mc:easy`` the coach's seed of each position (``ai.coach.coach_seed``), so the
coach's figures are pinned as well as the choice. Run it before and after a change and compare
the files whole (``cmp``, ``diff``)::

    python scripts/decision_transcripts.py --deals 12 --out /tmp/before.txt

Only the entry points a refactor keeps are used (``Deal.from_seed``, ``deal.view``, ``deal.apply``,
``make_arena_bot(name).choose(view, seed)``), and actions are written with ``str``, so the same script
runs on the tree before and after.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ai.coach import coach_seed
try:  # the arena's maker knows the oracle; a tree from before issue 22 made it with make_bot
    from ai.registry import make_arena_bot as make_bot
except ImportError:
    from ai.registry import make_bot  # type: ignore[assignment]
from ai.utility import Standing
from engine.deal import Deal
from engine.rules import PRESET_NAMES, SEATS, RuleSet

BOTS = {"beginner": 1.0, "greedy": 1.0, "mc:easy": 1.0, "mc:normal": 0.5, "mc:hard": 0.25, "oracle": 0.5}


def standing_for(seed: int, seat_index: int) -> Standing | None:
    """A match standing for odd seeds (each seat sees the sheet from its side), none for even ones."""
    if seed % 2 == 0:
        return None
    sheet = (400 + 37 * (seed % 11), 380 + 53 * (seed % 7))
    return Standing(sheet[seat_index], sheet[1 - seat_index], 501)


def play(bot_name: str, preset: str, seed: int, evaluations: list[str]) -> list[str]:
    """One self-play deal; every action as ``<seat letter>:<action>``."""
    rules = RuleSet.from_preset(preset)
    deal = Deal.from_seed(rules, seed)
    bots = {seat: make_bot(bot_name) for seat in SEATS}
    step = 0
    while not deal.is_over:
        for seat in SEATS:
            if seat != deal.to_act and any(str(a) == "exchange" for a in deal.legal_actions(seat)):
                if bots[seat].wants_exchange(deal.view(seat)):
                    deal.apply(seat, "exchange")
        seat = deal.to_act
        assert seat is not None
        bot = bots[seat]
        step_seed = seed * 1000 + step
        full = getattr(bot, "choose_full", None)
        if full is not None:
            action = full(deal, seat, step_seed)
        else:
            view = deal.view(seat)
            standing = standing_for(seed, SEATS.index(seat))
            action = bot.choose(view, step_seed, standing)
            if bot_name in ("greedy", "mc:easy"):  # the coach's seed, from the view alone
                evaluations.append(f"seed {bot_name} {preset} {seed} {step} {coach_seed(view)}")
            evaluate = getattr(bot, "evaluate", None)
            if bot_name == "mc:easy" and evaluate is not None and bot.forced(view) is None:
                ev = evaluate(view, step_seed, standing)
                figures = " ".join(f"{a.action}={a.ev:.9f}/{a.ev_se:.9f}/{a.make_prob}/{a.win_prob}"
                                   for a in ev.actions)
                evaluations.append(f"{bot_name} {preset} {seed} {step} {figures}")
        deal.apply(seat, action)
        step += 1
    return [f"{seat[0]}:{action}" for seat, action in deal.actions]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12, help="deals per preset for the fast bots")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    lines: list[str] = []
    evaluations: list[str] = []
    for bot_name, share in BOTS.items():
        for preset in PRESET_NAMES:
            for seed in range(max(1, round(args.deals * share))):
                actions = play(bot_name, preset, seed, evaluations)
                lines.append(f"{bot_name} {preset} {seed} | " + " ".join(actions))
            print(bot_name, preset, "done", file=sys.stderr, flush=True)
    args.out.write_text("\n".join(lines + ["# evaluations"] + evaluations) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
