"""The spread of the deal's outcome per bid on the coach's page (issue 25): from the evaluation's
own sampled deals, every deal counted once, drawn in blocks or (under --ascii) ASCII."""

from __future__ import annotations

import numpy as np
import pytest
from rich.console import Console

from ai.utility import DEAL
from engine.deal import Deal
from engine.rules import RuleSet
from klabber_tui.words.ascii_text import to_ascii
from klabber_tui.ui.widgets.spread import BARS, BINS, bar, histograms, spread


@pytest.fixture(scope="module")
def evaluation():
    from ai.coach import advise

    deal = Deal.from_seed(RuleSet.from_preset("klaberjass"), 3)
    return advise(deal.view(deal.to_act), None, "easy").evaluation


def test_every_sampled_deal_is_in_one_bin_of_a_shared_range(evaluation) -> None:
    found = histograms(evaluation)
    assert found is not None
    counted, low, high = found
    assert [a for a, _c in counted] == [a.action for a in evaluation.actions]
    for action, counts in counted:
        assert counts.sum() == evaluation.channels[action].shape[0] and len(counts) == BINS
        values = evaluation.channels[action][:, DEAL]
        assert low <= values.min() and values.max() <= high


def test_bar_heights() -> None:
    assert bar(np.array([0, 1, 2, 8]), 8) == " ▁▂█"
    assert bar(np.array([3]), 3) == BARS[-1]


def test_drawn_with_zero_marked_and_in_ascii(evaluation) -> None:
    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))
    console.print(spread(evaluation, str))
    shown = console.export_text()
    assert "Spread of the deal's outcome" in shown and "|" in shown
    assert any(ch in shown for ch in BARS)
    assert all(ord(ch) < 128 for ch in to_ascii(shown))
