"""Rule sets: the four presets and the named options of rules.md §11.

This is the only place a rule difference lives. The engine, the bot, the records and the interface
all read a :class:`RuleSet`; nothing else branches on a preset's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


class RuleError(ValueError):
    """An unknown preset, option or value; the message names what is allowed."""


# option name -> allowed values (a tuple of strings or bools), or "int" for the target.
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "schmeiss": ("none", "round_one", "both_rounds"),
    "schmeiss_refused": ("schmeisser_makes", "refuser_names"),
    "redeal_dealer": ("same", "other"),
    "dix_exchange": ("turn_up_trump", "any_trump"),
    "dix_deadline": ("first_lead", "own_first_card", "first_trick", "last_card"),
    "trump_sequence_order": ("natural", "trump"),
    "longer_sequence_wins": (True, False),
    "compare_top_card": (True, False),
    "sequence_final_tie": ("nobody", "elder"),
    "bella_order": ("queen_first", "either"),
    "bella_announce": ("required", "automatic"),
    "trump_run_with_marriage": (True, False),
    "must_overtake": ("none", "trump", "all"),
    "maker_counts_first": (True, False),
}
TARGET_RANGE = (100, 5000)

# What each option is about, for help and settings screens (one source of truth with the values).
OPTION_SECTIONS: dict[str, str] = {
    "schmeiss": "§4.3",
    "schmeiss_refused": "§4.3",
    "redeal_dealer": "§4.5",
    "dix_exchange": "§5",
    "dix_deadline": "§5",
    "trump_sequence_order": "§6.1",
    "longer_sequence_wins": "§6.2",
    "compare_top_card": "§6.2",
    "sequence_final_tie": "§6.2",
    "bella_order": "§6.4",
    "bella_announce": "§6.4",
    "trump_run_with_marriage": "§6.4",
    "must_overtake": "§7",
    "target": "§9",
    "maker_counts_first": "§9",
}

ELDER, DEALER = "elder", "dealer"
SEATS = (ELDER, DEALER)

# §3 deal patterns: who receives how many cards, in order, from the top of the cut deck.
# These belong to the preset and are not options.
DealPattern = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Preset:
    name: str
    seed_file: str
    title: str
    first_deal: DealPattern
    extra_deal: DealPattern
    options: Mapping[str, Any]


_THREES: DealPattern = ((ELDER, 3), (DEALER, 3), (ELDER, 3), (DEALER, 3))
_CLOBBER_TWOS: DealPattern = ((DEALER, 2), (ELDER, 2)) * 3
_ONES_ELDER_FIRST: DealPattern = ((ELDER, 1), (DEALER, 1)) * 3
_ONES_DEALER_FIRST: DealPattern = ((DEALER, 1), (ELDER, 1)) * 3
_THREE_AT_ONCE: DealPattern = ((ELDER, 3), (DEALER, 3))


def _options(**values: Any) -> Mapping[str, Any]:
    return MappingProxyType(values)


PRESETS: dict[str, Preset] = {
    "clobber": Preset(
        "clobber", "000_4fc28b96806efcb9.txt", "Clobber (typical)", _CLOBBER_TWOS, _ONES_DEALER_FIRST,
        _options(
            schmeiss="none", schmeiss_refused="schmeisser_makes", redeal_dealer="same",
            dix_exchange="any_trump", dix_deadline="last_card", trump_sequence_order="natural",
            longer_sequence_wins=True, compare_top_card=True, sequence_final_tie="nobody",
            bella_order="queen_first", bella_announce="automatic", trump_run_with_marriage=True,
            must_overtake="none", target=500, maker_counts_first=False,
        ),
    ),
    "klaberjass": Preset(
        "klaberjass", "002_8c2638cfb6cb6ba1.txt", "Klaberjass (Hoyle)", _THREES, _ONES_ELDER_FIRST,
        _options(
            schmeiss="both_rounds", schmeiss_refused="schmeisser_makes", redeal_dealer="other",
            dix_exchange="turn_up_trump", dix_deadline="own_first_card", trump_sequence_order="natural",
            longer_sequence_wins=True, compare_top_card=True, sequence_final_tie="nobody",
            bella_order="queen_first", bella_announce="required", trump_run_with_marriage=False,
            must_overtake="trump", target=500, maker_counts_first=False,
        ),
    ),
    "klaberass": Preset(
        "klaberass", "003_f09ee3e287b87794.txt", "Klaberass", _THREES, _THREE_AT_ONCE,
        _options(
            schmeiss="round_one", schmeiss_refused="schmeisser_makes", redeal_dealer="other",
            dix_exchange="turn_up_trump", dix_deadline="first_trick", trump_sequence_order="natural",
            longer_sequence_wins=False, compare_top_card=True, sequence_final_tie="elder",
            bella_order="queen_first", bella_announce="required", trump_run_with_marriage=False,
            must_overtake="trump", target=500, maker_counts_first=False,
        ),
    ),
    "kalabriasz": Preset(
        "kalabriasz", "004_770bf0f9b53f8f5d.txt", "Kalabriasz", _THREES, _THREE_AT_ONCE,
        _options(
            schmeiss="round_one", schmeiss_refused="refuser_names", redeal_dealer="other",
            dix_exchange="turn_up_trump", dix_deadline="first_lead", trump_sequence_order="natural",
            longer_sequence_wins=False, compare_top_card=False, sequence_final_tie="elder",
            bella_order="either", bella_announce="automatic", trump_run_with_marriage=False,
            must_overtake="all", target=500, maker_counts_first=False,
        ),
    ),
}
DEFAULT_PRESET = "klaberjass"
OPTION_NAMES: tuple[str, ...] = tuple(PRESETS[DEFAULT_PRESET].options)


def validate_option(name: str, value: Any) -> Any:
    """Check one option's value; returns it or raises RuleError naming what is allowed."""
    if name == "target":
        lo, hi = TARGET_RANGE
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise RuleError(f"option 'target' must be a whole number from {lo} to {hi}, not {value!r}")
        return value
    if name not in OPTION_VALUES:
        raise RuleError(f"unknown option {name!r}: the options are {', '.join(OPTION_NAMES)}")
    allowed = OPTION_VALUES[name]
    # bool is an int subclass: compare by type as well, so 1 is not accepted for true.
    if not any(type(value) is type(a) and value == a for a in allowed):
        shown = " or ".join(_json_word(a) for a in allowed)
        raise RuleError(f"option {name!r} must be {shown}, not {_json_word(value)}")
    return value


def _json_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return repr(value)


@dataclass(frozen=True)
class RuleSet:
    """A preset plus option overrides, validated. Attributes mirror §11's option names."""

    preset: str
    options: Mapping[str, Any] = field(repr=False)

    @classmethod
    def from_preset(cls, name: str = DEFAULT_PRESET, options: Mapping[str, Any] | None = None) -> RuleSet:
        if name not in PRESETS:
            raise RuleError(f"unknown rules {name!r}: the presets are {', '.join(PRESETS)}")
        merged = dict(PRESETS[name].options)
        for key, value in (options or {}).items():
            merged[key] = validate_option(key, value)
        return cls(name, MappingProxyType(merged))

    def with_options(self, **overrides: Any) -> RuleSet:
        return RuleSet.from_preset(self.preset, {**self.overrides(), **overrides})

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset: what a record's ``options`` holds."""
        base = PRESETS[self.preset].options
        return {k: v for k, v in self.options.items() if base[k] != v}

    def __post_init__(self) -> None:
        # Options become plain attributes (``rules.must_overtake``): the engine's hot paths read them.
        for name, value in self.options.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "bella_required", self.options["bella_announce"] == "required")

    def __getattr__(self, name: str) -> Any:
        """Only reached for an unknown name (options are set as attributes in ``__post_init__``)."""
        raise AttributeError(f"no rule option {name!r}: the options are {', '.join(OPTION_NAMES)}")

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickle as preset plus overrides (the arena sends rule sets to worker processes)."""
        return (RuleSet.from_preset, (self.preset, self.overrides()))

    def __hash__(self) -> int:
        return hash((self.preset, tuple(sorted(self.options.items()))))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, RuleSet)
            and self.preset == other.preset
            and dict(self.options) == dict(other.options)
        )

    @property
    def info(self) -> Preset:
        return PRESETS[self.preset]

    # Derived facts the engine asks often, named for what they mean.
    def schmeiss_allowed(self, round_: int) -> bool:
        mode = self.options["schmeiss"]
        return mode == "both_rounds" or (mode == "round_one" and round_ == 1)
