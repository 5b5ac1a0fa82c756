"""The game as the interface plays it: a match, who is human, settings, the bot's seeds, undo, saves.

No Textual here, so the whole flow can be tested without a screen. The interface reads only
``view()`` (a ``PlayerView``) for what the player may see; the finished deal is opened only after it
is over (``last``), to show both hands in the summary.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from ai.registry import LEVEL_NAMES
from engine.deal import Deal, deck_fingerprint, shuffled_deck
from engine.match import Match, SheetRow, deal_seed
from engine.record import parse_record, record_of, replay
from engine.rules import DEFAULT_PRESET, PRESETS, RuleError, RuleSet

HUMAN, BOT = 0, 1
LEVELS = (*LEVEL_NAMES, "greedy", "random")
DEFAULT_LEVEL = "normal"
PACES = ("key", "0.5", "1", "2")
WATCH_DELAY = 0.8


def bot_name(level: str) -> str:
    """The make_bot name for a level: ``normal`` -> ``mc:normal``; ``greedy`` and ``random`` as they are."""
    if level.startswith("mc:"):
        return level
    return f"mc:{level}" if level in LEVEL_NAMES else level


def load_bot(level: str) -> tuple[Any, str]:
    """The bot for a level and the name it really has: falls back to greedy if make_bot lacks it.

    Imports the ai package here, lazily, so the first frame does not wait for it.
    """
    from ai.registry import make_bot

    name = bot_name(level)
    try:
        return make_bot(name), name
    except ValueError:
        return make_bot("greedy"), "greedy"


def decision_seed(match_seed: int, deal_number: int, action_index: int, seat: str) -> int:
    """The bot's seed for one decision: the same position in the same match always gets the same seed."""
    digest = hashlib.sha256(f"klabber-bot:{match_seed}:{deal_number}:{action_index}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass
class Settings:
    preset: str = DEFAULT_PRESET
    options: dict[str, Any] = field(default_factory=dict)
    target: int = 500
    level: str = DEFAULT_LEVEL
    pace: str = "key"
    four_colour: bool = False
    ascii: bool = False
    autoplay_forced: bool = True
    coach_bids: bool = False  # the coach's verdict after every bid of the player (issue 5)

    def rules(self) -> RuleSet:
        return RuleSet.from_preset(self.preset, {**self.options, "target": self.target})

    @classmethod
    def from_dict(cls, obj: dict[str, Any]) -> Settings:
        """Settings from a file, each bad or unknown value replaced by its default."""
        result = cls()
        if not isinstance(obj, dict):
            return result
        if obj.get("preset") in PRESETS:
            result.preset = obj["preset"]
        if isinstance(obj.get("options"), dict):
            try:
                RuleSet.from_preset(result.preset, obj["options"])
                result.options = dict(obj["options"])
            except RuleError:
                pass
        target = obj.get("target")
        if isinstance(target, int) and not isinstance(target, bool) and 100 <= target <= 5000:
            result.target = target
        if obj.get("level") in LEVELS:
            result.level = obj["level"]
        if obj.get("pace") in PACES:
            result.pace = obj["pace"]
        for key in ("four_colour", "ascii", "autoplay_forced", "coach_bids"):
            if isinstance(obj.get(key), bool):
                setattr(result, key, obj[key])
        return result

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Finished:
    """A deal just over, for the summary: the deal itself (both hands may now be shown) and its row."""

    deal: Deal
    row: SheetRow
    seed: int
    fingerprint: str
    human_seat: str


class Session:
    """One match between player 0 (the human, or a bot when watching) and player 1 (the bot)."""

    def __init__(self, match: Match, names: tuple[str, str], level: str, *, watch: bool = False,
                 match_id: str | None = None, date: str | None = None, practice: bool = False) -> None:
        self.match = match
        self.names = names
        self.level = level
        self.watch = watch
        self.id = match_id or time.strftime("%Y%m%d-%H%M%S") + f"-{match.seed % 10000:04d}"
        self.date = date or time.strftime("%Y-%m-%d")
        self.practice = practice
        self.last: Finished | None = None
        self.summary_pending = False  # a deal is over and its summary not yet seen: resume shows it
        self.started_deal = True  # the deal on the table has not been looked at yet (fingerprint)

    # -- making and saving ----------------------------------------------------------------------

    @classmethod
    def new(cls, settings: Settings, name: str, *, seed: int | None = None, watch: bool = False) -> Session:
        if seed is None:
            seed = random.SystemRandom().getrandbits(48)
        match = Match(settings.rules(), seed)
        names = (name, bot_name(settings.level))
        return cls(match, names, settings.level, watch=watch)

    def to_save(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": self.date,
            "players": self.players_text,
            "names": list(self.names),
            "level": self.level,
            "practice": self.practice,
            "summary_pending": self.summary_pending,
            "match": self.match.to_dict(self.meta()),
        }

    @classmethod
    def from_save(cls, obj: dict[str, Any]) -> Session:
        """A session from a save; ValueError with the reason for anything that does not fit."""
        match = Match.from_dict(obj.get("match"))
        names = obj.get("names")
        if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            raise ValueError("the save has no player names")
        level = obj.get("level")
        if not isinstance(level, str):
            raise ValueError("the save has no bot level")
        session = cls(match, (names[0], names[1]), level, match_id=str(obj.get("id") or ""),
                      date=str(obj.get("date") or ""), practice=bool(obj.get("practice")))
        if obj.get("summary_pending") is True and match.records:
            session.last = session.finished_from_sheet()
            session.summary_pending = True
        return session

    def finished_from_sheet(self) -> Finished:
        """The last finished deal rebuilt from its record and its row of the score sheet."""
        row = self.match.rows[-1]
        deal = replay(parse_record(self.match.records[-1]))
        seed = deal_seed(self.match.seed, row.number)
        human_seat = "dealer" if row.dealer == 0 else "elder"
        return Finished(deal, row, seed, deck_fingerprint(shuffled_deck(seed)), human_seat)

    @property
    def players_text(self) -> str:
        return f"{self.names[0]} v {self.names[1]}"

    def meta(self) -> dict[str, str | int]:
        meta: dict[str, str | int] = {"players": self.players_text, "date": self.date, "match": self.id}
        if self.practice:
            meta["practice"] = 1
        return meta

    # -- what is on the table -------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        return self.match.deal

    @property
    def rules(self) -> RuleSet:
        return self.match.rules

    @property
    def seat(self) -> str:
        """The seat of player 0 (the one whose hand is shown) in the current deal."""
        return self.match.seat_of(HUMAN)

    @property
    def bot_seat(self) -> str:
        return self.match.seat_of(BOT)

    def view(self) -> Any:
        """What player 0 may see now: the only thing the table reads during a deal."""
        return self.deal.view(self.seat)

    def is_bot(self, seat: str | None) -> bool:
        if seat is None:
            return False
        return self.watch or seat == self.bot_seat

    @property
    def bot_to_act(self) -> bool:
        return not self.match.is_over and self.is_bot(self.deal.to_act)

    @property
    def fingerprint(self) -> str:
        return deck_fingerprint(shuffled_deck(self.match.deck_seed))

    def seed_for_next_decision(self) -> int:
        deal = self.deal
        return decision_seed(self.match.seed, self.match.number, len(deal.actions), deal.to_act or "")

    def bot_view(self) -> Any:
        seat = self.deal.to_act
        assert seat is not None
        return self.deal.view(seat)

    def position(self) -> tuple[int, int]:
        """Identifies the moment a decision was asked for, so a late answer can be recognised."""
        return (self.match.number, len(self.deal.actions))

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, seat: str, action: str) -> Finished | None:
        """Apply an action (IllegalAction propagates, changing nothing); finish the deal when over."""
        self.deal.apply(seat, action)
        if not self.deal.is_over:
            return None
        deal = self.deal
        seed = self.match.deck_seed
        human_seat = self.seat
        row = self.match.finish_deal(self.meta())
        self.last = Finished(deal, row, seed, deck_fingerprint(shuffled_deck(seed)), human_seat)
        self.summary_pending = True
        self.started_deal = True
        return self.last

    def can_undo(self) -> bool:
        return not self.watch and any(seat == self.seat for seat, _ in self.deal.actions)

    def undo(self) -> bool:
        """Take back player 0's last decision in this deal and everything after it (the bot's answer)."""
        if not self.can_undo():
            return False
        actions = self.deal.actions
        k = max(i for i, (seat, _) in enumerate(actions) if seat == self.seat)
        record = parse_record(record_of(self.deal))
        deal = record.new_deal()
        for seat, action in actions[:k]:
            deal.apply(seat, action)
        self.match.deal = deal
        self.practice = True
        return True

    def new_match(self, settings: Settings) -> Session:
        return Session.new(settings, self.names[0], watch=self.watch)
