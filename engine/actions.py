"""Typed values at the engine's edge: actions, seats, stages and the events of a deal's log.

An :class:`Action` is what a seat does, with its parts as values (``kind``, ``card``, ``suit``,
``bella``); :meth:`Action.parse` reads, and ``str`` writes, the record notation of
deal-record.md (``take``, ``name H``, ``play QD bella``), as python-chess's ``Move`` does for UCI.
``Deal.legal_actions``, ``PlayerView.legal``, ``Deal.apply`` and every bot deal in Actions; text
is read only where records and the command line are read, and written where records and words are.

Closed sets are :class:`enum.StrEnum` s whose values are the record's words, so a seat, a stage or
an action kind compares equal to, and is written as, the word a record or a save holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .cards import format_card, format_suit, parse_card, parse_suit


class Seat(StrEnum):
    """The two seats (rules.md §2): the elder leads first, the dealer deals."""

    ELDER = "elder"
    DEALER = "dealer"

    @property
    def other(self) -> Seat:
        """The other seat: the one rule of "the other" every module asks."""
        return DEALER if self is ELDER else ELDER


ELDER = Seat.ELDER
DEALER = Seat.DEALER
SEATS: tuple[Seat, Seat] = (ELDER, DEALER)


class Stage(StrEnum):
    """Where a deal stands (rules.md §4-§8); the values are deal-record.md's words."""

    BIDDING_ROUND_ONE = "bidding_round_one"
    SCHMEISS_ANSWER = "schmeiss_answer"
    BIDDING_ROUND_TWO = "bidding_round_two"
    NAMING = "naming"
    PLAY = "play"
    DONE = "done"


BIDDING_ROUND_ONE = Stage.BIDDING_ROUND_ONE
SCHMEISS_ANSWER = Stage.SCHMEISS_ANSWER
BIDDING_ROUND_TWO = Stage.BIDDING_ROUND_TWO
NAMING = Stage.NAMING
PLAY = Stage.PLAY
DONE = Stage.DONE
BIDDING_STAGES: tuple[Stage, ...] = (BIDDING_ROUND_ONE, SCHMEISS_ANSWER, BIDDING_ROUND_TWO, NAMING)


class ActionKind(StrEnum):
    """What an action does; the values are the verbs of deal-record.md."""

    TAKE = "take"
    PASS = "pass"
    SCHMEISS = "schmeiss"
    ACCEPT = "accept"
    REFUSE = "refuse"
    NAME = "name"
    EXCHANGE = "exchange"
    PLAY = "play"


ACTION_KINDS: tuple[ActionKind, ...] = tuple(ActionKind)
_BARE: frozenset[str] = frozenset({"take", "pass", "schmeiss", "accept", "refuse", "exchange"})


class EventKind(StrEnum):
    """What an entry of a deal's log records."""

    BID = "bid"
    THROWN_IN = "thrown_in"
    TRUMP = "trump"
    EXTRA_DEAL = "extra_deal"
    BOTTOM = "bottom"
    EXCHANGE = "exchange"
    PLAY = "play"
    BELLA = "bella"
    TRICK = "trick"
    DEAL_END = "deal_end"
    DIALOGUE = "dialogue"
    SEQUENCES = "sequences"
    TRUMP_RUN = "trump_run"


class IllegalAction(ValueError):
    """An action the rules refuse here, or text that is no action; the message says what is allowed.

    ``code`` and ``detail`` say the same as data, so an interface can word a refusal in its own
    notation (issue 13) while the message stays the one ``klabber replay`` prints. A refusal of a
    seat's action carries ``seat``, ``action`` (as written) and ``allowed`` (the legal
    :class:`Action` s) in ``detail``, plus the cards it is about (``card``, ``led``, ``suit``, ``trump``).
    """

    def __init__(self, message: str, code: str = "not_an_action", detail: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.detail: dict[str, Any] = dict(detail or {})


def seat_index(seat: str) -> int:
    """0 for the elder, 1 for the dealer; anything else is refused by name."""
    if seat == ELDER:
        return 0
    if seat == DEALER:
        return 1
    raise IllegalAction(f"unknown seat {seat!r}: the seats are 'elder' and 'dealer'")


@dataclass(frozen=True, slots=True)
class Action:
    """One action: ``play`` has a card (and ``bella`` when announced), ``name`` a suit, others neither.

    Compare actions as values (``EXCHANGE in view.legal``, ``action.kind is ActionKind.PLAY``);
    never by their text.
    """

    kind: ActionKind
    card: int | None = None
    suit: int | None = None
    bella: bool = False

    def __post_init__(self) -> None:
        kind = self.kind
        if kind not in _KIND_OF:
            raise IllegalAction(f"{kind!r} is not an action kind: the kinds are {', '.join(ACTION_KINDS)}")
        object.__setattr__(self, "kind", _KIND_OF[kind])
        if kind == "play":
            if self.card is None or not 0 <= self.card < 32 or self.suit is not None:
                raise IllegalAction(f"a play needs one card index 0..31, not {self.card!r}")
        elif kind == "name":
            if self.suit is None or not 0 <= self.suit < 4 or self.card is not None or self.bella:
                raise IllegalAction(f"'name' needs one suit index 0..3, not {self.suit!r}")
        elif self.card is not None or self.suit is not None or self.bella:
            raise IllegalAction(f"'{kind}' takes no card, suit or bella")

    @staticmethod
    def parse(text: str) -> Action:
        """The action a record's text names (forgiving card and suit notation, §1); IllegalAction if none."""
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not an action: actions are strings such as 'take' or 'play TD'")
        return _parse(text)

    @staticmethod
    def play(card: int, bella: bool = False) -> Action:
        return _PLAYS[bella][card]

    @staticmethod
    def name(suit: int) -> Action:
        return _NAMES[suit]

    @property
    def is_play(self) -> bool:
        return self.kind is ActionKind.PLAY

    def __str__(self) -> str:
        if self.kind is ActionKind.PLAY:
            assert self.card is not None
            return f"play {format_card(self.card)}" + (" bella" if self.bella else "")
        if self.kind is ActionKind.NAME:
            assert self.suit is not None
            return f"name {format_suit(self.suit)}"
        return self.kind.value


_KIND_OF: dict[str, ActionKind] = {kind.value: kind for kind in ActionKind}
TAKE: Action = Action(ActionKind.TAKE)
PASS: Action = Action(ActionKind.PASS)
SCHMEISS: Action = Action(ActionKind.SCHMEISS)
ACCEPT: Action = Action(ActionKind.ACCEPT)
REFUSE: Action = Action(ActionKind.REFUSE)
EXCHANGE: Action = Action(ActionKind.EXCHANGE)
# Every play and every naming made once: the engine and the bots hand these out, never build new ones.
_PLAYS: tuple[tuple[Action, ...], tuple[Action, ...]] = (
    tuple(Action(ActionKind.PLAY, card=c) for c in range(32)),
    tuple(Action(ActionKind.PLAY, card=c, bella=True) for c in range(32)),
)
_NAMES: tuple[Action, ...] = tuple(Action(ActionKind.NAME, suit=s) for s in range(4))


def split_action(action: str) -> list[str]:
    """Words of an action's text, exactly one space apart and lower-case verbs (deal-record.md)."""
    if not isinstance(action, str) or not action:
        raise IllegalAction(f"{action!r} is not an action: actions are strings such as 'take' or 'play TD'",
                            "not_an_action", {"why": "not_text", "action": action})
    words = action.split(" ")
    if any(not w for w in words) or words[0] not in _KIND_OF:
        raise IllegalAction(
            f"{action!r} is not an action: use take, pass, schmeiss, accept, refuse, name S, exchange, "
            "play XX or play XX bella, lower case, one space apart", "not_an_action", {"why": "words", "action": action}
        )
    if words[0] == "name" and len(words) != 2:
        raise IllegalAction(f"{action!r} is not an action: 'name' takes one suit, such as 'name H'", "not_an_action",
                            {"why": "name_form", "action": action})
    if words[0] in _BARE and len(words) != 1:
        raise IllegalAction(f"{action!r} is not an action: {words[0]!r} takes nothing after it", "not_an_action",
                            {"why": "bare_form", "action": action, "word": words[0]})
    if words[0] == "play" and (len(words) not in (2, 3) or (len(words) == 3 and words[2] != "bella")):
        raise IllegalAction(f"{action!r} is not an action: a play is 'play XX' or 'play XX bella'", "not_an_action",
                            {"why": "play_form", "action": action})
    return words


def from_words(words: list[str]) -> Action:
    """The action of words ``split_action`` passed; ValueError names a card or suit that is none."""
    kind = _KIND_OF[words[0]]
    if kind is ActionKind.PLAY:
        return _PLAYS[len(words) == 3][parse_card(words[1])]
    if kind is ActionKind.NAME:
        return _NAMES[parse_suit(words[1])]
    return _BARE_ACTIONS[kind]


_BARE_ACTIONS: dict[ActionKind, Action] = {a.kind: a for a in (TAKE, PASS, SCHMEISS, ACCEPT, REFUSE, EXCHANGE)}


@lru_cache(maxsize=1024)
def _parse(text: str) -> Action:
    """Cached: records and saves repeat the same few dozen actions."""
    words = split_action(text)
    try:
        return from_words(words)
    except ValueError as error:
        raise IllegalAction(f"{text!r} is not an action: {error}") from None


# What each kind of event carries: a payload of its own per kind, so a reader gets typed fields.


@dataclass(frozen=True, slots=True)
class BidSaid:
    """``bid``: the action said and the stage it was said in."""

    action: Action
    stage: Stage


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """``thrown_in``: the deal is thrown in (§4.4); nothing more to say."""


@dataclass(frozen=True, slots=True)
class TrumpFixed:
    """``trump``: the trump suit; the event's seat is the maker."""

    suit: int


@dataclass(frozen=True, slots=True)
class ExtraDealt:
    """``extra_deal``: the three cards one seat receives (private to that seat)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BottomShown:
    """``bottom``: the bottom card of the stock, shown after the extra deal (§3)."""

    card: int


@dataclass(frozen=True, slots=True)
class DixExchanged:
    """``exchange``: the dix given and the face-up card taken (§5)."""

    dix: int
    taken: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``play``: the card, and whether bella scored on it (§6.4)."""

    card: int
    bella: bool


@dataclass(frozen=True, slots=True)
class PointsScored:
    """``bella`` (with the card it scored on) and ``trump_run``: the points a declaration scored."""

    points: int
    card: int | None = None


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """``trick``: the leader's card, then the follower's, and the card points; the seat is the winner."""

    cards: tuple[int, int]
    points: int


@dataclass(frozen=True, slots=True)
class DialogueSaid:
    """``dialogue``: one line of the sequence dialogue (see ``engine.declarations.DialogueLine``)."""

    word: str
    arg: int | str | None


@dataclass(frozen=True, slots=True)
class SequencesScored:
    """``sequences``: the winner's scoring runs (masks) and their points (§6.2)."""

    runs: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class DealEnded:
    """``deal_end``: how the deal ended (an ``engine.scoring.Outcome``)."""

    outcome: str


EventData = (BidSaid | ThrownIn | TrumpFixed | ExtraDealt | BottomShown | DixExchanged | CardPlayed | PointsScored
             | TrickTaken | DialogueSaid | SequencesScored | DealEnded)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log. ``private_to`` marks events only one seat may see."""

    kind: EventKind
    seat: Seat | None
    data: EventData
    private_to: Seat | None = None


@dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[int, int]  # leader's card, then the follower's
    winner: Seat
    points: int
