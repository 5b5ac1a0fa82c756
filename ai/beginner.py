"""The ``beginner`` bot: the first rung of the ladder (issue 10), a player a newcomer can beat.

It plays natural-looking cards and makes the mistakes people make when they start, never random
ones:

- **It bids on hope.** It takes or names a suit with a hand that the rule of thumb of rules.md §10
  calls too weak (a lower threshold than ``greedy``'s), and refuses a schmeiss (§4) on a hope.
- **It leads a ten into an ace.** Leading, it plays its highest-scoring side card, so a ten goes
  out while the ace of its suit is still unseen (§1 card points).
- **It forgets what was played.** It never counts trumps: as maker it draws trumps while it holds
  any, even when the other has none left, and it does not know which side cards are now the
  highest left.
- **It chases tricks.** Following, it wins with the highest card that wins, not the cheapest, and
  when it cannot win it throws its lowest card (so it at least never gives points away on purpose).

Like every bot it is deterministic: the same view and seed give the same action (it uses no
randomness at all), and it is blind to the standing.
"""

from __future__ import annotations

from engine.actions import Action
from engine.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, card_points, trick_strength
from engine.view import PlayerView

from .bots import GreedyBot
from .heuristics import TAKE_THRESHOLD, play_actions, played_card

HOPE_THRESHOLD = TAKE_THRESHOLD - 14  # takes with a hand 14 points of §10 strength short of greedy's
HOPE_REFUSE_THRESHOLD = HOPE_THRESHOLD - 6  # ... and refuses a schmeiss on even less


class BeginnerBot(GreedyBot):
    """greedy's bidding on lower thresholds (hope), and the play of a newcomer (see the module
    docstring); like greedy it asks for no seed and does not look at the standing."""

    name = "beginner"
    take_threshold = HOPE_THRESHOLD
    refuse_threshold = HOPE_REFUSE_THRESHOLD

    def _play(self, view: PlayerView) -> Action:
        cards = {played_card(a): a for a in play_actions(view)}
        trump = view.trump
        assert trump is not None

        def strength(c: int) -> int:
            return TRUMP_STRENGTH[c & 7] + 8 if c >> 3 == trump else PLAIN_STRENGTH[c & 7]

        if not view.current:
            trumps = [c for c in cards if c >> 3 == trump]
            if view.maker == view.seat and trumps:
                return cards[max(trumps, key=strength)]  # draws trumps without counting them
            side = [c for c in cards if c >> 3 != trump] or list(cards)
            return cards[max(side, key=lambda c: (card_points(c, trump), strength(c)))]
        led = view.current[0][1]
        winners = [c for c in cards if trick_strength(c, trump, led >> 3) > trick_strength(led, trump, led >> 3)]
        if winners:
            return cards[max(winners, key=strength)]
        return cards[min(cards, key=lambda c: (card_points(c, trump), strength(c)))]
