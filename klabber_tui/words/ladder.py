"""The player's bidding on the bot's ladder in words (issue 31, item 4): ``practice.ladder``'s
placement as one or two sentences, for the report, the statistics page and ``klabber stats``."""

from __future__ import annotations

from ai.ladder import Placement, PlacementCode, Rung

from klabber_tui.words.i18n import decimal, npgettext, pgettext
from klabber_tui.words.names import level_text, preset_title


def rung_text(rung: Rung) -> str:
    """A rung: its level, or its levels that cannot be told apart joined ("easy = normal")."""
    return " = ".join(level_text(level) for level in rung.levels)


def placement_text(found: Placement) -> str:
    """"Your bidding: between easy and normal (95%: 0.9 to 2.1 points lost a decision); 84 decisions."
    then how many more decisions separate the rungs, and the levels a preset cannot tell apart."""
    if found.code is PlacementCode.NONE:
        line = pgettext("ladder.none", "Your bidding on the bot's ladder: not placed yet.")
    else:
        rungs = [rung_text(r) for r in found.rungs]
        where = {
            PlacementCode.AT: pgettext("ladder.at", "at {a}"),
            PlacementCode.BETWEEN: pgettext("ladder.between", "between {a} and {b}"),
            PlacementCode.SPAN: pgettext("ladder.span", "anywhere from {a} to {b}"),
            PlacementCode.BELOW: pgettext("ladder.below", "below {a}"),
            PlacementCode.ABOVE: pgettext("ladder.above", "above {a}"),
        }[found.code].format(a=rungs[0], b=rungs[-1])
        line = npgettext("ladder.placed", "Your bidding: {where} (95%: {low} to {high} points lost a decision); "
                         "{n} decision.", "Your bidding: {where} (95%: {low} to {high} points lost a decision); "
                         "{n} decisions.", found.n).format(where=where, low=decimal(found.low, 2),
                                                            high=decimal(found.high, 2), n=found.n)
    if found.more_needed:
        line += " " + npgettext("ladder.more", "{more} more decision needed to tell the levels apart ({needed} in all).",
                                "{more} more decisions needed to tell the levels apart ({needed} in all).",
                                found.more_needed).format(more=found.more_needed, needed=found.needed)
    for rung in found.merged:
        line += " " + pgettext("ladder.merged", "In {preset} these levels cannot be told apart: {levels}.").format(
            levels=rung_text(rung), preset=preset_title(found.preset))
    return line


def suggestion_text(level: str, key: str) -> str:
    """The one level suggestion at a match's end (never chosen for the player)."""
    return pgettext("ladder.suggest", "Your bidding lies above the level you faced: {key} plays the next match "
                                      "at {level}.").format(level=level_text(level), key=key)
