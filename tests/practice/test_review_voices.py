"""Issue 24: the review words each seat's reasons for that seat. A decision of the bot says "the
bot holds…" («у бота…») and calls the player "you"; the player's say "you hold…" and call the other
"the bot" (``fact_text(..., bot=True)``), in English and Russian, on the game's review page
and in ``klabber replay --review --player SEAT``, whose ``--json`` keeps its keys."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ai.coach import Fact, FactKey
from engine.actions import Action
from engine.cards import parse_card
from klabber_tui.data.schemas import PLAYER_ROLE
from klabber_tui.words import i18n
from klabber_tui.cli.main import main
from klabber_tui.words.coach.facts import fact_text

RECORDS = Path(__file__).resolve().parents[2] / "assets" / "records"
SIDES = {"en": re.compile(r"\b(you|your|the bot|the bot's)\b", re.IGNORECASE),
         "ru": re.compile(r"\b(вы|вас|вам|ваш\w*|бот\w*)\b", re.IGNORECASE)}


def _mask(*cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards)


def _facts(key: FactKey) -> list[Fact]:
    """The fact with every field filled, and with none of its cards or counts (the other branches)."""
    full = Fact(key, suit=0, points=12, count=2, action=Action.parse("take"), other=Action.parse("pass"), prob=0.4,
                held=_mask("JC", "9C"), unseen=_mask("AC", "TC"), shown=_mask("7C"), his=_mask("KC"),
                stock=_mask("QC"), value=40, threshold=42)
    empty = Fact(key, suit=0, points=0, count=0, action=Action.parse("take"), other=Action.parse("pass"), prob=0.4,
                 value=40, threshold=42)
    price = Fact(key, suit=0, points=12, count=2, action=Action.parse("take"), other=Action.parse("pass"), prob=0.4,
                 held=_mask("JC"),
                 trade_off=True, versus=Action.parse("pass"), versus_bust=0.3)
    return [full, empty, price]


# The reasons whose words name a side ("you", "the bot"), declared rather than found: a test that only
# checked the reasons it found naming a side checked nothing once a reword dropped the side (issue 30).
SIDED = frozenset({
    "accept_throws_in", "bares_ten", "bella", "bust", "bust_against_pass", "dialogue_equal", "dialogue_lower",
    "dialogue_none", "dialogue_value", "dix", "draws_trumps", "exchange", "gives_trick", "hidden_split",
    "jass_held", "jass_shown", "jass_unseen", "lead_beaten", "menel_held", "menel_shown", "menel_unseen",
    "mistake_beaten", "other_holds_bella", "other_holds_run", "other_leads", "other_no_bella_king",
    "other_no_higher", "other_passed_round_two", "other_passed_turned", "other_schmeissed", "other_took_turn_up",
    "other_void", "other_void_no_trump", "pass_other_names", "pass_other_takes", "pass_then_name",
    "pass_throws_in", "refuse_other_makes", "refuse_you_make", "refuse_you_name", "schmeiss_answer",
    "schmeiss_means_naming", "schmeiss_refused_you_make", "sequences", "trump_points", "trumps_unseen", "you_lead",
})


def test_the_reasons_that_name_a_side_are_the_declared_ones() -> None:
    """A reword that adds or drops a side in English fails here, so the list below is never stale."""
    named = {str(key) for key in FactKey for fact in _facts(key) if SIDES["en"].search(fact_text(fact, turned=0))}
    assert named == SIDED, f"added: {sorted(named - SIDED)}, dropped: {sorted(SIDED - named)}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_reason_that_names_a_side_has_the_bots_wording(lang: str) -> None:
    with i18n.use_language(lang):
        for key in FactKey:
            words = [(fact_text(f, turned=0), fact_text(f, turned=0, bot=True)) for f in _facts(key)]
            if str(key) in SIDED:
                assert any(yours != the_bots for yours, the_bots in words), (key, words[0][0])
            for yours, the_bots in words:
                if SIDES[lang].search(yours):  # a reason naming no side may read the same for both
                    assert the_bots != yours, (key, yours)


WORKED = [  # (fact, the player's words, the bot's words), English then Russian
    (Fact(FactKey.JASS_HELD, suit=0, held=_mask("JC")),
     ("You hold the jass (J♣)", "The bot holds the jass (J♣)"),
     ("Ясс у вас на руке (В♣)", "Ясс у бота на руке (В♣)")),
    (Fact(FactKey.TRUMP_POINTS, suit=0, held=_mask("JC", "9C"), value=40, threshold=42),
     ("Trump ♣: you hold J♣ 9♣; with bella and the side aces and tens your hand counts 40 by the rule of thumb, "
      "where 42 takes",
      "Trump ♣: the bot holds J♣ 9♣; with bella and the side aces and tens its hand counts 40 by the rule of "
      "thumb, where 42 takes"),
     ("Козырь ♣: у вас В♣ 9♣; по прикидке (козыри, белла, боковые тузы и десятки, что есть) ваша рука стоит 40, "
      "а берут с 42",
      "Козырь ♣: у бота В♣ 9♣; по прикидке (козыри, белла, боковые тузы и десятки, что есть) его рука стоит "
      "40, а берут с 42")),
    (Fact(FactKey.OTHER_VOID, suit=2, shown=_mask("AH", "7C")),
     ("The bot trumped instead of following ♥ (trick A♥ 7♣): it holds no ♥",
      "You trumped instead of following ♥ (trick A♥ 7♣): you hold no ♥"),
     ("Бот не ответил в масть ♥, а покрыл козырем (взятка Т♥ 7♣): ♥ у него нет",
      "Вы не ответили в масть ♥, а покрыли козырем (взятка Т♥ 7♣): ♥ у вас нет")),
]


@pytest.mark.parametrize("fact,english,russian", WORKED, ids=[str(w[0].key) for w in WORKED])
def test_worked_wordings(fact: Fact, english: tuple[str, str], russian: tuple[str, str]) -> None:
    assert (fact_text(fact, turned=0), fact_text(fact, turned=0, bot=True)) == english
    with i18n.use_language("ru"):
        assert (fact_text(fact, turned=0), fact_text(fact, turned=0, bot=True)) == russian


@pytest.mark.slow
def test_replay_review_words_the_other_seat_as_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    path = RECORDS / "klaberjass-sample.json"
    assert main(["replay", str(path), "--review", "--level", "easy", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)["review"]
    assert main(["replay", str(path), "--review", "--level", "easy", "--json", "--player", "dealer"]) == 0
    voiced = json.loads(capsys.readouterr().out)["review"]
    assert [set(d) for d in voiced] == [set(d) for d in plain]  # the keys are kept
    for before, after in zip(plain, voiced):
        assert {k: v for k, v in before.items() if k != "reasons"} == {k: v for k, v in after.items() if k != "reasons"}
        if before["seat"] == "dealer":
            assert after["reasons"] == before["reasons"]
    elder = [d for d in voiced if d["seat"] == "elder"]
    assert elder and any("the bot" in r.lower() for d in elder for r in d["reasons"])
    assert not any(r.startswith(("You hold", "After your pass", "Your pass")) for d in elder for r in d["reasons"])
    assert main(["replay", str(path), "--review", "--level", "easy", "--player", "dealer"]) == 0
    page = capsys.readouterr().out
    assert "Each decision of You, in order" in page and "Each decision of Bot, in order" in page
    assert page.count("Why, decision by decision") == 2


def test_player_without_review_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["replay", str(RECORDS / "klaberjass-sample.json"), "--player", "elder"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--player" in err and "--review" in err


def _play_one_deal(watch: bool) -> dict[str, object]:
    """A deal of a match played to its end by greedy for both seats, as the game records it."""
    from ai.registry import make_bot
    from klabber_tui.practice.session import Session, Settings

    session = Session.new(Settings(level="greedy"), PLAYER_ROLE, seed=5, watch=watch)
    greedy = make_bot("greedy")
    finished = None
    while finished is None:
        seat = session.deal.to_act
        assert seat is not None
        finished = session.apply(seat, greedy.choose(session.deal.view(seat), 0))
    assert finished.human_seat in ("elder", "dealer")
    record = session.match.records[-1]
    assert isinstance(record, dict)
    return record


def test_the_game_names_the_players_seat_in_each_deal_it_records() -> None:
    """Issue 24: so a review of the record can word the other seat as the bot's without --player;
    a watched match (two bots) names nobody."""
    session_record = _play_one_deal(watch=False)
    meta = session_record["meta"]
    assert isinstance(meta, dict) and meta["player"] in ("elder", "dealer")
    watched = _play_one_deal(watch=True)["meta"]
    assert isinstance(watched, dict) and "player" not in watched


@pytest.mark.slow
def test_replay_review_reads_the_players_seat_from_a_record_the_game_wrote(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _play_one_deal(watch=False)
    meta = record["meta"]
    assert isinstance(meta, dict)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path), "--review", "--level", "easy", "--json"]) == 0
    from_meta = json.loads(capsys.readouterr().out)
    assert main(["replay", str(path), "--review", "--level", "easy", "--json", "--player", str(meta["player"])]) == 0
    assert from_meta == json.loads(capsys.readouterr().out)
    assert main(["replay", str(path), "--review", "--level", "easy"]) == 0
    page = capsys.readouterr().out
    assert "Each decision of You, in order" in page and "Each decision of Bot, in order" in page
