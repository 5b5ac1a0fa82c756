"""The bidding ladder (issue 31, item 4; docs/coach.md, "The bidding ladder"): placement and the
level suggestion on a hand-made ladder whose every expected value is worked out by hand below, and
the shipped figures against the committed research summary."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ai import ladder
from ai.ladder import (
    FIGURES,
    LADDER_LEVELS,
    TOP_LEVEL,
    WINDOW,
    Figure,
    PlacementCode,
    Rung,
    place,
    separation_decisions,
    suggest_level,
    t_quantile,
)

ROOT = Path(__file__).resolve().parents[2]

# A made-up preset. Weakest first by mean loss: beginner 6, easy 4, normal 2, greedy 1.9; hard's 0.5
# is the floor. The least sd of the ladder's levels, 3, is the least a player's interval is sized by. normal's interval [1.6, 2.4] holds greedy's mean's neighbourhood: it overlaps
# greedy's [1.5, 2.3], so those two are one rung.
HAND = {
    "beginner": Figure("beginner", 6.0, 5.0, 7.0, 5.0, 500),
    "easy": Figure("easy", 4.0, 3.4, 4.6, 4.0, 500),
    "normal": Figure("normal", 2.0, 1.6, 2.4, 3.0, 500),
    "greedy": Figure("greedy", 1.9, 1.5, 2.3, 3.0, 500),
    "hard": Figure("hard", 0.5, 0.4, 0.6, 1.0, 500),
}
BEGINNER = Rung(("beginner",), 6.0, 6.0)
EASY = Rung(("easy",), 4.0, 4.0)
TOP = Rung(("normal", "greedy"), 2.0, 1.9)
# Decisions to separate, the least n with 1.96·(sd_a + sd_b)/√n < gap:
# beginner/easy: (1.959964 · 9 / 2)² = 8.819838² = 77.79 -> 78
# easy/normal:   (1.959964 · 7 / 2)² = 6.859874² = 47.06 -> 48
# normal/greedy: (1.959964 · 6 / 0.1)² = 117.598² = 13829.3 -> 13830, and their intervals overlap
NEEDED = 78


def at(losses: list[float], window: int = WINDOW) -> ladder.Placement:
    return place("hand", losses, window, HAND)


def test_separation_by_hand() -> None:
    assert separation_decisions(HAND["beginner"], HAND["easy"]) == 78
    assert separation_decisions(HAND["easy"], HAND["normal"]) == 48
    assert separation_decisions(HAND["normal"], HAND["greedy"]) == 13830
    assert separation_decisions(HAND["easy"], Figure("twin", 4.0, 3.0, 5.0, 1.0, 9)) is None
    pairs = ladder.separations("hand", HAND)
    assert [(p.weaker, p.stronger, p.distinct) for p in pairs] == [
        ("beginner", "easy", True), ("easy", "normal", True), ("normal", "greedy", False)]


def test_indistinguishable_levels_are_one_rung() -> None:
    assert ladder.ladder("hand", HAND) == (BEGINNER, EASY, TOP)
    assert ladder.rung_of("hand", "greedy", HAND) == ladder.rung_of("hand", "normal", HAND) == TOP
    assert ladder.rung_of("hand", "hard", HAND) is None
    assert ladder.needed_decisions("hand", HAND) == NEEDED
    # an interval holding only the merged rung is placed at it, not at an invented one of its own
    p = at([1.95] * 100)
    assert p.code is PlacementCode.AT and p.rungs == (TOP,) and p.merged == (TOP,)


def test_two_levels_too_close_for_the_window_merge() -> None:
    # beginner/easy need 78 decisions: with a window of 50 they could never be told apart, so a
    # ladder shipped with such a window would merge them; here that is the separation's own rule
    far = ladder.Separation("beginner", "easy", 78, overlap=False)
    assert far.distinct is (78 <= WINDOW)
    assert not ladder.Separation("a", "b", WINDOW + 1, overlap=False).distinct
    assert not ladder.Separation("a", "b", 10, overlap=True).distinct
    assert not ladder.Separation("a", "b", None, overlap=False).distinct


def test_no_decisions_and_one_decision() -> None:
    none = at([])
    assert (none.code, none.n, none.rungs, none.more_needed) == (PlacementCode.NONE, 0, (), NEEDED)
    one = at([3.0])
    assert (one.code, one.n, one.more_needed) == (PlacementCode.NONE, 1, NEEDED - 1)
    assert suggest_level(one, "beginner", HAND) is None


def test_too_few_decisions_span_several_rungs() -> None:
    # ten decisions, 0 and 8 by turns: mean 4, sd √(10·16/9) = 4.2164, t(9) = 2.2622,
    # half-width 2.2622 · 4.2164 / √10 = 3.016: [0.984, 7.016] holds every rung
    p = at([0.0, 8.0] * 5)
    assert p.n == 10 and p.mean == pytest.approx(4.0)
    assert p.low == pytest.approx(0.984, abs=1e-3) and p.high == pytest.approx(7.016, abs=1e-3)
    assert p.code is PlacementCode.SPAN and p.rungs == (BEGINNER, TOP)
    assert p.more_needed == NEEDED - 10 and not p.enough


def test_perfect_bids_are_not_proof_of_no_spread() -> None:
    # three zero losses: the sd is the least of the ladder's, 3 (not 0), half-width
    # t(2) · 3 / √3 = 4.3027 · 1.7321 = 7.452; the low end is held at 0: [0, 7.452] holds every rung
    p = at([0.0, 0.0, 0.0])
    assert p.low == 0.0 and p.high == pytest.approx(7.452, abs=1e-3)
    assert p.code is PlacementCode.SPAN and p.rungs == (BEGINNER, TOP) and p.at_floor
    assert p.more_needed == NEEDED - 3


def test_at_a_rung() -> None:
    # a hundred 4s: sd floor 3, half-width t(99) · 3 / 10 = 0.5953: [3.405, 4.595] holds easy alone
    p = at([4.0] * 100)
    assert p.code is PlacementCode.AT and p.rungs == (EASY,) and p.at(EASY) and not p.at(TOP)
    assert p.enough and p.more_needed == 0 and p.needed == NEEDED


def test_between_two_rungs() -> None:
    p = at([3.0] * 100)  # [2.405, 3.595]: under easy's 4, over the top rung's 2.0
    assert p.code is PlacementCode.BETWEEN and p.rungs == (EASY, TOP)


def test_below_the_bottom() -> None:
    p = at([7.0] * 100)  # [6.405, 7.595] loses more than beginner's 6
    assert p.code is PlacementCode.BELOW and p.rungs == (BEGINNER,)


def test_above_the_top_up_to_the_floor() -> None:
    p = at([1.2] * 100)  # [0.605, 1.795]: under the top rung's 1.9, over hard's 0.5
    assert p.code is PlacementCode.ABOVE and p.rungs == (TOP,) and not p.at_floor
    q = at([0.5] * 100)  # [0 (held), 1.095] reaches hard's own figure: the judge's noise
    assert q.code is PlacementCode.ABOVE and q.at_floor and q.floor == 0.5


def test_only_the_last_window_counts() -> None:
    p = at([7.0] * 300 + [4.0] * 150, window=150)  # 150 4s: [3.516, 4.484]
    assert p.n == 150 and p.code is PlacementCode.AT and p.rungs == (EASY,)


def test_suggest_the_next_level_only_when_wholly_above() -> None:
    strong = at([1.2] * 100)  # [0.605, 1.795]
    assert suggest_level(strong, "beginner", HAND) == "easy"
    assert suggest_level(strong, "easy", HAND) == "normal"
    assert suggest_level(strong, "normal", HAND) == "hard"  # 1.795 < the merged rung's 1.9
    assert suggest_level(strong, "hard", HAND) is None  # nothing above hard
    assert suggest_level(strong, "greedy", HAND) is None  # not a step of the table's levels
    assert suggest_level(strong, "random", HAND) is None
    middling = at([3.0] * 100)  # [2.405, 3.595]
    assert suggest_level(middling, "easy", HAND) == "normal"
    assert suggest_level(middling, "normal", HAND) is None
    level = at([4.0] * 100)  # [3.405, 4.595] holds easy: not wholly above it
    assert suggest_level(level, "easy", HAND) is None
    assert suggest_level(at([0.0, 8.0] * 5), "beginner", HAND) is None  # 7.016 is not under 6


def test_t_quantile() -> None:
    for df, value in ((1, 12.7062), (5, 2.5706), (9, 2.2622), (30, 2.0423), (99, 1.9842), (1000, 1.9623)):
        assert t_quantile(df) == pytest.approx(value, abs=1e-3)
    with pytest.raises(ValueError):
        t_quantile(0)



def test_figures_are_the_committed_summary() -> None:
    """The shipped constants are the research summary's numbers, rounded to 0.001 (so they cannot
    drift from research/ladder/summary.json: regenerate with ``research/ladder.py constants``)."""
    summary = json.loads((ROOT / "research" / "ladder" / "summary.json").read_text(encoding="utf-8"))
    assert summary["judge"] == "hard"
    shipped = {preset: {lv: Figure(lv, round(f["mean"], 3), round(f["low"], 3), round(f["high"], 3),
                                   round(f["sd"], 3), int(f["n"])) for lv, f in entry["levels"].items()}
               for preset, entry in summary["presets"].items()}
    assert FIGURES == shipped
    assert set(FIGURES) == {"clobber", "klaberjass", "klaberass", "kalabriasz"}
    for preset, figures in FIGURES.items():
        assert set(figures) == {*LADDER_LEVELS, TOP_LEVEL}
        for f in figures.values():
            assert f.low <= f.mean <= f.high and f.sd >= 0 and f.n > 0 and not math.isnan(f.mean)
        assert [list(r.levels) for r in ladder.ladder(preset)] == summary["presets"][preset]["rungs"]
