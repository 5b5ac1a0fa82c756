"""Issue 12: one catalogue, two languages, the language chosen before the command line is read.

The catalogue is ``klabber_tui/words/i18n/ru/klabber.po`` (gettext, msgctxt = what the message is) and its
compiled ``ru.mo``; English is the source text, at each message's use site in ``klabber_tui/words/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.actions import PASS, TAKE, Action
from klabber_tui.cli import main as cli
from klabber_tui.words import i18n
from klabber_tui.words.ascii_text import to_ascii
from klabber_tui.practice.session import Settings

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402
from klabber_tui.words.i18n import npgettext
from klabber_tui.words.cards import card_text, dialogue_text, suit_text_of
from klabber_tui.words.coach.verdicts import coach_action_text, coach_verdict
from klabber_tui.words.files import note_text
from klabber_tui.words.names import preset_titles_words
from klabber_tui.words.table.phrases import bidding_prompt, bot_word, deal_header, hold_prompt, refusal_text, you_word

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "klabber_tui" / "words" / "i18n"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
RECORD = sorted((REPO / "assets" / "records").glob("*.json"))[0]


def catalogue():  # type: ignore[no-untyped-def]
    with (FOLDER / "ru" / "klabber.po").open("rb") as stream:
        return read_po(stream, locale="ru")


def test_every_russian_message_is_russian() -> None:
    """Each Russian message has Cyrillic and is not the English one copied (the decimal mark and the minus sign,
    signs and not words, excepted)."""
    for entry in catalogue():
        if not entry.id or entry.context is None or entry.context in ("number.decimal_mark", "number.minus_sign", "number.group_mark"):
            continue
        english = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        russian = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in russian:
            assert CYRILLIC.search(form), f"{entry.context}: {form!r}"
            assert form not in english, entry.context


def test_plural_forms_are_exercised() -> None:
    """Russian one/few/many by the last digits (1 карта, 2 карты, 5 карт, 11-14 карт, 21 карта)."""
    i18n.set_language("ru")
    expected = {1: "1 карта", 2: "2 карты", 4: "4 карты", 5: "5 карт", 11: "11 карт", 12: "12 карт", 14: "14 карт",
                21: "21 карта", 22: "22 карты", 25: "25 карт", 101: "101 карта", 111: "111 карт", 0: "0 карт"}
    assert {n: npgettext('count.cards', '{n} card', '{n} cards', n).format(n=n) for n in expected} == expected
    assert dialogue_text("length", 3) == "3 карты."
    assert dialogue_text("length", 5) == "5 карт."
    assert npgettext('count.export_written', '{n} deal record written to {out}', '{n} deal records written to {out}', 1).format(n=1, out="x") == "1 запись сдачи сохранена в x"
    assert npgettext('count.export_written', '{n} deal record written to {out}', '{n} deal records written to {out}', 3).format(n=3, out="x") == "3 записи сдач сохранены в x"
    assert npgettext('count.export_written', '{n} deal record written to {out}', '{n} deal records written to {out}', 11).format(n=11, out="x") == "11 записей сдач сохранены в x"
    i18n.set_language("en")
    assert [npgettext('count.cards', '{n} card', '{n} cards', n).format(n=n) for n in (1, 2, 21)] == ["1 card", "2 cards", "21 cards"]


def test_drill_counts_and_coach_choices_take_their_words_from_the_catalogue() -> None:
    """No English ``s`` or ``.capitalize()`` in code: the drill's counts are plurals, the coach's choices
    catalogue messages quoted in the verdict (issue 12)."""
    from types import SimpleNamespace

    i18n.set_language("ru")
    assert [npgettext('count.drill_mistakes', '{n} mistake', '{n} mistakes', n).format(n=n) for n in (1, 3, 5, 21)] == ["1 ошибка", "3 ошибки", "5 ошибок",
                                                                         "21 ошибка"]
    assert npgettext('count.drill_missed', '{again}: drill the {n} missed position again · {stats}: statistics · {quit}: quit', '{again}: drill the {n} missed positions again · {stats}: statistics · {quit}: quit', 2).format(n=2, again="R", stats="S", quit="q").startswith("R: повторить 2 позиции с ошибками")
    assert npgettext('count.stats_dropped', '{n} damaged entry was left out of the statistics file {path}.', '{n} damaged entries were left out of the statistics file {path}.', 1).format(n=1, path="'s.json'").startswith("1 повреждённая запись не вошла")
    assert npgettext('count.stats_dropped', '{n} damaged entry was left out of the statistics file {path}.', '{n} damaged entries were left out of the statistics file {path}.', 2).format(n=2, path="'s.json'").startswith("2 повреждённые записи не вошли")
    advice = SimpleNamespace(chosen=PASS, best=TAKE, loss=12.4, loss_se=3.0, mistake=True)
    assert coach_verdict(advice, "bid") == "Ошибка: «пас» вместо «беру» стоит около 12 очков (± 3)."
    assert coach_action_text(Action.parse("play QH bella")) == "ход Д♥ + белла"
    i18n.set_language("en")
    assert [npgettext('count.drill_mistakes', '{n} mistake', '{n} mistakes', n).format(n=n) for n in (1, 2)] == ["1 mistake", "2 mistakes"]
    assert coach_verdict(advice, "bid") == "Mistake: “pass” costs about 12 points (± 3) against “take”."


def test_card_notation_in_russian_keeps_the_ten_as_10() -> None:
    """Ranks 7 8 9 10 В Д К Т: the Cyrillic Т is the ace, the ten is always 10 (issue 12)."""
    i18n.set_language("ru")
    assert [card_text(c) for c in range(8)] == ["7♣", "8♣", "9♣", "10♣", "В♣", "Д♣", "К♣", "Т♣"]
    assert to_ascii(card_text(31)) == "ТS"  # ASCII mode keeps the letters of the language
    i18n.set_language("en")
    assert [card_text(c) for c in range(3, 8)] == ["10♣", "J♣", "Q♣", "K♣", "A♣"]


def test_a_refusal_is_worded_from_its_code_in_russian() -> None:
    """The engine's code and detail, worded in the player's language and notation (rules.md §8)."""
    i18n.set_language("ru")
    detail = {"card": 3, "led": 13, "suit": 1, "allowed": [Action.parse("play KD"), Action.parse("play 8D")]}
    assert refusal_text("must_follow", detail) == (
        "Сходить 10♣ нельзя: нужно ходить в масть, ♦ бубны (зашли с Д♦). Можно ходить: К♦ 8♦.")
    assert refusal_text("bidding_over", {"allowed": [TAKE, PASS]}) == (
        "Торговля окончена: ходите картой. Можно: беру (t), пас (p).")


def test_the_table_says_you_and_bot_in_the_language_in_use() -> None:
    i18n.set_language("ru")
    assert (you_word(), bot_word()) == ("Вы", "Бот")
    assert deal_header(3, "ab12", dealer_you=True) == "Сдача 3: сдаёте вы. Отпечаток колоды ab12."
    assert deal_header(3, "ab12", dealer_you=False) == "Сдача 3: сдаёт бот. Отпечаток колоды ab12."
    assert deal_header(3, "ab12", dealer_you=True, watching=True) == "Сдача 3: сдаёт Бот 1. Отпечаток колоды ab12."
    i18n.set_language("en")
    assert deal_header(3, "ab12", dealer_you=True) == "Deal 3: you deal. Deck fingerprint ab12."
    assert deal_header(3, "ab12", dealer_you=False) == "Deal 3: bot deals. Deck fingerprint ab12."


@pytest.mark.parametrize(("given", "setting", "environ", "expected"), [
    ("ru", "en", {"LANG": "en_US.UTF-8"}, "ru"),
    (None, "ru", {"LC_ALL": "en_US.UTF-8"}, "ru"),
    (None, None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US"}, "ru"),
    (None, None, {"LC_MESSAGES": "ru_RU", "LANG": "en_US"}, "ru"),
    (None, None, {"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),  # LC_ALL set: it decides
    (None, None, {"LANG": "ru_RU.UTF-8"}, "ru"),
    (None, None, {"LANG": "de_DE.UTF-8"}, "en"),
    ("fr", None, {}, "en"),
    (None, None, {}, "en"),
])
def test_language_order_is_flag_setting_locale_english(given: str | None, setting: str | None,
                                                       environ: dict[str, str], expected: str) -> None:
    assert i18n.choose(given, setting, environ) == expected


def test_a_bad_language_setting_is_repaired_with_a_note() -> None:
    assert Settings.repaired({"lang": "ru"})[0].lang == "ru"
    settings, notes = Settings.repaired({"lang": "klingon"})
    assert settings.lang == "" and len(notes) == 1 and "'lang'" in note_text(notes[0])


@pytest.mark.parametrize(("words", "russian"), [
    (["--lang", "ru", "replay", "missing.json"], "klabber: не удаётся прочитать 'missing.json': нет такого файла"),
    (["--lang", "ru", "replay"], "klabber replay: ошибка: не хватает аргументов: ФАЙЛ"),
    (["play", "--rules", "x", "--lang=ru"], "klabber play: ошибка: аргумент --rules: недопустимое значение: 'x'"),
    (["--lang", "ru", "play", "--target", "5"], "аргумент --target: нужно целое число от 100 до 5000, а не '5'"),
    (["--lang", "ru", "dance"], "недопустимое значение: 'dance'"),
])
def test_command_line_errors_in_russian(words: list[str], russian: str, capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KLABBER_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        cli.main(words)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert russian in err and err.count("\n") == 1


def test_the_setting_and_the_locale_choose_russian(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KLABBER_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "settings.json").write_text(json.dumps({"lang": "ru", "format": "klabber-settings/1"}))
    with pytest.raises(SystemExit):
        cli.main(["replay", "missing.json"])
    assert "не удаётся прочитать" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["replay", "missing.json", "--lang", "en"])  # the flag outranks the setting
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "settings.json").unlink()
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    with pytest.raises(SystemExit):
        cli.main(["replay", "missing.json"])
    assert "не удаётся прочитать" in capsys.readouterr().err


def test_replay_in_russian_is_russian_and_json_stays_record_notation(capsys: pytest.CaptureFixture[str]) -> None:
    """``klabber replay FILE --lang ru``: at least three quarters of the letters Cyrillic (issue 12);
    ``--json`` is the same in both languages."""
    assert cli.main(["replay", str(RECORD), "--lang", "ru"]) == 0
    shown = capsys.readouterr().out
    letters = [c for c in shown if c.isalpha()]
    assert sum(bool(CYRILLIC.match(c)) for c in letters) >= 0.75 * len(letters)
    assert "Старшая рука" in shown and "Сдающий" in shown
    cli.main(["replay", str(RECORD), "--json", "--lang", "ru"])
    russian = capsys.readouterr().out
    cli.main(["replay", str(RECORD), "--json", "--lang", "en"])
    assert russian == capsys.readouterr().out


def test_english_is_the_source_text_unchanged() -> None:
    """In English every message is its source text: nothing is looked up in a catalogue."""
    i18n.set_language("en")
    for entry in catalogue():
        if entry.id and isinstance(entry.id, str) and entry.context:
            assert i18n.pgettext(entry.context, entry.id) == entry.id
    assert set(preset_titles_words()) == set(__import__("engine.rules").rules.PRESETS)  # a title for every preset


@pytest.mark.slow
def test_bench_text_speaks_the_language_chosen(capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue 12: ``klabber bench`` words its figures through the catalogue (--json keeps the keys)."""
    assert cli.main(["bench", "--decisions", "1", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Разыгрышей в секунду: ") and "Пик памяти: " in out and "mc:normal: карта — " in out


def test_the_suits_to_name_are_russian_verbs_and_the_excluded_suit_is_genitive() -> None:
    """Issue 23: «Можно: назвать ♦ бубны (d)» (no English "name"), «кроме ♠ пик» (genitive)."""
    i18n.set_language("ru")
    refusal = refusal_text("turn_up_suit", {"suit": 3, "allowed": [Action.parse("name D"), PASS]})
    assert refusal.endswith("Можно: назвать ♦ бубны (d), пас (p).") and " name " not in refusal
    assert [suit_text_of(s) for s in range(4)] == ["♣ треф", "♦ бубён", "♥ червей", "♠ пик"]
    i18n.set_language("en")
    assert refusal_text("turn_up_suit", {"suit": 3, "allowed": [Action.parse("name D")]}).endswith(
        "You may: name ♦ diamonds (d).")


def test_the_bidding_prompts_are_whole_sentences_in_both_languages() -> None:
    """Issue 23: clobber's prompt without a schmeiss ends "... (t) or pass (p)."; round two names the
    turn-up suit in the genitive («кроме ♠ пик»); the trick's winner is addressed («Вы берёте»)."""
    assert bidding_prompt(False, 0, False) == "Round one: take the turn-up suit ♣ clubs (t) or pass (p)."
    assert bidding_prompt(False, 0, True).endswith("(t), pass (p) or schmeiss (m).")
    assert hold_prompt(True, 14, True) == "You win the trick (14). Press Enter to go on."
    assert hold_prompt(False, 14, False) == "Bot wins the trick (14)."
    i18n.set_language("ru")
    assert bidding_prompt(True, 3, False) == "Второй круг: назовите масть (c d h s, кроме ♠ пик) или пас (p)."
    assert bidding_prompt(False, 1, True) == "Первый круг: взять в козыри ♦ бубны (t), пас (p) или шмайс (m)."
    assert hold_prompt(True, 14, True) == "Вы берёте взятку (14). Enter — дальше."


def test_the_dealer_who_has_more_names_his_value() -> None:
    """rules.md §6.3 (seed 000: «Есть больше»): after the elder's "No sequence." the dealer holding a run
    of three says what it is worth, not only "Not good."."""
    from engine.cards import parse_card
    from engine.declarations import compare_sequences
    from engine.rules import RuleSet

    def hand(*cards: str) -> int:
        return sum(1 << parse_card(c) for c in cards)

    elder = hand("7C", "9D", "JH", "KS", "AS", "8H", "TC", "QD", "7H")
    dealer = hand("9S", "8S", "7S", "AC", "AD", "AH", "KC", "KD", "KH")  # 9 8 7 of spades: a twenty
    result = compare_sequences(elder, dealer, 0, RuleSet.from_preset("klaberjass", {}))
    line = result.dialogue[-1]
    assert (line.word, line.arg) == ("not_good", 20)
    assert dialogue_text(line.word, line.arg) == "Not good: mine is a twenty."
    i18n.set_language("ru")
    assert dialogue_text(line.word, line.arg) == "Не проходит: у меня двадцать."
    assert dialogue_text("not_good", None) == "Не проходит."
