"""Argument types and the one-line failure shared by every ``klabber`` subcommand."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn


def fail(message: str) -> NoReturn:
    """One line on standard error and exit status 2: how every bad input ends."""
    print(f"klabber: {message}", file=sys.stderr)
    raise SystemExit(2)


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number from ``low`` (to ``high``), naming the range when refused."""
    allowed = f"from {low} to {high}" if high is not None else f"of {low} or more"

    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number {allowed}, not {value!r}") from None
        if number < low or (high is not None and number > high):
            raise argparse.ArgumentTypeError(f"must be a whole number {allowed}, not {value!r}")
        return number

    return parse
