"""What a terminal would show: the screen's lines as text, painted the way the terminal is painted."""

from __future__ import annotations

from typing import Any


def screen_lines(app: Any) -> list[str]:
    """The lines on screen now (the top screen and what shows through it), from its compositor."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def screen_text(app: Any) -> str:
    return "\n".join(screen_lines(app))


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces made single spaces: wrapped words read as one."""
    return " ".join(text.split())
