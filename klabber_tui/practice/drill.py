"""Bidding drills (issue 5, by situation and closeness issue 25): positions where the player makes a
bidding decision, and their scoring.

Pure: no Textual, no files. ``klabber drill`` (``klabber_tui.ui.screens.drill``) shows the positions,
asks the coach (``ai.coach.advise``) for the evaluation and records each decision in the statistics.

The situations (``engine.situations.Situation``, rules.md §4), dealt in turn, or one of them only
(``situation``); those a preset lacks are never dealt (a schmeiss to answer needs schmeiss, naming
after a refusal kalabriasz's rule, §4.3):

- round one, elder: the player speaks first; round one, dealer: after the elder's pass;
- round two, elder: after two passes in round one; round two, dealer: after the elder's pass (or
  klaberjass's round-two schmeiss, which is a pass, §4.2): name a suit or throw the deal in;
- a schmeiss to answer: accept (throw in) or refuse. The schmeisser is the elder in odd-numbered
  rounds of the cycle and the dealer (after the elder's pass) in even;
- naming after a refusal (kalabriasz): the player refused the other's schmeiss and names the trump.

Every earlier word, the player's own included, is what the Monte Carlo bot (``BOT_LEVEL``) would say
from that seat, seeded. A prefix in which the bot would not say the words the situation needs (say,
the elder takes where round one's dealer needs a pass) is not used: another deck is tried. Some words
may be forced where the bot would not say them, so that the position exists (``Position.forced``):
the schmeiss of a schmeiss to answer (the bot seldom schmeisses) and the refusal before naming, and
the elder's round-two pass of round two's dealer after ``FORCE_AFTER`` decks (the bot as elder nearly
always names a suit in round two under some presets).

Closeness (issue 25): a position is asked only when its best two different choices are within
``margin`` points of the coach's ``ev`` (the same level as the answer's table); one outside is never
shown. The search for each position is stated: at most ``MAX_ATTEMPTS`` positions evaluated (of
``MAX_DECKS`` decks); a position not found so is left out, and the drill says how many it found.
Words that come to the same (klaberjass's round-two schmeiss is a pass, §4.2) are one choice here.

Everything comes from the drill's seed through ``derive_seed``: the same preset, seed, situation,
margin and levels give the same positions, in the same order.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine.actions import PASS, REFUSE, SCHMEISS, SEATS, Action, Seat
from engine.deal import Deal
from engine.record import parse_record, replay
from engine.rules import RuleSet
from engine.situations import Situation, situation_of, situations_for

if TYPE_CHECKING:
    from ai.coach import Advice
    from ai.mc import Evaluation
    from engine.view import PlayerView

DEFAULT_MARGIN = 15  # points of ``ev`` between the best two choices of a position asked (issue 25)
MIN_MARGIN, MAX_MARGIN = 1, 200
MAX_ATTEMPTS = 40  # positions evaluated in the search for one position
MAX_DECKS = 400  # decks tried in the search for one position
FORCE_AFTER = 40  # decks after which the last word of a round-two prefix may be forced
BOT_LEVEL = "normal"  # the earlier words of each position
PLAYOUT_LEVEL = "easy"  # the rest of the deal, played out for both sides after the answer


def derive_seed(*parts: object) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in ("klabber-drill", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def kinds_for(rules: RuleSet) -> tuple[Situation, ...]:
    """The situations dealt in turn under ``rules``."""
    return situations_for(rules)


@dataclass(frozen=True)
class Position:
    """A bidding decision: a deck (from ``deal_seed``) and the words said before it, or (a position of
    the mistake deck) a deal record that stops at the decision."""

    preset: str
    kind: Situation
    deal_seed: int
    prefix: tuple[tuple[Seat, Action], ...]  # (seat, action) said before the player's decision
    forced: bool = False  # a word was forced (the bot would not have said it)
    gap: float = 0.0  # best minus second best, by the coach when the position was chosen
    record: str | None = None  # a record's JSON (options and all): the deal is replayed from it
    standing: tuple[int, int, int] | None = None  # the mistake's match standing: mine, theirs, target

    @property
    def rules(self) -> RuleSet:
        return self.deal().rules if self.record is not None else RuleSet.from_preset(self.preset)

    def deal(self) -> Deal:
        """The deal at the decision: a fresh copy each time."""
        if self.record is not None:
            return replay(parse_record(json.loads(self.record)))
        deal = Deal.from_seed(RuleSet.from_preset(self.preset), self.deal_seed)
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


def position_of_record(record: dict[str, Any], standing: tuple[int, int, int] | None = None) -> Position:
    """The position at the end of a record (stopped at a bidding decision); ValueError (a RecordError)
    when it does not replay or its end is no bidding decision."""
    deal = replay(parse_record(record))
    seat = deal.to_act
    situation = None if seat is None else situation_of(deal.stage, seat)
    if situation is None:
        raise ValueError("the record does not stop at a bidding decision")
    return Position(deal.rules.preset, situation, 0, (), record=json.dumps(record, sort_keys=True), standing=standing)


def _bot(level: str) -> Any:
    from ai.mc import MonteCarloBot

    return MonteCarloBot(level)


def build_position(preset: str, kind: Situation, deal_seed: int, bot: Any, cycle: int = 0,
                   force: bool = False) -> Position | None:
    """The position of ``kind`` on this deck with the bot's earlier words, or None where the bot's
    words lead elsewhere (see the module's notes). ``force`` says the last word (the one that
    makes the situation) even where the bot would not; a schmeiss to answer is always forced so, and
    so is the refusal before naming."""
    rules = RuleSet.from_preset(preset)
    if kind not in situations_for(rules):
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
    if kind is Situation.ROUND_ONE_DEALER:
        ok = say((PASS,))
    elif kind is Situation.ROUND_TWO_ELDER:
        ok = say((PASS,)) and say((PASS,))
    elif kind is Situation.ROUND_TWO_DEALER:
        ok = say((PASS,)) and say((PASS,)) and say((PASS, SCHMEISS), force)
    elif kind in (Situation.SCHMEISS_ANSWER, Situation.NAMING_AFTER_REFUSAL):
        if cycle % 2 == 1:  # the dealer schmeisses after the elder's pass
            ok = say((PASS,))
        ok = ok and say((SCHMEISS,), True)
        if kind is Situation.NAMING_AFTER_REFUSAL:
            ok = ok and say((REFUSE,), True)
    if not ok:
        return None
    return Position(preset, kind, deal_seed, tuple(prefix), forced)


def equivalent(evaluation: Evaluation, a: Action, b: Action) -> bool:
    """Two words that come to the same in every world (klaberjass's round-two schmeiss is a pass,
    rules.md §4.2): neither is a different choice from the other."""
    if a == b:
        return True
    import numpy as np  # here, not at the top: ``klabber --help`` reads this module's margins without numpy

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


def within_margin(evaluation: Evaluation, margin: float) -> bool:
    """Issue 25's closeness: the best two different choices are within ``margin`` points of ``ev``."""
    gap, _se = gap_of(evaluation)
    return gap <= margin


def positions(preset: str, seed: int, coach_level: str | None = None, bot_level: str = BOT_LEVEL,
              situation: Situation | None = None, margin: float = DEFAULT_MARGIN) -> Iterator[Position | None]:
    """The drill's positions, one after another without end: each within ``margin`` as judged at
    ``coach_level`` (by default the verdict level, ``ai.registry.VERDICT_LEVEL``, issue 11), of
    ``situation`` or of each in turn; None where the stated search found none."""
    from ai import registry
    from ai.coach import advise

    coach_level = registry.VERDICT_LEVEL if coach_level is None else coach_level

    bot = _bot(bot_level)
    kinds = kinds_for(RuleSet.from_preset(preset)) if situation is None else (situation,)
    tag = "" if situation is None else str(situation)
    number = 0
    while True:
        kind = kinds[number % len(kinds)]
        cycle = number if situation is not None else number // len(kinds)
        found: Position | None = None
        evaluated = 0
        for attempt in range(MAX_DECKS):
            if evaluated >= MAX_ATTEMPTS:
                break
            deal_seed = derive_seed("deck", preset, seed, number, attempt, *([tag] if tag else []))
            position = build_position(preset, kind, deal_seed, bot, cycle, force=attempt >= FORCE_AFTER)
            if position is None:
                continue
            evaluated += 1
            evaluation = advise(position.view(), None, coach_level).evaluation
            if within_margin(evaluation, margin):
                found = replace(position, gap=round(gap_of(evaluation)[0], 2))
                break
        yield found
        number += 1


@dataclass(frozen=True)
class Search:
    """The positions a drill found, and how many it looked for."""

    positions: tuple[Position, ...]
    wanted: int


def generate(preset: str, seed: int, count: int, coach_level: str | None = None, bot_level: str = BOT_LEVEL,
             situation: Situation | None = None, margin: float = DEFAULT_MARGIN) -> Search:
    """The first ``count`` searches' positions: those found (the screen asks the same for the seed)."""
    iterator = positions(preset, seed, coach_level, bot_level, situation, margin)
    found = [p for p in (next(iterator) for _ in range(count)) if p is not None]
    return Search(tuple(found), count)


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
    """``count`` searches for positions of a preset from a seed (or the ``fixed`` positions of the
    mistake deck), made lazily and kept; thread-safe."""

    def __init__(self, preset: str, seed: int, count: int, coach_level: str | None = None,
                 bot_level: str = BOT_LEVEL, playout_level: str = PLAYOUT_LEVEL, *,
                 situation: Situation | None = None, margin: float = DEFAULT_MARGIN,
                 fixed: tuple[Position, ...] | None = None) -> None:
        """``coach_level``: the level of the answer's verdict; by default the verdict level."""
        import threading

        from ai import registry

        self.preset = preset
        self.seed = seed
        self.count = count if fixed is None else len(fixed)
        self.coach_level = registry.VERDICT_LEVEL if coach_level is None else coach_level
        self.bot_level = bot_level
        self.playout_level = playout_level
        self.situation = situation
        self.margin = margin
        self.fixed = fixed
        self._made: list[Position] = [] if fixed is None else list(fixed)
        self._searched = 0 if fixed is None else self.count
        self._iterator: Iterator[Position | None] | None = None
        self._lock = threading.Lock()

    def position(self, index: int) -> Position | None:
        """The ``index``-th position found, or None when the drill's searches are spent without it."""
        with self._lock:
            if self._iterator is None:
                self._iterator = positions(self.preset, self.seed, self.coach_level, self.bot_level,
                                           self.situation, self.margin)
            while len(self._made) <= index and self._searched < self.count:
                found = next(self._iterator)
                self._searched += 1
                if found is not None:
                    self._made.append(found)
            return self._made[index] if index < len(self._made) else None

    @property
    def missing(self) -> int:
        """Searches done that found no position within the margin."""
        with self._lock:
            return self._searched - len(self._made)

    def advise(self, position: Position, chosen: Action) -> Advice:
        from ai.coach import advise
        from ai.utility import Standing

        standing = None if position.standing is None else Standing(*position.standing)
        return advise(position.view(), chosen, self.coach_level, standing)

    def play_out(self, position: Position, chosen: Action) -> Deal:
        return play_out(position, chosen, self.playout_level)
