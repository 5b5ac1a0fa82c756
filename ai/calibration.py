"""The map from the bot's raw make chance to a calibrated one (issue: honest numbers).

Raw chances come from playouts in sampled worlds; they overestimate a little (2 to 4 points near
the top), so they are mapped through a monotone piecewise-linear table fitted by
``research/calibrate_coach.py`` on deals played out between bots (a logistic map on the log-odds, two
parameters), and checked on deals of another seed in every preset (``docs/coach.md``).
"""

from __future__ import annotations

# (raw, calibrated) knots, raw increasing. Written by
#   python research/calibrate_coach.py fit research/coach/calibration-seed3.jsonl research/coach/calibration-seed4.jsonl
# (a two-parameter logistic map fitted on klaberjass, level hard), and checked on other deals (seed 11)
# in all four presets: every bucket of 200 or more holds its prediction (docs/coach.md).
KNOTS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0003),
    (0.01, 0.0177),
    (0.02, 0.0323),
    (0.05, 0.0708),
    (0.1, 0.1276),
    (0.15, 0.1796),
    (0.2, 0.2288),
    (0.25, 0.2761),
    (0.3, 0.322),
    (0.35, 0.3669),
    (0.4, 0.4112),
    (0.45, 0.455),
    (0.5, 0.4987),
    (0.55, 0.5423),
    (0.6, 0.5862),
    (0.65, 0.6306),
    (0.7, 0.6757),
    (0.75, 0.7218),
    (0.8, 0.7693),
    (0.85, 0.8188),
    (0.9, 0.8712),
    (0.95, 0.9285),
    (0.98, 0.9674),
    (0.99, 0.9821),
    (1.0, 0.9997),
)


def calibrated(raw: float, knots: tuple[tuple[float, float], ...] = KNOTS) -> float:
    """Interpolate ``raw`` on the knots (clamped to [0, 1])."""
    raw = min(1.0, max(0.0, raw))
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        if raw <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
    return knots[-1][1]
