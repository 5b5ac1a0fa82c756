"""``klabber replay FILE``: a deal for a person, as Rich renderables (hands, bidding, the declaration
dialogue, tricks, score)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.cards import (
    mask_of,
    sorted_cards,
)
from engine.deal import Deal
from engine.record import Record
from engine.rules import SEATS
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.cards import card_text, event_text
from klabber_tui.words.cards import outcome_words, seat_names_words
from klabber_tui.words.names import preset_title


# ``klabber replay FILE``: the deal for a person (replay_view.py).
def replay_words() -> dict[str, str]:
    return {
        'title': pgettext('replay.title', 'Deal ({title})'),
        'seat': pgettext('replay.seat', 'Seat'),
        'first': pgettext('replay.first', 'First six'),
        'extra': pgettext('replay.extra', 'Extra three'),
        'turn_up': pgettext('replay.turn_up', 'Turn-up: {card}'),
        'bottom': pgettext('replay.bottom', '   Bottom: {card}'),
        'score': pgettext('replay.score', 'Score: {outcome}'),
        'cards': pgettext('replay.cards', 'cards'),
        'last_trick': pgettext('replay.last_trick', 'last trick'),
        'sequences': pgettext('replay.sequences', 'sequences'),
        'bella': pgettext('replay.bella', 'bella'),
        'total': pgettext('replay.total', 'total'),
        'scored': pgettext('replay.scored', 'scored'),
        'maker': pgettext('replay.maker', ' (maker)'),
    }


def render_deal(record: Record, deal: Deal) -> RenderableType:
    trump = deal.trump

    def hand_line(cards: tuple[int, ...] | None) -> str:
        if cards is None:
            return "—"
        return " ".join(card_text(c) for c in sorted_cards(mask_of(cards), trump))

    hands = Table(title=replay_words()["title"].format(title=preset_title(record.rules.info.name)), show_lines=False)
    hands.add_column(replay_words()["seat"])
    hands.add_column(replay_words()["first"])
    hands.add_column(replay_words()["extra"])
    for i, seat in enumerate(SEATS):
        hands.add_row(seat_names_words()[seat], hand_line(deal.first[i]), hand_line(deal.extra[i]))
    shown = replay_words()["turn_up"].format(card=card_text(deal.turn_up_card))
    if deal.bottom is not None:
        shown += replay_words()["bottom"].format(card=card_text(deal.bottom))
    log = Text()
    for event in deal.events:
        if event.kind == "extra_deal":
            continue
        line = event_text(event)
        if line:
            log.append(line + "\n")
    result = deal.result()
    score = Table(title=replay_words()["score"].format(outcome=outcome_words()[result.outcome]))
    score.add_column("")
    for key in ("cards", "last_trick", "sequences", "bella", "total", "scored"):
        score.add_column(replay_words()[key], justify="right")
    for seat in SEATS:
        row = result.seat(seat).as_dict()
        marker = replay_words()["maker"] if result.maker == seat else ""
        score.add_row(seat_names_words()[seat] + marker, *(str(row[k]) for k in row))
    return Group(hands, Text(shown), Text(""), log, score)
