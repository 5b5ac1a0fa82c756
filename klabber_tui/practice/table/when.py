"""When a page opens from the table (issue 30): the ``when`` of each line of the page registry
(klabber_tui/ui/pages.py), as predicates of the table's state.

Separate so the registry, which is the interface's, reads its conditions from the practice room
without Textual, and a test checks each one on a controller alone. Each takes the controller and
whether the table is the page on top (``on_top``).
"""

from __future__ import annotations

from klabber_tui.practice import coaching
from klabber_tui.practice.table.controller import TableController
from klabber_tui.practice.table.state import CLOSED


def always(_table: TableController, _on_top: bool = True) -> bool:
    """Settings, help, the statistics: whatever the table shows."""
    return True


def in_a_deal(table: TableController, on_top: bool = True) -> bool:
    """The table is on top and a deal is being played (no draw, no summary, no match over)."""
    return on_top and table.session is not None and table.state not in CLOSED


def decision(table: TableController, on_top: bool = True) -> bool:
    """The coach: the player has a decision on the table (not watching)."""
    return in_a_deal(table, on_top) and coaching.can_coach(table.session, table.state)


def match_to_report(table: TableController, on_top: bool = True) -> bool:
    """Issue 31: the match's report so far: in a deal of a match the player plays (not watching: a
    watched match has no report)."""
    return in_a_deal(table, on_top) and table.session is not None and not table.session.watch


def deal_to_review(table: TableController, on_top: bool = True) -> bool:
    """The review: a deal of this match is over, and the player played it (not watching)."""
    s = table.session
    return in_a_deal(table, on_top) and s is not None and s.last is not None and not s.watch
