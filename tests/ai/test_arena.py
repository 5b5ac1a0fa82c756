"""Duplicate-deal arena: the same figures for any number of processes, and the CLI's JSON and refusals."""

from __future__ import annotations

import json

import pytest

from ai.arena import ArenaResult, board_seed, play_board, run_arena
from ai.play_out import decide
from ai.bots import Bot, FullDealBot
from ai.registry import BotRefusal, UnknownBot, make_arena_bot
from engine.deal import Deal
from engine.rules import PRESETS, RuleSet
from klabber_tui.cli.main import main

JSON_KEYS = {"a", "b", "rules", "pairs", "margin_per_deal", "ci95", "a_maker", "b_maker", "thrown_in", "seconds",
             "board_margins"}
MAKER_KEYS = {"made", "tie", "bust"}


def figures(result: ArenaResult) -> dict:
    """Everything but the wall-clock seconds."""
    out = result.as_json()
    del out["seconds"]
    return out


def test_jobs_do_not_change_the_result() -> None:
    rules = RuleSet.from_preset("klaberjass")
    one = run_arena("greedy", "random", rules, 6, seed=4, jobs=1)
    two = run_arena("greedy", "random", rules, 6, seed=4, jobs=2)
    assert figures(one) == figures(two)
    assert len(one.board_margins) == 6


def test_shards_add_up() -> None:
    """Boards 0-5 in one run equal boards 0-2 and 3-5 run as two shards (--first)."""
    rules = RuleSet.from_preset("clobber")
    whole = run_arena("greedy", "random", rules, 6, seed=1)
    first = run_arena("greedy", "random", rules, 3, seed=1)
    second = run_arena("greedy", "random", rules, 3, seed=1, first_board=3)
    assert whole.board_margins == first.board_margins + second.board_margins
    assert whole.thrown_in == first.thrown_in + second.thrown_in
    for side in ("a_maker", "b_maker"):
        assert {k: getattr(first, side)[k] + getattr(second, side)[k] for k in MAKER_KEYS} == getattr(whole, side)


def test_run_is_repeatable_and_seeded() -> None:
    rules = RuleSet.from_preset("kalabriasz")
    a = run_arena("random", "greedy", rules, 4, seed=8)
    b = run_arena("random", "greedy", rules, 4, seed=8)
    assert figures(a) == figures(b)
    assert board_seed(8, 0, 0) == board_seed(8, 0, 0) != board_seed(9, 0, 0)


@pytest.mark.parametrize("preset", tuple(PRESETS))
def test_a_board_is_duplicate(preset: str) -> None:
    """Both tables of a board: every table has a maker, and the board margin is their mean."""
    margin, tables = play_board("greedy", "random", RuleSet.from_preset(preset), 2, 0)
    assert len(tables) == 2
    assert margin == sum(t.margin for t in tables) / 2
    for t in tables:
        assert t.maker in ("a", "b") and t.outcome in MAKER_KEYS


def test_maker_counts_cover_every_table() -> None:
    result = run_arena("greedy", "greedy", RuleSet.from_preset("klaberass"), 5, seed=2)
    assert sum(result.a_maker.values()) + sum(result.b_maker.values()) == 2 * 5
    lo, hi = result.ci95
    assert lo <= result.margin_per_deal <= hi


def test_identical_bots_mirror_to_zero() -> None:
    """greedy v greedy is deterministic in the cards: at each board the two tables cancel."""
    result = run_arena("greedy", "greedy", RuleSet.from_preset("klaberjass"), 4, seed=6)
    assert result.board_margins == [0.0] * 4


# -- the command -----------------------------------------------------------------------------------


def test_arena_json_keys(capsys: pytest.CaptureFixture) -> None:
    assert main(["arena", "greedy", "random", "--deals", "2", "--seed", "3", "--json", "--rules", "clobber"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1
    payload = json.loads(out)
    assert set(payload) == JSON_KEYS
    assert (payload["a"], payload["b"], payload["rules"], payload["pairs"]) == ("greedy", "random", "clobber", 2)
    assert set(payload["a_maker"]) == MAKER_KEYS and set(payload["b_maker"]) == MAKER_KEYS
    assert all(isinstance(v, int) for v in (*payload["a_maker"].values(), *payload["b_maker"].values()))
    assert sum(payload["a_maker"].values()) + sum(payload["b_maker"].values()) == 4
    assert isinstance(payload["ci95"], list) and len(payload["ci95"]) == 2
    assert payload["ci95"][0] <= payload["margin_per_deal"] <= payload["ci95"][1]
    assert isinstance(payload["thrown_in"], int) and payload["thrown_in"] >= 0
    assert isinstance(payload["seconds"], (int, float)) and payload["seconds"] >= 0
    expected = run_arena("greedy", "random", RuleSet.from_preset("clobber"), 2, seed=3).as_json()
    del expected["seconds"], payload["seconds"]
    assert payload == expected


def test_arena_json_default_rules(capsys: pytest.CaptureFixture) -> None:
    assert main(["arena", "random", "random", "--deals", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "klaberjass"


@pytest.mark.parametrize("argv", [
    ["arena", "greedy", "nobody", "--deals", "1", "--json"],
    ["arena", "mc:insane", "random", "--deals", "1"],
    ["arena", "Greedy", "random", "--deals", "1", "--json"],
    ["arena", "greedy", "random", "--deals", "0", "--json"],
    ["arena", "greedy", "random", "--rules", "bridge", "--json"],
    ["arena", "greedy", "random", "--jobs", "x", "--json"],
])
def test_arena_refusals(argv: list[str], capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)


def test_run_arena_rejects_a_bad_name_early() -> None:
    with pytest.raises(ValueError):
        run_arena("greedy", "bogus", RuleSet.from_preset("klaberjass"), 1)


# -- bots from outside the package by ``module:factory`` (issue 22: the research bots) ----------------

OUTSIDE = "klabber_outside_bots"
OUTSIDE_SOURCE = """
from ai.bots import GreedyBot
from ai.oracle import OracleBot


def greedy():
    return GreedyBot()


def oracle():
    return OracleBot()


def nothing():
    return 42


def needs_a_level(level):
    return GreedyBot()


not_callable = 3
"""


@pytest.fixture
def outside(tmp_path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module of bot factories outside the package, on ``sys.path`` as a checkout's root is."""
    (tmp_path / f"{OUTSIDE}.py").write_text(OUTSIDE_SOURCE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return OUTSIDE


def test_a_bot_from_outside_is_made_by_its_factory_and_plays_as_the_same_bot_named(outside: str) -> None:
    """A Bot plays from the view and a FullDealBot from the whole deal, as the arena's own do."""
    greedy, oracle = make_arena_bot(f"{outside}:greedy"), make_arena_bot(f"{outside}:oracle")
    assert isinstance(greedy, Bot) and isinstance(oracle, FullDealBot)
    rules = RuleSet.from_preset("klaberjass")
    same = {"a": "", "b": ""}
    assert figures(run_arena(f"{outside}:greedy", "random", rules, 3, seed=3)) | same \
        == figures(run_arena("greedy", "random", rules, 3, seed=3)) | same
    deal = Deal.from_seed(rules, 4)
    deal.apply("elder", "take")
    assert decide(oracle, deal, "elder", 1) == decide(make_arena_bot("oracle"), deal, "elder", 1)


@pytest.mark.parametrize(("factory", "refusal"), [
    ("missing", BotRefusal.NO_FACTORY), ("not_callable", BotRefusal.NO_FACTORY),
    ("needs_a_level", BotRefusal.NO_FACTORY), ("nothing", BotRefusal.NOT_A_BOT)])
def test_a_factory_that_gives_no_bot_is_refused_in_one_line(outside: str, factory: str, refusal: BotRefusal,
                                                            capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(UnknownBot) as refused:
        make_arena_bot(f"{outside}:{factory}")
    assert refused.value.refusal is refusal
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", f"{outside}:{factory}", "greedy", "--deals", "1"])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and factory in err, err


@pytest.mark.parametrize(("name", "refusal"), [
    ("klabber_no_such_module:bot", BotRefusal.NO_MODULE), ("ai.no_such_module:bot", BotRefusal.NO_MODULE),
    ("probe:true-world", BotRefusal.UNKNOWN), ("oracle:no-stock", BotRefusal.UNKNOWN),
    ("mc:insane", BotRefusal.UNKNOWN), ("ai.bots:", BotRefusal.UNKNOWN)])
def test_a_name_that_does_not_import_is_refused_in_one_line(name: str, refusal: BotRefusal,
                                                            capsys: pytest.CaptureFixture) -> None:
    """The research bots left the arena's names (issue 22): their old names are unknown, and the
    refusal says where research bots are found."""
    with pytest.raises(UnknownBot) as refused:
        make_arena_bot(name)
    assert refused.value.refusal is refusal
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", "greedy", name, "--deals", "1", "--json"])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and repr(name) in err and "research/README.md" in err, err


def test_a_ctrl_c_whose_exception_was_dropped_still_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C sets a flag as well as raising: Python drops a KeyboardInterrupt raised inside a
    finaliser or ``__del__``, and the waiting loop must then stop on the flag, not play on."""
    import threading
    import time

    from ai import arena

    def dropped(interrupted: threading.Event) -> None:
        interrupted.set()  # as if Ctrl+C came and its exception was dropped

    monkeypatch.setattr(arena, "_catch_ctrl_c", dropped)
    with pytest.raises(KeyboardInterrupt):
        list(arena._pool_map(time.sleep, iter([0.2] * 1000), 1))  # type: ignore[arg-type]


def test_the_pool_holds_ctrl_c_while_it_runs_and_gives_back_the_handler_it_found() -> None:
    import signal
    import threading
    import time

    from ai import arena

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("a handler can only be set on the main thread")
    before = signal.getsignal(signal.SIGINT)
    run = arena._pool_map(time.sleep, iter([0.0] * 3), 2)  # type: ignore[arg-type]
    next(run)
    assert signal.getsignal(signal.SIGINT) is not before
    list(run)
    assert signal.getsignal(signal.SIGINT) is before
