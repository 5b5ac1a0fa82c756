"""What if (issue 25): one decision of a recorded deal made another way, and the deal played on.

Three lines of the same cards (both hands, the extra deal, the bottom card): what happened (the
record), the record's own choice at the decision continued by the bots, and the other choice
continued by the same bots. Both continued lines are played by one level for both seats through
the one driver (``ai.play_out``) with the same seeds step by step, so the difference between them
is the decision's and not the play's; the coach's evaluation of the decision, from the deciding
seat's view only, says what the choice was worth before the cards fell (judgement, not luck).

No words here: a refusal is a :class:`WhatIfRefusal` with a code and its facts, worded by the
interface.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.actions import SEATS, Action, IllegalAction, Seat
from engine.deal import Deal
from engine.record import Record

from . import registry
from .coach import Advice, advise
from .play_out import play_out
from .registry import make_bot


class Refusal(StrEnum):
    """Why a what-if cannot be played."""

    INDEX = "index"  # N is not the index of one of the record's actions
    NOT_AN_ACTION = "not_an_action"  # ACTION is not written in record notation
    NOT_LEGAL = "not_legal"  # ACTION is not one of the legal choices of N's seat at N
    CARDS_MISSING = "cards_missing"  # a line fixes the trump but the record has no extra deal


class WhatIfRefusal(ValueError):
    """A what-if that cannot be played: ``code`` says why, ``detail`` gives the facts (``index``,
    ``count`` of actions, ``seat``, ``action``, the ``allowed`` actions, the ``line`` that needs
    the cards)."""

    def __init__(self, code: Refusal, **detail: Any) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


class Line(StrEnum):
    """The two continued lines, by the choice made at the decision."""

    BOTS = "bots"  # the record's own choice, continued by the bots
    WHAT_IF = "what_if"  # the other choice, continued by the same bots


@dataclass(frozen=True)
class WhatIf:
    index: int
    seat: Seat
    original: Action  # what the record did at ``index``
    alternative: Action  # the other choice
    level: str
    seed: int
    actual: Deal  # the record replayed
    lines: dict[Line, Deal]  # each continued line, finished (or thrown in)
    # The coach on the decision from ``seat``'s view, the original choice judged; None for an
    # exchange made out of turn, which is no decision of the seat to act.
    advice: Advice | None


def step_seed(seed: int, step: int) -> int:
    """The seed of a continued line's ``step``-th decision; the same for both lines, so the bots
    meet equal positions with equal seeds and only the decision tells the lines apart."""
    digest = hashlib.sha256(f"what-if:{seed}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def position(record: Record, index: int) -> tuple[Deal, Seat, Action]:
    """The deal just before action ``index``, the seat that acted there and what it did; the
    record is assumed replayable (``engine.record.replay`` checked it)."""
    count = len(record.actions)
    if not 0 <= index < count:
        raise WhatIfRefusal(Refusal.INDEX, index=index, count=count)
    deal = record.new_deal()
    for seat, action in record.actions[:index]:
        deal.apply(seat, action)
    seat, written = record.actions[index]
    after = deal.clone()
    after.apply(seat, written)  # the record's text read by the engine, as replay reads it
    return deal, seat, after.actions[-1][1]


def choices(deal: Deal, seat: Seat) -> list[Action]:
    """What ``seat`` could do at this point of the deal (the legal actions)."""
    return deal.legal_actions(seat)


def check_choice(deal: Deal, seat: Seat, index: int, action: Action) -> None:
    """Refuse ``action`` unless ``seat`` may take it here."""
    if action not in choices(deal, seat):
        raise WhatIfRefusal(Refusal.NOT_LEGAL, index=index, seat=seat, action=str(action),
                            allowed=tuple(str(a) for a in choices(deal, seat)))


def allowed_at(record: Record, index: int) -> tuple[Seat, tuple[str, ...]]:
    """The seat of action ``index`` and what it could have done there (record notation)."""
    before, seat, _ = position(record, index)
    return seat, tuple(str(a) for a in choices(before, seat))


def continue_line(before: Deal, seat: Seat, action: Action, level: str, seed: int) -> Deal:
    """The deal with ``action`` made at the decision and played to its end by ``level`` for both
    seats; IllegalAction ``extra_unknown`` where the line fixes the trump and the record has no
    extra deal."""
    bot = make_bot(f"mc:{level}")
    deal = before.clone()
    deal.apply(seat, action)
    play_out(deal, {s: bot for s in SEATS}, lambda step: step_seed(seed, step))
    return deal


def what_if(record: Record, index: int, alternative: Action, seed: int = 0, level: str | None = None) -> WhatIf:
    """Action ``index`` of ``record`` made as ``alternative`` instead, both lines played on by the bots
    of ``level`` (the verdict level by default), and the coach's view of the decision."""
    from engine.record import replay

    level = registry.VERDICT_LEVEL if level is None else level
    actual = replay(record)
    before, seat, original = position(record, index)
    check_choice(before, seat, index, alternative)
    lines: dict[Line, Deal] = {}
    for line, action in ((Line.WHAT_IF, alternative), (Line.BOTS, original)):
        try:
            lines[line] = continue_line(before, seat, action, level, seed)
        except IllegalAction as refused:
            if refused.code != "extra_unknown":
                raise
            raise WhatIfRefusal(Refusal.CARDS_MISSING, index=index, seat=seat, action=str(alternative), line=line) from None
    # The coach's own seed (from the view), so its figures are the review's and the table's.
    advice = advise(before.view(seat), original, level) if before.to_act == seat else None
    return WhatIf(index, seat, original, alternative, level, seed, actual, lines, advice)
