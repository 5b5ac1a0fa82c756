"""Rule sets: the four presets and the named options of rules.md §11.

This is the only place a rule difference lives. The engine, the bot, the records and the interface
all read a :class:`RuleSet`; nothing else branches on a preset's name. Every option is one typed
field of ``RuleSet``, declared once with its section of rules.md and its value in each preset; the
allowed values come from the field's type, so the table below is the single source of the names,
the values, the defaults and the validation (and mypy knows every option). The point values a deal
scores besides the cards (the last trick's 10, bella's 20) are rows of the same table that are not
options: every rule set carries them (``rules.last_trick_points``, ``rules.bella_points``) to the
deal, the kernel, the solver, the card evaluator and the coach, so a variant that changes one is a
change of its row, not of those modules. The words for them (each value's help, the presets'
titles) are the interface's, in ``klabber_tui.words.text``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, get_args, get_type_hints

from .actions import DEALER, ELDER, SEATS, Seat

__all__ = [
    "RuleError", "RuleSet", "OptionSpec", "OPTIONS", "OPTION_VALUES", "OPTION_SECTIONS", "OPTION_NAMES",
    "POINT_VALUES", "TARGET_RANGE", "PRESETS", "DEFAULT_PRESET", "Preset", "validate_option", "ELDER", "DEALER",
    "SEATS",
    "Schmeiss", "SchmeissRefused", "RedealDealer", "DixExchange", "DixDeadline", "TrumpSequenceOrder",
    "SequenceFinalTie", "BellaOrder", "BellaAnnounce", "MustOvertake",
]


class RuleError(ValueError):
    """An unknown preset, option or value; the message names what is allowed.

    ``code`` and ``detail`` say the same as data (as :class:`engine.actions.IllegalAction` does), so an
    interface can word the refusal in its own language (issue 12): ``unknown_preset`` (``value``,
    ``allowed``), ``unknown_option`` (``option``, ``allowed``), ``target_range`` (``option``, ``low``,
    ``high``, ``value``) and ``option_value`` (``option``, ``value``, ``allowed``).
    """

    def __init__(self, message: str, code: str = "rule", detail: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.detail: dict[str, Any] = dict(detail or {})


Schmeiss = Literal["none", "round_one", "both_rounds"]
SchmeissRefused = Literal["schmeisser_makes", "refuser_names"]
RedealDealer = Literal["same", "other"]
DixExchange = Literal["turn_up_trump", "any_trump"]
DixDeadline = Literal["first_lead", "own_first_card", "first_trick", "last_card"]
TrumpSequenceOrder = Literal["natural", "trump"]
SequenceFinalTie = Literal["nobody", "elder"]
BellaOrder = Literal["queen_first", "either"]
BellaAnnounce = Literal["required", "automatic"]
MustOvertake = Literal["none", "trump", "all"]

TARGET_RANGE = (100, 5000)
PRESET_NAMES = ("clobber", "klaberjass", "klaberass", "kalabriasz")
DEFAULT_PRESET = "klaberjass"


def _option(section: str, *, clobber: Any, klaberjass: Any, klaberass: Any, kalabriasz: Any) -> Any:
    """One row of the option table: a ``RuleSet`` field carrying its section of rules.md and its
    value in each preset (what each value means, in words, is ``klabber_tui.words.text.OPTION_HELP``)."""
    defaults = {"clobber": clobber, "klaberjass": klaberjass, "klaberass": klaberass, "kalabriasz": kalabriasz}
    return field(repr=False, metadata={"section": section, "defaults": defaults})


def _same(value: Any) -> dict[str, Any]:
    return dict.fromkeys(PRESET_NAMES, value)


def _value(section: str, points: int) -> Any:
    """One row of the table for a point value a deal scores that no preset varies: a field every
    ``RuleSet`` carries (the deal, the kernel, the solver, the card evaluator and the coach read it
    there) but not an option, so nobody can set it. A variant that changes it turns this row into an
    ``_option`` row of a ``Literal`` of the allowed values, under the same name."""
    return field(default=points, init=False, repr=False, metadata={"value_section": section})


@dataclass(frozen=True)
class RuleSet:
    """A preset plus option overrides, validated. Build it with :meth:`from_preset`."""

    preset: str
    # when a player may schmeiss (offer to throw the deal in)
    schmeiss: Schmeiss = _option(
        "§4.3", clobber="none", klaberjass="both_rounds", klaberass="round_one", kalabriasz="round_one")
    # who makes when a schmeiss is refused
    schmeiss_refused: SchmeissRefused = _option(
        "§4.3", clobber="schmeisser_makes", klaberjass="schmeisser_makes", klaberass="schmeisser_makes",
        kalabriasz="refuser_names")
    # who deals after a throw-in
    redeal_dealer: RedealDealer = _option(
        "§4.5", clobber="same", klaberjass="other", klaberass="other", kalabriasz="other")
    # in which contracts the dix may be exchanged
    dix_exchange: DixExchange = _option(
        "§5", clobber="any_trump", klaberjass="turn_up_trump", klaberass="turn_up_trump", kalabriasz="turn_up_trump")
    # until when the dix may be exchanged
    dix_deadline: DixDeadline = _option(
        "§5", clobber="last_card", klaberjass="own_first_card", klaberass="first_trick", kalabriasz="first_lead")
    # the order sequences run in the trump suit
    trump_sequence_order: TrumpSequenceOrder = _option(
        "§6.1", **_same("natural"))
    # whether a longer sequence beats a shorter one of equal value
    longer_sequence_wins: bool = _option("§6.2", clobber=True, klaberjass=True, klaberass=False, kalabriasz=False)
    # whether equal sequences compare their top cards
    compare_top_card: bool = _option("§6.2", clobber=True, klaberjass=True, klaberass=True, kalabriasz=False)
    # who scores when sequences tie in every respect
    sequence_final_tie: SequenceFinalTie = _option(
        "§6.2", clobber="nobody", klaberjass="nobody", klaberass="elder", kalabriasz="elder")
    # which card of the trump king and queen scores bella
    bella_order: BellaOrder = _option(
        "§6.4", clobber="queen_first", klaberjass="queen_first", klaberass="queen_first", kalabriasz="either")
    # whether bella must be announced to score
    bella_announce: BellaAnnounce = _option(
        "§6.4", clobber="automatic", klaberjass="required", klaberass="required", kalabriasz="automatic")
    # whether K-Q-J of trumps score as a trump run with the marriage
    trump_run_with_marriage: bool = _option("§6.4", clobber=True, klaberjass=False, klaberass=False, kalabriasz=False)
    # in which suits a follower must beat the card led if he can
    must_overtake: MustOvertake = _option(
        "§7", clobber="none", klaberjass="trump", klaberass="trump", kalabriasz="all")
    # the points that end the match
    target: int = _option("§9", **_same(500))
    # whether the maker's points count first when both pass the target
    maker_counts_first: bool = _option("§9", **_same(False))
    # Point values a deal scores besides the cards, the same in every preset (not options).
    # the last trick's bonus (стишь), to whoever wins the ninth trick
    last_trick_points: int = _value("§1, §8", 10)
    # bella: the trump king and queen in one hand
    bella_points: int = _value("§6.4", 20)
    bella_required: bool = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise RuleError(f"unknown rules {self.preset!r}: the presets are {', '.join(PRESETS)}", "unknown_preset",
                            {"value": self.preset, "allowed": tuple(PRESETS)})
        for spec in OPTIONS:
            validate_option(spec.name, getattr(self, spec.name))
        # Read on the engine's hot path (every legal_actions in play): a plain attribute, not a property.
        object.__setattr__(self, "bella_required", self.bella_announce == "required")

    @classmethod
    def from_preset(cls, name: str = DEFAULT_PRESET, options: Mapping[str, Any] | None = None) -> RuleSet:
        if name not in PRESETS:
            raise RuleError(f"unknown rules {name!r}: the presets are {', '.join(PRESETS)}", "unknown_preset",
                            {"value": name, "allowed": tuple(PRESETS)})
        merged = dict(PRESETS[name].options)
        for key, value in (options or {}).items():
            merged[key] = validate_option(key, value)
        return cls(name, **merged)

    def with_options(self, **overrides: Any) -> RuleSet:
        return RuleSet.from_preset(self.preset, {**self.overrides(), **overrides})

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option by name, in the table's order (§11)."""
        return MappingProxyType({spec.name: getattr(self, spec.name) for spec in OPTIONS})

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset: what a record's ``options`` holds."""
        base = PRESETS[self.preset].options
        return {k: v for k, v in self.options.items() if base[k] != v}

    if not TYPE_CHECKING:  # for mypy a misspelt option stays a type error

        def __getattr__(self, name: str) -> Any:
            """Only reached for an unknown name: say which options exist."""
            if name.startswith("__"):
                raise AttributeError(name)
            raise AttributeError(f"no rule option {name!r}: the options are {', '.join(OPTION_NAMES)}")

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickle as preset plus overrides (the arena sends rule sets to worker processes)."""
        return (RuleSet.from_preset, (self.preset, self.overrides()))

    @property
    def info(self) -> Preset:
        return PRESETS[self.preset]

    # Derived facts the engine asks often, named for what they mean.
    def schmeiss_allowed(self, round_: int) -> bool:
        mode = self.schmeiss
        return mode == "both_rounds" or (mode == "round_one" and round_ == 1)


@dataclass(frozen=True)
class OptionSpec:
    """One option as the table declares it: its type gives the allowed values."""

    name: str
    type: Any
    section: str
    defaults: Mapping[str, Any]

    @property
    def allowed(self) -> tuple[Any, ...]:
        """Every value the option may take; the target's is a range (``TARGET_RANGE``), not listed."""
        if self.type is bool:
            return (True, False)
        if self.type is int:
            return ()
        return get_args(self.type)


def _specs() -> tuple[OptionSpec, ...]:
    hints = get_type_hints(RuleSet)
    return tuple(
        OptionSpec(f.name, hints[f.name], f.metadata["section"], f.metadata["defaults"])
        for f in fields(RuleSet) if "section" in f.metadata
    )


OPTIONS: tuple[OptionSpec, ...] = _specs()
OPTION_NAMES: tuple[str, ...] = tuple(spec.name for spec in OPTIONS)
# option name -> allowed values (a tuple of strings or bools); the target is a range, TARGET_RANGE.
OPTION_VALUES: dict[str, tuple[Any, ...]] = {spec.name: spec.allowed for spec in OPTIONS if spec.type is not int}
# What each option is about, for help and settings screens (one source of truth with the values).
OPTION_SECTIONS: dict[str, str] = {spec.name: spec.section for spec in OPTIONS}
# The point values every rule set carries that are not options, by name -> section of rules.md.
POINT_VALUES: dict[str, str] = {f.name: f.metadata["value_section"] for f in fields(RuleSet)
                                if "value_section" in f.metadata}

# §3 deal patterns: who receives how many cards, in order, from the top of the cut deck.
# These belong to the preset and are not options.
DealPattern = tuple[tuple[Seat, int], ...]


@dataclass(frozen=True)
class Preset:
    """A preset's deal patterns and option values; its title, in words, is ``klabber_tui.words.text.PRESET_TITLES``."""

    name: str
    first_deal: DealPattern
    extra_deal: DealPattern
    options: Mapping[str, Any]


_THREES: DealPattern = ((ELDER, 3), (DEALER, 3), (ELDER, 3), (DEALER, 3))
_CLOBBER_TWOS: DealPattern = ((DEALER, 2), (ELDER, 2)) * 3
_ONES_ELDER_FIRST: DealPattern = ((ELDER, 1), (DEALER, 1)) * 3
_ONES_DEALER_FIRST: DealPattern = ((DEALER, 1), (ELDER, 1)) * 3
_THREE_AT_ONCE: DealPattern = ((ELDER, 3), (DEALER, 3))


def _defaults(preset: str) -> Mapping[str, Any]:
    """A preset's value of every option, read from the table."""
    return MappingProxyType({spec.name: spec.defaults[preset] for spec in OPTIONS})


PRESETS: dict[str, Preset] = {
    "clobber": Preset(
        "clobber", _CLOBBER_TWOS, _ONES_DEALER_FIRST,
        _defaults("clobber"),
    ),
    "klaberjass": Preset(
        "klaberjass", _THREES, _ONES_ELDER_FIRST,
        _defaults("klaberjass"),
    ),
    "klaberass": Preset(
        "klaberass", _THREES, _THREE_AT_ONCE,
        _defaults("klaberass"),
    ),
    "kalabriasz": Preset(
        "kalabriasz", _THREES, _THREE_AT_ONCE,
        _defaults("kalabriasz"),
    ),
}


def validate_option(name: str, value: Any) -> Any:
    """Check one option's value; returns it or raises RuleError naming what is allowed."""
    if name == "target":
        lo, hi = TARGET_RANGE
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise RuleError(f"option 'target' must be a whole number from {lo} to {hi}, not {value!r}", "target_range",
                            {"option": name, "low": lo, "high": hi, "value": value})
        return value
    if name not in OPTION_VALUES:
        raise RuleError(f"unknown option {name!r}: the options are {', '.join(OPTION_NAMES)}", "unknown_option",
                        {"option": name, "allowed": OPTION_NAMES})
    allowed = OPTION_VALUES[name]
    # bool is an int subclass: compare by type as well, so 1 is not accepted for true.
    if not any(type(value) is type(a) and value == a for a in allowed):
        shown = " or ".join(_json_word(a) for a in allowed)
        raise RuleError(f"option {name!r} must be {shown}, not {_json_word(value)}", "option_value",
                        {"option": name, "value": value, "allowed": tuple(allowed)})
    return value


def _json_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return repr(value)
