"""Duplicate-deal matches between two bots (``klabber arena``).

A board is a stream of shuffled decks from the seed, played at two tables with the seats swapped;
at each table decks are dealt until one is not thrown in, and that deal is the table's result,
scored from 0 to 0. Each board depends only on the seed and its number, so the result is the same
whatever the number of processes. Boards are handed to the processes a few at a time, so memory
grows with the number of processes, not with the number of boards.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from engine.deal import Deal, shuffled_deck
from engine.match import Match
from engine.actions import DEALER, ELDER, Seat
from engine.rules import RuleSet
from engine.scoring import BUST, MADE, THROWN_IN, TIE, Outcome

from .bots import ArenaBot
from .play_out import play_out
from .registry import make_arena_bot
from .utility import standings_of

MAX_REDEALS = 50
IN_FLIGHT_PER_JOB = 4  # boards queued per process: enough to keep it busy, few enough to stay small
CTRL_C_POLL_SECONDS = 0.25  # how often the waiting parent looks for a Ctrl+C it did not see raised


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity where the platform tells it), at least 1."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


class Side(StrEnum):
    """The two bots of an arena run, as its results (and --json) name them."""

    A = "a"
    B = "b"


@dataclass
class TableResult:
    margin: int  # A's scored minus B's
    maker: Side | None
    outcome: Outcome
    thrown_in: int


@dataclass
class ArenaResult:
    a: str
    b: str
    rules: str
    pairs: int
    board_margins: list[float] = field(default_factory=list)
    a_maker: dict[str, int] = field(default_factory=lambda: {MADE: 0, TIE: 0, BUST: 0})
    b_maker: dict[str, int] = field(default_factory=lambda: {MADE: 0, TIE: 0, BUST: 0})
    thrown_in: int = 0
    seconds: float = 0.0

    @property
    def margin_per_deal(self) -> float:
        return sum(self.board_margins) / len(self.board_margins) if self.board_margins else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return interval95(self.board_margins)

    def as_json(self) -> dict[str, object]:
        lo, hi = self.ci95
        return {
            "a": self.a, "b": self.b, "rules": self.rules, "pairs": self.pairs,
            "margin_per_deal": round(self.margin_per_deal, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "a_maker": dict(self.a_maker), "b_maker": dict(self.b_maker),
            "thrown_in": self.thrown_in, "seconds": round(self.seconds, 2),
            # Board by board, so two runs on the same boards can be compared paired (research/paired.py).
            "board_margins": list(self.board_margins),
        }


def board_seed(seed: int, board: int, redeal: int) -> int:
    return random.Random(f"arena:{seed}:{board}:{redeal}").getrandbits(63)


def play_table(bots: dict[Seat, ArenaBot], rules: RuleSet, seed: int, board: int, table: int) -> tuple[Deal, int]:
    """Deal from the board's stream until a deal is not thrown in; returns it and the throw-ins."""
    for redeal in range(MAX_REDEALS):
        deal = Deal.from_deck(rules, shuffled_deck(board_seed(seed, board, redeal)))
        play_out(deal, bots, lambda step: _step_seed(seed, board, table, step))
        if not deal.thrown_in:
            return deal, redeal
    return deal, MAX_REDEALS


def _step_seed(seed: int, board: int, table: int, step: int) -> int:
    return random.Random(f"decide:{seed}:{board}:{table}:{step}").getrandbits(63)


def play_board(a: str, b: str, rules: RuleSet, seed: int, board: int) -> tuple[float, list[TableResult]]:
    """Both tables of one board: A is the elder at table 0 and the dealer at table 1."""
    results = []
    bot_a, bot_b = make_arena_bot(a), make_arena_bot(b)
    for table, seats in enumerate(({ELDER: bot_a, DEALER: bot_b}, {ELDER: bot_b, DEALER: bot_a})):
        deal, thrown = play_table(seats, rules, seed, board, table)
        a_seat = ELDER if table == 0 else DEALER
        b_seat = DEALER if table == 0 else ELDER
        result = deal.result()
        maker = None if result.maker is None else (Side.A if result.maker == a_seat else Side.B)
        margin = result.seat(a_seat).scored - result.seat(b_seat).scored
        results.append(TableResult(margin, maker, result.outcome, thrown))
    return sum(r.margin for r in results) / 2, results


def _board_task(args: tuple[str, str, RuleSet, int, int]) -> tuple[int, float, list[TableResult]]:
    a, b, rules, seed, board = args
    margin, tables = play_board(a, b, rules, seed, board)
    return board, margin, tables


def run_arena(a: str, b: str, rules: RuleSet, boards: int, seed: int = 0, jobs: int = 1,
              on_board: Callable[[int], None] | None = None, first_board: int = 0) -> ArenaResult:
    """Play ``boards`` boards (from ``first_board``, for shards); the same figures for any ``jobs``.

    ``jobs`` is capped at :func:`usable_cpus`. Results are folded in board order as they arrive."""
    make_arena_bot(a), make_arena_bot(b)  # fail early on a bad name
    started = time.perf_counter()
    result = ArenaResult(a, b, rules.preset, boards)
    tasks = ((a, b, rules, seed, first_board + k) for k in range(boards))
    jobs = max(1, min(jobs, usable_cpus()))
    done = 0
    for _board, margin, tables in (map(_board_task, tasks) if jobs == 1 else _in_pool(tasks, jobs)):
        _fold(result, margin, tables)
        done += 1
        if on_board:
            on_board(done)
    result.seconds = time.perf_counter() - started
    return result


def _fold(result: ArenaResult, margin: float, tables: list[TableResult]) -> None:
    result.board_margins.append(margin)
    for t in tables:
        result.thrown_in += t.thrown_in
        if t.maker is Side.A:
            result.a_maker[t.outcome] += 1
        elif t.maker is Side.B:
            result.b_maker[t.outcome] += 1


# -- whole matches to the target (``klabber arena --target N``) ---------------------------------

MAX_MATCH_DEALS = 1000  # a match not decided after this many deals is stopped and counted undecided


@dataclass
class MatchPlay:
    """One play of a match: who won it, and A's total minus B's over the deals scored."""

    winner: Side | None  # None if stopped undecided
    margin: int
    deals: int  # deals scored, the thrown-in ones not counted


@dataclass
class MatchArenaResult:
    a: str
    b: str
    rules: str
    target: int
    pairs: int  # matches, each played twice with the players swapped
    pair_margins: list[float] = field(default_factory=list)  # A minus B per deal scored, per pair
    a_wins: int = 0
    b_wins: int = 0
    undecided: int = 0
    deals: int = 0
    seconds: float = 0.0

    @property
    def margin_per_deal(self) -> float:
        return sum(self.pair_margins) / len(self.pair_margins) if self.pair_margins else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return interval95(self.pair_margins)

    def as_json(self) -> dict[str, object]:
        lo, hi = self.ci95
        return {
            "a": self.a, "b": self.b, "rules": self.rules, "target": self.target, "pairs": self.pairs,
            "matches": 2 * self.pairs, "a_wins": self.a_wins, "b_wins": self.b_wins,
            "undecided": self.undecided, "deals": self.deals,
            "margin_per_deal": round(self.margin_per_deal, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "seconds": round(self.seconds, 2),
        }


def interval95(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` with the half-width of its normal 95% interval either side."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return (mean, mean)
    half = 1.96 * (sum((v - mean) ** 2 for v in values) / (n - 1) / n) ** 0.5
    return (mean - half, mean + half)


def match_seed(seed: int, pair: int) -> int:
    return random.Random(f"arena-match:{seed}:{pair}").getrandbits(63)


def play_match(bots: tuple[ArenaBot, ArenaBot], rules: RuleSet, seed: int, pair: int, play: int) -> Match:
    """One match to the target between ``bots`` (players 0 and 1), every bot told the standing."""
    match = Match(rules, match_seed(seed, pair))
    while not match.is_over and match.number <= MAX_MATCH_DEALS:
        seats = {match.seat_of(p): bots[p] for p in (0, 1)}
        number = match.number
        play_out(match.deal, seats, lambda step: _match_step_seed(seed, pair, play, number, step),
                 standings_of(match))
        match.finish_deal()
    return match


def _match_step_seed(seed: int, pair: int, play: int, number: int, step: int) -> int:
    return random.Random(f"decide-match:{seed}:{pair}:{play}:{number}:{step}").getrandbits(63)


def play_match_pair(a: str, b: str, rules: RuleSet, seed: int, pair: int) -> list[MatchPlay]:
    """The match of ``pair`` played twice, the same seeds, A as player 0 and then as player 1."""
    bot_a, bot_b = make_arena_bot(a), make_arena_bot(b)
    plays = []
    for play, bots in enumerate(((bot_a, bot_b), (bot_b, bot_a))):
        match = play_match(bots, rules, seed, pair, play)
        pa = 0 if play == 0 else 1
        totals = match.totals
        winner = None if match.winner is None else (Side.A if match.winner == pa else Side.B)
        scored = sum(1 for row in match.rows if row.outcome != THROWN_IN)
        plays.append(MatchPlay(winner, totals[pa] - totals[1 - pa], scored))
    return plays


def _match_task(args: Task) -> list[MatchPlay]:
    a, b, rules, seed, pair = args
    return play_match_pair(a, b, rules, seed, pair)


def run_match_arena(a: str, b: str, rules: RuleSet, pairs: int, seed: int = 0, jobs: int = 1,
                    on_pair: Callable[[int], None] | None = None, first_pair: int = 0) -> MatchArenaResult:
    """Play ``pairs`` matches to ``rules.target``, each twice with the players swapped; the same
    figures for any ``jobs``."""
    make_arena_bot(a), make_arena_bot(b)  # fail early on a bad name
    started = time.perf_counter()
    result = MatchArenaResult(a, b, rules.preset, rules.target, pairs)
    tasks = ((a, b, rules, seed, first_pair + k) for k in range(pairs))
    jobs = max(1, min(jobs, usable_cpus()))
    done = 0
    for plays in (map(_match_task, tasks) if jobs == 1 else _pool_map(_match_task, tasks, jobs)):
        deals = sum(p.deals for p in plays)
        result.pair_margins.append(sum(p.margin for p in plays) / deals if deals else 0.0)
        result.deals += deals
        for p in plays:
            result.a_wins += p.winner is Side.A
            result.b_wins += p.winner is Side.B
            result.undecided += p.winner is None
        done += 1
        if on_pair:
            on_pair(done)
    result.seconds = time.perf_counter() - started
    return result


BoardDone = tuple[int, float, list[TableResult]]
Task = tuple[str, str, RuleSet, int, int]
Done = TypeVar("Done")


def _in_pool(tasks: Iterator[Task], jobs: int) -> Generator[BoardDone, None, None]:
    """The boards' results in board order, from ``jobs`` processes (see ``_pool_map``)."""
    yield from _pool_map(_board_task, tasks, jobs)


def _pool_map(work: Callable[[Task], Done], tasks: Iterator[Task], jobs: int) -> Generator[Done, None, None]:
    """The tasks' results in task order, from ``jobs`` processes with a bounded number in flight.

    ``ProcessPoolExecutor.map`` would submit every board at once; here a new board is submitted
    only when one finishes, and a finished board waits only for the earlier ones still running."""
    window = jobs * IN_FLIGHT_PER_JOB
    interrupted = threading.Event()
    previous = _catch_ctrl_c(interrupted)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker)
    try:
        running: dict[Future[Done], int] = {}
        finished: dict[int, Done] = {}
        order = 0  # the position (0, 1, ...) of the next board to hand back
        position = 0
        exhausted = False
        while True:
            while not exhausted and len(running) + len(finished) < window:
                task = next(tasks, None)
                if task is None:
                    exhausted = True
                    break
                running[pool.submit(work, task)] = position
                position += 1
            if not running and not finished:
                return
            if order not in finished:
                ready: set[Future[Done]] = set()
                while not ready:
                    if interrupted.is_set():  # a Ctrl+C whose KeyboardInterrupt was swallowed
                        raise KeyboardInterrupt
                    ready, _ = wait(running, timeout=CTRL_C_POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in ready:
                    finished[running.pop(future)] = future.result()
            while order in finished:
                yield finished.pop(order)
                order += 1
    finally:  # on Ctrl+C or an error, boards not yet started are dropped, not played out
        pool.shutdown(wait=True, cancel_futures=True)
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _catch_ctrl_c(interrupted: threading.Event) -> signal.Handlers | Callable[..., object] | int | None:
    """Ctrl+C in the parent sets ``interrupted`` as well as raising KeyboardInterrupt, and the pool's
    loop checks it: a KeyboardInterrupt raised while the parent runs a finaliser or a ``__del__``
    (the pool's own, say) is printed and dropped by Python, and the run would go on. The handler it
    replaces is returned (None off the main thread, where no handler can be set)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: object) -> None:
        interrupted.set()
        raise KeyboardInterrupt

    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, stop)
    return previous


def _start_worker() -> None:
    """A worker leaves the signals of the terminal to the parent, and ends with it."""
    _leave_ctrl_c_to_the_parent()
    _end_with_the_parent()


def _leave_ctrl_c_to_the_parent() -> None:
    """Workers ignore Ctrl+C and a hangup (both reach the whole group): the parent stops the run, and
    no worker prints a traceback. SIGTERM gets its default back (a forked worker inherits whatever
    the parent set), so a worker can still be ended on its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    hangup = getattr(signal, "SIGHUP", None)  # not on Windows
    if hangup is not None:
        signal.signal(hangup, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _end_with_the_parent() -> None:
    """Issue 21: a worker whose parent is gone (ended by SIGTERM, or even SIGKILL, before it could shut
    the pool down) ends too, instead of waiting for boards for ever. It watches the parent's sentinel,
    which multiprocessing gives every child on every platform."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
