"""The mistake deck's entries as drill positions, and back (issue 25): apart from the deck
(``data.mistakes``), which stores and checks its entries as plain data and must not need the drill, the
bot or numpy to read a file; and apart from the drill (``practice.drill``), which deals its positions
and need not know the deck's file.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from klabber_tui.data.mistakes import key_of, standing_of
from klabber_tui.practice.drill import Position, position_of_record

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
