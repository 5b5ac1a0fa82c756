"""Statistics by situation (issue 25), per preset, from ``klabber-stats/3`` and the mistake deck.

For each situation of a preset (``engine.situations``): the bidding decisions of real matches and
drills (not practice), how many agreed with the coach, the points lost; when the player took (a
``take`` or a ``name`` that made the player maker) against the coach's advice and when with it, how
often the deal was made and how often it went bust; and the trend of points lost per decision. Rows
of versions 1 and 2 (and rolled-up months) without a situation count in none. Everything comes from
rows the statistics loader has checked (``klabber_tui.data.stats``): one pass, whatever the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.actions import TAKE, Action
from engine.cards import SUITS
from engine.rules import PRESETS, RuleSet
from engine.situations import Situation, situations_for

from klabber_tui.data import mistakes as deck_store
from klabber_tui.data import stats as stats_store
from klabber_tui.practice import progress

# The words that make the player maker at once, as the statistics file writes them (record notation).
TOOK = frozenset(str(action) for action in (TAKE, *(Action.name(suit) for suit in range(len(SUITS)))))


@dataclass
class SituationSums:
    decisions: int = 0
    agreed: int = 0
    loss: float = 0.0
    # (made, bust) of the deals the player took, against the coach's advice and with it
    against: list[int] = field(default_factory=lambda: [0, 0])
    with_advice: list[int] = field(default_factory=lambda: [0, 0])
    trend: list[float] = field(default_factory=list)
    window: int = 1

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.decisions if self.decisions else None

    @property
    def loss_per_decision(self) -> float | None:
        return self.loss / self.decisions if self.decisions else None


@dataclass
class PresetSituations:
    preset: str
    situations: dict[Situation, SituationSums]
    deck: dict[str, int]


def _window(n: int) -> int:
    """Decisions per mark of a trend (as the statistics page's own trend: about ten marks and more)."""
    return max(1, min(20, n // 10))


def by_situation(stats: stats_store.Stats, deck: deck_store.Deck | None = None,
                 at: float | None = None) -> list[PresetSituations]:
    """Every preset this version knows, each with every situation it has (the whole shape, with no
    data too)."""
    result = {name: PresetSituations(name, {s: SituationSums() for s in situations_for(RuleSet.from_preset(name))},
                                     {"total": 0, "due": 0, "learnt": 0})
              for name in PRESETS}
    for row, n in progress.counted(stats, "decisions"):
        if row["practice"] or row["kind"] != "bid":
            continue
        preset = result.get(row["preset"])
        situation = row.get("situation")
        if preset is None or situation is None:
            continue
        sums = preset.situations.get(Situation(situation))
        if sums is None:
            continue
        decisions, agreed, loss = progress.decision_sums(row, n)
        sums.decisions += decisions
        sums.agreed += agreed
        sums.loss += loss
        action = row.get("action")
        if (row.get("maker") == "player" and action in TOOK
                and row.get("outcome") in ("made", "bust")):
            pair = sums.with_advice if row["agreed"] else sums.against
            pair[0 if row["outcome"] == "made" else 1] += 1
    for preset in result.values():
        for situation, sums in preset.situations.items():
            if sums.decisions:
                sums.window = _window(sums.decisions)
                sums.trend = progress.trend(stats, preset.preset, "bid", sums.window, str(situation))
        if deck is not None:
            preset.deck = deck.counts(preset.preset, at)
    return list(result.values())


def _number(value: float | None, places: int) -> float | None:
    return None if value is None else round(value, places)


def to_json(presets: list[PresetSituations]) -> dict[str, Any]:
    """What ``klabber stats --json`` prints: English keys and situation names in every language."""
    return {"presets": {
        p.preset: {
            "situations": {
                str(situation): {
                    "decisions": s.decisions, "agreed": s.agreed, "agreement": _number(s.agreement, 4),
                    "points_lost": round(s.loss, 2), "points_lost_per_decision": _number(s.loss_per_decision, 3),
                    "took_against_advice": {"made": s.against[0], "bust": s.against[1]},
                    "took_with_advice": {"made": s.with_advice[0], "bust": s.with_advice[1]},
                    "trend": {"decisions_per_mark": s.window, "points_lost_per_decision": [round(v, 3) for v in s.trend]},
                }
                for situation, s in p.situations.items()},
            "mistakes": dict(p.deck),
        }
        for p in presets}}
