"""The coach: the bot's evaluation of a decision, from the player's view only, with reasons.

The coach evaluates every legal choice at a level (``registry.VERDICT_LEVEL`` by default), flags
the player's choice as a mistake only when it costs more than a threshold *and* more than the noise
(the paired standard error over the common worlds), and gives every choice the few facts that made
its value, read from the evaluation itself (``docs/coach.md``): the make chance and what a bust
costs, where a pass leads (the other's answer, the suit left to name), what a schmeiss is answered
with, and for a card what it does to the trick over the worlds (wins it, gives it, can be beaten,
draws trumps, leaves a ten bare, the last trick). Each :class:`Fact` names the cards it is about
and says which of them the player holds, has not seen, or sees on the table, so a test checks every
claim against the view; the interface turns facts into words (``klabber_tui.words.text``), so the coach
has no language of its own. Its random seed comes from what the seat can see, so two deals that
differ only in hidden cards get the very same advice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np

from engine.actions import ELDER, EXCHANGE, PASS, REFUSE, SEATS, TAKE, Action, ActionKind, BidSaid, Seat
from engine.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SUIT_MASKS,
    TEN,
    TRICKS_PER_DEAL,
    card,
    card_points,
    cards_of,
    mask_points,
    suit_of,
)
from engine.declarations import find_runs
from engine.laws import legal_follow, trick_winner
from engine.view import PlayerView

from . import registry
from .arrays import FloatArray, IntArray
from .bidding import BidTree, hand_strengths
from .calibration import ChanceKind, calibrated, chance_kind
from .heuristics import TAKE_THRESHOLD, contract_exchanges, hand_strength, played_card
from .mc import Evaluation, MonteCarloBot, Standing
from .utility import DEAL, MADE, MATCH_WIN_BONUS
from .worlds import exclusion_proofs, hidden_cards, other_may_hold

MISTAKE_POINTS = 8.0  # a choice must cost at least this much ...
MISTAKE_SIGMAS = 2.0  # ... and this many standard errors of the paired difference
SURE = 0.995  # a make chance above this has no bust worth speaking of
MATCH_SHOWN = 0.01  # the match chance is shown where the choices move it by at least this much


class FactKey(StrEnum):
    """What a reason of the coach says; ``klabber_tui.words.text.fact_text`` words each (its ``fact_words``,
    and ``klabber_tui.words.coach_words`` for issue 24's)."""

    ACCEPT_THROWS_IN = "accept_throws_in"
    BARES_TEN = "bares_ten"
    BELLA = "bella"
    BELLA_ANNOUNCED = "bella_announced"
    BELLA_SILENT = "bella_silent"
    BUST = "bust"
    BUST_AGAINST_PASS = "bust_against_pass"
    DIALOGUE_EQUAL = "dialogue_equal"
    DIALOGUE_LOWER = "dialogue_lower"
    DIALOGUE_NONE = "dialogue_none"
    DIALOGUE_VALUE = "dialogue_value"
    DIX = "dix"
    DRAWS_TRUMPS = "draws_trumps"
    EXCHANGE = "exchange"
    GIVES_TRICK = "gives_trick"
    HIDDEN_SPLIT = "hidden_split"
    JASS_HELD = "jass_held"
    JASS_SHOWN = "jass_shown"
    JASS_UNSEEN = "jass_unseen"
    LAST_TRICK = "last_trick"
    LEAD_BEATEN = "lead_beaten"
    MAKES = "makes"
    MATCH_LOSS = "match_loss"
    MATCH_WIN = "match_win"
    MENEL_HELD = "menel_held"
    MENEL_SHOWN = "menel_shown"
    MENEL_UNSEEN = "menel_unseen"
    MISTAKE = "mistake"
    MISTAKE_BEATEN = "mistake_beaten"
    MISTAKE_FORGOES = "mistake_forgoes"
    MISTAKE_GIVES_TRICK = "mistake_gives_trick"
    MISTAKE_RISKY = "mistake_risky"
    OTHER_HOLDS_BELLA = "other_holds_bella"
    OTHER_HOLDS_RUN = "other_holds_run"
    OTHER_LEADS = "other_leads"
    OTHER_NO_BELLA_KING = "other_no_bella_king"
    OTHER_NO_HIGHER = "other_no_higher"
    OTHER_PASSED_ROUND_TWO = "other_passed_round_two"
    OTHER_PASSED_TURNED = "other_passed_turned"
    OTHER_SCHMEISSED = "other_schmeissed"
    OTHER_TOOK_TURN_UP = "other_took_turn_up"
    OTHER_VOID = "other_void"
    OTHER_VOID_NO_TRUMP = "other_void_no_trump"
    PASS_OTHER_NAMES = "pass_other_names"
    PASS_OTHER_TAKES = "pass_other_takes"
    PASS_THEN_NAME = "pass_then_name"
    PASS_THROWS_IN = "pass_throws_in"
    REFUSE_OTHER_MAKES = "refuse_other_makes"
    REFUSE_YOU_MAKE = "refuse_you_make"
    REFUSE_YOU_NAME = "refuse_you_name"
    SCHMEISS_ANSWER = "schmeiss_answer"
    SCHMEISS_MEANS_ELDER = "schmeiss_means_elder"
    SCHMEISS_MEANS_NAMING = "schmeiss_means_naming"
    SCHMEISS_MEANS_TRAP = "schmeiss_means_trap"
    SCHMEISS_REFUSED_YOU_MAKE = "schmeiss_refused_you_make"
    SEQUENCES = "sequences"
    SIDE_ACES = "side_aces"
    TRUMP_POINTS = "trump_points"
    TRUMPS_TRICK = "trumps_trick"
    TRUMPS_UNSEEN = "trumps_unseen"
    WINS_TRICK = "wins_trick"
    YOU_LEAD = "you_lead"


@dataclass(frozen=True)
class Fact:
    """One reason, as a key and its numbers; ``klabber_tui.words.text.fact_text`` words it.

    ``held``, ``unseen`` and ``shown`` are the cards the fact names, by what it claims of them: in
    the player's hand, seen nowhere by the player (the other hand or the undealt cards), or in
    sight (turn-up, face-up card, bottom card, played)."""

    key: FactKey
    suit: int | None = None
    points: int | float | None = None
    count: int | None = None
    action: Action | None = None  # the choice the fact is about; None: the position as a whole
    other: Action | None = None  # the choice it is compared with
    prob: float | None = None
    held: int = 0
    unseen: int = 0
    shown: int = 0
    his: int = 0  # cards the other is known to hold: shown in a sequence, a bella king, a taken turn-up
    stock: int = 0  # cards not seen that his play proves are not in his hand: they are in the stock
    value: int | None = None  # what the fact compares with ``threshold`` (a §10 hand count)
    threshold: int | None = None
    # ``for`` or ``against`` the fact's action (None: a fact about the position); ``weigh`` sets it
    # from the fact's own numbers (``FAVOURS``), and marks an ``against`` under the best action as
    # the price of it (``trade_off``), naming the runner-up ``versus`` and what speaks against it.
    favours: str | None = None
    trade_off: bool = False
    versus: Action | None = None
    versus_bust: float | None = None  # the runner-up's chance to fail, for a contract
    versus_points: int | None = None  # else how much less the runner-up is worth
    again: bool = False  # a later trade-off of the same choice: its counterweight was given once already


@dataclass(frozen=True)
class Advice:
    view: PlayerView
    evaluation: Evaluation
    chosen: Action | None
    loss: float  # expected points the chosen action gives up against the best
    loss_se: float
    mistake: bool
    facts: tuple[Fact, ...]  # the position's facts, then each action's, best first

    @property
    def best(self) -> Action:
        return self.evaluation.best

    def maker(self, action: Action) -> Seat | None:
        """Who makes the contract once ``action`` is taken, where that is settled by it."""
        return maker_after(self.view, action)

    def raw_make_prob(self, action: Action) -> float | None:
        """The share of the evaluation's worlds in which the maker after ``action`` makes."""
        if self.maker(action) is None or action not in self.evaluation.channels:
            return None
        return float(self.evaluation.channels[action][:, MADE].mean())

    def make_prob(self, action: Action) -> float | None:
        """The calibrated chance that the maker after ``action`` makes (``maker``): the one chance
        the coach shows; the defender's chance to break the contract is its complement."""
        raw = self.raw_make_prob(action)
        return None if raw is None else calibrated(raw, chance_kind(self.view.stage, action))

    @property
    def match_shown(self) -> bool:
        """Whether the standing matters here: this deal can end the match (the match term moves a
        value) or the choices differ in the chance to win the match by ``MATCH_SHOWN`` or more. Then
        every surface shows the match chance beside the deal's points."""
        values = self.evaluation.actions
        chances = [a.win_prob for a in values if a.win_prob is not None]
        if not chances:
            return False
        return max(chances) - min(chances) >= MATCH_SHOWN or any(abs(a.ev - a.deal_ev) >= 0.5 for a in values)

    def points_lost(self, action: Action) -> float:
        """What ``action`` gives up in this deal's points against the best (negative: it scores more)."""
        return self.evaluation.value(self.best).deal_ev - self.evaluation.value(action).deal_ev

    def reasons(self, action: Action | None) -> tuple[Fact, ...]:
        """The facts about ``action`` (None: about the position as a whole)."""
        return tuple(f for f in self.facts if f.action == action)


def maker_after(view: PlayerView, action: Action) -> Seat | None:
    """The maker once ``action`` is taken, when the action settles it: in play the maker of the
    deal; a take or a named suit makes this seat; a refused schmeiss makes the schmeisser or the
    refuser by the preset (rules.md §4.3). A pass or a schmeiss leaves it open."""
    if view.stage == "play":
        return view.maker
    if action.kind in (ActionKind.TAKE, ActionKind.NAME):
        return view.seat
    if action.kind is ActionKind.REFUSE:
        other = SEATS[1 - SEATS.index(view.seat)]
        return other if view.rules.schmeiss_refused == "schmeisser_makes" else view.seat
    return None


def coach_seed(view: PlayerView) -> int:
    """A seed from what the seat can see only (never from the deck or the deal's seed)."""
    # Seats and actions are written as the record writes them, so the seed is the one it always was.
    public = (
        view.seat.value, view.rules.preset, tuple(sorted(view.rules.overrides().items())), view.hand,
        view.face_up, view.turn_up, view.bottom, tuple((s.value, str(a)) for s, a in view.bids), view.played,
        tuple((s.value, c) for s, c in view.current),
        tuple((t.leader.value, t.cards) for t in view.tricks), None if view.exchanged_by is None else view.exchanged_by.value,
    )
    return int.from_bytes(hashlib.sha256(repr(public).encode()).digest()[:8], "big") >> 1


def advise(view: PlayerView, chosen: Action | None = None, level: str | None = None,
           standing: Standing | None = None, seed: int | None = None) -> Advice:
    """The evaluation of every legal action of the seat to act, with reasons and the verdict on
    ``chosen`` (an action, or None before the player has chosen). ``level``
    defaults to the one verdict level, ``ai.registry.VERDICT_LEVEL`` (issue 11); ``seed`` to one
    drawn from the view only (``coach_seed``)."""
    level = registry.VERDICT_LEVEL if level is None else level
    evaluation = MonteCarloBot(level).evaluate(view, coach_seed(view) if seed is None else seed, standing)
    return judge(view, evaluation, chosen)


def judge(view: PlayerView, evaluation: Evaluation, chosen: Action | None) -> Advice:
    """The advice on ``chosen`` from an evaluation of ``view`` already made: the game evaluates the
    position while the player thinks and judges the choice once made, without evaluating again."""
    loss, loss_se = (0.0, 0.0)
    if chosen is not None and chosen in evaluation.samples:
        loss, loss_se = evaluation.loss(chosen)
    mistake = loss > MISTAKE_POINTS and loss > MISTAKE_SIGMAS * loss_se
    facts: list[Fact] = []
    if view.stage == "play":
        facts += play_facts(view, evaluation)
    else:
        facts += bid_facts(view, evaluation)
    facts += match_facts(evaluation)
    if mistake and chosen is not None:
        facts.append(mistake_fact(view, evaluation, chosen, loss, facts))
    order = {a.action: k for k, a in enumerate(evaluation.actions)}
    facts.sort(key=lambda f: -1 if f.action is None else order.get(f.action, len(order)))
    return Advice(view, evaluation, chosen, loss, loss_se, mistake, weigh(evaluation, facts))


# -- for or against -------------------------------------------------------------------------------

FOR, AGAINST = "for", "against"


def _at_least(x: float | None, floor: float) -> str:
    return FOR if x is not None and x >= floor else AGAINST


def _below(x: float | None, ceiling: float) -> str:
    return FOR if x is not None and x < ceiling else AGAINST


# Whether a fact argues for or against its action, from the numbers it states (issue 24): a chance
# to make against even, a cost against nothing, a §10 hand count against the threshold that takes.
FAVOURS: dict[FactKey, Callable[[Fact], str]] = {
    FactKey.MAKES: lambda f: _at_least(f.prob, 0.5),
    FactKey.SCHMEISS_REFUSED_YOU_MAKE: lambda f: _at_least(f.prob, 0.5),
    FactKey.SCHMEISS_ANSWER: lambda f: _at_least(f.prob, 0.5),
    FactKey.REFUSE_OTHER_MAKES: lambda f: _below(f.prob, 0.5),
    FactKey.SCHMEISS_MEANS_TRAP: lambda f: _below(f.prob, 0.5),
    FactKey.SCHMEISS_MEANS_ELDER: lambda f: _below(f.prob, 0.5),
    FactKey.SCHMEISS_MEANS_NAMING: lambda f: _below(f.prob, 0.5),
    FactKey.REFUSE_YOU_MAKE: lambda f: _at_least(f.prob, 0.5),
    FactKey.LEAD_BEATEN: lambda f: _below(f.prob, 0.5),
    FactKey.LAST_TRICK: lambda f: _at_least(f.prob, 0.5),
    FactKey.BUST_AGAINST_PASS: lambda f: _below(f.points, 1),
    FactKey.BUST: lambda f: _below(f.points, 1),
    FactKey.GIVES_TRICK: lambda f: _below(f.points, 1),
    FactKey.PASS_THEN_NAME: lambda f: _at_least(f.points, 1),
    FactKey.PASS_OTHER_TAKES: lambda f: _at_least(f.points, 0),
    FactKey.PASS_OTHER_NAMES: lambda f: _at_least(f.points, 0),
    FactKey.REFUSE_YOU_NAME: lambda f: _at_least(f.points, 0),
    FactKey.PASS_THROWS_IN: lambda f: _below(f.points, 1),  # points: the best alternative's deal value
    FactKey.ACCEPT_THROWS_IN: lambda f: _below(f.points, 1),  # points: what refusing is worth
    FactKey.TRUMP_POINTS: lambda f: _at_least(f.value, f.threshold or 0),
    FactKey.SIDE_ACES: lambda f: _at_least(f.count, 1),
    FactKey.DRAWS_TRUMPS: lambda f: _at_least(f.count, 1),
    FactKey.JASS_HELD: lambda f: FOR, FactKey.MENEL_HELD: lambda f: FOR,
    FactKey.JASS_UNSEEN: lambda f: AGAINST, FactKey.MENEL_UNSEEN: lambda f: AGAINST,
    # the turn-up jass or menel: for whoever can exchange the dix for it (rules.md §5)
    FactKey.JASS_SHOWN: lambda f: AGAINST if f.unseen else FOR, FactKey.MENEL_SHOWN: lambda f: AGAINST if f.unseen else FOR,
    FactKey.YOU_LEAD: lambda f: FOR, FactKey.OTHER_LEADS: lambda f: AGAINST,
    FactKey.BELLA: lambda f: FOR, FactKey.DIX: lambda f: FOR, FactKey.EXCHANGE: lambda f: FOR, FactKey.BELLA_ANNOUNCED: lambda f: FOR,
    FactKey.WINS_TRICK: lambda f: FOR, FactKey.TRUMPS_TRICK: lambda f: FOR,
    FactKey.BELLA_SILENT: lambda f: AGAINST, FactKey.BARES_TEN: lambda f: AGAINST,
    FactKey.MATCH_WIN: lambda f: FOR, FactKey.MATCH_LOSS: lambda f: AGAINST,
}


def favours_of(fact: Fact) -> str | None:
    """``for`` or ``against`` the fact's action by its numbers; None for a fact about the position."""
    if fact.action is None:
        return None
    if fact.key.startswith("mistake"):
        return AGAINST
    return FAVOURS[fact.key](fact)


def weigh(evaluation: Evaluation, facts: list[Fact]) -> tuple[Fact, ...]:
    """Each fact with its ``favours``; under the best action a fact against it becomes a trade-off,
    the price of the choice set beside what speaks against the runner-up: its chance to fail for a
    contract, else how much less it is worth (issue 24: no bare reason against the advice); with no
    runner-up (one legal choice) the price is that of having no other. The counterweight is worded
    once; a later price of the same choice is marked ``again``."""
    best = evaluation.best
    runner = evaluation.actions[1] if len(evaluation.actions) > 1 else None
    out: list[Fact] = []
    weighed = False
    for fact in facts:
        favours = favours_of(fact)
        fact = replace(fact, favours=favours)
        if fact.action == best and favours == AGAINST and runner is None:
            fact = replace(fact, trade_off=True)  # the only choice: the price of having no other
        elif fact.action == best and favours == AGAINST and runner is not None:
            bust = None if runner.make_prob is None else _pct(
                1 - calibrated(runner.make_prob, chance_kind(evaluation.stage, runner.action)))
            worse = None if bust is not None else _pts(evaluation.actions[0].ev - runner.ev)
            fact = replace(fact, trade_off=True, versus=runner.action, versus_bust=bust, versus_points=worse,
                           again=weighed)
            weighed = True
        out.append(fact)
    return tuple(out)


def _pct(p: float) -> float:
    return round(float(p), 3)


def _pts(x: float) -> int:
    """Whole points, never a negative zero."""
    return int(round(float(x))) + 0


# -- the match ------------------------------------------------------------------------------------


def match_facts(evaluation: Evaluation) -> list[Fact]:
    """Where the standing moves an action's value: how often this deal wins (and loses) the match.
    The match term is ``MATCH_WIN_BONUS`` x (wins - losses) per world, so the losing share is read
    back from ``ev - deal_ev``."""
    facts: list[Fact] = []
    for a in evaluation.actions:
        if a.wins_now is None:
            continue
        lose = max(0.0, a.wins_now - (a.ev - a.deal_ev) / MATCH_WIN_BONUS)
        if a.wins_now >= 0.005:
            facts.append(Fact(FactKey.MATCH_WIN, action=a.action, prob=_pct(a.wins_now)))
        if lose >= 0.005:
            facts.append(Fact(FactKey.MATCH_LOSS, action=a.action, prob=_pct(lose)))
    return facts


# -- bidding ----------------------------------------------------------------------------------------


def _seen(view: PlayerView) -> int:
    """Cards in sight of the seat other than its own hand."""
    seen = view.all_played | 1 << view.face_up | 1 << view.turn_up
    return seen | (0 if view.bottom is None else 1 << view.bottom)


def _unseen(view: PlayerView) -> int:
    """Cards the seat has seen nowhere: not even shown by the other (bella, runs, an exchange)."""
    return hidden_cards(view)


def _where(view: PlayerView, c: int) -> str:
    """``held``, ``shown`` or ``unseen``: where the seat knows ``c`` to be."""
    if view.hand >> c & 1:
        return "held"
    if _seen(view) >> c & 1:
        return "shown"
    return "unseen"


def _side_aces(hand: int, trump: int) -> tuple[int, int]:
    """The side aces and tens §10 counts with ``trump`` (``ai.heuristics.hand_strength``), as a
    mask and their points: an ace 11, a ten beside its ace 10 more, a ten with a guard 5."""
    held, points = 0, 0
    for suit in range(4):
        if suit == trump:
            continue
        side = hand & SUIT_MASKS[suit]
        ace, ten = card(ACE, suit), card(TEN, suit)
        if side >> ace & 1:
            held |= 1 << ace
            points += 11
            if side >> ten & 1:
                held |= 1 << ten
                points += 10
        elif side >> ten & 1 and side.bit_count() >= 2:
            held |= 1 << ten
            points += 5
    return held, points


def _trump_facts(view: PlayerView, action: Action, suit: int) -> list[Fact]:
    """What the player brings to a contract in ``suit`` by the rule of thumb (rules.md §10): the
    trumps held and the hand's count against the count that takes, the side aces and tens, where
    the jass and the menel are (the turn-up one goes to the holder of the dix, §5), bella, the dix
    to exchange, and who leads the first trick (§7)."""
    hand = view.hand
    trumps = hand & SUIT_MASKS[suit]
    facts = [Fact(FactKey.TRUMP_POINTS, suit, mask_points(trumps, suit), trumps.bit_count(), action, held=trumps,
                  value=hand_strength(hand, suit), threshold=TAKE_THRESHOLD)]
    side, side_points = _side_aces(hand, suit)
    facts.append(Fact(FactKey.SIDE_ACES, suit, side_points, side.bit_count(), action, held=side))
    dix = card(SEVEN, suit)
    exchange = contract_exchanges(view.turn_up, suit, view.rules) and view.turn_up != dix
    for rank, name in ((JACK, "jass"), (NINE, "menel")):
        c = card(rank, suit)
        where = _where(view, c)
        bit = 1 << c
        if where == "shown" and c == view.turn_up and exchange and not hand >> dix & 1 and _where(view, dix) == "unseen":
            # the turn-up: the bot may hold the dix and exchange it for this card
            facts.append(Fact(FactKey(f"{name}_shown"), suit, action=action, shown=bit, unseen=1 << dix))
            continue
        facts.append(Fact(FactKey(f"{name}_{where}"), suit, action=action, held=bit if where == "held" else 0,
                          unseen=bit if where == "unseen" else 0, shown=bit if where == "shown" else 0))
    pair = 1 << card(KING, suit) | 1 << card(QUEEN, suit)
    if hand & pair == pair:
        facts.append(Fact(FactKey.BELLA, suit, view.rules.bella_points, action=action, held=pair))
    if hand >> dix & 1 and exchange:
        facts.append(Fact(FactKey.DIX, suit, card_points(view.turn_up, suit), action=action, held=1 << dix,
                          shown=1 << view.turn_up))
    facts.append(Fact(FactKey.YOU_LEAD if view.seat == ELDER else FactKey.OTHER_LEADS, suit, action=action))
    return facts


def _make_facts(view: PlayerView, evaluation: Evaluation, tree: BidTree, action: Action, suit: int) -> list[Fact]:
    """How often the contract makes and what a bust costs against passing (or outright)."""
    me = SEATS.index(view.seat)
    value = evaluation.value(action)
    assert value.make_prob is not None
    made = tree.made[:, suit, me]
    deal = evaluation.channels[action][:, DEAL]
    facts = [Fact(FactKey.MAKES, suit, action=action, prob=_pct(calibrated(value.make_prob, chance_kind(view.stage, action))))]
    bust_weight = 1.0 - made
    if value.make_prob < SURE and bust_weight.sum() > 0:
        bust = float((deal * bust_weight).sum() / bust_weight.sum())
        if PASS in view.legal:
            kept = evaluation.value(PASS).deal_ev
            facts.append(Fact(FactKey.BUST_AGAINST_PASS, suit, _pts(kept - bust), action=action, other=PASS))
        else:
            facts.append(Fact(FactKey.BUST, suit, _pts(-bust), action=action))
    return facts


def _best_naming(tree: BidTree, reached: FloatArray) -> tuple[int, float]:
    """The suit this seat would name in round two over the worlds reached (each weighed by the
    chance the bidding gets there), and its deal value."""
    suits = [s for s in range(4) if s != tree.turned]
    means = [float(np.average(tree.contract(s, tree.me)[:, DEAL], weights=reached)) for s in suits]
    k = int(np.argmax(means))
    return suits[k], means[k]


def _if_he_bids(tree: BidTree, chance: FloatArray, suit: int | IntArray) -> int:
    """Your deal value, on average over the worlds where the other makes ``suit`` trump after your
    pass (each weighed by his chance of bidding there): what his contract is worth to you."""
    if chance.sum() <= 0:
        return 0
    return _pts(np.average(tree.contract(suit, tree.opp)[:, DEAL], weights=chance))


def _pass_facts(view: PlayerView, evaluation: Evaluation, tree: BidTree, action: Action) -> list[Fact]:
    """Where a pass leads: the other's answer as the bidding tree models it (the level's
    ``ai.levels.BidderModel``, rules.md §10) and what his contract is worth to you, and the suit
    left to name in round two, against taking."""
    facts: list[Fact] = []
    i_am_elder = view.seat == ELDER
    if view.stage == "bidding_round_one":
        if i_am_elder:
            facts.append(Fact(FactKey.PASS_OTHER_TAKES, tree.turned, _if_he_bids(tree, tree.opp_takes, tree.turned),
                              action=action, prob=_pct(tree.opp_takes.mean())))
            reached = 1 - tree.opp_takes
        else:
            facts.append(Fact(FactKey.PASS_OTHER_NAMES, None, _if_he_bids(tree, tree.opp_names, tree.opp_best_other),
                              action=action, prob=_pct(tree.opp_names.mean())))
            reached = 1 - tree.opp_names
        if reached.sum() > 0:
            suit, worth = _best_naming(tree, reached)
            take = float(np.average(tree.contract(tree.turned, tree.me)[:, DEAL], weights=reached))
            facts.append(Fact(FactKey.PASS_THEN_NAME, suit, _pts(worth - take), action=action, other=TAKE))
    elif view.stage == "bidding_round_two":
        if i_am_elder:
            facts.append(Fact(FactKey.PASS_OTHER_NAMES, None, _if_he_bids(tree, tree.opp_names, tree.opp_best_other),
                              action=action, prob=_pct(tree.opp_names.mean())))
        else:
            others = [a for a in evaluation.actions if a.action != action]
            best = max(others, key=lambda a: a.deal_ev)
            facts.append(Fact(FactKey.PASS_THROWS_IN, None, _pts(best.deal_ev), action=action, other=best.action))
    return facts


def bid_facts(view: PlayerView, evaluation: Evaluation) -> list[Fact]:
    """Each bid's facts from the evaluation's bidding tree, and what the other has said."""
    tree = evaluation.tree
    assert tree is not None
    turned = tree.turned
    facts: list[Fact] = []
    for event in view.events:
        said = event.data
        if not isinstance(said, BidSaid) or event.seat == view.seat:
            continue
        kind, stage = said.action.kind, said.stage
        if kind == "pass" and stage == "bidding_round_one":
            tops = sum(1 << card(r, turned) for r in (JACK, NINE)) & _unseen(view)
            facts.append(Fact(FactKey.OTHER_PASSED_TURNED, turned, unseen=tops))
        elif kind == "pass":
            facts.append(Fact(FactKey.OTHER_PASSED_ROUND_TWO))
        elif kind == "schmeiss" and stage == "bidding_round_one":
            facts.append(Fact(FactKey.OTHER_SCHMEISSED, turned))
    runs = list(find_runs(view.hand, turned, view.rules))
    if runs:
        held = 0
        for r in runs:
            held |= r.mask
        facts.append(Fact(FactKey.SEQUENCES, None, sum(r.value for r in runs), len(runs), held=held))
    me, opp = tree.me, tree.opp
    for action in view.legal:
        parsed = action
        if parsed.kind == "take" or parsed.kind == "name":
            suit = turned if parsed.kind == "take" else parsed.suit
            assert suit is not None
            facts += _make_facts(view, evaluation, tree, action, suit)
            facts += _trump_facts(view, action, suit)
        elif parsed.kind == "schmeiss" and view.stage == "bidding_round_one":
            refuses = tree.opp_refuses_schmeiss
            facts.append(Fact(FactKey.SCHMEISS_ANSWER, turned, action=action, prob=_pct(1 - refuses.mean())))
            if view.rules.schmeiss_refused == "schmeisser_makes" and refuses.sum() > 0:
                made = float(np.average(tree.made[:, turned, me], weights=refuses))
                facts.append(Fact(FactKey.SCHMEISS_REFUSED_YOU_MAKE, turned, action=action, prob=_pct(calibrated(made, ChanceKind.ANSWER))))
        elif parsed.kind == "accept":
            refused = next((a for a in evaluation.actions if a.action == REFUSE), None)
            facts.append(Fact(FactKey.ACCEPT_THROWS_IN, turned, None if refused is None else _pts(refused.deal_ev),
                              action=action, other=None if refused is None else REFUSE))
        elif parsed.kind == "refuse":
            if view.rules.schmeiss_refused == "schmeisser_makes":
                made = float(tree.made[:, turned, opp].mean())
                facts.append(Fact(FactKey.REFUSE_OTHER_MAKES, turned, action=action, prob=_pct(calibrated(made, ChanceKind.ANSWER))))
            else:
                suit, worth = _best_naming_any(tree)
                facts.append(Fact(FactKey.REFUSE_YOU_NAME, suit, _pts(worth), action=action))
                made = float(tree.made[:, suit, me].mean())
                facts.append(Fact(FactKey.REFUSE_YOU_MAKE, suit, action=action, prob=_pct(calibrated(made, ChanceKind.ANSWER))))
            facts.append(_schmeiss_means(view, evaluation, action))
        else:  # pass (or klaberjass's round-two schmeiss, which is a pass, §4.2)
            facts += _pass_facts(view, evaluation, tree, action)
    return facts


def _schmeiss_means(view: PlayerView, evaluation: Evaluation, action: Action) -> Fact:
    """What the other's schmeiss says of his hand in the bot's model of him (rules.md §4.3, §10):
    the model reads nothing into a schmeiss (its worlds are every hand he may hold), so the fact
    gives the share of those hands that would take the turn-up suit by the rule of thumb, worded by
    who said it and by who becomes maker on a refusal: a dealer who is left to make the suit when
    refused may schmeiss a strong hand as a trap; an elder's schmeiss is mostly a weak hand."""
    turned = suit_of(view.turn_up)
    worlds = evaluation.worlds_used
    assert worlds is not None
    strong = float((hand_strengths(worlds.other_hand)[:, turned] >= TAKE_THRESHOLD).mean())
    if view.rules.schmeiss_refused != "schmeisser_makes":
        key = FactKey.SCHMEISS_MEANS_NAMING
    else:
        key = FactKey.SCHMEISS_MEANS_TRAP if view.schmeisser != ELDER else FactKey.SCHMEISS_MEANS_ELDER
    return Fact(key, turned, action=action, prob=_pct(strong), threshold=TAKE_THRESHOLD)


def _best_naming_any(tree: BidTree) -> tuple[int, float]:
    """After refusing a schmeiss where the refuser names any suit (kalabriasz, §4.3)."""
    means = [float(tree.contract(s, tree.me)[:, DEAL].mean()) for s in range(4)]
    k = int(np.argmax(means))
    return k, means[k]


# -- card play --------------------------------------------------------------------------------------


def _beaten_share(view: PlayerView, lead: int, others: list[int]) -> float:
    """The share of the worlds where the other can answer ``lead`` with a card that wins it (§7)."""
    trump = view.trump
    beaten = 0
    for hand in others:
        legal = legal_follow(hand, lead, trump, view.rules.must_overtake)
        if any(trick_winner(0, lead, c, trump) == 1 for c in cards_of(legal)):
            beaten += 1
    return beaten / max(1, len(others))


def shown_facts(view: PlayerView) -> list[Fact]:
    """What the cards have shown of the other's hand, from the very constraints the card worlds are
    drawn under (``ai.worlds``): each proof of his play (a void, no trump, no higher card where he
    had to beat, no bella king; rules.md §7, §6.4), the cards known in his hand (a sequence he
    showed, a bella king, the turn-up he took for the dix; §5, §6), what the declaration dialogue
    said (§6.3), and the cards not seen split into those he may hold and those in the stock."""
    facts: list[Fact] = []
    for proof in exclusion_proofs(view):
        stock = proof.cards & hidden_cards(view)
        facts.append(Fact(FactKey(f"other_{proof.kind}"), proof.suit, count=stock.bit_count(),
                          shown=(0 if proof.led is None else 1 << proof.led) | 1 << proof.played, stock=stock))
    known = view.other_known
    runs = 0
    if view.sequence_winner == view.other:
        for mask in view.shown_runs:
            runs |= mask
    if known & runs:
        facts.append(Fact(FactKey.OTHER_HOLDS_RUN, view.trump, count=(known & runs).bit_count(), his=known & runs))
    if view.exchanged_by == view.other and known >> view.turn_up & 1:
        facts.append(Fact(FactKey.OTHER_TOOK_TURN_UP, view.trump, his=1 << view.turn_up, shown=1 << view.face_up))
    rest = known & ~runs & ~(1 << view.turn_up if view.exchanged_by == view.other else 0)
    if rest:
        facts.append(Fact(FactKey.OTHER_HOLDS_BELLA, view.trump, count=rest.bit_count(), his=rest))
    facts += _dialogue_facts(view)
    may, stock = other_may_hold(view), hidden_cards(view) & ~other_may_hold(view)
    facts.append(Fact(FactKey.HIDDEN_SPLIT, view.trump, count=view.other_count - known.bit_count(), unseen=may,
                      stock=stock, his=known))
    return facts


def _dialogue_facts(view: PlayerView) -> list[Fact]:
    """What the declaration dialogue said of the other's best sequence at the first lead (§6.3):
    none, the value he declared, or that it was worth less than, or as much as, the winner's."""
    other = view.other
    said = [line for line in view.dialogue if line.seat == other]
    if not said:
        return []
    mine = next((line.arg for line in view.dialogue if line.seat != other and line.word == "value"), None)
    words = {line.word for line in said}
    value = next((line.arg for line in said if line.word == "value"), None)
    if value == 0:
        return [Fact(FactKey.DIALOGUE_NONE)]
    if isinstance(value, int):
        return [Fact(FactKey.DIALOGUE_VALUE, points=value)]
    if "good" in words and isinstance(mine, int):
        return [Fact(FactKey.DIALOGUE_LOWER, points=mine)]
    if "how_high" in words and isinstance(mine, int):
        return [Fact(FactKey.DIALOGUE_EQUAL, points=mine)]
    return []


def play_facts(view: PlayerView, evaluation: Evaluation) -> list[Fact]:
    """Each card's plan, checked in the evaluation's worlds: what it does to the trick, whether it
    draws trumps, whether it leaves a ten bare with its ace unseen, the last trick, bella; and what
    the cards have shown (``shown_facts``), so the reasons and the worlds agree."""
    trump = view.trump
    assert trump is not None
    unseen = _unseen(view)
    may = other_may_hold(view)
    his = view.other_known
    worlds = evaluation.worlds_used
    others = [] if worlds is None else [int(h) for h in worlds.other_hand.tolist()]
    last = len(view.tricks) == TRICKS_PER_DEAL - 1
    # the points of the rule set (§1, §8, §6.4), read once for every card
    last_trick_points, bella_points = view.rules.last_trick_points, view.rules.bella_points
    trumps_unseen = SUIT_MASKS[trump] & unseen
    trumps_his = SUIT_MASKS[trump] & (may | his)
    facts = shown_facts(view)
    facts.append(Fact(FactKey.TRUMPS_UNSEEN, trump, count=(trumps_unseen & may).bit_count(), unseen=trumps_unseen & may,
                      stock=trumps_unseen & ~may, his=SUIT_MASKS[trump] & his))
    for action in view.legal:
        if action == EXCHANGE:
            dix = card(SEVEN, trump)
            facts.append(Fact(FactKey.EXCHANGE, trump, card_points(view.face_up, trump), action=action,
                              held=1 << dix, shown=1 << view.face_up))
            continue
        c = played_card(action)
        suit = suit_of(c)
        bonus = last_trick_points if last else 0
        wins: float
        if view.current:
            led = view.current[0][1]
            points = card_points(c, trump) + card_points(led, trump) + bonus
            if trick_winner(0, led, c, trump) == 1:
                key = FactKey.TRUMPS_TRICK if suit == trump and suit_of(led) != trump else FactKey.WINS_TRICK
                wins = 1.0
            else:
                key = FactKey.GIVES_TRICK
                wins = 0.0
            facts.append(Fact(key, suit, points, action=action, held=1 << c, shown=1 << led))
        else:
            def beats(h: int) -> bool:
                return trick_winner(0, c, h, trump) == 1
            higher = sum(1 << h for h in cards_of(SUIT_MASKS[suit] & (unseen | his)) if beats(h))
            # count: the cards he may hold that could beat it, by rank or (for a plain card) by trumping
            beaters = (higher | (0 if suit == trump else trumps_his)) & (may | his)
            beaten = _beaten_share(view, c, others)
            wins = 1 - beaten
            facts.append(Fact(FactKey.LEAD_BEATEN, suit, count=beaters.bit_count(), action=action,
                              prob=_pct(beaten), held=1 << c, unseen=higher & may, his=higher & his,
                              stock=higher & unseen & ~may))
            if suit == trump:
                facts.append(Fact(FactKey.DRAWS_TRUMPS, suit, count=trumps_his.bit_count(), action=action,
                                  held=1 << c, unseen=trumps_unseen & may, his=SUIT_MASKS[trump] & his,
                                  stock=trumps_unseen & ~may))
        if last:
            facts.append(Fact(FactKey.LAST_TRICK, None, last_trick_points, action=action, held=1 << c, prob=_pct(wins)))
        ten, ace = card(TEN, suit), card(ACE, suit)
        rest = view.hand & ~(1 << c) & SUIT_MASKS[suit]
        if suit != trump and c != ten and rest == 1 << ten and (may | his) >> ace & 1:
            facts.append(Fact(FactKey.BARES_TEN, suit, action=action, held=1 << c | 1 << ten,
                              unseen=1 << ace & may, his=1 << ace & his))
        if action.bella:
            facts.append(Fact(FactKey.BELLA_ANNOUNCED, trump, bella_points, action=action, held=1 << c))
        elif Action.play(c, bella=True) in view.legal:
            facts.append(Fact(FactKey.BELLA_SILENT, trump, bella_points, action=action, held=1 << c))
    return facts


# -- the verdict ------------------------------------------------------------------------------------


def mistake_fact(view: PlayerView, evaluation: Evaluation, chosen: Action, loss: float,
                 facts: list[Fact]) -> Fact:
    """Why the chosen action is a mistake, in one fact: the make chance that sinks it, the make
    chance it forgoes, or the trick it gives away; else only what it costs against the best."""
    best = evaluation.best
    points = _pts(loss)
    mine = evaluation.value(chosen)
    theirs = evaluation.value(best)
    if mine.make_prob is not None:
        return Fact(FactKey.MISTAKE_RISKY, _suit_of_action(view, chosen), points, action=chosen, other=best,
                    prob=_pct(calibrated(mine.make_prob, chance_kind(view.stage, chosen))))
    if theirs.make_prob is not None:
        return Fact(FactKey.MISTAKE_FORGOES, _suit_of_action(view, best), points, action=chosen, other=best,
                    prob=_pct(calibrated(theirs.make_prob, chance_kind(view.stage, best))))
    trick = {f.action: f for f in facts if f.key in (FactKey.WINS_TRICK, FactKey.TRUMPS_TRICK, FactKey.GIVES_TRICK)}
    if chosen in trick and best in trick and trick[chosen].key == FactKey.GIVES_TRICK != trick[best].key:
        return Fact(FactKey.MISTAKE_GIVES_TRICK, None, points, action=chosen, other=best,
                    held=trick[chosen].held | trick[best].held)
    lead = {f.action: f for f in facts if f.key == FactKey.LEAD_BEATEN}
    if chosen in lead and best in lead and (lead[chosen].prob or 0) >= (lead[best].prob or 0) + 0.2:
        return Fact(FactKey.MISTAKE_BEATEN, None, points, action=chosen, other=best, prob=lead[chosen].prob,
                    count=_pts(100 * (lead[best].prob or 0)), held=lead[chosen].held | lead[best].held)
    return Fact(FactKey.MISTAKE, None, points, action=chosen, other=best)


def _suit_of_action(view: PlayerView, action: Action) -> int | None:
    if action.kind is ActionKind.TAKE:
        return suit_of(view.turn_up)
    return action.suit
