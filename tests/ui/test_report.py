"""Issue 31: a match's report, from the fixture ``fixtures/report`` (made by
``fixtures/make_report_fixture.py``: a finished match of klaberjass to 150 and hand-written
``klabber-stats/4`` rows of it). Every expected figure below is worked out by hand from the rows
listed in that script's DECISIONS."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from klabber_tui.data import stats
from klabber_tui.practice import report

FIXTURE = Path(__file__).parent / "fixtures" / "report"
MATCH_ID = "20261201-120000-0007"


@pytest.fixture
def home(klabber_home: Path) -> Path:
    shutil.copytree(FIXTURE, klabber_home)
    return klabber_home


def built(home: Path) -> report.Report:
    path = report.latest_finished()
    assert path == home / "finished" / f"match-{MATCH_ID}.json"
    return report.report_of(report.read_match(path), stats.load()[0])


def test_the_report_counts_bids_and_cards_apart(home: Path) -> None:
    got = built(home)
    assert (got.over, got.winner, got.totals, got.target) == (True, 1, (120, 280), 150)
    # rules.md §9: per deal each side's points and the running totals (deals 2 and 4 thrown in)
    assert [(d.number, d.maker, d.outcome, d.points, d.totals) for d in got.deals] == [
        (1, "player", "made", (92, 49), (92, 49)), (2, None, "thrown_in", (0, 0), (92, 49)),
        (3, "bot", "made", (28, 100), (120, 149)), (4, None, "thrown_in", (0, 0), (120, 149)),
        (5, "player", "bust", (0, 131), (120, 280))]
    # bids: 7, agreed 4 (deal 1's take, deal 3's first pass, deal 5's pass and naming); mistakes 2:
    # deal 2's 12 ± 2 and deal 4's 9 ± 3 (above 8 points and two standard errors), not deal 3's 30 ± 20
    assert (got.bids.decisions, got.bids.agreed, got.bids.mistakes, got.bids.lost) == (7, 4, 2, 51.0)
    assert math.isclose(got.bids.se, math.sqrt(2**2 + 20**2 + 3**2))  # √413 ≈ 20.32
    assert math.isclose(got.bids.per_decision, 51 / 7)
    # the one card: 5 ± 1 lost, no mistake (not above 8)
    assert (got.cards.decisions, got.cards.agreed, got.cards.mistakes, got.cards.lost, got.cards.se) == (
        1, 0, 0, 5.0, 1.0)


def test_luck_and_judgement_are_two_numbers(home: Path) -> None:
    got = built(home)
    # each deal's value is its first judged decision's: 40 − 10 − 20 + 5 + 15 = 30 to the player
    assert [d.value for d in got.deals] == [40.0, -10.0, -20.0, 5.0, 15.0]
    assert (got.luck, got.luck_deals) == (30.0, 5)
    assert got.judgement == 56.0  # 51 bidding + 5 card play
    assert [(c.deal, c.action_index, c.loss, c.se) for c in got.costliest] == [
        (3, 2, 30.0, 20.0), (2, 1, 12.0, 2.0), (4, 1, 9.0, 3.0)]
    assert got.complete


def test_the_mistake_rule_is_the_coachs() -> None:
    from ai import coach

    assert (report.MISTAKE_POINTS, report.MISTAKE_SIGMAS) == (coach.MISTAKE_POINTS, coach.MISTAKE_SIGMAS)


def test_klabber_report_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from klabber_tui.cli.main import main

    assert main(["report", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["match"] == MATCH_ID and got["winner"] == "bot" and got["totals"] == {"player": 120, "bot": 280}
    assert got["bidding"]["decisions"] == 7 and got["bidding"]["mistakes"] == 2 and got["bidding"]["points_lost"] == 51.0
    assert got["bidding"]["per_decision"] == 7.29 and got["bidding"]["per_decision_se"] == 2.9  # 51/7, √413/7
    assert got["luck"] == {"player": 30.0, "bot": -30.0, "deals": 5}
    assert got["judgement"] == {"points_lost": 56.0}
    assert got["costliest"][0] == {"deal": 3, "action_index": 2, "kind": "bid", "action": "pass",
                                   "points_lost": 30.0, "se": 20.0}


def test_klabber_report_refuses_a_bad_file_in_one_line(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from klabber_tui.cli.main import main

    (home / "bad.json").write_text("{}", encoding="utf-8")
    with pytest.raises(SystemExit) as ended:
        main(["report", str(home / "bad.json")])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("klabber: ")


def test_an_old_stats_file_still_reports(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A klabber-stats/3 file: no standard errors, no values; the report holds what it has."""
    doc = json.loads((home / "stats.json").read_text(encoding="utf-8"))
    doc["format"] = "klabber-stats/3"
    for row in doc["decisions"]:
        del row["se"], row["value"]
    for row in doc["deals"]:
        del row["value"]
    for row in doc["matches"]:
        del row["id"]
    (home / "stats.json").write_text(json.dumps(doc), encoding="utf-8")
    got = built(home)
    assert not got.complete and got.luck is None and got.bids.se is None
    # without the standard error the points alone decide: 12, 30 and 9 are all above 8
    assert (got.bids.decisions, got.bids.mistakes, got.bids.lost) == (7, 3, 51.0)
    from klabber_tui.cli.main import main

    assert main(["report"]) == 0
    out = capsys.readouterr().out
    assert "not recorded for this match" in out and "earlier version" in out


def test_the_report_in_russian_uses_the_minus_sign_and_decimal_comma(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from klabber_tui.cli.main import main

    assert main(["report", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "\u221230,0" in out and "+30,0" in out and "-30" not in out


# -- issue 31, item 4: the bidding on the bot's ladder ------------------------------------------------


def test_the_report_places_the_bidding_on_the_ladder(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ai import ladder

    got = built(home)
    found = got.ladder
    # the fixture's seven bids lose 0, 12, 0, 30, 9, 0, 0: mean 51/7; s = √(753.43/6) = 11.21, and
    # t(6) = 2.447 gives 7.29 ± 10.36: low held at 0, high 17.65
    assert found.n == 7 and math.isclose(found.mean, 51 / 7)
    assert found.low == 0.0 and round(found.high, 2) == 17.65
    assert str(found.code) == "span" and found.more_needed == ladder.needed_decisions("klaberjass") - 7
    from klabber_tui.cli.main import main

    assert main(["stats", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["presets"]["klaberjass"]["bidding_ladder"]
    assert (entry["decisions"], entry["window"], entry["placement"], entry["high"]) == (7, 200, "span", 17.649)
    assert entry["more_needed"] == ladder.needed_decisions("klaberjass") - 7


def test_the_next_level_is_offered_only_above_the_level_faced(home: Path) -> None:
    from klabber_tui.practice import ladder as placed

    doc = json.loads((home / "stats.json").read_text(encoding="utf-8"))
    row = dict(doc["decisions"][0], loss=0.0, id=None)
    doc["decisions"] += [row] * 200  # 200 perfect bids: the last 200 are all the window holds
    (home / "stats.json").write_text(json.dumps(doc), encoding="utf-8")
    loaded = stats.load()[0]
    # s is held at the least level spread, so the interval is [0, 1.97·s/√200]: under easy's rung
    assert str(placed.placement(loaded, "klaberjass").code) == "above"
    assert placed.suggestion(loaded, "klaberjass", "mc:easy") == "normal"
    assert placed.suggestion(loaded, "klaberjass", "hard") is None  # no level above hard
    assert placed.suggestion(loaded, "clobber", "easy") is None  # no decisions there: not placed
    save = report.read_match(report.latest_finished())
    assert report.report_of(dict(save, level="easy"), loaded).suggestion == "normal"
    assert report.report_of(save, loaded).suggestion is None  # greedy has no next level


def test_the_chart_in_ascii(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The running totals' chart under --ascii: # bars, | for the target, every character ASCII. The
    chart's 40 cells reach the highest total, 280: the target 150 is cell round(150·40/280) = 21, 92
    fills round(92·40/280) = 13 cells and 280 all 40, the target's cell drawn across the bar."""
    from klabber_tui.cli.main import main

    assert main(["report", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.isascii()
    assert "    Bot #####################|################## 280" in out.replace("  280", " 280")
    assert "  1 You #############        |                    92" in out
