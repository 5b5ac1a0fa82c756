"""Bidding drills (issue 5): positions where the player makes a bidding decision, and their scoring.

Pure: no Textual, no files. ``klabber drill`` (``klabber_tui.screens.drill``) shows the positions,
asks the coach (``ai.coach.advise``) for the evaluation and records each decision in the statistics.

The five kinds of decision (rules.md §4), dealt in turn (``schmeiss_answer`` only where the preset
has schmeiss, §4.3):

- ``r1_elder``: round one, the player is the elder hand and speaks first;
- ``r1_dealer``: round one, the player is the dealer, after the elder's pass;
- ``r2_elder``: round two, the player is the elder, after two passes in round one;
- ``r2_dealer``: round two, the player is the dealer, after the elder's pass (or klaberjass's
  round-two schmeiss, which is a pass, §4.2): name a suit or throw the deal in;
- ``schmeiss_answer``: the other player said schmeiss; accept (throw in) or refuse. The schmeisser
  is the elder in odd-numbered rounds of the cycle and the dealer (after the elder's pass) in even.

Every earlier word, the player's own included, is what the Monte Carlo bot (``BOT_LEVEL``) would say
from that seat, seeded. A prefix in which the bot would not say the words the kind needs (say, the
elder takes where ``r1_dealer`` needs a pass) is not used: another deck is tried. Two words may be
forced where the bot would not say them, so that the position exists (``Position.forced``): the
schmeiss of ``schmeiss_answer`` (the bot seldom schmeisses), and the elder's round-two pass of
``r2_dealer`` after ``FORCE_AFTER`` decks (the bot as elder nearly always names a suit in round
two under some presets).

The skip rule, so the drill spends its time on close calls: a candidate position is evaluated with
the coach (the same level as the answer's table) and skipped as obvious when the best action beats
the second best by more than ``GAP_POINTS`` expected points *and* by more than ``GAP_SIGMAS``
standard errors of that paired difference (a large gap that is mostly noise still counts as close).
Words that come to the same (klaberjass's round-two schmeiss is a pass, §4.2) are one choice here.
After ``MAX_ATTEMPTS`` decks without a close call, the closest candidate seen is used.

Everything comes from the drill's seed through ``derive_seed``: the same preset, seed and levels
give the same positions, in the same order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.actions import PASS, SCHMEISS, SEATS, Action, Seat
from engine.deal import Deal
from engine.rules import RuleSet

if TYPE_CHECKING:
    from ai.coach import Advice
    from ai.mc import Evaluation
    from engine.view import PlayerView

KINDS = ("r1_elder", "r1_dealer", "r2_elder", "r2_dealer", "schmeiss_answer")
GAP_POINTS = 25.0
GAP_SIGMAS = 3.0
MAX_ATTEMPTS = 40  # positions evaluated for one close call
MAX_DECKS = 400  # decks tried for one position
FORCE_AFTER = 40  # decks after which the last word of a round-two prefix may be forced
BOT_LEVEL = "normal"  # the earlier words of each position
PLAYOUT_LEVEL = "easy"  # the rest of the deal, played out for both sides after the answer


def derive_seed(*parts: object) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in ("klabber-drill", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def kinds_for(rules: RuleSet) -> tuple[str, ...]:
    return KINDS if rules.schmeiss != "none" else KINDS[:4]


@dataclass(frozen=True)
class Position:
    """A bidding decision: a deck (from ``deal_seed``) and the words said before it."""

    preset: str
    kind: str
    deal_seed: int
    prefix: tuple[tuple[Seat, Action], ...]  # (seat, action) said before the player's decision
    forced: bool = False  # the schmeiss was forced (the bot would not have said it)
    gap: float = 0.0  # best minus second best, by the coach when the position was chosen

    @property
    def rules(self) -> RuleSet:
        return RuleSet.from_preset(self.preset)

    def deal(self) -> Deal:
        """The deal at the decision: a fresh copy each time."""
        deal = Deal.from_seed(self.rules, self.deal_seed)
        for seat, action in self.prefix:
            deal.apply(seat, action)
        return deal

    @property
    def seat(self) -> Seat:
        seat = self.deal().to_act
        assert seat is not None
        return seat

    def view(self) -> PlayerView:
        deal = self.deal()
        assert deal.to_act is not None
        return deal.view(deal.to_act)


def _bot(level: str) -> Any:
    from ai.mc import MonteCarloBot

    return MonteCarloBot(level)


def build_position(preset: str, kind: str, deal_seed: int, bot: Any, cycle: int = 0,
                   force: bool = False) -> Position | None:
    """The position of ``kind`` on this deck with the bot's earlier words, or None where the bot's
    words lead elsewhere (see the module's notes). ``force`` says the last word (the one that
    makes the kind) even where the bot would not; a schmeiss to answer is always forced so."""
    rules = RuleSet.from_preset(preset)
    if kind not in kinds_for(rules):
        raise ValueError(f"no {kind!r} decision under {preset}")
    deal = Deal.from_seed(rules, deal_seed)
    prefix: list[tuple[Seat, Action]] = []
    forced = False

    def say(wanted: tuple[Action, ...], may_force: bool = False) -> bool:
        nonlocal forced
        seat = deal.to_act
        assert seat is not None
        action: Action = bot.choose(deal.view(seat), derive_seed("word", deal_seed, len(prefix)))
        if action not in wanted:
            if not may_force:
                return False
            action, forced = wanted[0], True
        deal.apply(seat, action)
        prefix.append((seat, action))
        return True

    ok = True
    if kind == "r1_dealer":
        ok = say((PASS,))
    elif kind == "r2_elder":
        ok = say((PASS,)) and say((PASS,))
    elif kind == "r2_dealer":
        ok = say((PASS,)) and say((PASS,)) and say((PASS, SCHMEISS), force)
    elif kind == "schmeiss_answer":
        if cycle % 2 == 1:  # the dealer schmeisses after the elder's pass
            ok = say((PASS,))
        ok = ok and say((SCHMEISS,), True)
    if not ok:
        return None
    return Position(preset, kind, deal_seed, tuple(prefix), forced)


def equivalent(evaluation: Evaluation, a: Action, b: Action) -> bool:
    """Two words that come to the same in every world (klaberjass's round-two schmeiss is a pass,
    rules.md §4.2): neither is a different choice from the other."""
    if a == b:
        return True
    samples = evaluation.samples
    return a in samples and b in samples and bool(np.array_equal(samples[a], samples[b]))


def gap_of(evaluation: Evaluation) -> tuple[float, float]:
    """How far the best action is ahead of the best different one: points and the paired standard
    error of that difference."""
    actions = evaluation.actions
    rest = [a for a in actions[1:] if not equivalent(evaluation, actions[0].action, a.action)]
    if not rest:
        return float("inf"), 0.0
    if evaluation.samples:
        return evaluation.loss(rest[0].action)
    return actions[0].ev - rest[0].ev, 0.0


def is_obvious(evaluation: Evaluation) -> bool:
    """The skip rule: the best beats the second by more than GAP_POINTS and GAP_SIGMAS errors."""
    gap, se = gap_of(evaluation)
    return gap > GAP_POINTS and gap > GAP_SIGMAS * se


def positions(preset: str, seed: int, coach_level: str | None = None,
              bot_level: str = BOT_LEVEL) -> Iterator[Position]:
    """The drill's positions, one after another without end: each close by the skip rule, judged at
    ``coach_level`` (by default the verdict level, ``ai.registry.VERDICT_LEVEL``, issue 11)."""
    from ai import registry
    from ai.coach import advise

    coach_level = registry.VERDICT_LEVEL if coach_level is None else coach_level

    bot = _bot(bot_level)
    kinds = kinds_for(RuleSet.from_preset(preset))
    number = 0
    while True:
        kind = kinds[number % len(kinds)]
        cycle = number // len(kinds)
        closest: Position | None = None
        evaluated = 0
        for attempt in range(MAX_DECKS):
            if evaluated >= MAX_ATTEMPTS:
                break
            deal_seed = derive_seed("deck", preset, seed, number, attempt)
            position = build_position(preset, kind, deal_seed, bot, cycle, force=attempt >= FORCE_AFTER)
            if position is None:
                continue
            evaluated += 1
            evaluation = advise(position.view(), None, coach_level).evaluation
            gap, _se = gap_of(evaluation)
            position = replace(position, gap=round(gap, 2))
            if not is_obvious(evaluation):
                closest = position
                break
            if closest is None or gap < closest.gap:
                closest = position
        if closest is not None:
            yield closest
        number += 1


# -------------------------------------------------------------------------------------------------
# Answers and the running score


@dataclass(frozen=True)
class Answer:
    position: Position
    chosen: Action
    best: Action
    loss: float
    loss_se: float
    mistake: bool
    agreed: bool  # the bot's choice, or a word that comes to the same (``equivalent``)

    @property
    def missed(self) -> bool:
        """Drilled again in the second pass: a mistake by the coach's verdict, or simply disagreed."""
        return self.mistake or not self.agreed


def answer_of(position: Position, advice: Advice) -> Answer:
    assert advice.chosen is not None
    agreed = equivalent(advice.evaluation, advice.chosen, advice.best)
    return Answer(position, advice.chosen, advice.best, max(0.0, advice.loss), advice.loss_se, advice.mistake,
                  agreed)


@dataclass
class Score:
    answers: list[Answer] = field(default_factory=list)

    def add(self, answer: Answer) -> None:
        self.answers.append(answer)

    @property
    def decisions(self) -> int:
        return len(self.answers)

    @property
    def agreed(self) -> int:
        return sum(1 for a in self.answers if a.agreed)

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.decisions if self.answers else None

    @property
    def loss_per_decision(self) -> float | None:
        return sum(a.loss for a in self.answers) / self.decisions if self.answers else None

    @property
    def mistakes(self) -> int:
        """Answers the coach calls a mistake (``Answer.mistake``): the only definition, counted and
        marked with the same test (issue 11)."""
        return sum(1 for a in self.answers if a.mistake)

    @property
    def close_calls(self) -> int:
        """Answers that differ from the bot's word but are no mistake (within the noise or small)."""
        return sum(1 for a in self.answers if a.missed and not a.mistake)

    def missed(self) -> list[Position]:
        """The positions to drill again, each once, in the order they came."""
        seen: set[Position] = set()
        result = []
        for a in self.answers:
            if a.missed and a.position not in seen:
                seen.add(a.position)
                result.append(a.position)
        return result


# -------------------------------------------------------------------------------------------------
# The deal played out after the answer


def play_out(position: Position, chosen: Action, level: str = PLAYOUT_LEVEL) -> Deal:
    """The deal after the player's ``chosen`` word, finished by the bot for both sides (the rest of
    the bidding too, by ``ai.play_out``), seeded by the position and the word; thrown-in deals stop
    there."""
    from ai.play_out import play_out as finish

    bot = _bot(level)
    deal = position.deal()
    seat = deal.to_act
    assert seat is not None
    deal.apply(seat, chosen)
    finish(deal, {seat: bot for seat in SEATS}, lambda step: derive_seed("play", position.deal_seed, chosen, step))
    return deal


# -------------------------------------------------------------------------------------------------
# A drill: its positions made on demand (the screen asks for the next one in a worker thread)


class Drill:
    """``count`` positions of a preset from a seed, generated lazily and kept; thread-safe."""

    def __init__(self, preset: str, seed: int, count: int, coach_level: str | None = None,
                 bot_level: str = BOT_LEVEL, playout_level: str = PLAYOUT_LEVEL) -> None:
        """``coach_level``: the level of the answer's verdict; by default the verdict level."""
        import threading

        from ai import registry

        self.preset = preset
        self.seed = seed
        self.count = count
        self.coach_level = registry.VERDICT_LEVEL if coach_level is None else coach_level
        self.bot_level = bot_level
        self.playout_level = playout_level
        self._made: list[Position] = []
        self._iterator: Iterator[Position] | None = None
        self._lock = threading.Lock()

    def position(self, index: int) -> Position:
        with self._lock:
            if self._iterator is None:
                self._iterator = positions(self.preset, self.seed, self.coach_level, self.bot_level)
            while len(self._made) <= index:
                self._made.append(next(self._iterator))
            return self._made[index]

    def advise(self, position: Position, chosen: Action) -> Advice:
        from ai.coach import advise

        return advise(position.view(), chosen, self.coach_level)

    def play_out(self, position: Position, chosen: Action) -> Deal:
        return play_out(position, chosen, self.playout_level)
