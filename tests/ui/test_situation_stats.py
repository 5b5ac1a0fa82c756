"""Statistics by situation (issue 25): decisions, agreement, points lost, made/bust against and with
the coach's advice, the deck's counts and the trend, from ``klabber-stats/3`` rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from klabber_tui.practice import situation_stats
from klabber_tui.data import stats
from klabber_tui.ui.screens.stats import stats_report
from klabber_tui.words.files import notes_text


def _bid(agreed: bool, loss: float, stage: str, seat: str, action: str, deal: int, practice: bool = False,
         preset: str = "klaberass") -> None:
    stats.record_decision(preset, practice, "bid", agreed, loss, match="m", deal=deal, action_index=0, seat=seat,
                          stage=stage, action=action)


def _sample(klabber_home: Path) -> None:
    # Deal 1: the elder took against the advice and made; deal 2: took against it and went bust;
    # deal 3: took with it and made; deal 4: the dealer passed in round one (no take); deal 5 practice.
    _bid(False, 12.0, "bidding_round_one", "elder", "take", 1)
    stats.record_deal("klaberass", False, "player", "made", match="m", deal=1)
    _bid(False, 20.0, "bidding_round_one", "elder", "take", 2)
    stats.record_deal("klaberass", False, "player", "bust", match="m", deal=2)
    _bid(True, 0.0, "bidding_round_one", "elder", "take", 3)
    stats.record_deal("klaberass", False, "player", "made", match="m", deal=3)
    _bid(True, 0.0, "bidding_round_one", "dealer", "pass", 4)
    stats.record_deal("klaberass", False, "bot", "made", match="m", deal=4)
    _bid(False, 50.0, "bidding_round_one", "elder", "take", 5, practice=True)
    stats.record_deal("klaberass", True, "player", "bust", match="m", deal=5)


def test_sums_by_situation_worked_by_hand(klabber_home: Path) -> None:
    _sample(klabber_home)
    loaded, message = stats.load()
    message = notes_text(message)
    assert message is None
    by = {p.preset: p for p in situation_stats.by_situation(loaded)}
    elder = by["klaberass"].situations["round-one-elder"]
    assert (elder.decisions, elder.agreed) == (3, 1)  # practice is left out
    assert elder.loss == 32.0 and elder.loss_per_decision == 32.0 / 3
    assert elder.against == [1, 1] and elder.with_advice == [1, 0]
    dealer = by["klaberass"].situations["round-one-dealer"]
    assert (dealer.decisions, dealer.agreed, dealer.against, dealer.with_advice) == (1, 1, [0, 0], [0, 0])
    assert elder.trend == [12.0, 20.0, 0.0]  # one decision a mark under ten decisions
    assert by["kalabriasz"].situations["naming-after-refusal"].decisions == 0


def test_json_keys_and_the_deck(klabber_home: Path) -> None:
    from klabber_tui.data import mistakes

    _sample(klabber_home)
    deck = mistakes.Deck([], {})
    data = situation_stats.to_json(situation_stats.by_situation(stats.load()[0], deck))
    row = data["presets"]["klaberass"]["situations"]["round-one-elder"]
    assert row["decisions"] == 3 and row["agreement"] == round(1 / 3, 4) and row["points_lost"] == 32.0
    assert row["took_against_advice"] == {"made": 1, "bust": 1}
    assert row["trend"] == {"decisions_per_mark": 1, "points_lost_per_decision": [12.0, 20.0, 0.0]}
    assert data["presets"]["klaberass"]["mistakes"] == {"total": 0, "due": 0, "learnt": 0}


def test_report_draws_a_sparkline_per_situation_also_in_ascii(klabber_home: Path) -> None:
    from rich.console import Console

    _sample(klabber_home)
    loaded, _ = stats.load()
    by = situation_stats.by_situation(loaded)
    console = Console(width=80, record=True, color_system=None)
    console.print(stats_report(loaded, None, by))
    shown = console.export_text()
    assert "round 1, elder" in shown and "1/1" in shown
    assert any(bar in shown for bar in "▁▂▃▄▅▆▇█")

def test_klabber_stats_ascii_prints_ascii_only(klabber_home: Path, capsys, monkeypatch) -> None:
    from klabber_tui.cli.main import main

    _sample(klabber_home)
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["stats", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "round 1, elder: points lost per decision" in out and "=#_" in out
    assert all(ord(ch) < 128 for ch in out)


@pytest.mark.slow
def test_the_s_page_draws_a_sparkline_per_situation(klabber_home: Path) -> None:
    import asyncio

    from textual.widgets import Sparkline

    from klabber_tui.ui.screens.stats import StatsScreen

    from tests.support.helpers import SIZE, make_app, settle

    _sample(klabber_home)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            app.push_screen(StatsScreen())
            await pilot.pause()
            screen = app.screen
            k = [p.preset for p in screen.by_situation].index("klaberass")
            elder = screen.query_one(f"#stats-trend-{k}-round-one-elder", Sparkline)
            assert list(elder.data) == [12.0, 20.0, 0.0]
            assert screen.query_one(f"#stats-situations-{k}")
    asyncio.run(run())
