"""The mistake deck's entries as drill positions, and back (issue 25): apart from the deck
(``data.mistakes``), which stores and checks its entries as plain data and must not need the drill, the
bot or numpy to read a file; and apart from the drill (``practice.drill``), which deals its positions
and need not know the deck's file. Here too: what an answer to a drilled position does to the deck.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.record import record_of
from klabber_tui.data import mistakes
from klabber_tui.data.mistakes import key_of, standing_of
from klabber_tui.data.schemas import Note
from klabber_tui.practice.drill import Answer, Position, position_of_record

if TYPE_CHECKING:
    from ai.utility import Standing


def position_of_entry(entry: dict[str, Any]) -> Position:
    """The entry as a drill's position (its record, its standing)."""
    return position_of_record(entry["record"], standing_of(entry))


def standing_of_position(position: Position) -> Standing | None:
    """A position's standing as the coach takes it (``ai.utility.Standing``), or None."""
    from ai.utility import Standing

    return None if position.standing is None else Standing(*position.standing)


def entry_key(position: Position) -> str | None:
    """The deck's key of a position asked from the deck (None for one dealt by a drill)."""
    return None if position.record is None else key_of(json.loads(position.record))


def answer_deck(position: Position, advice: Any, answer: Answer, entry: dict[str, Any] | None,
                coach_level: str) -> tuple[str | None, Sequence[Note]]:
    """Issue 25: a mistake goes into the deck; a position asked from the deck moves on its schedule
    (or retires, when the coach no longer calls its first answer a mistake). The result and the
    deck's notes (what it could not keep), for the interface to word."""
    from ai.coach import judge

    key = entry_key(position)
    if key is None:
        if not answer.mistake:
            return None, ()
        assert position.record is None
        record = record_of(position.deal())
        return None, mistakes.add(record, choice=str(answer.chosen), best=str(answer.best), level=coach_level,
                                  source="drill")
    # the first answer, as the deck wrote it (record notation): the legal action that writes so
    first = None if entry is None else next((a for a in position.view().legal if str(a) == entry["choice"]), None)
    if first is not None and first in advice.evaluation.samples and not judge(
            position.view(), advice.evaluation, first).mistake:
        result = mistakes.RETIRED
    else:
        result = mistakes.RIGHT if answer.agreed else mistakes.WRONG
    if result == mistakes.RIGHT and entry is not None and entry["box"] == len(mistakes.BOXES) - 1:
        result = "learnt"
    return result, mistakes.answered(key, mistakes.RIGHT if result == "learnt" else result)
