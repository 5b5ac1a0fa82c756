"""The coach: the bot's evaluation of a decision, from the player's view only, with reasons.

The coach evaluates every legal choice at a level (``hard`` by default), flags the player's choice
as a mistake only when it costs more than a threshold *and* more than the noise (the paired
standard error over the common worlds), and gathers facts from the hand and the bidding as
:class:`Fact` values; the interface turns them into words (``klabber_tui.text``), so the coach
has no language of its own. Its random seed comes from what the seat can see, so two deals that
differ only in hidden cards get the very same advice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine.actions import Action
from engine.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SUIT_MASKS,
    TEN,
    card,
    card_points,
    cards_of,
    suit_of,
)
from engine.declarations import find_runs
from engine.view import PlayerView

from .calibration import calibrated
from .mc import Evaluation, MonteCarloBot, Standing
from .worlds import hidden_cards

MISTAKE_POINTS = 8.0  # a choice must cost at least this much ...
MISTAKE_SIGMAS = 2.0  # ... and this many standard errors of the paired difference


@dataclass(frozen=True)
class Fact:
    """One reason, as a key and its numbers; ``klabber_tui.text.fact_text`` words it."""

    key: str
    suit: int | None = None
    points: int | float | None = None
    count: int | None = None


@dataclass(frozen=True)
class Advice:
    evaluation: Evaluation
    chosen: str | None
    loss: float  # expected points the chosen action gives up against the best
    loss_se: float
    mistake: bool
    facts: tuple[Fact, ...]

    @property
    def best(self) -> str:
        return self.evaluation.best

    def make_prob(self, action: str) -> float | None:
        """The calibrated chance that ``action`` makes, for an action that makes this seat maker."""
        raw = self.evaluation.value(action).make_prob
        return None if raw is None else calibrated(raw)


def coach_seed(view: PlayerView) -> int:
    """A seed from what the seat can see only (never from the deck or the deal's seed)."""
    public = (
        view.seat, view.rules.preset, tuple(sorted(view.rules.overrides().items())), view.hand,
        view.face_up, view.turn_up, view.bottom, view.bids, view.played, view.current,
        tuple((t.leader, t.cards) for t in view.tricks), view.exchanged_by,
    )
    return int.from_bytes(hashlib.sha256(repr(public).encode()).digest()[:8], "big") >> 1


def advise(view: PlayerView, chosen: str | None = None, level: str = "hard",
           standing: Standing | None = None) -> Advice:
    """The evaluation of every legal action of the seat to act, with reasons and the verdict on
    ``chosen`` (an action spelled as in records, or None before the player has chosen)."""
    evaluation = MonteCarloBot(level).evaluate(view, coach_seed(view), standing)
    loss, loss_se = (0.0, 0.0)
    if chosen is not None and chosen in evaluation.samples:
        loss, loss_se = evaluation.loss(chosen)
    mistake = loss > MISTAKE_POINTS and loss > MISTAKE_SIGMAS * loss_se
    facts = bid_facts(view) if view.stage != "play" else ()
    return Advice(evaluation, chosen, loss, loss_se, mistake, facts)


def bid_facts(view: PlayerView) -> tuple[Fact, ...]:
    """What a bidder weighs (rules.md §10): trump points, jass and menel, side aces and tens,
    bella, sequences, the dix, what the extra cards add on average, and what the other said."""
    hand = view.hand
    turned = suit_of(view.turn_up)
    suits = [turned] if view.stage == "bidding_round_one" else _naming_candidates(view)
    facts: list[Fact] = []
    for suit in suits:
        trumps = hand & SUIT_MASKS[suit]
        points = sum(card_points(c, suit) for c in cards_of(trumps))
        facts.append(Fact("trump_points", suit, points, trumps.bit_count()))
        facts.append(Fact("jass" if trumps >> card(JACK, suit) & 1 else "no_jass", suit))
        facts.append(Fact("menel" if trumps >> card(NINE, suit) & 1 else "no_menel", suit))
        if trumps >> card(KING, suit) & 1 and trumps >> card(QUEEN, suit) & 1:
            facts.append(Fact("bella", suit, 20))
        if hand >> card(SEVEN, suit) & 1 and suit == turned:
            facts.append(Fact("dix", suit, card_points(view.turn_up, suit)))
        side = 0
        for other_suit in range(4):
            if other_suit == suit:
                continue
            for rank in (ACE, TEN):
                if hand >> card(rank, other_suit) & 1:
                    side += card_points(card(rank, other_suit), suit)
        facts.append(Fact("side_aces_tens", suit, side))
        facts.append(Fact("extra_average", suit, round(_extra_average(view, suit), 1)))
    runs = [r for r in find_runs(hand, turned, view.rules)]
    if runs:
        facts.append(Fact("sequences", None, sum(r.value for r in runs), len(runs)))
    for event in view.events:
        if event.kind != "bid" or event.seat == view.seat:
            continue
        kind, stage = Action.parse(event.data["action"]).kind, event.data["stage"]
        if kind == "pass":
            facts.append(Fact("other_passed_turned" if stage == "bidding_round_one" else "other_passed_round_two",
                              turned))
        elif kind == "schmeiss":
            facts.append(Fact("other_schmeissed", turned))
    return tuple(facts)


def _naming_candidates(view: PlayerView) -> list[int]:
    suits = sorted({suit for a in view.legal if (suit := Action.parse(a).suit) is not None})
    return suits or [suit_of(view.turn_up)]


def _extra_average(view: PlayerView, trump: int) -> float:
    """Average card points the three extra cards bring: 3 x the mean of the unseen cards (§10)."""
    unseen = list(cards_of(hidden_cards(view)))
    if not unseen:
        return 0.0
    return 3 * sum(card_points(c, trump) for c in unseen) / len(unseen)
