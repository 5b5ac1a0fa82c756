"""A deal for a person, as Rich renderables: hands, bidding, the declaration dialogue, tricks, score."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.cards import mask_of, sorted_cards
from engine.deal import Deal
from engine.record import Record
from engine.rules import SEATS

from klabber_tui.words import text
from klabber_tui.words.text import card_text, event_text


def render_deal(record: Record, deal: Deal) -> RenderableType:
    trump = deal.trump

    def hand_line(cards: tuple[int, ...] | None) -> str:
        if cards is None:
            return "—"
        return " ".join(card_text(c) for c in sorted_cards(mask_of(cards), trump))

    hands = Table(title=text.replay_words()["title"].format(title=text.preset_title(record.rules.info.name)), show_lines=False)
    hands.add_column(text.replay_words()["seat"])
    hands.add_column(text.replay_words()["first"])
    hands.add_column(text.replay_words()["extra"])
    for i, seat in enumerate(SEATS):
        hands.add_row(text.seat_names_words()[seat], hand_line(deal.first[i]), hand_line(deal.extra[i]))
    shown = text.replay_words()["turn_up"].format(card=card_text(deal.turn_up_card))
    if deal.bottom is not None:
        shown += text.replay_words()["bottom"].format(card=card_text(deal.bottom))
    log = Text()
    for event in deal.events:
        if event.kind == "extra_deal":
            continue
        line = event_text(event)
        if line:
            log.append(line + "\n")
    result = deal.result()
    score = Table(title=text.replay_words()["score"].format(outcome=text.outcome_words()[result.outcome]))
    score.add_column("")
    for key in ("cards", "last_trick", "sequences", "bella", "total", "scored"):
        score.add_column(text.replay_words()[key], justify="right")
    for seat in SEATS:
        row = result.seat(seat).as_dict()
        marker = text.replay_words()["maker"] if result.maker == seat else ""
        score.add_row(text.seat_names_words()[seat] + marker, *(str(row[k]) for k in row))
    return Group(hands, Text(shown), Text(""), log, score)
