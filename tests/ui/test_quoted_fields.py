"""Issue 33, mechanism 3, on the screen: a 100,000-character input in any field of the any-hand page
(the hand, the turn-up, the words said, the scores, a pasted record) is quoted at most 80 characters
long in the refusal, which stays on the page beside the reason, what is allowed and the key hint, in
English and Russian (80x24)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from klabber_tui.data.safe_text import ELLIPSIS, QUOTE_MAX
from klabber_tui.ui.any_hand_app import AnyHandApp
from klabber_tui.words import i18n

from tests.support.screentext import flat, screen_text

SIZE = (80, 24)
FILL = "ψ"
HUGE = FILL * 100_000
SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "klaberjass-sample.json"
GOOD = {"#hand": "J♣ 9♣ A♣ 10♦ K♥ 7♠", "#turn-up": "Q♣", "#words": "", "#mine": "", "#theirs": "", "#target": ""}

# (the fields changed from GOOD, what the refusal must still show: what is allowed)
CASES = [
    ({"#hand": HUGE}, ("10♦", "C D H S")),
    ({"#hand": f"J♣ 9♣ A♣ 10♦ K♥ {HUGE}"}, ("10♦",)),
    ({"#turn-up": HUGE}, ("10♦",)),
    ({"#words": HUGE}, ("take, pass, schmeiss|«шмайс»",)),
    ({"#mine": HUGE, "#theirs": "0"}, ("0", "100,000|100\u00a0000")),
    ({"#mine": "0", "#theirs": "0", "#target": HUGE}, ("100", "5000")),
]


def _record_cases() -> list[tuple[str, tuple[str, ...]]]:
    record = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return [(json.dumps(dict(record, rules=HUGE), ensure_ascii=False), ("clobber",)),
            (json.dumps(dict(record, actions=[["elder", HUGE]]), ensure_ascii=False), ("actions[0]",))]


def assert_short(shown: str, *names: str) -> None:
    """The input, when quoted at all (a score's refusal names the field, not its text), at most 80
    characters with an ellipsis, and what is allowed named."""
    runs = re.findall(f"{FILL}+", shown)
    assert all(len(run) <= QUOTE_MAX - len(ELLIPSIS) for run in runs), [len(r) for r in runs]
    assert not runs or f"{FILL}{ELLIPSIS}" in shown, shown[:200]
    for name in names:  # "a|b": the English or the Russian words
        assert any(word in shown for word in name.split("|")), (name, shown)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_field_of_the_any_hand_page_quotes_a_huge_input_short(lang: str) -> None:
    async def run() -> None:
        app = AnyHandApp(level="easy")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            page = app.page
            for fields, names in CASES:
                for field, value in {**GOOD, **fields}.items():
                    page.query_one(field).value = value
                page.action_ask()
                await pilot.pause()
                status = str(page.query_one("#any-hand-status").render())
                assert_short(status, *names)
                assert FILL in status or fields.keys() & {"#mine", "#target"}, status[:200]
                assert len(status) < 400, (fields.keys(), status[:200])
                assert all(any(word in flat(screen_text(app)) for word in name.split("|")) for name in names[:1]), \
                    flat(screen_text(app))
                assert not page.body
            for field, value in GOOD.items():
                page.query_one(field).value = value
            for pasted, names in _record_cases():
                page.query_one("#record").text = pasted
                page.action_ask()
                await pilot.pause()
                status = str(page.query_one("#any-hand-status").render())
                assert_short(status, *names)
                assert FILL in status and len(status) < 400, status[:200]
                assert FILL * QUOTE_MAX not in flat(screen_text(app))

    i18n.set_language(lang)
    try:
        asyncio.run(run())
    finally:
        i18n.set_language("en")
