"""The talon (stock) with its count, the turn-up card and the bottom card once shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal

from klabber_tui.ui.widgets.labelled import LabelledCard
from klabber_tui.words.table.phrases import area_words


class TalonView(Horizontal):
    def compose(self) -> ComposeResult:
        yield LabelledCard(area_words()["talon"], id="talon")
        yield LabelledCard(area_words()["turn_up"], id="turn-up")
        yield LabelledCard(area_words()["bottom"], id="bottom")

    def show(self, stock: int, face_up: int, turn_up_label: str, bottom: int | None,
             four_colour: bool) -> None:
        self.query_one("#talon", LabelledCard).show(
            None, caption=f"{area_words()['talon']} {stock}", back=True)
        self.query_one("#turn-up", LabelledCard).show(
            face_up, caption=turn_up_label, four_colour=four_colour)
        self.query_one("#bottom", LabelledCard).show(bottom, caption=area_words()["bottom"], four_colour=four_colour)
