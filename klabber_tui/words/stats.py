"""The statistics page's and ``klabber stats``'s columns and kinds.
"""

from __future__ import annotations

from klabber_tui.words.i18n import pgettext


def stats_columns_words() -> tuple[str, ...]:
    return (
        '',
        pgettext('stats.column.matches', 'matches'),
        pgettext('stats.column.won', 'won'),
        pgettext('stats.column.made', 'made'),
        pgettext('stats.column.bust', 'bust'),
        pgettext('stats.column.tie', 'tie'),
        '',
        pgettext('stats.column.decisions', 'decisions'),
        pgettext('stats.column.agree', 'agree'),
        pgettext('stats.column.lost', 'lost'),
    )


def stats_kind_words() -> dict[str, str]:
    return {
        'bid': pgettext('stats.kind.bid', 'bids'),
        'card': pgettext('stats.kind.card', 'cards'),
    }


STATS_TABLE_TITLE = "{preset}"


def stats_trend_kind_words() -> dict[str, str]:
    return {
        'bid': pgettext('stats.trend.kind.bid', 'bidding'),
        'card': pgettext('stats.trend.kind.card', 'card'),
    }


NO_VALUE = "—"
