"""The mistake deck (issue 25): one entry per position, the spaced schedule, undo, and issue 21's
storage rules (0600, never through a link, a newer file never written, a damaged one moved aside)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from engine.deal import Deal
from engine.record import record_of
from engine.rules import RuleSet
from klabber_tui.words import i18n
from klabber_tui.data import mistakes
from klabber_tui.data.schemas import Note
from klabber_tui.practice.mistake_positions import position_of_entry
from klabber_tui.words.files import notes_text

DAY = mistakes.DAY
START = 1_800_000_000.0


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The schedule's clock, set by the test: ``now[0]``."""
    now = [START]
    monkeypatch.setattr(mistakes, "clock", lambda: now[0])
    return now


def _record(seed: int = 1, preset: str = "klaberjass") -> dict:
    """A record stopping at the elder's first word (round one, rules.md §2)."""
    return record_of(Deal.from_seed(RuleSet.from_preset(preset), seed))


def _add(record: dict, choice: str = "take", best: str = "pass", **kwargs) -> list[Note]:
    return mistakes.add(record, choice=choice, best=best, level="normal", source=kwargs.pop("source", "table"),
                        **kwargs)


def test_an_entry_keeps_what_the_issue_lists(klabber_home: Path, clock: list[float]) -> None:
    record = _record()
    assert _add(record, standing={"mine": 120, "theirs": 80, "target": 501},
                origin={"match": "m1", "deal": 3, "action": 0}) == []
    deck, notes = mistakes.load()
    assert notes == [] and len(deck.entries) == 1
    entry = deck.entries[0]
    assert entry["record"] == record and entry["seat"] == "elder" and entry["preset"] == "klaberjass"
    assert entry["situation"] == "round-one-elder" and entry["options"] == {}
    assert entry["standing"] == {"mine": 120, "theirs": 80, "target": 501}
    assert (entry["level"], entry["choice"], entry["best"]) == ("normal", "take", "pass")
    # issue 31: a mistake made at the table is due at once, in the box before the first
    assert entry["box"] == 0 and entry["due"] == START and not entry["learnt"]


def test_one_entry_per_position_however_often_judged(klabber_home: Path, clock: list[float]) -> None:
    record = _record()
    _add(record)
    clock[0] += 5 * DAY
    _add(dict(record, meta={"match": "another"}), source="review")  # the same cards and words
    _add(_record(2))
    deck, _ = mistakes.load()
    assert len(deck.entries) == 2


def test_spaced_schedule_at_once_then_1_3_7_21_days_then_learnt(klabber_home: Path, clock: list[float]) -> None:
    _add(_record())
    deck, _ = mistakes.load()
    key = deck.entries[0]["key"]
    assert [e["key"] for e in mistakes.load()[0].due()] == [key]  # issue 31: due at once
    mistakes.answered(key, mistakes.RIGHT)
    assert mistakes.load()[0].due() == []  # then not due on the day it was answered
    for days in (1, 3, 7, 21):
        clock[0] += days * DAY - 1
        assert mistakes.load()[0].due() == []
        clock[0] += 1
        assert [e["key"] for e in mistakes.load()[0].due()] == [key]
        mistakes.answered(key, mistakes.RIGHT)
    entry = mistakes.load()[0].entries[0]
    assert entry["learnt"] and mistakes.load()[0].counts() == {"total": 1, "due": 0, "learnt": 1}


def test_wrong_sends_back_to_the_first_box(klabber_home: Path, clock: list[float]) -> None:
    _add(_record())
    key = mistakes.load()[0].entries[0]["key"]
    clock[0] += DAY
    mistakes.answered(key, mistakes.RIGHT)
    clock[0] += 3 * DAY
    mistakes.answered(key, mistakes.WRONG)
    entry = mistakes.load()[0].entries[0]
    assert entry["box"] == mistakes.FIRST_BOX == 1 and entry["due"] == clock[0] + DAY


def test_retired_leaves_the_deck(klabber_home: Path, clock: list[float]) -> None:
    _add(_record())
    key = mistakes.load()[0].entries[0]["key"]
    mistakes.answered(key, mistakes.RETIRED)
    assert mistakes.load()[0].entries == []


def test_undo_removes_the_entry_its_decision_made(klabber_home: Path, clock: list[float]) -> None:
    _add(_record(1), origin={"match": "m1", "deal": 2, "action": 0})
    _add(_record(2), origin={"match": "m1", "deal": 3, "action": 0})
    mistakes.forget("m1", 2, [0, 1])
    assert [e["origin"]["deal"] for e in mistakes.load()[0].entries] == [3]


def test_a_record_that_does_not_stop_at_a_bidding_decision_is_refused(klabber_home: Path) -> None:
    record = _record()
    record["actions"] = [["elder", "take"]]  # the bidding is over: a card is next
    with pytest.raises(ValueError):
        _add(record)
    assert not (klabber_home / mistakes.DECK_NAME).exists()


def test_the_file_is_0600_and_versioned(klabber_home: Path, clock: list[float]) -> None:
    _add(_record())
    path = klabber_home / mistakes.DECK_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text())["format"] == "klabber-mistakes/2"


def test_a_newer_deck_is_read_and_never_written(klabber_home: Path, clock: list[float]) -> None:
    _add(_record())
    path = klabber_home / mistakes.DECK_NAME
    data = json.loads(path.read_text())
    data["format"] = "klabber-mistakes/9"
    data["future"] = {"kept": True}
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    deck, notes = mistakes.load()  # issue 23: codes and values, worded by the interface
    assert len(deck.entries) == 1 and [n.code for n in notes] == ["deck_newer"]
    assert "klabber-mistakes/9" in (notes_text(notes) or "")
    _add(_record(2))
    mistakes.answered(deck.entries[0]["key"], mistakes.RIGHT)
    assert path.read_bytes() == before


def test_a_damaged_entry_is_left_out_and_the_file_kept_aside(klabber_home: Path, clock: list[float]) -> None:
    _add(_record())
    path = klabber_home / mistakes.DECK_NAME
    data = json.loads(path.read_text())
    bad = dict(data["entries"][0], box=10**12)
    data["entries"].append(bad)
    path.write_text(json.dumps(data))
    deck, notes = mistakes.load()
    assert len(deck.entries) == 1 and notes == [
        Note("deck_dropped", {"path": repr(str(path)), "n": 1}),
        Note("deck_entry_dropped", {"n": 2, "why": "range", "field": "box", "value": 10**12, "low": 0, "high": 4})]
    assert notes_text(notes) == (f"1 damaged entry was left out of the mistake deck {str(path)!r}. "
                                 "Entry 2 of the mistake deck was left out: its box is 1000000000000, not from 0 to 4.")
    with i18n.use_language("ru"):
        assert notes_text(notes[:1]) == f"1 повреждённая запись не вошла в колоду ошибок {str(path)!r}."
    assert [n.code for n in _add(_record(2))] == ["deck_dropped", "deck_entry_dropped", "deck_damaged_kept"]
    assert len(mistakes.load()[0].entries) == 2
    assert [p.name for p in klabber_home.glob("mistakes.damaged-*.json")]


def test_viewing_never_changes_an_unreadable_file_and_recording_moves_it_aside(klabber_home: Path) -> None:
    klabber_home.mkdir(parents=True)
    path = klabber_home / mistakes.DECK_NAME
    path.write_text("{ not json")
    deck, notes = mistakes.load()
    assert deck.entries == [] and [n.code for n in notes] == ["deck_unreadable_left"]
    assert path.read_text() == "{ not json"
    _add(_record())
    assert [p.name for p in klabber_home.glob("mistakes.corrupt-*.json")]
    assert len(mistakes.load()[0].entries) == 1


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_at_the_deck_is_not_followed(klabber_home: Path, tmp_path: Path) -> None:
    klabber_home.mkdir(parents=True)
    outside = tmp_path / "outside.json"
    outside.write_text("keep")
    (klabber_home / mistakes.DECK_NAME).symlink_to(outside)
    _add(_record())
    assert outside.read_text() == "keep"


def _mistaken_verdict(preset: str = "klaberass"):
    """A round-one position and the coach's verdict on its worst word, judged a mistake."""
    from ai.coach import advise

    for seed in range(1, 40):
        deal = Deal.from_seed(RuleSet.from_preset(preset), seed)
        view = deal.view(deal.to_act)
        worst = advise(view, None, "easy").evaluation.actions[-1].action
        verdict = advise(view, worst, "easy")
        if verdict.mistake:
            return deal, verdict
    raise AssertionError("no mistake in 40 deals")


@pytest.mark.slow
def test_a_mistake_at_the_table_goes_into_the_deck_and_undo_takes_it_out(klabber_home: Path,
                                                                          clock: list[float]) -> None:
    from klabber_tui.practice import coaching
    from klabber_tui.data import stats

    deal, verdict = _mistaken_verdict()
    position = coaching.Position("m7", 2, 0, deal.to_act, deal.stage, json.dumps(record_of(deal)), (10, 20, 501))
    assert coaching.record_bid(verdict, "klaberass", False, position) == ()
    entry = mistakes.load()[0].entries[0]
    assert entry["source"] == "table" and entry["standing"] == {"mine": 10, "theirs": 20, "target": 501}
    assert entry["choice"] == str(verdict.chosen) and entry["best"] == str(verdict.best)
    assert entry["origin"] == {"match": "m7", "deal": 2, "action": 0}
    assert len(stats.load()[0].decisions) == 1
    coaching.forget_taken_back("m7", 2, [0])
    assert mistakes.load()[0].entries == [] and stats.load()[0].decisions == []


@pytest.mark.slow
def test_a_reviews_bidding_mistakes_go_into_the_deck_once(klabber_home: Path, clock: list[float]) -> None:
    from klabber_tui.practice import coaching
    from klabber_tui.practice.review import review_deal

    deal, verdict = _mistaken_verdict()
    seat = deal.to_act
    before = deal.clone()
    deal.apply(seat, verdict.chosen)
    review = review_deal(before, deal.actions, (seat,), "easy")
    assert [d.advice.mistake for d in review.of(seat)] == [True]
    for _ in range(2):
        coaching.record_review_mistakes(review, seat, record_of(deal), None)
    entries = mistakes.load()[0].entries
    assert len(entries) == 1 and entries[0]["source"] == "review" and entries[0]["record"]["actions"] == []


def _deck_drill(klabber_home: Path, clock: list[float], box: int = 0):
    """A deck with one mistake, due now, and the drill of its due positions (as ``drill --mistakes``)."""
    from klabber_tui.practice.drill import Drill

    deal, verdict = _mistaken_verdict()
    mistakes.add(record_of(deal), choice=str(verdict.chosen), best=str(verdict.best), level="easy", source="table",
                 standing={"mine": 100, "theirs": 250, "target": 501})
    if box:
        path = klabber_home / mistakes.DECK_NAME
        data = json.loads(path.read_text())
        data["entries"][0]["box"] = box
        path.write_text(json.dumps(data))
    clock[0] += 22 * DAY
    due = mistakes.load()[0].due()
    assert len(due) == 1
    fixed = tuple(position_of_entry(e) for e in due)
    return Drill(fixed[0].preset, 0, 1, coach_level="easy", bot_level="easy", fixed=fixed), verdict


@pytest.mark.slow
@pytest.mark.parametrize(("best", "box", "after"), [(True, 0, 1), (False, 2, 1), (True, 4, None)])
def test_the_drill_screen_asks_a_due_mistake_with_its_standing(klabber_home: Path, clock: list[float],
                                                                best: bool, box: int, after: int | None) -> None:
    """Right moves the position on a box (right in the last makes it learnt), wrong sends it back."""
    import asyncio

    from klabber_tui.ui.drill_app import DrillApp

    from tests.support.helpers import SIZE, answer, shown, wait_for

    drill, verdict = _deck_drill(klabber_home, clock, box)

    async def run() -> None:
        app = DrillApp(drill.preset, 0, 1, drill=drill)
        async with app.run_test(size=SIZE) as pilot:
            screen = app.drill_screen
            await wait_for(pilot, screen, "ask")
            asked = shown(screen, "#drill-position")
            assert "Standing then: you 100, the bot 250, playing to 501" in asked
            assert f"box {box + 1} of 5" in asked
            await answer(pilot, screen, worst=not best)
    asyncio.run(run())
    entries = mistakes.load()[0].entries
    if after is None:
        assert entries[0]["learnt"]
    else:
        assert entries[0]["box"] == after and not entries[0]["learnt"]
        assert entries[0]["due"] == clock[0] + mistakes.BOXES[after] * DAY


# -- issue 31: this match's mistakes, now -------------------------------------------------------------


def test_a_mistake_from_the_drill_or_the_review_waits_a_day_as_before(klabber_home: Path, clock: list[float]) -> None:
    _add(_record(1), source="drill")
    _add(_record(2), source="review")
    assert [(e["box"], e["due"]) for e in mistakes.load()[0].entries] == [(1, START + DAY)] * 2


def test_a_position_already_in_the_deck_made_again_at_the_table_is_due_at_once(klabber_home: Path,
                                                                                 clock: list[float]) -> None:
    _add(_record(), source="review")  # box 1, due in a day
    clock[0] += 3600
    _add(_record(), source="table")
    (entry,) = mistakes.load()[0].entries
    assert (entry["box"], entry["due"]) == (1, START + 3600)  # its box kept, due now
    clock[0] += 3600
    _add(_record(), source="review")  # the review of the same deal: its schedule kept
    assert mistakes.load()[0].entries[0]["due"] == START + 3600


def test_a_version_one_deck_reads_with_its_boxes_moved_up_and_is_written_as_two(klabber_home: Path,
                                                                                clock: list[float]) -> None:
    _add(_record(1), source="review")
    _add(_record(2), source="review")
    path = klabber_home / mistakes.DECK_NAME
    data = json.loads(path.read_text())
    data["format"] = "klabber-mistakes/1"
    data["entries"][0]["box"], data["entries"][1]["box"] = 0, 3  # version 1: one day, and 21 days
    path.write_text(json.dumps(data))
    deck, notes = mistakes.load()
    assert notes == [] and [e["box"] for e in deck.entries] == [1, 4]
    assert [mistakes.BOXES[e["box"]] for e in deck.entries] == [1, 21]  # the same days as before
    _add(_record(3))
    written = json.loads(path.read_text())
    assert written["format"] == "klabber-mistakes/2" and [e["box"] for e in written["entries"]] == [1, 4, 0]
