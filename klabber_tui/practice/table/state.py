"""The table's vocabulary (issue 30): the states it can be in and what a step can come to.

Separate from the controller so the screen, the words and the tests name a state or a step's result
without the flow's machinery: every value here is plain data, the controller makes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from engine.actions import PASS, SCHMEISS, TAKE, Action, IllegalAction, Seat, Trick
from engine.view import PlayerView

from klabber_tui.practice import coaching
from klabber_tui.practice.session import Finished

if TYPE_CHECKING:
    from ai.utility import Standing

Position = tuple[int, int]  # (deal number, actions so far): one decision of the match (Session.position)


class Cancellable(Protocol):
    """What runs an evaluation (the screen's worker): the pipeline stops it when it is dropped."""

    def cancel(self) -> None: ...


class TableState(StrEnum):
    """What the table waits for. A decision of the player is named by its stage (the engine's names),
    so ``state == TableState.PLAY`` reads as the stage does."""

    NO_MATCH = "none"  # no session yet (the resume question, or nothing started)
    DRAWING = "drawing"  # the draw for the first dealer is on screen: no cards, no bot (issue 13)
    BOT = "bot"  # the bot (or, watching, either bot) is thinking
    HOLD = "hold"  # a finished trick is held in view until a key or the pace's timer
    BELLA = "bella"  # the player played trump Q or K holding both: announce bella?
    BIDDING_ROUND_ONE = "bidding_round_one"
    SCHMEISS_ANSWER = "schmeiss_answer"
    BIDDING_ROUND_TWO = "bidding_round_two"
    NAMING = "naming"
    PLAY = "play"
    DEAL_OVER = "deal_over"  # a deal ended and its summary is not closed yet
    MATCH_OVER = "over"


PLAYER_STATES = frozenset({TableState.BIDDING_ROUND_ONE, TableState.SCHMEISS_ANSWER, TableState.BIDDING_ROUND_TWO,
                           TableState.NAMING, TableState.PLAY})
CLOSED = frozenset({TableState.NO_MATCH, TableState.DRAWING, TableState.DEAL_OVER, TableState.MATCH_OVER})  # nothing to do
BIDS = {"take": TAKE, "pass": PASS, "schmeiss": SCHMEISS}  # the bid keys' and buttons' words, as actions


# -- what a step did ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Applied:
    """An action the engine accepted. ``bid`` and ``card``: the player's view before it, when it was
    a bidding or card-play choice the coach judges (issue 11), with the standing it is judged from."""

    seat: Seat
    action: Action
    position: Position  # where it was decided
    finished: Finished | None = None
    trick: Trick | None = None  # the trick it completed, now held in view
    bid: PlayerView | None = None
    card: PlayerView | None = None
    standing: Standing | None = None
    log_at: int | None = None  # the deal log's events just after it (None: it ended the deal)
    decided: coaching.Position | None = None  # issue 21: its id, seat and stage in the statistics


@dataclass(frozen=True)
class Refused:
    """The engine refused the action: its reason, for the screen to word."""

    error: IllegalAction


@dataclass(frozen=True)
class AskBella:
    """The card played is trump Q or K with its partner in hand: the player says whether bella."""

    card: int


@dataclass(frozen=True)
class Declined:
    """A key the table's flow refuses before the engine is asked (no card there, nothing to undo, not
    your turn…): ``reason`` names it for the words (``words.table.shown.declined_text``), ``n`` the card."""

    reason: str
    n: int = 0


@dataclass(frozen=True)
class Released:
    """The trick held in view went (a key, or the pace's timer)."""


@dataclass(frozen=True)
class Undone:
    """The player's last decision was taken back (and what followed it)."""


Step = Applied | Refused | AskBella | Declined | Released | Undone


@dataclass(frozen=True)
class BotTurn:
    """What the bot's worker needs: the bot's own view, its seed, and where the answer belongs."""

    view: PlayerView
    seed: int
    position: Position
    level: str
    seat: Seat
    standing: Standing | None
    delay: float  # watching: the least time a move stays unseen, so the player can follow


@dataclass(frozen=True)
class Forced:
    """The one card the player may play, played by itself (``autoplay_forced``) once the screen is idle."""

    position: Position
    card: int


@dataclass(frozen=True)
class Told:
    """Something the coach says outside the log: ``failed`` (the evaluation's error) or ``verdict``."""

    failed: str | None = None
    verdict: object = None  # ai.coach.Advice, put in words by words.coach.verdicts.coach_log_line


@dataclass(frozen=True)
class After:
    """What the screen does after a step, as the controller decided: ``saved``: the session moved (the
    App saves it); ``summary``: the deal ended, show its summary; ``hold``: a trick is held in view
    (start its timer); ``advance``: go on (the bot, a forced card, or wait for the player)."""

    saved: bool = False
    summary: Finished | None = None
    hold: bool = False
    advance: bool = False
    stop: bool = False  # the held trick's timer and the bot's worker stop (a release, an undo)
    told: tuple[Told, ...] = ()  # what the coach says outside the log
