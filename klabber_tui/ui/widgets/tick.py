"""A checkbox whose state reads without colour (issue 24).

Textual's checkbox draws ``▐X▌`` ticked or not, only the colour differs: in some themes, in
monochrome and under ``--ascii`` a player cannot tell "Coach after each bid" on from off. This one
draws ``[x]`` or ``[ ]``, plain ASCII, the same in every theme.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox

ON, OFF = "[x]", "[ ]"


class TickBox(Checkbox):
    """A ``Checkbox`` drawn as ``[x] label`` when ticked and ``[ ] label`` when not."""

    def render(self) -> Content:
        label = self.label.pad(1, 1).stylize_before(self.get_visual_style("toggle--label"))
        mark = Content(ON if self.value else OFF).stylize_before(self.get_visual_style("toggle--button"))
        return Content.assemble(mark, label)
