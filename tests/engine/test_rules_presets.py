"""rules.md §11: the options of every preset, overrides and their validation."""
import pytest

from tests.support.records import PRESETS
from engine.rules import RuleError, RuleSet

# rules.md §11, copied column by column from the table.
TABLE = {
    "schmeiss": ("none", "both_rounds", "round_one", "round_one"),
    "schmeiss_refused": ("schmeisser_makes", "schmeisser_makes", "schmeisser_makes", "refuser_names"),
    "redeal_dealer": ("same", "other", "other", "other"),
    "dix_exchange": ("any_trump", "turn_up_trump", "turn_up_trump", "turn_up_trump"),
    "dix_deadline": ("last_card", "own_first_card", "first_trick", "first_lead"),
    "trump_sequence_order": ("natural", "natural", "natural", "natural"),
    "longer_sequence_wins": (True, True, False, False),
    "compare_top_card": (True, True, True, False),
    "sequence_final_tie": ("nobody", "nobody", "elder", "elder"),
    "bella_order": ("queen_first", "queen_first", "queen_first", "either"),
    "bella_announce": ("automatic", "required", "required", "automatic"),
    "trump_run_with_marriage": (True, False, False, False),
    "must_overtake": ("none", "trump", "trump", "all"),
    "target": (500, 500, 500, 500),
    "maker_counts_first": (False, False, False, False),
}


@pytest.mark.parametrize("index,preset", list(enumerate(PRESETS)))
def test_preset_options_match_the_table(index, preset):
    """rules.md §11: `ruleset.options` holds every option by name, with the preset's value."""
    expected = {name: values[index] for name, values in TABLE.items()}
    options = RuleSet.from_preset(preset).options
    assert options == expected
    for name in ("longer_sequence_wins", "compare_top_card", "trump_run_with_marriage",
                 "maker_counts_first"):
        assert type(options[name]) is bool, name  # §11: JSON booleans
    assert type(options["target"]) is int  # §11: 500, not 500.0


@pytest.mark.parametrize("preset", PRESETS)
def test_every_option_can_be_overridden(preset):
    """rules.md §11: a record or the settings may override any option on top of a preset."""
    overrides = {
        "schmeiss": "both_rounds", "schmeiss_refused": "refuser_names", "redeal_dealer": "same",
        "dix_exchange": "any_trump", "dix_deadline": "first_trick",
        "trump_sequence_order": "trump", "longer_sequence_wins": False,
        "compare_top_card": False, "sequence_final_tie": "elder", "bella_order": "either",
        "bella_announce": "required", "trump_run_with_marriage": True, "must_overtake": "all",
        "target": 1000, "maker_counts_first": True,
    }
    assert set(overrides) == set(TABLE)
    assert RuleSet.from_preset(preset, overrides).options == overrides


def test_override_changes_only_the_named_option():
    """rules.md §11: an override replaces one option, the rest stay the preset's."""
    options = RuleSet.from_preset("klaberass", {"sequence_final_tie": "nobody"}).options
    expected = {name: values[2] for name, values in TABLE.items()}
    expected["sequence_final_tie"] = "nobody"
    assert options == expected


def test_unknown_preset_names_the_allowed_presets():
    """rules.md §11: the four presets; an unknown one is refused, naming the allowed values."""
    with pytest.raises(RuleError) as info:
        RuleSet.from_preset("belote")
    assert isinstance(info.value, ValueError)
    for preset in PRESETS:
        assert preset in str(info.value)


def test_unknown_option_is_refused():
    """rules.md §11: only the options of the table exist."""
    with pytest.raises(RuleError) as info:
        RuleSet.from_preset("klaberjass", {"no_such_option": True})
    assert "must_overtake" in str(info.value) or "no_such_option" in str(info.value)


@pytest.mark.parametrize("name,bad,allowed", [
    ("must_overtake", "sometimes", ["none", "trump", "all"]),
    ("schmeiss", "round_two", ["none", "round_one", "both_rounds"]),
    ("dix_deadline", "never", ["first_lead", "own_first_card", "first_trick", "last_card"]),
    ("bella_order", "king_first", ["queen_first", "either"]),
    ("trump_sequence_order", "reverse", ["natural", "trump"]),
    ("sequence_final_tie", "dealer", ["nobody", "elder"]),
])
def test_bad_option_value_names_the_allowed_values(name, bad, allowed):
    """rules.md §11: the values column; a bad value is refused, naming the allowed values."""
    with pytest.raises(RuleError) as info:
        RuleSet.from_preset("clobber", {name: bad})
    for value in allowed:
        assert value in str(info.value)


@pytest.mark.parametrize("bad", [99, 5001, 500.0, "500", 0, -500])
def test_target_must_be_a_whole_number_from_100_to_5000(bad):
    """rules.md §11: target is a whole number, 100 to 5000 (a JSON integer, 500 not 500.0)."""
    with pytest.raises(RuleError):
        RuleSet.from_preset("klaberjass", {"target": bad})


@pytest.mark.parametrize("good", [100, 5000, 1234])
def test_target_bounds_are_inclusive(good):
    """rules.md §11: 100 to 5000."""
    assert RuleSet.from_preset("klaberjass", {"target": good}).options["target"] == good


@pytest.mark.parametrize("bad", ["true", 1, None])
def test_boolean_options_take_booleans(bad):
    """rules.md §11: the true/false options are JSON booleans."""
    with pytest.raises(RuleError):
        RuleSet.from_preset("klaberjass", {"longer_sequence_wins": bad})
