"""rules.md §11: the options of every preset, overrides and their validation."""
import re

import pytest

from tests.support.records import PRESETS, SHARED
from engine.rules import OPTION_VALUES, RuleError, RuleSet


def _word(cell):
    """A cell of the §11 table as the engine writes it: `true`/`false` a bool, digits an int, else the
    first word (``schmeisser_makes (unused)`` is schmeisser_makes)."""
    word = cell.strip().strip("`").split()[0].strip("`,")
    if word in ("true", "false"):
        return word == "true"
    return int(word) if word.isdigit() else word


RULES_MD = SHARED / "rules.md"
needs_rules_md = pytest.mark.skipif(not RULES_MD.is_file(),
                                    reason="shared/rules.md not found next to the repository (%s)" % SHARED)


def _doc_table():
    """rules.md §11 read from the rules themselves, not copied here (issue 30: a new option is one
    row there and one in engine/rules.py, and this test checks the two rows agree): option name ->
    (its listed values, or () for a range, and its value in each preset, in PRESETS order)."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text.split("\n## 11.", 1)[1].split("\n## ", 1)[0]
    table = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 + len(PRESETS) or not re.fullmatch(r"`\w+`", cells[0]):
            continue
        listed = tuple(_word(v) for v in re.findall(r"`([^`]+)`", cells[1]))
        table[cells[0].strip("`")] = (listed, tuple(_word(c) for c in cells[2:]))
    return table


DOC = _doc_table() if RULES_MD.is_file() else {}
TABLE = {name: column for name, (_, column) in DOC.items()}


@needs_rules_md
def test_the_doc_table_was_read():
    """The reader above found the §11 table: the options every preset is named by (a sample)."""
    assert {"schmeiss", "must_overtake", "target", "maker_counts_first"} <= set(TABLE)
    assert TABLE["must_overtake"] == ("none", "trump", "trump", "all")  # the §7 row, by hand
    assert TABLE["target"] == (500, 500, 500, 500)
    assert DOC["target"][0] == ()  # a range, "a whole number, 100 to 5000"


@needs_rules_md
def test_the_values_column_is_the_engines():
    """rules.md §11: each option's listed values are exactly those the engine's table allows."""
    for name, (listed, _) in DOC.items():
        assert set(listed) == set(OPTION_VALUES.get(name, ())), name


@needs_rules_md
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


@needs_rules_md
@pytest.mark.parametrize("preset", PRESETS)
def test_every_option_can_be_overridden(preset):
    """rules.md §11: a record or the settings may override any option on top of a preset."""
    index = PRESETS.index(preset)
    overrides = {}
    for name, (listed, column) in DOC.items():  # a value other than the preset's, from §11's values column
        overrides[name] = next((v for v in listed if v != column[index]), None) if listed else 1000
    assert None not in overrides.values() and set(overrides) == set(TABLE)
    assert RuleSet.from_preset(preset, overrides).options == overrides


@needs_rules_md
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
