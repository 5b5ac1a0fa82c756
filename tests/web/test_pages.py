"""Issue 34: the pages of klabber serve and what serve says: in both languages, nothing from outside
taken as markup, the options reaching the game as words of their own, the extra's install line."""

from __future__ import annotations

import argparse

import pytest

from klabber_tui import web
from klabber_tui.cli import main as cli
from klabber_tui.cli import serve as cli_serve
from klabber_tui.words import i18n
from klabber_tui.web import pages


def test_start_page_offers_what_the_terminal_offers() -> None:
    page = pages.start_page(None, pages.options_summary({}))
    for kind in ("play", "drill", "stats", "any-hand"):
        assert f'id="go-{kind}" href="/{kind}"' in page
    assert "googleapis" not in page and "https://" not in page  # offline: nothing from another host
    assert pages.FONT_URL in page


def test_the_token_is_in_every_link_and_the_socket() -> None:
    token = "a+b/c"
    start = pages.start_page(token, "")
    assert 'href="/play?token=a%2Bb%2Fc"' in start
    game = pages.game_page("play", token)
    assert 'data-ws-path="/ws/play/a%2Bb%2Fc"' in game
    assert "location.host" in game  # the socket's address is the page's own, from any device


def test_text_from_outside_is_never_markup() -> None:
    name = '<script>alert("x")</script> & "quotes"'
    start = pages.start_page(None, pages.options_summary({"--name": name}))
    assert "<script>alert" not in start and "&lt;script&gt;" in start
    failed = pages.failed_page(None, "play", "klabber: <b>bold</b>")
    assert "<b>bold" not in failed and "&lt;b&gt;bold" in failed
    busy = pages.busy_page(None, '/home/<x>/"klabber"')
    assert "/home/<x>" not in busy


def test_pages_speak_russian() -> None:
    with i18n.use_language("ru"):
        start = pages.start_page(None, pages.options_summary({}))
        busy = pages.busy_page(None, "/tmp/k")
        full = pages.full_page(None, 3, 3)
        game = pages.game_page("drill", None)
        refused = pages.refused_page()
    assert 'lang="ru"' in start
    for page in (start, busy, full, game, refused):
        assert any("а" <= ch <= "я" for ch in page), page[:400]
    assert "Play a match" not in start and "The match is open" not in busy


def test_options_reach_the_game_as_words_of_their_own() -> None:
    parser = cli.build_parser()
    name = 'Ann "the" -best  \'x\''
    args = parser.parse_args(["serve", "--name", name, "--seed", "5", "--level", "greedy", "--ascii", "--new"])
    words, shown = cli_serve.play_arguments(args)
    assert "--new" not in words  # the server adds it to the first game only
    assert shown["--name"] == name and "--new" in shown
    again = parser.parse_args(["play", *words])
    assert again.name == name and again.seed == 5 and again.level == "greedy" and again.ascii


def test_without_the_extra_one_line_says_how_to_install(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(web, "extra_missing", lambda: "textual_serve")
    with pytest.raises(SystemExit) as ended:
        cli.main(["serve"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'klabber[web]'" in err


def test_start_lines_warn_off_loopback_and_print_the_token() -> None:
    warning, lines = cli_serve.start_lines("127.0.0.1", 8123, None)
    assert warning is None and lines == ["klabber serve: open http://127.0.0.1:8123/ in a browser (Ctrl+C stops it)"]
    warning, lines = cli_serve.start_lines("0.0.0.0", 8123, "TOKEN")
    assert warning is not None and "0.0.0.0" in warning and "token" in warning
    assert all("?token=TOKEN" in line for line in lines)
    assert not any("0.0.0.0" in line for line in lines)  # an address another device can reach instead
    warning, lines = cli_serve.start_lines("192.168.7.7", 8123, "TOKEN")
    assert "http://192.168.7.7:8123/?token=TOKEN" in lines[0]
    with i18n.use_language("ru"):
        warning, _lines = cli_serve.start_lines("0.0.0.0", 8123, "TOKEN")
    assert warning is not None and any("а" <= ch <= "я" for ch in warning)


def test_serve_arguments_are_checked() -> None:
    parser = cli.build_parser()
    for bad in (["serve", "--port", "70000"], ["serve", "--max-games", "0"], ["serve", "--rules", "nope"]):
        with pytest.raises(SystemExit):
            parser.parse_args(bad)
    args = parser.parse_args(["serve"])
    assert isinstance(args, argparse.Namespace) and args.host == "127.0.0.1" and args.max_games == 4
