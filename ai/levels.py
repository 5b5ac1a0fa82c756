"""The Monte Carlo bot's levels: the one table of level names, the counts each one uses, and how
each one expects the other to bid (``BidderModel``).

Levels fix counts (worlds, playouts), never time, so a view and a seed always give the same action.
``ai.registry`` builds every bot and level name from this table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .heuristics import REFUSE_SCHMEISS_THRESHOLD, TAKE_THRESHOLD


@dataclass(frozen=True)
class BidderModel:
    """How the bidding tree (``ai.bidding.BidTree``) expects the other to bid: he takes, names or
    refuses a schmeiss when his §10 strength reaches a threshold. With ``scale`` 0 that is the rule
    of thumb itself, a sure answer in every world; with a scale his chance rises along a logistic of
    the strength minus the threshold, as a player's does who bids by feel."""

    take_threshold: int = TAKE_THRESHOLD
    name_threshold: int = TAKE_THRESHOLD
    refuse_threshold: int = REFUSE_SCHMEISS_THRESHOLD
    scale: float = 0.0


RULE_OF_THUMB = BidderModel()  # rules.md §10, the rule greedy bids by


@dataclass(frozen=True)
class Level:
    name: str
    play_worlds: int
    play_playouts: int
    bid_worlds: int
    bid_playouts: int
    exact_tricks: int  # from this many tricks left, each world is solved exactly (ai.solver)
    exact_worlds: int  # how many of the worlds are solved then (exact values need fewer)
    epsilon: float = 0.2  # share of random cards in playouts: 0.2 beat 0, 0.1, 0.3, 0.45 (150 boards)
    bidder: BidderModel = field(default=RULE_OF_THUMB)  # the other's bidding, as the tree expects it
    # The model the card worlds are weighed by, from the other's words in the bidding
    # (``ai.inference``); None draws them uniformly from what the view allows.
    infer_bids: BidderModel | None = None


# The other as the Monte Carlo bot itself bids, fitted to 912 of mc:normal's own choices in
# self-play (docs/strength/bidder-choices-normal.jsonl, from the first version of the collector):
# ``python scripts/fit_bidder.py fit docs/strength/bidder-choices-normal.jsonl``; new data with
# ``python scripts/fit_bidder.py collect --deals 400 --seed 1 --out B.jsonl``.
LEARNT_BIDDER = BidderModel(take_threshold=33, name_threshold=21, refuse_threshold=23, scale=9.5)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 24, 2, 64, 2, 3, 16),
    "normal": Level("normal", 96, 6, 400, 4, 4, 32),
    # hard reads the other's bids: its tree expects him to bid as the bot does, and its card worlds
    # are weighed by what his words said of his first six cards (docs/strength.md, the ladder).
    "hard": Level("hard", 256, 8, 1000, 6, 5, 64, bidder=LEARNT_BIDDER, infer_bids=RULE_OF_THUMB),
}
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
