"""The map from the bot's raw make chance to a calibrated one (issue 24: honest numbers).

Raw chances come from playouts in sampled worlds and are a little off (a round-one take's low
chances realise more often than the raw figure says, a round-two naming's less, and a contract after
a refused schmeiss much more: the bot's model reads nothing into a schmeiss). So each chance is
mapped through a monotone piecewise-linear table for its kind of bid, fitted by
``research/calibrate_coach.py fit --by-kind`` (a logistic map on the log-odds, two parameters a
kind) on forced bids played out by the ``normal`` level's cards, and checked on deals of other seeds
and in every preset (``docs/coach.md``, "The make chance over the whole range"). A chance with no kind
of bid (during play) takes the map of all bids pooled.
"""

from __future__ import annotations

from enum import StrEnum

from engine.actions import ActionKind, Action, Stage

Knots = tuple[tuple[float, float], ...]


class ChanceKind(StrEnum):
    """The bid a make chance follows: what it is mapped by."""

    TAKE = "take"  # round one: the turn-up's suit taken (rules.md §4.1)
    NAME = "name"  # round two: a suit named (rules.md §4.2)
    ANSWER = "answer"  # a refused schmeiss: the schmeisser's contract, or the suit the refuser names (§4.3)


def chance_kind(stage: str, action: Action) -> ChanceKind | None:
    """The kind of the bid ``action`` at ``stage``; None for anything else (a card, a pass)."""
    if action.kind == ActionKind.TAKE:
        return ChanceKind.TAKE
    if action.kind == ActionKind.REFUSE or (action.kind == ActionKind.NAME and stage == Stage.NAMING):
        return ChanceKind.ANSWER
    if action.kind == ActionKind.NAME:
        return ChanceKind.NAME
    return None


# (raw, calibrated) knots, raw increasing. Written by
#   python research/calibrate_coach.py fit --by-kind research/coach/forced-klaberjass-seed5.jsonl research/coach/forced-klaberjass-seed6.jsonl
# (klaberjass, 2,390 deals, every bid with a maker forced at each decision, level hard, cards by
# normal), and checked on klaberjass seed 7 and on clobber, klaberass and kalabriasz (docs/coach.md).
KNOTS_BY_KIND: dict[ChanceKind, Knots] = {
    ChanceKind.TAKE: (
        (0.0, 0.0007),
        (0.01, 0.027),
        (0.02, 0.0461),
        (0.05, 0.0926),
        (0.1, 0.1552),
        (0.15, 0.2092),
        (0.2, 0.2582),
        (0.25, 0.3039),
        (0.3, 0.3473),
        (0.35, 0.3891),
        (0.4, 0.4297),
        (0.45, 0.4696),
        (0.5, 0.5091),
        (0.55, 0.5484),
        (0.6, 0.588),
        (0.65, 0.6281),
        (0.7, 0.669),
        (0.75, 0.7113),
        (0.8, 0.7555),
        (0.85, 0.8026),
        (0.9, 0.8541),
        (0.95, 0.9134),
        (0.98, 0.957),
        (0.99, 0.9748),
        (1.0, 0.9993),
    ),
    ChanceKind.NAME: (
        (0.0, 0.0002),
        (0.01, 0.0123),
        (0.02, 0.0234),
        (0.05, 0.055),
        (0.1, 0.1046),
        (0.15, 0.1526),
        (0.2, 0.1995),
        (0.25, 0.2459),
        (0.3, 0.292),
        (0.35, 0.3379),
        (0.4, 0.3839),
        (0.45, 0.43),
        (0.5, 0.4764),
        (0.55, 0.5232),
        (0.6, 0.5706),
        (0.65, 0.6186),
        (0.7, 0.6675),
        (0.75, 0.7174),
        (0.8, 0.7686),
        (0.85, 0.8214),
        (0.9, 0.8763),
        (0.95, 0.9344),
        (0.98, 0.9718),
        (0.99, 0.9852),
        (1.0, 0.9998),
    ),
    ChanceKind.ANSWER: (
        (0.0, 0.0005),
        (0.01, 0.0218),
        (0.02, 0.0385),
        (0.05, 0.0811),
        (0.1, 0.1412),
        (0.15, 0.1947),
        (0.2, 0.2443),
        (0.25, 0.2913),
        (0.3, 0.3363),
        (0.35, 0.38),
        (0.4, 0.4228),
        (0.45, 0.4649),
        (0.5, 0.5067),
        (0.55, 0.5483),
        (0.6, 0.5902),
        (0.65, 0.6324),
        (0.7, 0.6755),
        (0.75, 0.7196),
        (0.8, 0.7654),
        (0.85, 0.8135),
        (0.9, 0.8651),
        (0.95, 0.9228),
        (0.98, 0.9634),
        (0.99, 0.9793),
        (1.0, 0.9995),
    ),
}

# Every kind pooled (the same files, fit without --by-kind): for a chance with no bid kind.
KNOTS: Knots = (
    (0.0, 0.0003),
    (0.01, 0.0182),
    (0.02, 0.0328),
    (0.05, 0.0713),
    (0.1, 0.1275),
    (0.15, 0.1788),
    (0.2, 0.2272),
    (0.25, 0.2736),
    (0.3, 0.3187),
    (0.35, 0.3629),
    (0.4, 0.4064),
    (0.45, 0.4495),
    (0.5, 0.4926),
    (0.55, 0.5358),
    (0.6, 0.5793),
    (0.65, 0.6234),
    (0.7, 0.6683),
    (0.75, 0.7144),
    (0.8, 0.7622),
    (0.85, 0.8123),
    (0.9, 0.8657),
    (0.95, 0.9247),
    (0.98, 0.9652),
    (0.99, 0.9807),
    (1.0, 0.9996),
)


def calibrated(raw: float, kind: ChanceKind | None = None, knots: Knots | None = None) -> float:
    """Interpolate ``raw`` (clamped to [0, 1]) on the map of its ``kind`` of bid, or on ``knots``."""
    table = knots if knots is not None else KNOTS if kind is None else KNOTS_BY_KIND[kind]
    raw = min(1.0, max(0.0, raw))
    for (x0, y0), (x1, y1) in zip(table, table[1:]):
        if raw <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
    return table[-1][1]
