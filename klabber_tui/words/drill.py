"""The bidding drill's words: kinds of position, the words a player may answer, its columns and marks.
"""

from __future__ import annotations

from engine.situations import Situation
from klabber_tui.words.i18n import npgettext, pgettext


def drill_kind_words() -> dict[str, str]:
    """The situation a drilled position puts the player in, as a sentence; ``{seat}`` is theirs."""
    return {
        Situation.ROUND_ONE_ELDER: pgettext('drill.kind.round_one_elder', 'Round one: you are the elder hand and speak first.'),
        Situation.ROUND_ONE_DEALER: pgettext('drill.kind.round_one_dealer', 'Round one: you are the dealer.'),
        Situation.ROUND_TWO_ELDER: pgettext('drill.kind.round_two_elder', 'Round two: you are the elder hand.'),
        Situation.ROUND_TWO_DEALER: pgettext('drill.kind.round_two_dealer', 'Round two: you are the dealer; a pass throws the deal in.'),
        Situation.SCHMEISS_ANSWER: pgettext('drill.kind.schmeiss_answer', 'A schmeiss to answer: you are the {seat}.'),
        Situation.NAMING_AFTER_REFUSAL: pgettext('drill.kind.naming_after_refusal', 'You refused the schmeiss: name the trump, any suit; you are the {seat}.'),
    }


def drill_word_names_words() -> dict[str, str]:
    return {
        'take': pgettext('drill.word.names.take', 'take'),
        'pass': pgettext('drill.word.names.pass', 'pass'),
        'schmeiss': pgettext('drill.word.names.schmeiss', 'schmeiss'),
        'accept': pgettext('drill.word.names.accept', 'accept (throw in)'),
        'refuse': pgettext('drill.word.names.refuse', 'refuse'),
    }


def drill_columns_words() -> tuple[str, ...]:
    return (
        '',
        pgettext('drill.column.word', 'word'),
        pgettext('drill.column.points', 'points'),
        pgettext('drill.column.se', '± se'),
        pgettext('drill.column.maker_makes', 'maker makes'),
        pgettext('drill.column.loss', 'loss'),
    )


DRILL_BEST_MARK = "★"


def drill_seat_words() -> dict[str, str]:
    return {
        'elder': pgettext('drill.seat.elder', 'elder hand'),
        'dealer': pgettext('drill.seat.dealer', 'dealer'),
    }


DRILL_HANDS = "{who}: {cards}"


DRILL_MISTAKE_MARK = " ✗"  # a mistake by the coach's verdict, as counted in DRILL_END_PASS


DRILL_CLOSE_MARK = " ≈"  # a different word within the noise: drilled again, not a mistake


DRILL_STATS_PROBLEM = "{message}"


def within_points(margin: int) -> str:
    """How close the best two choices of a drilled position are: ``within 15 points``."""
    return npgettext('count.within_points', 'within {n} point', 'within {n} points', margin).format(n=margin)
