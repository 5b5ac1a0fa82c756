"""The Monte Carlo bot's levels: the one table of level names, the counts each one uses, and how
each one expects the other to bid (``BidderModel``).

Levels fix counts (worlds, playouts), never time, so a view and a seed always give the same action.
``ai.registry`` builds every bot and level name from this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.rules import PRESETS

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
    # Where the refuser of a schmeiss names the trump himself (``schmeiss_refused`` is
    # ``refuser_names``, kalabriasz, rules.md §4.3), a player who bids by value refuses on his best
    # suit, the one he will name; the rule of thumb (and ``greedy``) reads the turn-up's suit always.
    refuses_on_best_suit: bool = False


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
    # The other's bidding as the tree expects it, by preset (``bidder``); a preset not named here
    # is modelled by the rule of thumb.
    bidders: Mapping[str, BidderModel] = field(default_factory=dict)
    # The model the card worlds are weighed by, from the other's words in the bidding
    # (``ai.inference``); None draws them uniformly from what the view allows.
    infer_bids: BidderModel | None = None

    def bidder(self, preset: str) -> BidderModel:
        """How this level expects the other to bid in ``preset``."""
        return self.bidders.get(preset, RULE_OF_THUMB)


# The other as the Monte Carlo bot itself bids, fitted to mc:normal's own choices in self-play
# (``research/fit_bidder.py``; the data in research/strength/bidder-choices-*.jsonl). klaberjass's,
# from 912 choices of the first version of the collector, is used in the presets whose bidding
# is the same (no schmeiss answered by naming): ``python research/fit_bidder.py fit
# research/strength/bidder-choices-normal.jsonl``. kalabriasz's own, from 1,053 choices, where a
# refused schmeiss is named by the refuser and the bot schmeisses in a third of its first words:
# ``python research/fit_bidder.py collect --rules kalabriasz --deals 400 --seed 1 --out
# research/strength/bidder-choices-kalabriasz.jsonl`` and ``fit --rules kalabriasz`` on it.
LEARNT_BIDDER = BidderModel(take_threshold=33, name_threshold=21, refuse_threshold=23, scale=9.5)
# What hard's card worlds are weighed by: the rule of thumb's thresholds, but a refusal read where a
# player who bids by value looks (only kalabriasz differs, see ``refuses_on_best_suit``).
INFERENCE_BIDDER = BidderModel(refuses_on_best_suit=True)
LEARNT_BIDDER_KALABRIASZ = BidderModel(take_threshold=35, name_threshold=6, refuse_threshold=24, scale=8.5,
                                       refuses_on_best_suit=True)
LEARNT_BIDDERS: dict[str, BidderModel] = {**dict.fromkeys(PRESETS, LEARNT_BIDDER), "kalabriasz": LEARNT_BIDDER_KALABRIASZ}


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 24, 2, 64, 2, 3, 16),
    "normal": Level("normal", 96, 6, 400, 4, 4, 32),
    # hard reads the other's bids: its tree expects him to bid as the bot does, and its card worlds
    # are weighed by what his words said of his first six cards (docs/strength.md, the ladder).
    "hard": Level("hard", 256, 8, 1000, 6, 5, 64, bidders=LEARNT_BIDDERS, infer_bids=INFERENCE_BIDDER),
}
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
