"""The coach's game hooks (issue 5), without Textual (issue 9): which of the player's decisions the
coach judges, from what match standing, and what reaches the statistics (``klabber_tui.data.stats``).

The table screen calls these and runs the slow ones in its worker threads: an evaluation, and the
statistics through :class:`StatsWriter` (one worker, in order); each write returns what the statistics
and the mistake deck met (:data:`Said`: their notes and errors, as codes and values) for the screen to
word with ``words.files.said_text``: nothing here is worded. Every verdict judges at the one level named in the bot registry (``ai.registry.VERDICT_LEVEL``,
issue 11), read when it is asked for.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.actions import BIDDING_STAGES, Action, Seat, Stage
from engine.deal import PLAY
from engine.view import PlayerView

from klabber_tui.data import mistakes, stats
from klabber_tui.data.schemas import Note
from klabber_tui.practice.session import Finished, Session

if TYPE_CHECKING:
    from ai.coach import Advice
    from ai.utility import Standing

# What writes to the statistics and the mistake deck met, in order: each write's notes, or the OSError
# that stopped it; empty when there is nothing to say. Codes and values: ``words.files.said_text`` words them.
Said = tuple[Note | OSError, ...]

UNAVAILABLE_MODES = ("busy", "none", "drawing", "hold", "bella", "bot", "deal_over", "over")  # table states with no decision to coach


def standing_now(session: Session) -> Standing:
    """The match score before the deal on the table, from the player's side (rules.md §9)."""
    from ai.utility import Standing

    mine, theirs = session.match.totals
    return Standing(mine, theirs, session.match.target)


def seat_standing(session: Session, seat: Seat) -> Standing:
    """The score sheet before this deal from ``seat``'s side: what the bot at the table (and either
    bot in watch mode) is told, the same standing the coach judges the player with (issue 10)."""
    from ai.utility import standings_of

    return standings_of(session.match)[seat]


def can_coach(session: Session | None, mode: str) -> bool:
    """The player has a decision on the table (in a match, not watching, nothing else on)."""
    if session is None or session.watch or session.match.is_over or mode in UNAVAILABLE_MODES:
        return False
    return session.deal.to_act == session.seat and bool(session.view().legal)


def bid_decision(session: Session, seat: Seat, action: Action) -> PlayerView | None:
    """Before an action is applied: the player's view when it is a bidding choice of the player in a
    match (a choice: more than one legal action), else None."""
    if session.watch or seat != session.seat or session.deal.stage not in BIDDING_STAGES:
        return None
    view = session.view()
    if action not in view.legal or len(view.legal) < 2:
        return None
    return view


def card_decision(session: Session, seat: Seat, action: Action) -> PlayerView | None:
    """Before an action is applied: the player's view when it is a card-play choice of the player in
    a match (the player to act with more than one legal action; the dix exchange counts as one, as in
    the review), else None. Always the player's view, never the bot's (issue 11)."""
    if session.watch or seat != session.seat or session.deal.stage != PLAY or session.deal.to_act != seat:
        return None
    view = session.view()
    if action not in view.legal or len(view.legal) < 2:
        return None
    return view


def bid_to_judge(session: Session | None) -> PlayerView | None:
    """The player's view when the player is asked for a bidding choice now (in a match, not
    watching, more than one legal action): the decision the coach evaluates while the player thinks."""
    if session is None or session.watch or session.match.is_over:
        return None
    if session.deal.to_act != session.seat or session.deal.stage not in BIDDING_STAGES:
        return None
    view = session.view()
    return view if len(view.legal) >= 2 else None


def verdict_level() -> str:
    """The level every verdict judges at (issue 11): the registry's, read now, so it has one source."""
    from ai import registry

    return registry.VERDICT_LEVEL


def evaluate_bid(view: PlayerView, standing: Standing, level: str) -> Advice:
    """The coach's evaluation of the player's bidding decision, before the choice is made (run in a
    worker as soon as the player is asked, so the verdict is ready when the player bids). Only the
    player's view and the standing go in: nothing the bot computed from its own view."""
    from ai.coach import advise

    return advise(view, None, level, standing)


def bid_verdict(view: PlayerView, evaluated: Advice, action: Action) -> Advice:
    """The verdict on ``action`` from the evaluation of ``view`` made while the player thought."""
    from ai.coach import judge

    return judge(view, evaluated.evaluation, action)


@dataclass(frozen=True)
class Position:
    """Where a decision of the player's was taken (issue 21): the id the statistics keep it under, so
    undo deletes it and a decision taken again there replaces it, and its seat and stage."""

    match: str
    deal: int
    action_index: int
    seat: Seat
    stage: Stage
    record: str | None = None  # issue 25: a bidding decision's record up to it (JSON), for the mistake deck
    standing: tuple[int, int, int] | None = None  # and the match standing it was taken at


def position_of(session: Session) -> Position:
    """The position of the decision on the table now, before its action is applied."""
    import json

    from engine.record import record_of

    deal = session.deal
    record = standing = None
    if deal.stage in BIDDING_STAGES:
        record = json.dumps(record_of(deal))
        mine, theirs = session.match.totals
        standing = (mine, theirs, session.match.target)
    return Position(session.id, session.match.number, len(deal.actions), deal.to_act or session.seat, deal.stage,
                    record, standing)


def _where(position: Position | None, action: Action | None) -> dict[str, object]:
    """``stats.record_decision``'s keyword arguments for a decision at ``position`` (the action in
    record notation)."""
    if position is None:
        return {}
    return {"match": position.match, "deal": position.deal, "action_index": position.action_index,
            "seat": position.seat, "stage": position.stage, "action": None if action is None else str(action)}


def _judged(advice: Advice) -> dict[str, float]:
    """What the report needs of a judged decision (issue 31), read from the evaluation the verdict
    came from (no new search): the loss's standard error, and the best play's value to the player
    (the deal's expected sheet difference, player minus bot)."""
    return {"se": float(advice.loss_se), "value": float(advice.evaluation.actions[0].deal_ev)}


def record_bid(verdict: Advice, preset: str, practice: bool, position: Position | None = None) -> Said:
    """Record whether the player's bid was the coach's best, and what it cost (in a worker); with its
    position, under its id and situation."""
    said = record(stats.record_decision, preset, practice, "bid", verdict.chosen == verdict.best, verdict.loss,
                  **_where(position, verdict.chosen), **_judged(verdict))
    if verdict.mistake and position is not None and position.record is not None and verdict.chosen is not None:
        said += record_mistake(position.record, verdict, "table", position.standing,
                               (position.match, position.deal, position.action_index))
    return said


def record_mistake(record_json: str, verdict: Advice, source: str, standing: tuple[int, int, int] | None = None,
                   origin: tuple[str, int, int] | None = None) -> Said:
    """Put a bidding decision judged a mistake into the mistake deck (issue 25): its record up to the
    decision, the standing, the level that judged it, the choice and the best."""
    import json

    assert verdict.chosen is not None
    return record(mistakes.add, json.loads(record_json), choice=str(verdict.chosen), best=str(verdict.best),
                  level=verdict_level(), source=source,
                  standing=None if standing is None else dict(zip(("mine", "theirs", "target"), standing)),
                  origin=None if origin is None else dict(zip(("match", "deal", "action"), origin)))


def judge_card(view: PlayerView, action: Action, standing: Standing, preset: str, practice: bool,
               position: Position | None = None) -> Said:
    """Judge the player's card as the bids are judged (the same level, the same standing) and record
    it as a ``card`` decision (issue 11)."""
    from ai.coach import advise

    advice = advise(view, action, verdict_level(), standing)
    return record(stats.record_decision, preset, practice, "card", action == advice.best, advice.loss,
                  **_where(position, action), **_judged(advice))


def record_review_mistakes(review: Any, seat: Seat, deal_record: dict[str, Any], standing: Standing | None) -> Said:
    """Issue 25: the bidding decisions of ``seat`` a review judged mistakes go into the mistake deck,
    each with the deal's record up to it (``deal_record``: the whole deal's)."""
    import json

    said: Said = ()
    for decision in review.of(seat):
        if decision.kind != "bid" or not decision.advice.mistake:
            continue
        before = dict(deal_record, actions=deal_record["actions"][:decision.index])
        said += record_mistake(json.dumps(before), decision.advice, "review",
                               None if standing is None else (standing.mine, standing.theirs, standing.target))
    return said


def forget_taken_back(match: str, deal: int, action_indices: list[int]) -> Said:
    """Delete from the statistics and the mistake deck the player's decisions taken back with undo (in
    a worker)."""
    return record(stats.forget_decisions, match, deal, action_indices) + record(mistakes.forget, match, deal,
                                                                                 action_indices)


def undo(session: Session) -> tuple[str, int, list[int]] | None:
    """Take back the player's last decision (``Session.undo``); what the statistics must forget, as
    :func:`forget_taken_back`'s arguments, or None when there was nothing to take back."""
    number = session.match.number
    if not session.undo() or session.taken_back is None:
        return None
    return session.id, number, [session.taken_back]


@dataclass(frozen=True)
class _Write:
    """One thing for the statistics: a function of this module and its arguments; ``coach``: it asks
    the coach first (a card's judgement), the one slow kind."""

    function: Callable[..., Said]
    args: tuple[Any, ...]
    coach: bool = False


class StatsWriter:
    """Everything the table sends to the statistics and the mistake deck (issue 22: no Textual here):
    the verdicts on bids, the cards to judge, the decisions taken back, the deals. Play never waits for
    it: each is queued, and one worker (the screen's) writes them in the order they came, so a
    decision taken back is forgotten after it was recorded, and the bot's worker always finds a thread
    free (a worker per card would fill the pool in a quick run of tricks). Each method says whether no
    worker is writing, so the caller must start one to run :meth:`drain`."""

    def __init__(self) -> None:
        self._queue: deque[_Write] = deque()
        self._lock = threading.Lock()
        self._running = False

    def bid(self, verdict: Advice, preset: str, practice: bool, position: Position | None) -> bool:
        """The coach's verdict on a bid of the player (``record_bid``)."""
        return self._add(_Write(record_bid, (verdict, preset, practice, position)))

    def card(self, view: PlayerView, action: Action, standing: Standing, preset: str, practice: bool,
             position: Position | None = None) -> bool:
        """A card of the player, to be judged as the bids are and recorded (``judge_card``)."""
        return self._add(_Write(judge_card, (view, action, standing, preset, practice, position), coach=True))

    def taken_back(self, match: str, deal: int, action_indices: list[int]) -> bool:
        """The decisions undo took back leave the statistics and the mistake deck (``forget_taken_back``)."""
        return self._add(_Write(forget_taken_back, (match, deal, action_indices)))

    def deal(self, record: DealStats) -> bool:
        """A finished deal, and the match if it ended with it (``DealStats.write``)."""
        return self._add(_Write(DealStats.write, (record,)))

    @property
    def busy(self) -> bool:
        """Something is queued or being written (issue 31: the match's report waits for it)."""
        with self._lock:
            return self._running or bool(self._queue)

    def _add(self, write: _Write) -> bool:
        with self._lock:
            self._queue.append(write)
            if self._running:
                return False
            self._running = True
            return True

    def drain(self, tell: Callable[[Said], object], stop: Callable[[], bool]) -> None:
        """Write what is queued, in order (in the worker), telling what each write met (its notes and
        errors, :data:`Said`) for the screen to word. Once ``stop()`` says so (the app is closing), the
        cards still to judge stay queued and only the writes that need no coach are made."""
        try:
            while True:
                with self._lock:
                    write = self._next(stop())
                    if write is None:
                        self._running = False
                        return
                problem = write.function(*write.args)
                if problem:
                    tell(problem)
        except BaseException:  # the worker reports the error; the next write must still start a worker
            with self._lock:
                self._running = False
            raise

    def _next(self, stopping: bool) -> _Write | None:
        if not stopping:
            return self._queue.popleft() if self._queue else None
        write = next((w for w in self._queue if not w.coach), None)
        if write is not None:
            self._queue.remove(write)
        return write


@dataclass(frozen=True)
class DealStats:
    """What the statistics keep of a finished deal (read on the main thread, written in a worker)."""

    preset: str
    practice: bool
    maker: str | None  # "player", "bot", or None (thrown in)
    outcome: str
    match_over: bool
    won: bool
    match: str | None = None  # the match id and deal number: its decisions get its outcome
    deal: int | None = None

    def write(self) -> Said:
        """Record the deal, and the match when it ended with it; what the writes met."""
        said = record(stats.record_deal, self.preset, self.practice, self.maker, self.outcome, match=self.match,
                      deal=self.deal)
        if self.match_over:
            said += record(stats.record_match, self.preset, self.practice, self.won, match=self.match)
        return said


def deal_stats(session: Session, finished: Finished) -> DealStats | None:
    """A deal of a match is over: what to record of it (None when watching the bots)."""
    if session.watch:
        return None
    result = finished.deal.result()
    maker = None if result.maker is None else ("player" if result.maker == finished.human_seat else "bot")
    return DealStats(session.rules.preset, session.practice, maker, result.outcome, session.match.is_over,
                     session.match.winner == 0, session.id, finished.row.number)


_STATS_LOCK = threading.Lock()  # one writer at a time: each record is a read, an append, a write


def record(function: Callable[..., list[Note]], *args: object, **kwargs: object) -> Said:
    """Call a ``stats.record_*`` or mistake deck function from a worker thread: its notes, or the
    OSError (a StorageError, a full disk) that stopped it."""
    with _STATS_LOCK:
        try:
            return tuple(function(*args, **kwargs))
        except OSError as error:
            return (error,)
