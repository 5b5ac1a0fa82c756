"""The coach's numbers in words (issue 24), the same on every surface (the coach page, the verdict
line, the review, the drill, ``klabber advise``): the points this deal is worth to the player, the
player minus the other; when the standing matters (``ai.coach.Advice.match_shown``), the chance to
win the match after each choice; and the one make chance, the calibrated chance that the maker
makes, with whose contract it is (the defender reads the rest).

The bot ranks the choices by its own value (the points plus the match stake, ``ev``); that figure
is shown by name only in ``klabber advise``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from klabber_tui.words import keys
from klabber_tui.words.i18n import decimal, npgettext, percent, pgettext

if TYPE_CHECKING:
    from ai.coach import Advice
    from ai.mc import ActionValue
    from engine.actions import Action


def points(value: float) -> str:
    """Whole points with their sign, never ``-0``: ``+12``, ``−34``, ``0``."""
    n = int(round(float(value))) + 0
    return f"{n:+d}".replace("-", "−") if n else "0"


def points_phrase(value: float) -> str:
    """``−34 points this deal``: a deal's points as a phrase, the noun agreeing with the number."""
    n = abs(int(round(float(value))))
    return npgettext("coach.points.this_deal", "{points} point this deal", "{points} points this deal",
                     n).format(points=points(value))


def columns(advice: Advice) -> list[str]:
    """The coach page's columns: mark, choice, points, the maker's chance, and the match chance
    where the standing matters."""
    names = ["", pgettext("coach.column.choice", "choice"), pgettext("coach.column.points", "points"),
             pgettext("coach.column.makes", "maker makes")]
    if advice.match_shown:
        names.append(pgettext("coach.column.match", "match"))
    return names


def points_cell(value: ActionValue) -> str:
    """The deal's points of a choice and their standard error: ``+17.3 ± 3.1``."""
    return f"{decimal(value.deal_ev, 1, sign=True)} ± {decimal(value.ev_se, 1)}"


def makes_cell(advice: Advice, action: Action) -> str:
    """The calibrated chance the maker makes, with whose contract it is: ``74% you``, ``26% bot``."""
    chance = advice.make_prob(action)
    if chance is None:
        return ""
    if advice.maker(action) == advice.view.seat:
        return pgettext("coach.cell.makes.you", "{chance} you").format(chance=percent(chance))
    return pgettext("coach.cell.makes.bot", "{chance} bot").format(chance=percent(chance))


def match_cell(value: ActionValue) -> str:
    return "" if value.win_prob is None else percent(value.win_prob)


def legend(advice: Advice) -> list[str]:
    """What each column means, the match line only where the match column is shown."""
    lines = [
        pgettext("coach.legend.points", "Points: what this deal is worth to you on average, you minus the bot "
                 "(± its sampling error)."),
        pgettext("coach.legend.makes", "Maker makes: the chance the maker (you or the bot) makes the contract; "
                 "when the bot is the maker, your chance to break it is the rest."),
    ]
    if advice.match_shown:
        lines.append(pgettext("coach.legend.match", "Match: your chance to win the match after this choice, "
                              "from the score and who deals next."))
    lines.append(pgettext("coach.legend.best", "★ the coach's choice: the most points, with what winning or "
                          "losing the match is worth added when this deal can end it."))
    return lines


def verdict_line(advice: Advice, chosen: str, best: str) -> str | None:
    """The deal log's verdict with both numbers where the standing matters (None: it does not, and
    the points-only line of ``words.coach.verdicts.coach_log_line`` says it all). ``chosen`` and ``best`` are the
    choices as words."""
    if not advice.match_shown or advice.chosen is None:
        return None
    value = advice.evaluation.value(advice.chosen)
    best_value = advice.evaluation.value(advice.best)
    if value.win_prob is None or best_value.win_prob is None:
        return None
    mine, theirs = percent(value.win_prob), percent(best_value.win_prob)
    if advice.chosen == advice.best:
        return pgettext("coach.verdict.best_match", "Coach: “{chosen}” is the best choice, {mine} to win the "
                        "match ({key}: why)").format(chosen=chosen, mine=mine, key=keys.VERDICT)
    phrase = points_phrase(-advice.points_lost(advice.chosen))
    if advice.mistake:
        return pgettext("coach.verdict.mistake_match", "Coach: “{chosen}” is a mistake against “{best}”: "
                        "{points}, {mine} to win the match against {theirs} ({key}: why)").format(
            chosen=chosen, best=best, points=phrase, mine=mine, theirs=theirs, key=keys.VERDICT)
    return pgettext("coach.verdict.close_match", "Coach: “{chosen}” is about as good as “{best}”: {points}, "
                    "{mine} to win the match against {theirs} ({key}: why)").format(
        chosen=chosen, best=best, points=phrase, mine=mine, theirs=theirs, key=keys.VERDICT)
