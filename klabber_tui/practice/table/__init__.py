"""The table's flow without Textual (issue 30), in four parts:

- ``state``: the vocabulary, the table's states and what a step can come to, plain data;
- ``controller``: ``TableController``, the flow itself: each key's rule in each state, the bot's turn,
  what the screen does after a step;
- ``verdicts``: the coach at the table, a pipeline fed by the screen's workers in any order;
- ``when``: when each page of the registry (klabber_tui/ui/pages.py) opens.

The screen (klabber_tui/ui/screens/table/screen.py) lays out, binds keys, calls in here and draws the answer.
"""

from __future__ import annotations

from klabber_tui.practice.table.controller import TableController
from klabber_tui.practice.table.state import (BIDS, CLOSED, PLAYER_STATES, After, Applied, AskBella, BotTurn, Declined,
                                              Forced, Position, Refused, Released, Step, TableState, Told, Undone)
from klabber_tui.practice.table.verdicts import (Prepared, TableCoach, VerdictPipeline, bids_to_judge_again,
                                                 decision_to_prepare)

__all__ = ["BIDS", "CLOSED", "PLAYER_STATES", "After", "Applied", "AskBella", "BotTurn", "Declined", "Forced",
           "Position", "Prepared", "Refused", "Released", "Step", "TableCoach", "TableController", "TableState",
           "Told", "Undone", "VerdictPipeline", "bids_to_judge_again", "decision_to_prepare"]
