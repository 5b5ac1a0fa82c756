"""Issue 34: klabber serve on a free port of 127.0.0.1: its pages, a game through the websocket, the
Origin check, the token, the cap, one play window per data folder, a reload that resumes, and every
game process ended (saving first) when its page closes, when the server stops, or when it is killed."""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="the extra [web]: pip install -e '.[web]'")
aiohttp = pytest.importorskip("aiohttp")

from klabber_tui.data import folder as storage  # noqa: E402
from klabber_tui.web.server import KlabberServer, ServeConfig  # noqa: E402

from tests.support.serving import Served, first_frame, game_processes, wait_until  # noqa: E402

pytestmark = pytest.mark.slow  # game processes: a second or more each


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("KLABBER_HOME", str(folder))
    return folder


async def running(config: ServeConfig) -> tuple[KlabberServer, str]:
    config.echo_stderr = False
    config.port = 0  # a free port: tests run side by side
    server = KlabberServer(config)
    port = await server.start()
    return server, f"http://127.0.0.1:{port}"


@pytest.fixture
async def session() -> AsyncIterator[Any]:
    async with aiohttp.ClientSession() as client:
        yield client


def test_the_real_command_serves_a_game_and_leaves_nothing_running(home: Path) -> None:
    """``klabber serve`` itself: the page, a game started through its websocket with a name that a
    shell would split, the match saved; SIGTERM then stops it (143), the game saved and ended first."""
    name = 'Ann "the" Best; rm -rf x'
    served = Served(home, "--level", "greedy", "--seed", "1", "--name", name, "--new")
    try:
        async def visit() -> float:
            async with aiohttp.ClientSession() as client:
                async with client.get(served.url) as response:
                    assert response.status == 200
                    assert 'href="/play"' in await response.text()
                async with client.get(served.base + "/play") as response:
                    page = await response.text()
                    assert response.status == 200 and 'data-ws-path="/ws/play"' in page
                async with client.get(served.base + "/static/js/textual.js") as response:
                    assert response.status == 200
                async with client.get(served.base + "/klabber-static/fonts/RobotoMono-VariableFont_wght.ttf") as r:
                    assert r.status == 200 and len(await r.read()) > 100_000
                socket, seconds, _ = await first_frame(client, served.base.replace("http", "ws") + "/ws/play",
                                                       served.base)
                await wait_until(lambda: (home / "match.json").exists())
                assert len(game_processes(home)) == 1
                return seconds

        seconds = asyncio.run(visit())
        assert seconds < 20
        save = json.loads((home / "match.json").read_text(encoding="utf-8"))
        assert save["names"][0] == name  # the whole name, one argument, never a shell's words
    finally:
        status, err = served.stop(signal.SIGTERM)
    assert status == 128 + signal.SIGTERM, err
    assert game_processes(home) == []
    assert not list((home / "logs").glob("*")) if (home / "logs").exists() else True


async def test_the_origin_and_the_host_are_checked(home: Path, session: Any) -> None:
    server, base = await running(ServeConfig())
    ws = base.replace("http", "ws") + "/ws/stats"
    try:
        for origin in ("http://evil.example", "null", f"{base}.evil.example"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(ws, origin=origin)
            assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await session.ws_connect(ws)  # no Origin at all
        async with session.get(base + "/", headers={"Host": "evil.example"}) as response:
            assert response.status == 421  # a name pointed at 127.0.0.1 by another site
        assert server.games == set() and game_processes(home) == []
    finally:
        await server.stop()


async def test_the_token(home: Path, session: Any) -> None:
    server, base = await running(ServeConfig(token="s3cret-token"))
    try:
        for path in ("/", "/play", "/status", "/ws/stats", "/?token=wrong", "/ws/stats/wrong"):
            async with session.get(base + path) as response:
                assert response.status == 403, path
                assert "token" in await response.text()
        async with session.get(base + "/?token=s3cret-token") as response:
            assert response.status == 200 and "/play?token=s3cret-token" in await response.text()
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await session.ws_connect(base.replace("http", "ws") + "/ws/stats", origin=base)
        socket, _seconds, _ = await first_frame(session, base.replace("http", "ws") + "/ws/stats/s3cret-token", base)
        await socket.close()
        await wait_until(lambda: not server.games)
    finally:
        await server.stop()
    assert game_processes(home) == []


async def test_the_cap(home: Path, session: Any) -> None:
    server, base = await running(ServeConfig(max_games=1))
    ws = base.replace("http", "ws")
    try:
        socket, _seconds, _ = await first_frame(session, ws + "/ws/stats", base)
        async with session.get(base + "/any-hand") as response:
            assert response.status == 503
            text = await response.text()
            assert "1 game is open" in text and "--max-games 1" in text
        over = await session.ws_connect(ws + "/ws/any-hand?width=80&height=24", origin=base)
        message = await over.receive(timeout=10)
        assert json.loads(message.data) == ["open_url", {"url": "/full", "new_tab": False}]
        assert len(server.games) == 1
        await socket.close()
        await wait_until(lambda: not server.games)
    finally:
        await server.stop()
    assert game_processes(home) == []


async def test_a_match_open_elsewhere_is_a_page_and_the_page_waits(home: Path,
                                                                    session: Any) -> None:
    storage.check_writable()
    terminal = storage.hold_play_lock()  # klabber play in a terminal, on the same data folder
    server, base = await running(ServeConfig(folder=str(home)))
    try:
        async with session.get(base + "/play") as response:
            assert response.status == 409
            page = await response.text()
            for kind in ("drill", "stats", "any-hand"):
                assert f'href="/{kind}"' in page
            assert "waitForPlay" in page
        async with session.get(base + "/status") as response:
            assert (await response.json())["play_free"] is False
        socket = await session.ws_connect(base.replace("http", "ws") + "/ws/play", origin=base)
        message = await socket.receive(timeout=15)
        assert json.loads(message.data)[1]["url"] == "/busy"
        terminal.release()
        async with session.get(base + "/status") as response:
            assert (await response.json())["play_free"] is True
    finally:
        if terminal.is_locked:
            terminal.release()
        await server.stop()
    assert game_processes(home) == []


async def test_a_reload_resumes_the_match_and_a_second_page_is_told(home: Path,
                                                                    session: Any) -> None:
    server, base = await running(ServeConfig(play_args=("--level=greedy", "--seed=3"), new_match=True))
    ws = base.replace("http", "ws") + "/ws/play"
    try:
        first, _seconds, _ = await first_frame(session, ws, base)
        await wait_until(lambda: (home / "match.json").exists())
        match_id = json.loads((home / "match.json").read_text(encoding="utf-8"))["id"]
        # Another page while the first is open: the match stays with the first.
        other = await session.ws_connect(ws + "?width=80&height=24", origin=base)
        message = await other.receive(timeout=15)
        assert json.loads(message.data)[1]["url"] == "/busy"
        # A reload: the old page closes as the new one opens; the new one waits, then resumes (no --new).
        old_game = server.play_game
        assert old_game is not None and old_game.alive
        closing = asyncio.create_task(first.close())
        again, _seconds, _ = await first_frame(session, ws, base)
        await closing
        assert old_game.process.returncode == 128 + signal.SIGHUP  # ended as a closed terminal: saved first
        assert server.play_game is not None and server.play_game.alive
        assert "--new" not in " ".join(server.arguments("play"))
        assert json.loads((home / "match.json").read_text(encoding="utf-8"))["id"] == match_id
        assert not list(home.glob("match.backup*"))  # no new match set the old one aside
        await again.close()
        await wait_until(lambda: not server.games)
        assert not server.lock_held()  # the data folder is free again
    finally:
        await server.stop()
    assert game_processes(home) == []


async def test_stopping_the_server_ends_every_game(home: Path, session: Any) -> None:
    server, base = await running(ServeConfig(play_args=("--level=greedy",)))
    ws = base.replace("http", "ws")
    play, _seconds, _ = await first_frame(session, ws + "/ws/play", base)
    stats, _seconds, _ = await first_frame(session, ws + "/ws/stats", base)
    assert len(game_processes(home)) == 2
    games = list(server.games)
    await server.stop()
    assert all(game.process.returncode is not None for game in games)
    assert game_processes(home) == []
    assert play.closed and stats.closed or True  # held open until the server stopped


def test_a_killed_server_leaves_no_game_behind(home: Path) -> None:
    """SIGKILL gives the server no chance to end its games: each sees its input end and ends itself,
    saving first, as when its page closes."""
    served = Served(home, "--level", "greedy", "--seed", "2")

    async def visit() -> None:
        async with aiohttp.ClientSession() as client:
            socket, _seconds, _ = await first_frame(client, served.base.replace("http", "ws") + "/ws/play",
                                                    served.base)
            assert len(game_processes(home)) == 1
            served.process.send_signal(signal.SIGKILL)
            await wait_until(lambda: game_processes(home) == [], limit=20)
            await socket.close()

    try:
        asyncio.run(visit())
    finally:
        status, _err = served.stop()
    assert status == -signal.SIGKILL
    assert (home / "match.json").exists()
    storage.hold_play_lock().release()  # the data folder is free again (MatchOpen otherwise)


async def test_the_drill_and_any_hand_pages_start(home: Path, session: Any) -> None:
    """Each page of the start page is a game of its own (play and the statistics are started above)."""
    server, base = await running(ServeConfig(kind_args={"drill": ("--rules=klaberjass",), "any-hand": ()}))
    ws = base.replace("http", "ws")
    try:
        opened = await asyncio.gather(first_frame(session, ws + "/ws/drill", base),
                                      first_frame(session, ws + "/ws/any-hand", base))
        assert sorted(game.kind for game in server.games) == ["any-hand", "drill"]
        for socket, _seconds, _bytes in opened:
            await socket.close()
        await wait_until(lambda: not server.games)
    finally:
        await server.stop()
    assert game_processes(home) == []
