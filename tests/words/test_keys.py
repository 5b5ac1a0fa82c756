"""Issue 23: a key is written once (klabber_tui/words/keys.py); the bindings use it and every message that
names it takes it as an argument. Moving every key of that module elsewhere moves the bindings and the
words together; no message of the catalogue, in either language, spells a key in its words; the help
and rules pages name only keys their bindings use."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.app import App

from engine.actions import TAKE, Action
from klabber_tui.data.settings import LANGUAGES
from klabber_tui.words import i18n, keys
from klabber_tui.ui.app import KlabberApp
from klabber_tui.ui.screens.coach import CoachScreen
from klabber_tui.ui.screens.drill import DrillScreen
from klabber_tui.ui.screens.help import HelpScreen, RulesPageScreen
from klabber_tui.ui.screens.match_end import MatchEndScreen
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.ui.screens.review import ReviewScreen
from klabber_tui.ui.screens.stats import StatsScreen
from klabber_tui.ui.screens.table.screen import TableScreen
from klabber_tui.words.coach.verdicts import coach_log_line
from klabber_tui.words.help import help_keys_words
from klabber_tui.words.table.phrases import (
    bidding_prompt,
    button_labels_words,
    hold_prompt,
    prompt_text,
    refusal_text,
)
from tests.support.fixtures import as_a_ui_test

pytestmark = as_a_ui_test  # its own data folder and a terminal, as in tests/ui (tests/support/fixtures.py)

FOLDER = Path(__file__).resolve().parents[2]


def bound(cls: type) -> dict[str, str]:
    """``cls``'s keys and their actions, from its ``bindings()`` along its bases (as localized() merges them)."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        own = vars(klass).get("bindings")
        if own is not None:
            for binding in own.__func__(cls):
                found[binding.key] = binding.action
    return found


@pytest.fixture
def moved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every key of klabber_tui/words/keys.py moved to a Greek letter of its own, none the same."""
    spare = iter("αβγδεζηθικλμνξοπρστυφχψωΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ")  # one character: no word holds one
    for name in dir(keys):
        value = getattr(keys, name)
        if not name.isupper() or name == "QUIT_NOW":  # ctrl+q is Textual's own binding (tested below)
            continue
        if isinstance(value, str):
            monkeypatch.setattr(keys, name, next(spare))
        elif isinstance(value, tuple):
            monkeypatch.setattr(keys, name, tuple(next(spare) for _ in value))


def cases() -> list[tuple[str, Callable[[], str], type, list[tuple[Callable[[], str], str]]]]:
    """(what, the words, the page that binds the keys, [(the key, the action it must be bound to)])."""
    def advice(mistake: bool) -> SimpleNamespace:
        return SimpleNamespace(chosen=TAKE, best=Action.name(1), loss=30.0, mistake=mistake, match_shown=False)

    return [
        ("take button", lambda: button_labels_words()["take"], TableScreen, [(lambda: keys.TAKE, "bid('take')")]),
        ("pass button", lambda: button_labels_words()["pass"], TableScreen, [(lambda: keys.PASS, "bid('pass')")]),
        ("schmeiss button", lambda: button_labels_words()["schmeiss"], TableScreen,
         [(lambda: keys.SCHMEISS, "bid('schmeiss')")]),
        ("yes button", lambda: button_labels_words()["yes"], TableScreen, [(lambda: keys.YES, "answer(True)")]),
        ("no button", lambda: button_labels_words()["no"], TableScreen, [(lambda: keys.NO, "answer(False)")]),
        ("exchange button", lambda: button_labels_words()["exchange"], TableScreen,
         [(lambda: keys.EXCHANGE, "exchange")]),
        ("continue button", lambda: button_labels_words()["continue"], MessageScreen,
         [(lambda: keys.GO_ON, "choose('continue')")]),
        ("new match button", lambda: button_labels_words()["new_match"], MatchEndScreen,
         [(lambda: keys.NEW_MATCH, "choose('new_match')")]),
        ("quit button", lambda: button_labels_words()["quit"], MatchEndScreen, [(lambda: keys.QUIT, "choose('quit')")]),
        ("coach page's hint", lambda: button_labels_words()["coach_close"], CoachScreen,
         [(lambda: keys.COACH, "close"), (lambda: keys.CLOSE, "close"), (lambda: keys.SCROLL[0], "scroll(-1)"),
          (lambda: keys.SCROLL[1], "scroll(1)")]),
        ("round one", lambda: bidding_prompt(False, 0, True), TableScreen,
         [(lambda: keys.TAKE, "bid('take')"), (lambda: keys.PASS, "bid('pass')"), (lambda: keys.SCHMEISS, "bid('schmeiss')")]),
        ("round two", lambda: bidding_prompt(True, 0, False), TableScreen,
         [(lambda k=k: keys.SUITS[k], f"name_suit({k})") for k in (1, 2, 3)] + [(lambda: keys.PASS, "bid('pass')")]),
        ("naming", lambda: prompt_text("naming"), TableScreen,
         [(lambda k=k: keys.SUITS[k], f"name_suit({k})") for k in range(4)]),
        ("schmeiss answer", lambda: prompt_text("schmeiss_answer", who="Bot", refuse_hint=""), TableScreen,
         [(lambda: keys.YES, "answer(True)"), (lambda: keys.NO, "answer(False)")]),
        ("bella", lambda: prompt_text("bella", card="Q♠"), TableScreen,
         [(lambda: keys.YES, "answer(True)"), (lambda: keys.NO, "answer(False)"), (lambda: keys.CHOOSE, "choose")]),
        ("lead", lambda: prompt_text("play_lead", cards=keys.card_range(9)), TableScreen,
         [(lambda: keys.CARDS[0], "play_index(1)"), (lambda: keys.CARDS[8], "play_index(9)"), (lambda: keys.CHOOSE, "choose")]),
        ("exchange", lambda: prompt_text("exchange", card="7♠"), TableScreen, [(lambda: keys.EXCHANGE, "exchange")]),
        ("trick held", lambda: hold_prompt(True, 14, True), TableScreen, [(lambda: keys.CHOOSE, "choose")]),
        ("refusal", lambda: refusal_text("bidding_over", {"allowed": [TAKE, Action.name(2)]}), TableScreen,
         [(lambda: keys.TAKE, "bid('take')"), (lambda: keys.SUITS[2], "name_suit(2)")]),
        ("verdict line", lambda: coach_log_line(advice(True)), TableScreen, [(lambda: keys.VERDICT, "verdict")]),
        ("verdict line, close", lambda: coach_log_line(advice(False)), TableScreen, [(lambda: keys.VERDICT, "verdict")]),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", cases(), ids=lambda case: case[0])
def test_a_message_names_the_key_its_binding_uses(moved: None, case, lang: str) -> None:
    _what, words, page, named = case
    with i18n.use_language(lang):
        said = words()
    bindings = bound(page)
    for key, action in named:
        assert keys.name(key()) in said, (said, key())
        assert bindings.get(key()) == action, (page.__name__, key(), bindings)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_page_names_the_keys_the_table_and_the_app_bind(moved: None, lang: str) -> None:
    """Each key of the help page's list is bound on the table or the app (Textual's own ctrl+q too)."""
    spelled = {keys.name(key): key for key in (*keys.CARDS, keys.LEFT, keys.RIGHT, keys.CHOOSE, keys.HELP)}
    everywhere = bound(TableScreen) | bound(KlabberApp) | {b.key: b.action for b in App.BINDINGS}  # type: ignore[union-attr]
    with i18n.use_language(lang):
        listed = help_keys_words()
    for shown, _words in listed:
        first, _, last = shown.partition("\u2013")  # a range has the en dash (docs/russian.md)
        if last:  # a range of the card keys
            named = list(keys.CARDS[keys.CARDS.index(spelled[first]):keys.CARDS.index(spelled[last]) + 1])
        else:
            named = [spelled.get(word, word) for word in shown.replace(" / ", " ").split()]
        assert named and all(key in everywhere for key in named), (shown, named)


def test_ctrl_q_is_textuals_quit() -> None:
    assert {b.key: b.action for b in App.BINDINGS}[keys.QUIT_NOW] == "quit"  # type: ignore[union-attr]


def test_the_pages_close_and_go_on_with_the_keys_their_hints_name(moved: None) -> None:
    """The hints written in compose() (statistics, review, help, drill) name keys these pages bind."""
    assert bound(StatsScreen)[keys.CLOSE] == bound(StatsScreen)[keys.STATS] == "close"
    assert bound(ReviewScreen)[keys.REVIEW] == bound(ReviewScreen)[keys.CLOSE] == "close"
    assert [bound(ReviewScreen)[key] for key in keys.SCROLL] == ["scroll(-1)", "scroll(1)", "scroll(-10)", "scroll(10)"]
    assert bound(HelpScreen)[keys.RULES_PAGE] == "rules_page" and bound(RulesPageScreen)[keys.RULES_PAGE] == "close"
    drill = bound(DrillScreen)
    assert (drill[keys.GO_ON], drill[keys.DRILL_AGAIN], drill[keys.STATS], drill[keys.QUIT]) == (
        "next", "again", "stats", "quit_drill")
    assert bound(TableScreen)[keys.QUIT] == "quit_game" and bound(TableScreen)[keys.VERDICT] == "verdict"


# A key spelled in the words: "(t)", "y / n", "r: review", "Press Enter", "a or Esc closes", "↑ ↓" (not a
# card's rank or suit letter, "C D H S or ♣ ♦ ♥ ♠", nor the arrow of "10♠ 7♠ → Dealer").
SPELLED = re.compile(r"\([a-zA-Z]\)|(^|\n|· |\. )[a-zA-Z]: |\b[a-z] (/|=|or|или|—) |\b[Pp]ress [a-zA-Z]\b|"
                     r"\bEnter\b|\bEsc\b|\bctrl\+|\bPg(Up|Dn)\b|[↑↓←]|\b[a-z] [a-z] [a-z] [a-z]\b|"
                     r"\b[a-z] (exchanges|shows|closes|starts|goes|меняет|показывает|закрывает)\b|клавиша [a-zA-Z]\b")


def test_no_message_spells_a_key_in_either_language() -> None:
    """Every message's key comes in as an argument: none is written in the English or the Russian."""
    from babel.messages.pofile import read_po

    with (FOLDER / "klabber_tui" / "words" / "i18n" / "ru" / "klabber.po").open("rb") as stream:
        catalog = read_po(stream, locale="ru")
    found = []
    for message in catalog:
        if not message.id:
            continue
        for words in (*(message.id if isinstance(message.id, tuple) else (message.id,)),
                      *(message.string if isinstance(message.string, tuple) else (message.string,))):
            if SPELLED.search(words):
                found.append((message.context, words))
    assert found == []


def test_the_rules_pages_name_the_keys_that_open_them() -> None:
    """The rules pages (assets/rules.md, and each language's own) name two keys, in code spans: help's,
    then the rules page's from help; those are the keys the table and the help page bind."""
    for lang in i18n.LANGUAGES:
        with i18n.use_language(lang):
            page = i18n.page("rules.md")
        named = set(re.findall(r"`([^`\s])`", page))
        assert named == {keys.name(keys.HELP), keys.RULES_PAGE}, lang
    assert bound(TableScreen)[keys.HELP] == "help" and bound(HelpScreen)[keys.RULES_PAGE] == "rules_page"
