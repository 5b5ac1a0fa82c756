"""The spread of a deal's outcome for each bid (issue 25), drawn on the coach's page.

From the evaluation's own sampled deals (``Evaluation.channels``: the deal's score difference, the
player's minus the bot's, in every world): one row per bid, a histogram over a range shared by all
rows, so where each bid's deals end compares at a glance (each row scaled to its own fullest bin);
a line under them marks 0. Blocks are drawn by height
(``BARS``); under ``--ascii`` the one ASCII mapping (``klabber_tui.words.ascii_text``) turns them into ``_ - = #``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from engine.actions import Action

from klabber_tui.words.i18n import decimal, npgettext, pgettext

if TYPE_CHECKING:
    from ai.arrays import IntArray
    from ai.mc import Evaluation

BARS = "▁▂▃▄▅▆▇█"
BINS = 40


def histograms(evaluation: Evaluation, bins: int = BINS) -> tuple[list[tuple[Action, IntArray]], float, float] | None:
    """Per action (best first), the count of sampled deals in each of ``bins`` equal bins of one
    shared range, and that range; None when the evaluation kept no per-deal values."""
    import numpy as np  # here, not at the top: the table's first frame comes before numpy (issue 30)

    from ai.utility import DEAL

    rows = [(a.action, evaluation.channels[a.action][:, DEAL]) for a in evaluation.actions
            if a.action in evaluation.channels]
    rows = [(action, values[np.isfinite(values)]) for action, values in rows]
    rows = [(action, values) for action, values in rows if values.size]
    if not rows:
        return None
    low = float(min(values.min() for _action, values in rows))
    high = float(max(values.max() for _action, values in rows))
    if high - low < 1e-9:
        low, high = low - 1.0, high + 1.0
    counted = [(action, np.histogram(values, bins=bins, range=(low, high))[0]) for action, values in rows]
    return counted, low, high


def bar(counts: IntArray, most: int) -> str:
    """One row: a block per bin, its height the bin's share of ``most`` (the row's fullest bin: a
    thrown-in deal's single value would flatten every other row)."""
    return "".join(" " if c == 0 else BARS[max(0, math.ceil(c / most * len(BARS)) - 1)] for c in counts)


def spread(evaluation: Evaluation, label: Callable[[Action], str], bins: int = BINS) -> RenderableType | None:
    """The drawing: a title, one row per bid (``label(action)`` names it), the axis with 0 marked."""
    found = histograms(evaluation, bins)
    if found is None:
        return None
    counted, low, high = found
    names = [label(action) for action, _counts in counted]
    width = max(len(n) for n in names)
    lines: list[RenderableType] = [Text(npgettext('count.spread_title', "Spread of the deal's outcome (score difference, over {n} sampled deal)",
                                                      "Spread of the deal's outcome (score difference, over {n} sampled deals)",
                                                      evaluation.worlds).format(n=evaluation.worlds), style="bold")]
    for name, (_action, counts) in zip(names, counted):
        lines.append(Text(f"{name:<{width}} {bar(counts, max(1, int(counts.max())))}"))
    axis = [" "] * bins
    if low <= 0 <= high:
        axis[min(bins - 1, int((0 - low) / (high - low) * bins))] = "|"
    lines.append(Text(" " * (width + 1) + "".join(axis)))
    lines.append(Text(pgettext('coach.spread.axis', '{low} … {high} points; | marks 0').format(low=decimal(low, 0, sign=True), high=decimal(high, 0, sign=True)), style="dim"))
    return Group(*lines)
