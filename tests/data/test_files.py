"""``klabber_tui.data.files``: the one strict reader of every outside file (issue 8).

Each refusal is a ``FileRefused`` whose code and detail say what was wrong and what is allowed, worded
in one line by the interface (``refused_text``); honest files (every record shipped in assets)
read unchanged.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.record import RecordError
from klabber_tui.data.files import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    FileRefused,
    load_record,
    loads_strict,
    read_json,
    read_text,
)

REPO = Path(__file__).resolve().parents[2]
from klabber_tui.words.files import refused_text


@contextmanager
def refused(says: str) -> Iterator[None]:
    """The block raises FileRefused, worded in one line that matches ``says`` (a regular expression)."""
    with pytest.raises(FileRefused) as caught:
        yield
    line = refused_text(caught.value)
    assert re.search(says, line) and "\n" not in line, line

SHIPPED = sorted((REPO / "assets" / "records").glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_records_read_as_plain_json_does(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert loads_strict(text) == json.loads(text)
    load_record(path)  # and they are valid records


@pytest.mark.parametrize(("text", "says"), [
    ('{"a": NaN}', "NaN"),
    ('[Infinity]', "Infinity"),
    ('[-Infinity]', "-Infinity"),
    ('[1e400]', "finite"),
    ('{"a": 1, "b": {"c": 2, "c": 3}}', "'c' appears twice"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"at most {MAX_DEPTH}"),
    ("[" * 100_000, "nested 100000 levels"),  # unclosed, still measured before parsing
    ("[" + "9" * (MAX_INT_DIGITS + 1) + "]", f"at most {MAX_INT_DIGITS}"),
    ("[-" + "9" * 5000 + "]", "5000 digits"),
    ('{"a": }', "not valid JSON"),
    ("", "not valid JSON"),
])
def test_loads_strict_refusals(text: str, says: str) -> None:
    with refused(re.escape(says)):
        loads_strict(text)


def test_brackets_inside_strings_are_not_nesting() -> None:
    text = json.dumps({"s": "[" * 1000 + "{" * 1000})
    assert loads_strict(text) == json.loads(text)
    assert loads_strict("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert loads_strict("[" + "9" * MAX_INT_DIGITS + "]") == [int("9" * MAX_INT_DIGITS)]


def test_size_cap_is_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 101)
    with refused("too large .*at most 100"):
        read_text(path, 100)
    assert read_text(path, 101) == " " * 101


def test_read_json_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "dup.json"
    path.write_text('{"k": 1, "k": 1}', encoding="utf-8")
    with refused(r"dup\.json.*twice"):
        read_json(path, 1000)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with refused("not a regular file"):
        read_text(fifo, 100)  # no writer: an ordinary open would wait for ever


def test_a_symlink_to_a_device_is_refused(tmp_path: Path) -> None:
    if not Path(os.devnull).exists() or Path(os.devnull).is_file():
        pytest.skip("no null device here")
    link = tmp_path / "record.json"
    try:
        link.symlink_to(os.devnull)
    except OSError:
        pytest.skip("no symbolic links here")
    with refused("not a regular file"):
        read_text(link, 100)


def test_load_record_keeps_record_errors_apart(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"format": "klabber-deal/1"}', encoding="utf-8")
    with pytest.raises(RecordError, match="missing key 'rules'"):
        load_record(path)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(document=JSON)
def test_every_honest_document_round_trips(document: object) -> None:
    assert loads_strict(json.dumps(document)) == document


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=st.sampled_from('[]{}":,0123456789-.eENaIfinity tru\\'), max_size=60))
def test_any_text_is_a_value_or_a_refusal(text: str) -> None:
    try:
        loads_strict(text)
    except FileRefused as error:
        assert "\n" not in refused_text(error)
