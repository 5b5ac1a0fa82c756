"""Issue 11: the statistics never recorded a card decision (`cards` stayed 0). Each card the player
chooses at the table is judged in the background, from the player's own view, and recorded per
preset; watching the bots records nothing."""

from __future__ import annotations

import pytest

from klabber_tui.practice import coaching
from klabber_tui.data import stats
from klabber_tui.practice import progress
from klabber_tui.ui.screens.summary import SummaryScreen
from klabber_tui.practice.session import Session, Settings

from tests.support.helpers import make_app, play_until, wait_until


@pytest.mark.slow
async def test_after_a_played_deal_the_statistics_hold_its_card_decisions(klabber_home, monkeypatch) -> None:
    judged: list[tuple[str, str]] = []  # (action, seat of the view judged)
    real = coaching.card_decision

    def spy(session: Session, seat: str, action: str):
        view = real(session, seat, action)
        if view is not None:
            assert view.seat == session.seat and view.hand == session.view().hand  # the player's, never the bot's
            judged.append((action, view.seat))
        return view

    monkeypatch.setattr(coaching, "card_decision", spy)
    app = make_app(seed=11, preset="clobber")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        assert judged, "the player had no card to choose in the whole deal"

        def cards() -> list[dict]:
            return [d for d in stats.load()[0].decisions if d["kind"] == "card"]

        await wait_until(pilot, lambda: len(cards()) == len(judged), limit=60.0, step=0.05)
        rows = cards()
        assert all(r["preset"] == "clobber" and r["practice"] is False and r["loss"] >= 0 for r in rows)
        (summary,) = [s for s in progress.summaries(stats.load()[0]) if s.preset == "clobber" and not s.practice]
        assert summary.card_decisions == len(judged) and summary.card_agreement is not None
        assert sum(r["agreed"] for r in rows) == round(summary.card_agreement * len(rows))


def test_watching_the_bots_judges_no_card(klabber_home) -> None:
    """The same card choice of player 0's seat is judged in a match and not when watching."""
    session = Session.new(Settings(level="greedy"), "You", seed=3, watch=True)
    deal = session.deal
    while not (deal.stage == "play" and deal.to_act == session.seat and len(deal.legal_actions(session.seat)) > 1):
        seat = deal.to_act
        deal.apply(seat, deal.legal_actions(seat)[0])
    action = deal.legal_actions(session.seat)[0]
    assert coaching.card_decision(session, session.seat, action) is None
    session.watch = False
    assert coaching.card_decision(session, session.seat, action) is not None


def test_cards_are_judged_by_one_worker_in_order_and_stop_when_asked(monkeypatch) -> None:
    """A quick run of tricks must not fill the thread pool with judgements (the bot's worker needs a
    thread): one worker drains the queue; a card queued while it runs starts no second worker; a
    closing app stops it before the next card and the next card starts a worker again."""
    judged: list[str] = []
    monkeypatch.setattr(coaching, "judge_card", lambda view, action, *rest: judged.append(action) or None)
    writer = coaching.StatsWriter()
    card = (None, "play 7S", None, "klaberjass", False)
    assert writer.card(*card) is True  # start a worker
    assert writer.card(*card[:1], "play 8S", *card[2:]) is False  # the running one takes it
    told: list[str] = []
    writer.drain(told.append, lambda: False)
    assert judged == ["play 7S", "play 8S"] and told == []
    assert writer.card(*card) is True  # the worker has ended: a new one is needed
    writer.drain(told.append, lambda: True)  # the app is closing
    assert judged == ["play 7S", "play 8S"]
    assert writer.card(*card) is True
    writer.drain(told.append, lambda: False)
    assert judged == ["play 7S", "play 8S", "play 7S", "play 7S"]


def test_the_statistics_are_written_in_the_order_they_came_and_their_problems_told(monkeypatch) -> None:
    """Issue 22: one writer, no Textual: a bid's verdict, a card, an undo and a deal are written in the
    order the table sent them (an undo after what it takes back); each problem is told as the
    statistics word it, for the screen to say; a closing app still writes what needs no coach."""
    done: list[str] = []
    monkeypatch.setattr(coaching, "record_bid", lambda verdict, *rest: done.append(f"bid {verdict}") or None)
    monkeypatch.setattr(coaching, "judge_card", lambda view, action, *rest: done.append(f"card {action}") or None)
    monkeypatch.setattr(coaching, "forget_taken_back",
                        lambda match, deal, indices: done.append(f"undo {indices}") or "the file is busy")
    monkeypatch.setattr(coaching.DealStats, "write", lambda record: done.append(f"deal {record.outcome}") or None)
    writer = coaching.StatsWriter()
    record = coaching.DealStats("klaberjass", False, "player", "made", False, False)
    assert writer.bid("take", "klaberjass", False, None) is True
    assert not writer.card(None, "play 7S", None, "klaberjass", False)
    assert not writer.taken_back("m1", 1, [4])
    assert not writer.deal(record)
    told: list[str] = []
    writer.drain(told.append, lambda: False)
    assert done == ["bid take", "card play 7S", "undo [4]", "deal made"] and told == ["the file is busy"]
    done.clear()
    assert writer.card(None, "play 8S", None, "klaberjass", False) is True
    assert not writer.deal(record)
    writer.drain(told.append, lambda: True)  # closing: the deal is written, the card waits
    assert done == ["deal made"]
