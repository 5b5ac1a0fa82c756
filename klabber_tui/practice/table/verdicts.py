"""The coach at the table (issue 11): its verdicts on the player's bids, evaluated while the player
thinks and delivered once the bid is made, and what the table sends to the statistics.

Separate from the controller because it is a pipeline of its own, fed by the screen's workers in any
order (an evaluation may end before or after the bid, or be dropped by an undo); the controller
calls it at each step (``TableCoach``) and the screen only runs the workers it asks for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.actions import BIDDING_STAGES, DEALER, ELDER, Action, Seat
from engine.record import parse_record, record_of, replay
from engine.view import PlayerView

from klabber_tui.practice import coaching
from klabber_tui.practice.session import HUMAN, Finished, Session, Settings
from klabber_tui.practice.table.state import PLAYER_STATES, Applied, Cancellable, Position, TableState, Told

if TYPE_CHECKING:
    from ai.coach import Advice
    from ai.utility import Standing

@dataclass(eq=False)
class Prepared:
    """A bidding decision of the player evaluated ahead: what was evaluated, the evaluation once it
    is there, and once the player has bid, the bid and where its verdict goes."""

    view: PlayerView
    standing: Standing
    level: str
    preset: str
    practice: bool
    advice: Advice | None = None
    error: str | None = None
    chosen: Action | None = None
    deal_number: int = 0
    log_at: int | None = None  # the deal log's events just after the bid (None: it ended the deal)
    record: bool = True  # False: judged again on resume, already in the statistics
    key: Position = (0, 0)  # the decision's position, set when the pipeline takes it
    decided: coaching.Position | None = None  # issue 21: the bid's id and situation in the statistics
    worker: Cancellable | None = field(default=None, repr=False)  # the screen's worker evaluating it

    @property
    def done(self) -> bool:
        return self.advice is not None or self.error is not None

    def fits(self, view: PlayerView, standing: Standing, level: str) -> bool:
        """The evaluation is of this very decision (a load or a new deal changes the view)."""
        return self.chosen is None and (self.view, self.standing, self.level) == (view, standing, level)


class VerdictPipeline:
    """Evaluations of the player's bidding decisions keyed by position: ``prepare`` one as the player
    is asked, ``evaluated`` when its worker answers, ``chose`` when the player bids; the verdict is
    ready when both have happened (either order), and ``drop`` forgets the decisions taken back."""

    def __init__(self) -> None:
        self._prepared: dict[Position, Prepared] = {}
        self.lines: dict[Position, Advice] = {}  # (deal, events before the line) -> the verdict shown there
        self.last: tuple[Prepared, Advice] | None = None  # what ``v`` opens

    def ready_for(self, key: Position, view: PlayerView, standing: Standing, level: str) -> Prepared | None:
        """The evaluation (running or done) of this decision, if there is one."""
        prepared = self._prepared.get(key)
        return prepared if prepared is not None and prepared.fits(view, standing, level) else None

    def prepare(self, key: Position, prepared: Prepared) -> None:
        """Keep a new evaluation; those of decisions the player left unanswered go."""
        for other, old in list(self._prepared.items()):
            if old.chosen is None or other == key:
                self._forget(other)
        prepared.key = key
        self._prepared[key] = prepared

    def evaluated(self, key: Position, prepared: Prepared, advice: Advice | None, error: str | None) -> Prepared | None:
        """A worker's answer; the decision to deliver when it was bid already, else None (also when
        the evaluation was dropped meanwhile: its answer goes nowhere)."""
        if self._prepared.get(key) is not prepared:
            return None
        prepared.advice, prepared.error = advice, error
        return self._prepared.pop(key) if prepared.chosen is not None else None

    def chose(self, key: Position, action: Action, deal_number: int, log_at: int | None,
              decided: coaching.Position | None = None) -> Prepared | None:
        """The player bid at ``key``: the decision to deliver when already evaluated, else None."""
        prepared = self._prepared[key]
        prepared.chosen, prepared.deal_number, prepared.log_at = action, deal_number, log_at
        prepared.decided = decided
        return self._prepared.pop(key) if prepared.done else None

    def __contains__(self, key: Position) -> bool:
        return key in self._prepared

    def place(self, prepared: Prepared, verdict: Advice, deal_now: int) -> bool:
        """A delivered verdict: ``v`` opens it, and it is a line of the deal log under its bid; False
        when that deal is over (the caller says it another way). Verdicts judged again on resume may
        come in any order: ``v`` keeps the latest decision's."""
        if self.last is None or prepared.key >= self.last[0].key:
            self.last = (prepared, verdict)
        if prepared.log_at is None or prepared.deal_number != deal_now:
            return False
        self.lines = {k: v for k, v in self.lines.items() if k[0] == deal_now}
        self.lines[(prepared.deal_number, prepared.log_at)] = verdict
        return True

    def drop(self, after: Position | None = None, events: int | None = None) -> None:
        """Forget evaluations and verdict lines: all of them, or (an undo back to ``after``, leaving
        ``events`` in the log) those of the decisions taken back."""
        for key in list(self._prepared):
            if after is None or key >= after:
                self._forget(key)
        if after is None:
            self.lines, self.last = {}, None
            return
        self.lines = {k: v for k, v in self.lines.items() if k[0] == after[0] and events is not None and k[1] <= events}
        if self.last is not None and self.last[0].deal_number == after[0] and not any(
                v is self.last[1] for v in self.lines.values()):
            self.last = None

    def _forget(self, key: Position) -> None:
        prepared = self._prepared.pop(key)
        if prepared.worker is not None:
            prepared.worker.cancel()


def decision_to_prepare(session: Session | None, state: TableState) -> tuple[Position, Prepared] | None:
    """The player is asked for a bidding choice now: what to evaluate while the player thinks."""
    view = coaching.bid_to_judge(session) if state in PLAYER_STATES else None
    if session is None or view is None:
        return None
    return session.position(), Prepared(view, coaching.standing_now(session), coaching.verdict_level(),
                                        session.rules.preset, session.practice)


def bids_to_judge_again(session: Session) -> list[tuple[Position, Prepared]]:
    """On resume (issue 22): the player's bidding choices already made, to judge again so their
    verdicts are back in the log and under ``v`` (none reaches the statistics twice). Those of the
    deal on the table; when it has none, those of the last deal finished (its summary may be open)."""
    from ai.utility import Standing

    match = session.match
    found = _bids_in(session, record_of(session.deal), session.deal.actions, match.number, session.seat,
                     coaching.standing_now(session), in_log=True)
    if found or not match.rows or match.is_over:
        return found
    row = match.rows[-1]
    before = match.rows[-2].totals if len(match.rows) > 1 else (0, 0)
    record = parse_record(match.records[-1])
    human = DEALER if row.dealer == HUMAN else ELDER
    return _bids_in(session, match.records[-1], replay(record).actions, row.number, human,
                    Standing(before[0], before[1], match.target), in_log=False)


def _bids_in(session: Session, record: dict[str, Any], actions: Sequence[tuple[Seat, Action]], number: int,
             human: Seat, standing: Standing, *, in_log: bool) -> list[tuple[Position, Prepared]]:
    """The player's bidding choices among a deal's ``actions``, each with the player's view before it;
    ``in_log``: the deal is on the table, so each verdict has its line under the bid."""
    deal = parse_record(record).new_deal()
    level = coaching.verdict_level()
    found: list[tuple[Position, Prepared]] = []
    for k, (seat, action) in enumerate(actions):
        view = deal.view(seat)
        choice = seat == human and deal.stage in BIDDING_STAGES and len(view.legal) >= 2
        deal.apply(seat, action)
        if choice:
            log_at = len(deal.view(seat).events) if in_log and not deal.is_over else None
            found.append(((number, k), Prepared(view, standing, level, session.rules.preset, session.practice,
                                                chosen=action, deal_number=number, log_at=log_at,
                                                record=False)))
    return found


class TableCoach:
    """The coach's part of each step: evaluations started in the screen's workers (``evaluate``), the
    verdicts delivered, and the statistics queued (``write_stats`` starts the screen's one writer)."""

    def __init__(self, evaluate: Callable[[Position, Prepared], Cancellable | None] | None = None,
                 write_stats: Callable[[], object] | None = None) -> None:
        self.verdicts = VerdictPipeline()
        self.stats = coaching.StatsWriter()
        self._evaluate = evaluate
        self._write_stats = write_stats

    def write(self, start: bool) -> None:
        """After something was queued for the statistics: start the writer if none is writing."""
        if start and self._write_stats is not None:
            self._write_stats()

    def evaluate(self, key: Position, prepared: Prepared) -> None:
        self.verdicts.prepare(key, prepared)
        prepared.worker = self._evaluate(key, prepared) if self._evaluate is not None else None

    def prepare(self, session: Session | None, state: TableState) -> None:
        """The player is asked to bid: evaluate the position now, while the player thinks, unless it
        is being evaluated already."""
        found = decision_to_prepare(session, state)
        if found is None:
            return
        key, prepared = found
        if self.verdicts.ready_for(key, prepared.view, prepared.standing, prepared.level) is None:
            self.evaluate(key, prepared)

    def applied(self, session: Session, settings: Settings, step: Applied) -> list[Told]:
        """The coach's part of a move of the player: the bid's verdict, the card's judgement."""
        told: list[Told] = []
        if step.bid is not None and step.standing is not None:
            key = step.position
            if key not in self.verdicts:  # not prepared (the table had not asked yet): evaluate now
                self.evaluate(key, Prepared(step.bid, step.standing, coaching.verdict_level(), session.rules.preset,
                                            session.practice))
            ready = self.verdicts.chose(key, step.action, key[0], step.log_at, step.decided)
            if ready is not None:
                told += self.deliver(ready, session, settings)
        if step.card is not None and step.standing is not None:
            self.write(self.stats.card(step.card, step.action, step.standing, session.rules.preset, session.practice,
                                       step.decided))
        return told

    def evaluated(self, key: Position, prepared: Prepared, advice: Advice | None, error: str | None,
                  session: Session | None, settings: Settings) -> list[Told]:
        """A worker's evaluation came back: deliver it if the player has bid already."""
        ready = self.verdicts.evaluated(key, prepared, advice, error)
        return [] if ready is None else self.deliver(ready, session, settings)

    def deliver(self, prepared: Prepared, session: Session | None, settings: Settings) -> list[Told]:
        """The verdict on a bid: to the statistics, and with the setting on, into the deal log under the
        bid (or, when that deal is over, told as a notice); ``v`` opens its page."""
        assert prepared.chosen is not None
        if prepared.advice is None:
            return [Told(failed=str(prepared.error))] if settings.coach_bids and prepared.record else []
        verdict = coaching.bid_verdict(prepared.view, prepared.advice, prepared.chosen)
        if prepared.record:
            self.write(self.stats.bid(verdict, prepared.preset, prepared.practice, prepared.decided))
        if not settings.coach_bids or session is None:
            return []
        if not self.verdicts.place(prepared, verdict, session.match.number) and prepared.record:
            return [Told(verdict=verdict)]
        return []

    def judge_again(self, session: Session, settings: Settings) -> None:
        """Issue 22: on resume, the verdicts of the bids already made are judged again (not counted
        again in the statistics), so the log shows them under their bids and ``v`` opens the last."""
        if session.watch or not settings.coach_bids:
            return
        for key, prepared in bids_to_judge_again(session):
            self.evaluate(key, prepared)

    def deal(self, session: Session, finished: Finished) -> None:
        """A deal of a match is over: record it (and the match, if it ended)."""
        record = coaching.deal_stats(session, finished)
        if record is not None:
            self.write(self.stats.deal(record))

    def taken_back(self, taken_back: tuple[str, int, list[int]], session: Session) -> None:
        """An undo: the statistics forget what was taken back, and the bids taken back get no verdict
        (their log lines go)."""
        self.write(self.stats.taken_back(*taken_back))
        self.verdicts.drop(after=session.position(), events=len(session.view().events))
