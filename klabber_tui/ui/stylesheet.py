"""The one stylesheet of both apps (issue 9: no CSS written in Python), read from the package data."""

from __future__ import annotations

from importlib import resources


def stylesheet() -> str:
    """assets/klabber.tcss, as shipped in the wheel."""
    return resources.files("assets").joinpath("klabber.tcss").read_text(encoding="utf-8")
