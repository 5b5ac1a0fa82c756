"""The game as the interface plays it: a match, who is human, settings, the bot's seeds, undo, saves.

No Textual here, so the whole flow can be tested without a screen. The interface reads only
``view()`` (a ``PlayerView``) for what the player may see; the finished deal is opened only after it
is over (``last``), to show both hands in the summary.
"""

from __future__ import annotations

import hashlib
import random
import time
from enum import StrEnum
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from ai.registry import PLAYER_LEVELS, bot_name
from engine.actions import DEALER, ELDER, Action, Seat
from engine.deal import Deal, deck_fingerprint, shuffled_deck
from engine.match import Match, SheetRow, deal_seed
from engine.record import parse_record, record_of, replay
from engine.rules import DEFAULT_PRESET, PRESETS, TARGET_RANGE, RuleError, RuleSet, validate_option
from engine.view import PlayerView

from klabber_tui.data.safe_text import clean_name
from klabber_tui.data.settings import LANGUAGES
from klabber_tui.data.schemas import (
    LEGACY_PLAYER_NAMES,
    PLAYER_ROLE,
    Note,
    Unreadable,
    clean_text,
    is_int,
    shown,
)

if TYPE_CHECKING:
    from ai.bots import Bot

HUMAN, BOT = 0, 1
LEVELS = PLAYER_LEVELS
DEFAULT_LEVEL = "normal"
class Pace(StrEnum):
    """How the bot's moves are shown: held until a key, or after that many seconds (the settings
    file's words)."""

    KEY = "key"
    HALF_SECOND = "0.5"
    ONE_SECOND = "1"
    TWO_SECONDS = "2"


PACES: tuple[Pace, ...] = tuple(Pace)
WATCH_DELAY = 0.8


DEFAULT_NAME = PLAYER_ROLE  # a save whose names cannot be read
SAVE_FIELDS = frozenset({"format", "id", "date", "players", "names", "level", "practice", "summary_pending",
                         "match"})


def checked_match(obj: Any) -> dict[str, Any]:
    """The match of a save, its fields' types checked before the engine replays it (the engine
    expects a well-formed record); Unreadable (a ValueError) naming the first field that does not fit."""
    if not isinstance(obj, dict):
        raise Unreadable("save_no_match", {"value": obj})
    if not isinstance(obj.get("rules"), str):
        raise Unreadable("save_rules", {"value": obj.get("rules")})
    if obj.get("options") is not None and not isinstance(obj["options"], dict):
        raise Unreadable("save_options", {"value": obj["options"]})
    if not is_int(obj.get("seed")):
        raise Unreadable("save_seed", {"value": obj.get("seed")})
    if not isinstance(obj.get("deals"), list) or not all(isinstance(d, dict) for d in obj["deals"]):
        raise Unreadable("save_deals", {})
    return obj


def load_bot(level: str) -> tuple[Bot, str]:
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
    pace: Pace = Pace.KEY
    four_colour: bool = False
    ascii: bool = False
    autoplay_forced: bool = True
    coach_bids: bool = True  # the coach's verdict after every bid of the player (issue 5; on since issue 24)
    lang: str = ""  # "en" or "ru"; "" follows the locale (issue 12: --lang, then this, then the locale)
    extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # fields of a later version

    def rules(self) -> RuleSet:
        return RuleSet.from_preset(self.preset, {**self.options, "target": self.target})

    @classmethod
    def from_dict(cls, obj: Any) -> Settings:
        """Settings from a file, each bad value replaced by its default (see :meth:`repaired`)."""
        return cls.repaired(obj)[0]

    @classmethod
    def repaired(cls, obj: Any) -> tuple[Settings, list[Note]]:
        """Settings from a file, field by field, and a note for each value that was dropped: one bad
        field keeps the good ones, a retired level or option is mapped, an unknown field is kept."""
        result, notes = cls(), []
        if not isinstance(obj, dict):
            return result, [Note("settings_not_object", {"value": shown(obj)})]
        known = {f.name for f in fields(cls)} - {"extra"}
        result.extra = {k: v for k, v in obj.items() if k not in known and k != "format"}

        def dropped(name: str, allowed: Note) -> None:
            notes.append(Note("setting_dropped", {"name": repr(name), "value": shown(obj[name]), "allowed": allowed,
                                                  "default": shown(getattr(result, name))}))

        if "preset" in obj:
            if isinstance(obj["preset"], str) and obj["preset"] in PRESETS:
                result.preset = obj["preset"]
            else:
                dropped("preset", Note("allowed_presets", {"values": ", ".join(PRESETS)}))
        if isinstance(obj.get("options"), dict):
            result.options, option_notes = repaired_options(obj["options"])
            notes += option_notes
        elif "options" in obj:
            dropped("options", Note("allowed_options"))
        if "target" in obj:
            try:
                result.target = validate_option("target", obj["target"])
            except RuleError:
                dropped("target", Note("allowed_target", {"low": TARGET_RANGE[0], "high": TARGET_RANGE[1]}))
        if "level" in obj:
            result.level, note = repaired_level(obj["level"])
            notes += [note] if note else []
        if "pace" in obj:
            if obj["pace"] in PACES and isinstance(obj["pace"], str):
                result.pace = Pace(obj["pace"])
            else:
                dropped("pace", Note("allowed_paces", {"values": ", ".join(PACES)}))
        if "lang" in obj:
            if obj["lang"] in ("", *LANGUAGES) and isinstance(obj["lang"], str):
                result.lang = obj["lang"]
            else:
                dropped("lang", Note("allowed_languages", {"values": ", ".join(LANGUAGES)}))
        for key in ("four_colour", "ascii", "autoplay_forced", "coach_bids"):
            if key in obj:
                if isinstance(obj[key], bool):
                    setattr(result, key, obj[key])
                else:
                    dropped(key, Note("allowed_bool"))
        return result, notes

    def to_dict(self) -> dict[str, Any]:
        known = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}
        return {**self.extra, **known, "options": dict(self.options)}


def repaired_options(options: dict[str, Any]) -> tuple[dict[str, Any], list[Note]]:
    """The rule options that the RuleSet accepts, and a note for each one dropped (an option a later
    version retired, or a value it does not allow): the preset's own value is used instead."""
    kept: dict[str, Any] = {}
    notes: list[Note] = []
    for name, value in options.items():
        try:
            kept[name] = validate_option(name, value)
        except RuleError as error:
            notes.append(Note("option_dropped", {"error": error}))
    return kept, notes


def repaired_level(level: Any) -> tuple[str, Note | None]:
    """A bot level from a file: one of LEVELS, the bot's own name for one (``mc:hard``), or else the
    default level with a note saying so (a level a later or earlier version has and this one lacks)."""
    if isinstance(level, str) and level in LEVELS:
        return level, None
    if isinstance(level, str) and level.startswith("mc:") and level[3:] in LEVELS:
        return level[3:], None
    return DEFAULT_LEVEL, Note("level_dropped", {"value": shown(level), "values": ", ".join(LEVELS),
                                                 "default": DEFAULT_LEVEL})


@dataclass
class Finished:
    """A deal just over, for the summary: the deal itself (both hands may now be shown) and its row."""

    deal: Deal
    row: SheetRow
    seed: int
    fingerprint: str
    human_seat: Seat


class Session:
    """One match between player 0 (the human, or a bot when watching) and player 1 (the bot)."""

    def __init__(self, match: Match, names: tuple[str, str], level: str, *, watch: bool = False,
                 match_id: str | None = None, date: str | None = None, practice: bool = False) -> None:
        self.match = match
        self.names = (clean_text(names[0]), clean_text(names[1]))
        self.level = level
        self.watch = watch
        self.id = match_id or time.strftime("%Y%m%d-%H%M%S") + f"-{match.seed % 10000:04d}"
        self.date = date or time.strftime("%Y-%m-%d")
        self.practice = practice
        self.last: Finished | None = None
        self.summary_pending = False  # a deal is over and its summary not yet seen: resume shows it
        self.extra: dict[str, Any] = {}  # fields of the save this version does not know: written back
        self.notes: list[Note] = []  # what had to be repaired when the save was read, for the player
        self.taken_back: int | None = None  # the action index of the decision the last undo took back

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
            **self.extra,
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
        """A session from a save (its format already checked by data.saves). The match must replay, or
        this is a ValueError with the reason; any other field that does not fit takes its default and
        is named in ``notes``; fields this version does not know are kept in ``extra``."""
        match = Match.from_dict(checked_match(obj.get("match")))
        notes: list[Note] = []
        level, note = repaired_level(obj.get("level"))
        notes += [note] if note else []
        names = obj.get("names")
        if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            notes.append(Note("save_names", {"value": shown(names)}))
            names = [DEFAULT_NAME, bot_name(level)]
        # Issue 21: both names come from a file, so both get the player's cleaning and cap (one long
        # bot name pushed the hand off the screen and hid the resume question).
        names = [clean_name(names[0], PLAYER_ROLE), clean_name(names[1], bot_name(level))]
        texts: dict[str, str | None] = {}
        for key in ("id", "date"):
            texts[key] = obj.get(key) if isinstance(obj.get(key), str) else None
            if key in obj and texts[key] is None:
                notes.append(Note("save_text", {"key": key, "value": shown(obj[key])}))
        flags = {}
        for key in ("practice", "summary_pending"):
            flags[key] = obj.get(key, False)
            if not isinstance(flags[key], bool):
                notes.append(Note("save_flag", {"key": key, "value": shown(flags[key])}))
                flags[key] = False
        player = PLAYER_ROLE if names[0] in LEGACY_PLAYER_NAMES else names[0]  # issue 23: "You"/«Вы»
        session = cls(match, (player, names[1]), level, match_id=texts["id"], date=texts["date"],
                      practice=flags["practice"])
        session.extra = {k: v for k, v in obj.items() if k not in SAVE_FIELDS}
        session.notes = notes
        if flags["summary_pending"] and match.records:
            session.last = session.finished_from_sheet()
            session.summary_pending = True
        return session

    def finished_from_sheet(self) -> Finished:
        """The last finished deal rebuilt from its record and its row of the score sheet."""
        row = self.match.rows[-1]
        deal = replay(parse_record(self.match.records[-1]))
        seed = deal_seed(self.match.seed, row.number)
        human_seat = DEALER if row.dealer == HUMAN else ELDER
        return Finished(deal, row, seed, deck_fingerprint(shuffled_deck(seed)), human_seat)

    @property
    def players_text(self) -> str:
        return f"{self.names[0]} v {self.names[1]}"

    def meta(self) -> dict[str, str | int | float]:
        meta: dict[str, str | int | float] = {"players": self.players_text, "date": self.date, "match": self.id}
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
    def seat(self) -> Seat:
        """The seat of player 0 (the one whose hand is shown) in the current deal."""
        return self.match.seat_of(HUMAN)

    @property
    def bot_seat(self) -> Seat:
        return self.match.seat_of(BOT)

    def view(self) -> PlayerView:
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

    def bot_view(self) -> PlayerView:
        seat = self.deal.to_act
        assert seat is not None
        return self.deal.view(seat)

    def position(self) -> tuple[int, int]:
        """Identifies the moment a decision was asked for, so a late answer can be recognised."""
        return (self.match.number, len(self.deal.actions))

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action | str) -> Finished | None:
        """Apply an action (IllegalAction propagates, changing nothing); finish the deal when over."""
        self.deal.apply(seat, action)
        if not self.deal.is_over:
            return None
        deal = self.deal
        seed = self.match.deck_seed
        human_seat = self.seat
        # issue 24: the record names the player's seat, so `klabber replay --review` words the other as the bot
        row = self.match.finish_deal(self.meta() if self.watch else {**self.meta(), "player": str(human_seat)})
        self.last = Finished(deal, row, seed, deck_fingerprint(shuffled_deck(seed)), human_seat)
        self.summary_pending = True
        return self.last

    def can_undo(self) -> bool:
        return not self.watch and any(seat == self.seat for seat, _ in self.deal.actions)

    def undo(self) -> bool:
        """Take back player 0's last decision in this deal and everything after it (the bot's answer)."""
        if not self.can_undo():
            return False
        actions = self.deal.actions
        k = max(i for i, (seat, _) in enumerate(actions) if seat == self.seat)
        self.taken_back = k
        record = parse_record(record_of(self.deal))
        deal = record.new_deal()
        for seat, action in actions[:k]:
            deal.apply(seat, action)
        self.match.deal = deal
        self.practice = True
        return True

    def new_match(self, settings: Settings) -> Session:
        return Session.new(settings, self.names[0], watch=self.watch)
