"""Fit the bidding tree's model of the other (``ai.levels.BidderModel``) to the bot's own bids.

The tree expects the other to take, name or refuse a schmeiss by his §10 strength (rules.md §10).
``greedy`` does so surely at a threshold of 42; the Monte Carlo bot bids by value, which the same
strength predicts only roughly. This script lets ``mc:LEVEL`` play itself on seeded deals, writes
each bidding choice (the chooser's §10 strength, what he could say, what he said) to a JSON-lines
file, and fits by maximum likelihood one logistic scale and a threshold for taking and for naming:

    python research/fit_bidder.py collect --deals 400 --seed 1 --out /tmp/bids-1.jsonl
    python research/fit_bidder.py fit /tmp/bids-1.jsonl

The refuse threshold keeps §10's distance below the take threshold (the bot seldom meets a
schmeiss), except with ``fit --rules P`` for a preset whose refuser names the trump (kalabriasz,
rules.md §4.3): there the bot refuses often and on its best suit, so the threshold is fitted to its
refusals on that strength, at the fitted scale. ``ai.levels`` records the fitted figures and the
command that gave them.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from ai.arrays import BoolArray, IntArray
from ai.heuristics import REFUSE_SCHMEISS_THRESHOLD, TAKE_THRESHOLD, hand_strength
from ai.mc import MonteCarloBot, Standing
from ai.play_out import play_out
from engine.actions import DEALER, ELDER, Action
from engine.cards import suit_of
from engine.deal import Deal, shuffled_deck
from engine.rules import PRESETS, RuleSet
from engine.view import PlayerView


class _Recorder(MonteCarloBot):
    """mc at a level that writes down every bidding choice it makes."""

    def __init__(self, level: str, out: list[dict[str, object]]) -> None:
        super().__init__(level)
        self.out = out

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Action:
        action = super().choose(view, seed, standing)
        if view.stage != "play" and len(view.legal) > 1:
            self.out.append({"legal": [str(a) for a in view.legal], "action": str(action), "turned": suit_of(view.turn_up),
                             "strength": [hand_strength(view.hand, s) for s in range(4)]})
        return action


def collect(args: argparse.Namespace) -> None:
    rules = RuleSet.from_preset(args.rules)
    rows: list[dict[str, object]] = []
    bot = _Recorder(args.level, rows)
    for k in range(args.deals):
        deal = Deal.from_deck(rules, shuffled_deck(random.Random(f"bidder:{args.seed}:{k}").getrandbits(63)))
        play_out(deal, {ELDER: bot, DEALER: bot},
                 lambda step: random.Random(f"bidder-step:{args.seed}:{k}:{step}").getrandbits(63))
    with open(args.out, "a", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")
    print(f"{len(rows)} choices from {args.deals} deals written to {args.out}")


def _choices(paths: list[str]) -> dict[str, tuple[IntArray, BoolArray]]:
    """(strength, said it) for take-or-pass, name-or-pass and (on the best suit) refuse-or-accept."""
    rows: dict[str, tuple[list[int], list[bool]]] = {"take": ([], []), "name": ([], []), "refuse": ([], [])}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            legal, action, turned, strength = row["legal"], row["action"], row["turned"], row["strength"]
            if "take" in legal:
                kind, value = "take", strength[turned]
            elif "pass" in legal and any(a.startswith("name") for a in legal):
                kind, value = "name", max(x for s, x in enumerate(strength) if s != turned)
            elif "refuse" in legal:
                kind, value = "refuse", max(strength)
            else:
                continue
            rows[kind][0].append(value)
            rows[kind][1].append(action.split()[0] == kind)
    return {kind: (np.array(s), np.array(y)) for kind, (s, y) in rows.items()}


def _loss(threshold: float, scale: float, strength: IntArray, said: BoolArray) -> float:
    chance = np.clip(1 / (1 + np.exp(-(strength - threshold) / scale)), 1e-9, 1 - 1e-9)
    return float(-(said * np.log(chance) + (1 - said) * np.log(1 - chance)).sum())


def fit(args: argparse.Namespace) -> None:
    choices = _choices(args.files)
    (take_s, take_y), (name_s, name_y) = choices["take"], choices["name"]
    best: tuple[float, float, int, int] | None = None
    for scale in np.arange(2.0, 15.01, 0.5):
        take = min((_loss(t, scale, take_s, take_y), t) for t in range(0, 70))
        name = min((_loss(t, scale, name_s, name_y), t) for t in range(0, 70))
        if best is None or take[0] + name[0] < best[0]:
            best = (take[0] + name[0], float(scale), take[1], name[1])
    assert best is not None
    _, scale, take_t, name_t = best
    print(f"{take_s.size} take-or-pass and {name_s.size} name-or-pass choices")
    on_best_suit = RuleSet.from_preset(args.rules).schmeiss_refused == "refuser_names"
    if on_best_suit:
        refuse_s, refuse_y = choices["refuse"]
        refuse_t = min((_loss(t, scale, refuse_s, refuse_y), t) for t in range(-30, 70))[1]
        print(f"{refuse_s.size} refuse-or-accept choices, read on the best suit")
    else:
        refuse_t = take_t - (TAKE_THRESHOLD - REFUSE_SCHMEISS_THRESHOLD)
    print(f"BidderModel(take_threshold={take_t}, name_threshold={name_t}, refuse_threshold={refuse_t}, "
          f"scale={scale}" + (", refuses_on_best_suit=True)" if on_best_suit else ")"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="self-play at a level, writing each bidding choice")
    c.add_argument("--deals", type=int, default=400)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--level", default="normal")
    c.add_argument("--rules", default="klaberjass", choices=PRESETS)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the thresholds and the scale to collected choices")
    f.add_argument("--rules", default="klaberjass", choices=PRESETS,
                   help="the preset the choices were collected in (how a refusal is read)")
    f.add_argument("files", nargs="+")
    args = parser.parse_args()
    collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    main()
