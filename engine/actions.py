"""Typed values at the engine's edge: actions, seats, stages and the events of a deal's log.

An :class:`Action` is what a seat does, with its parts as ints (``kind``, ``card``, ``suit``,
``bella``); :meth:`Action.parse` reads, and ``str`` writes, the record notation of
deal-record.md (``take``, ``name H``, ``play QD bella``), as python-chess's ``Move`` does for UCI.
Code outside ``engine/`` reads an action's fields, never its words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, Literal, TypedDict, get_args

from .cards import format_card, format_suit, parse_card, parse_suit

Seat = Literal["elder", "dealer"]
ELDER: Final = "elder"
DEALER: Final = "dealer"
SEATS: tuple[Seat, Seat] = (ELDER, DEALER)

Stage = Literal["bidding_round_one", "schmeiss_answer", "bidding_round_two", "naming", "play", "done"]
BIDDING_ROUND_ONE: Final = "bidding_round_one"
SCHMEISS_ANSWER: Final = "schmeiss_answer"
BIDDING_ROUND_TWO: Final = "bidding_round_two"
NAMING: Final = "naming"
PLAY: Final = "play"
DONE: Final = "done"
BIDDING_STAGES: tuple[Stage, ...] = (BIDDING_ROUND_ONE, SCHMEISS_ANSWER, BIDDING_ROUND_TWO, NAMING)

ActionKind = Literal["take", "pass", "schmeiss", "accept", "refuse", "name", "exchange", "play"]
ACTION_KINDS: tuple[ActionKind, ...] = get_args(ActionKind)
_BARE: tuple[ActionKind, ...] = ("take", "pass", "schmeiss", "accept", "refuse")

EventKind = Literal[
    "bid", "thrown_in", "trump", "extra_deal", "bottom", "exchange", "play", "bella", "trick",
    "deal_end", "dialogue", "sequences", "trump_run",
]


class IllegalAction(ValueError):
    """An action the rules refuse here, or text that is no action; the message says what is allowed.

    ``code`` and ``detail`` say the same as data, so an interface can word a refusal in its own
    notation (issue 13) while the message stays the one ``klabber replay`` prints. A refusal of a
    seat's action carries ``seat``, ``action`` and ``allowed`` (the legal actions) in ``detail``, plus
    the cards it is about (``card``, ``led``, ``suit``, ``trump``).
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


def other(seat: Seat) -> Seat:
    return DEALER if seat == ELDER else ELDER


@dataclass(frozen=True, slots=True)
class Action:
    """One action: ``play`` has a card (and ``bella`` when announced), ``name`` a suit, others neither."""

    kind: ActionKind
    card: int | None = None
    suit: int | None = None
    bella: bool = False

    @staticmethod
    def parse(text: str) -> Action:
        """The action a record's text names (forgiving card and suit notation, §1); IllegalAction if none."""
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not an action: actions are strings such as 'take' or 'play TD'")
        return _parse(text)

    @staticmethod
    def play(card: int, bella: bool = False) -> Action:
        return Action("play", card=card, bella=bella)

    @staticmethod
    def name(suit: int) -> Action:
        return Action("name", suit=suit)

    def __str__(self) -> str:
        if self.kind == "play":
            assert self.card is not None
            return f"play {format_card(self.card)}" + (" bella" if self.bella else "")
        if self.kind == "name":
            assert self.suit is not None
            return f"name {format_suit(self.suit)}"
        return self.kind


def split_action(action: str) -> list[str]:
    """Words of an action, exactly one space apart and lower-case verbs (deal-record.md)."""
    if not isinstance(action, str) or not action:
        raise IllegalAction(f"{action!r} is not an action: actions are strings such as 'take' or 'play TD'")
    words = action.split(" ")
    if any(not w for w in words) or words[0] not in ACTION_KINDS:
        raise IllegalAction(
            f"{action!r} is not an action: use take, pass, schmeiss, accept, refuse, name S, exchange, "
            "play XX or play XX bella, lower case, one space apart"
        )
    if words[0] == "name" and len(words) != 2:
        raise IllegalAction(f"{action!r} is not an action: 'name' takes one suit, such as 'name H'")
    if words[0] in _BARE and len(words) != 1:
        raise IllegalAction(f"{action!r} is not an action: {words[0]!r} takes nothing after it")
    if words[0] == "exchange" and len(words) != 1:
        raise IllegalAction(f"{action!r} is not an action: 'exchange' takes nothing after it")
    if words[0] == "play" and (len(words) not in (2, 3) or (len(words) == 3 and words[2] != "bella")):
        raise IllegalAction(f"{action!r} is not an action: a play is 'play XX' or 'play XX bella'")
    return words


@lru_cache(maxsize=1024)
def _parse(text: str) -> Action:
    """Cached: the bot parses the same few dozen legal actions over and over."""
    words = split_action(text)
    kind: ActionKind = words[0]  # type: ignore[assignment]  # split_action checked it is a kind
    try:
        if kind == "play":
            return Action("play", card=parse_card(words[1]), bella=len(words) == 3)
        if kind == "name":
            return Action("name", suit=parse_suit(words[1]))
    except ValueError as error:
        raise IllegalAction(f"{text!r} is not an action: {error}") from None
    return Action(kind)


class EventData(TypedDict, total=False):
    """What an event carries, by kind: ``bid`` action and stage; ``trump`` suit; ``extra_deal`` and
    ``trick`` cards; ``bottom``, ``play`` and ``bella`` card; ``play`` bella; ``exchange`` dix and
    taken; ``bella``, ``trick``, ``sequences`` and ``trump_run`` points; ``sequences`` runs (masks);
    ``dialogue`` word and arg (see ``engine.declarations.DialogueLine``); ``deal_end`` outcome."""

    action: str
    stage: Stage
    suit: int
    cards: tuple[int, ...]
    card: int
    bella: bool
    dix: int
    taken: int
    points: int
    runs: list[int]
    word: str
    arg: int | str | None
    outcome: str


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log. ``private_to`` marks events only one seat may see."""

    kind: EventKind
    seat: Seat | None = None
    data: EventData = field(default_factory=lambda: EventData())
    private_to: Seat | None = None


@dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[int, int]  # leader's card, then the follower's
    winner: Seat
    points: int
