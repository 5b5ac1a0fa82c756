"""The map from the bot's raw make chance to a calibrated one (issue: honest numbers).

Raw chances come from playouts in sampled worlds; they are mapped through a monotone
piecewise-linear table fitted by ``scripts/calibrate_coach.py`` on deals played out between bots
(isotonic regression), and checked on other deals (``docs/coach.md``).
"""

from __future__ import annotations

# (raw, calibrated) knots, raw increasing; written by scripts/calibrate_coach.py --fit.
KNOTS: tuple[tuple[float, float], ...] = ((0.0, 0.0), (1.0, 1.0))


def calibrated(raw: float, knots: tuple[tuple[float, float], ...] = KNOTS) -> float:
    """Interpolate ``raw`` on the knots (clamped to [0, 1])."""
    raw = min(1.0, max(0.0, raw))
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        if raw <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
    return knots[-1][1]
