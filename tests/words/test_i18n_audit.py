"""Issue 12, an audit of ``ru.po``: every number the player reads before a noun takes its plural form, in
Russian by the last digits (one: 1, 21, 101; few: 2-4, 22; many: 0, 5-20, 111), and a sentence whose
subject may be the player agrees with «вы» (no «Вы меняет», «Играет Вы», «берёт вы»). The forms here are
worked out by hand; each message is also checked where the program words it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from engine.actions import Action, DixExchanged, Event, EventKind, Seat
from engine.cards import parse_card
from engine.rules import RuleSet
from klabber_tui.words import i18n
from klabber_tui.data import stats
from klabber_tui.data.files import FileRefused, read_text
from klabber_tui.words.help import help_markdown
from klabber_tui.words.i18n import pgettext, npgettext
from klabber_tui.words.coach.facts import fact_text
from klabber_tui.words.files import refused_text
from klabber_tui.words.table.phrases import log_line, named, who


def plain(renderable: object) -> str:
    console = Console(width=200, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return " ".join(console.file.getvalue().split())


def test_bytes_in_russian_by_the_last_digits() -> None:
    i18n.set_language("ru")
    assert [npgettext('count.bytes', '{n} byte', '{n} bytes', n).format(n=n) for n in (1, 3, 5, 11, 21, 22, 1048574, 1048577)] == [
        "1 байт", "3 байта", "5 байт", "11 байт", "21 байт", "22 байта", "1048574 байта", "1048577 байт"]
    i18n.set_language("en")
    assert [npgettext('count.bytes', '{n} byte', '{n} bytes', n).format(n=n) for n in (1, 2)] == ["1 byte", "2 bytes"]


def test_a_file_too_large_names_its_size_in_bytes_in_the_right_form(tmp_path: Path) -> None:
    """The refusal of a file over the cap (issue 8), worded with the size's plural (102 байта, not 102 байт)."""
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 102)
    with pytest.raises(FileRefused) as caught:
        read_text(path, 100)
    i18n.set_language("ru")
    assert "слишком велик (102 байта; можно не больше 100)" in refused_text(caught.value)
    i18n.set_language("en")
    assert "too large (102 bytes; at most 100 allowed)" in refused_text(caught.value)


@pytest.mark.parametrize(("target", "words"), [(101, "101 очко"), (102, "102 очка"), (500, "500 очков"),
                                               (111, "111 очков"), (1021, "1021 очко")])
def test_the_help_pages_target_in_russian(target: int, words: str) -> None:
    i18n.set_language("ru")
    assert npgettext('count.help_target', 'The first to {n} point wins the match.', 'The first to {n} points wins the match.', target).format(n=target) == f"Партию выигрывает тот, кто первым наберёт {words}."


def test_the_help_page_words_the_presets_target() -> None:
    """The help table's target row, from the preset (every preset plays to 500: 500 очков)."""
    i18n.set_language("ru")
    assert "кто первым наберёт 500 очков." in help_markdown(RuleSet.from_preset("klaberjass", {}))
    assert "кто первым наберёт 1001 очко." in help_markdown(RuleSet.from_preset("klaberjass", {"target": 1001}))
    i18n.set_language("en")
    assert "The first to 500 points wins the match." in help_markdown(RuleSet.from_preset("klaberjass", {}))


def test_the_coachs_sampled_deals_in_the_dative() -> None:
    """«по N раскладам» governs the dative: по 1 (21) случайному раскладу, по 2 (11, 48) случайным раскладам."""
    i18n.set_language("ru")
    said = {n: npgettext('count.coach_level', 'Evaluated at level {level} over {n} sampled deal, from your cards and what was said only.', 'Evaluated at level {level} over {n} sampled deals, from your cards and what was said only.', n).format(n=n, level="hard").split(",")[0] for n in (1, 21, 2, 11, 48)}
    assert said == {1: "Оценено на уровне «hard» по 1 случайному раскладу",
                    21: "Оценено на уровне «hard» по 21 случайному раскладу",
                    2: "Оценено на уровне «hard» по 2 случайным раскладам",
                    11: "Оценено на уровне «hard» по 11 случайным раскладам",
                    48: "Оценено на уровне «hard» по 48 случайным раскладам"}
    i18n.set_language("en")
    assert npgettext('count.coach_level', 'Evaluated at level {level} over {n} sampled deal, from your cards and what was said only.', 'Evaluated at level {level} over {n} sampled deals, from your cards and what was said only.', 1).format(n=1, level="hard").startswith("Evaluated at level hard over 1 sampled deal,")


def test_the_reviews_total_counts_decisions_and_points() -> None:
    """«около N очков» governs the genitive: около 1 (21) очка, около 3 (11) очков; «из N заявок»
    likewise: из 1 (21) заявки, из 2 (5) заявок."""
    i18n.set_language("ru")
    assert [npgettext('count.review_bids', '{agreed} of {n} bid', '{agreed} of {n} bids', n).format(n=n, agreed=1) for n in (1, 2, 5, 21)] == [
        "1 из 1 заявки", "1 из 2 заявок", "1 из 5 заявок", "1 из 21 заявки"]
    assert [npgettext('count.review_loss', 'about {n} point given up in all', 'about {n} points given up in all', n).format(n=n) for n in (1, 3, 11, 21)] == [
        "всего уступлено около 1 очка", "всего уступлено около 3 очков", "всего уступлено около 11 очков",
        "всего уступлено около 21 очка"]
    total = pgettext('review.total', "{who}: {counts} the same as the coach's choice; {loss}.").format(who="Вы", counts=npgettext('count.review_bids', '{agreed} of {n} bid', '{agreed} of {n} bids', 5).format(n=5, agreed=3),
                                     loss=npgettext('count.review_loss', 'about {n} point given up in all', 'about {n} points given up in all', 0).format(n=0))
    assert total == "Вы: 3 из 5 заявок — тот же выбор, что у тренера; всего уступлено около 0 очков."
    i18n.set_language("en")
    total = pgettext('review.total', "{who}: {counts} the same as the coach's choice; {loss}.").format(who="You", counts=npgettext('count.review_bids', '{agreed} of {n} bid', '{agreed} of {n} bids', 5).format(n=5, agreed=3),
                                     loss=npgettext('count.review_loss', 'about {n} point given up in all', 'about {n} points given up in all', 1).format(n=1))
    assert total == "You: 3 of 5 bids the same as the coach's choice; about 1 point given up in all."


def test_klabber_stats_counts_the_decisions_of_each_trend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`klabber stats`: one card decision is «1 решение» («1 decision»), 22 bids «22 решения»."""
    from klabber_tui.ui.screens.stats import stats_report

    monkeypatch.setenv("KLABBER_HOME", str(tmp_path / "home"))
    for _ in range(22):
        stats.record_decision("klaberjass", False, "bid", True, 0.0)
    stats.record_decision("klaberjass", False, "card", True, 0.0)
    i18n.set_language("ru")
    shown = plain(stats_report(stats.load()[0]))
    assert "(торговля), от старых к новым (22 решения, 2 на отметку)" in shown
    assert "(карты), от старых к новым (1 решение, 1 на отметку)" in shown
    i18n.set_language("en")
    shown = plain(stats_report(stats.load()[0]))
    assert "Points lost per card decision, oldest first (1 decision, 1 per mark)" in shown


def test_the_dix_exchange_agrees_with_who_makes_it() -> None:
    """rules.md §5 (the dix): the log line when the player exchanges says «Вы меняете», the bot «Бот меняет»."""
    exchange = DixExchanged(dix=parse_card("7C"), taken=parse_card("QC"))
    i18n.set_language("ru")
    assert log_line(Event(EventKind.EXCHANGE, Seat.DEALER, exchange), "dealer") == "Вы меняете дис 7♣ на Д♣."
    assert log_line(Event(EventKind.EXCHANGE, Seat.ELDER, exchange), "dealer") == "Бот меняет дис 7♣ на Д♣."
    i18n.set_language("en")
    assert log_line(Event(EventKind.EXCHANGE, Seat.DEALER, exchange), "dealer") == "You exchange the dix 7♣ for Q♣."
    assert log_line(Event(EventKind.EXCHANGE, Seat.ELDER, exchange), "dealer") == "Bot: exchanges the dix 7♣ for Q♣."


def test_the_deal_summary_names_the_maker_and_the_last_trick_without_a_verb_to_agree() -> None:
    """The summary's maker and last trick read right whoever they are: «Вы — играющий» (the name first, where its capital belongs), «— вы (+10)»."""
    i18n.set_language("ru")
    assert pgettext('summary.maker', '{who} made {suit} trump.').format(who=who(True), suit="♣ трефы") == "Вы — играющий, козырь ♣ трефы."
    assert pgettext('summary.maker', '{who} made {suit} trump.').format(who=who(False), suit="♣ трефы") == "Бот — играющий, козырь ♣ трефы."
    assert pgettext('summary.last', 'Last trick: {cards}, won by {who} (+10).').format(cards="9♠ 10♠", who=named(True)) == "Последняя взятка: 9♠ 10♠ — вы (+10)."


def test_the_coachs_reasons_put_numbers_before_nouns_in_agreement() -> None:
    """Issue 23: «вместо «пас» теряет около 9 очков» (около + genitive: 1 и 21 очка, 9 очков),
    «на 94 очка хуже, чем при пасе», one run is «Ваша секвенция … стоит 20 очков»; English unchanged."""
    from types import SimpleNamespace

    def fact(key: str, points: float, **more: object) -> str:
        return fact_text(SimpleNamespace(key=key, points=points, held=more.pop("held", 0), **more))

    run = sum(1 << parse_card(c) for c in ("JD", "TD", "9D"))
    two = run | sum(1 << parse_card(c) for c in ("QS", "KS", "AS"))
    i18n.set_language("ru")
    mistakes = [fact("mistake", n, action=Action.parse("take"), other=Action.parse("pass")) for n in (9.2, 1, 21, 2)]
    assert [m.split("теряет ")[1].split(" до")[0] for m in mistakes] == [
        "около 9 очков", "около 1 очка", "около 21 очка", "около 2 очков"]
    assert fact("bust_against_pass", 94) == "Если сядете, то окажетесь на 94 очка хуже, чем при пасе"
    assert fact("sequences", 20, held=run) == "Ваша секвенция (В♦ 10♦ 9♦) стоит 20 очков"
    assert fact("sequences", 40, held=two).startswith("Ваши секвенции (") and fact("sequences", 40, held=two).endswith(
        "стоят 40 очков")
    # issue 24: the trumps are named, not counted; the §10 count is a number with no noun after it
    assert fact("trump_points", 25, count=3, suit=1, held=run, value=48, threshold=45) == (
        "Козырь ♦: у вас В♦ 10♦ 9♦; по прикидке (козыри, белла, боковые тузы и десятки, что есть) "
        "ваша рука стоит 48, а берут с 45")
    i18n.set_language("en")
    assert fact("mistake", 9.2, action=Action.parse("take"), other=Action.parse("pass")) == (
        "Mistake: taking gives up about 9 points against passing over the rest of the deal")
    assert fact("sequences", 20, held=run) == "Your sequence (J♦ 10♦ 9♦) is worth 20 points"
    assert fact("trump_points", 1, count=3, suit=1, held=run, value=48, threshold=45) == (
        "Trump ♦: you hold J♦ 10♦ 9♦; with bella and the side aces and tens your hand counts 48 by the rule of "
        "thumb, where 45 takes")
