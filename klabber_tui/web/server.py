"""The server of ``klabber serve`` (issue 34): aiohttp, textual-serve's page script and protocol, one
game process per websocket.

Each page (play, drill, statistics, any hand) is a Textual app of its own, started when its page's
websocket opens and ended when it closes, or when the server stops: the game is told "quit" (its
driver saves and ends it, as SIGHUP does in a terminal), then SIGTERM, then SIGKILL, each after a
wait, and every process is waited for, so none is left behind. A game is started without a shell, its
arguments a list (textual-serve's own AppService runs a shell command line).

One writer per data folder: a play page opens only when no other window plays the match, a page of
this server or ``klabber play`` in a terminal (the data folder's lock). Otherwise the page says what
can be done meanwhile. A reload of the page that plays the match waits for its own game to save and
end, then resumes it; ``--new`` starts a new match only in the first play game, never on a reload.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSMsgType, web

from klabber_tui.web import DRIVER, pages
from klabber_tui.web.guard import Guard

log = logging.getLogger("klabber.serve")

KINDS = ("play", "drill", "stats", "any-hand")
WEB_STATIC = Path(__file__).resolve().parent / "static"
READY_LINE = b"__GANGLION__\n"  # what Textual's web driver writes first (textual-serve waits for it)
RELOAD_WAIT = 2.0  # how long a new play page waits for the page it replaces (a reload) to close
QUIT_WAIT = 15.0  # how long a game has to save and end after "quit", before SIGTERM
TERM_WAIT = 3.0  # and after SIGTERM, before SIGKILL
CLOSE_WAIT = 2.0  # how long closing a page's socket waits for the page's answer
STDERR_KEPT = 64 * 1024
MAX_COLUMNS, MAX_ROWS = 1000, 500


def textual_serve_static() -> Path:
    """textual-serve's own static folder: its page script and the terminal's style sheet."""
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


@dataclass
class ServeConfig:
    """What ``klabber serve`` was given: where to listen, the cap, and each kind's arguments."""

    host: str = "127.0.0.1"
    port: int = 8000
    max_games: int = 4
    token: str | None = None
    play_args: tuple[str, ...] = ()  # play's options, without --new
    new_match: bool = False  # --new: the first play game only
    kind_args: dict[str, tuple[str, ...]] = field(default_factory=dict)  # drill, stats, any-hand
    python: str = sys.executable
    folder: str = ""  # the data folder, as the busy page names it
    summary: str = ""  # play's options, as the start page says them
    echo_stderr: bool = True  # a game's standard error goes on to the server's (a crash log's path)


@dataclass(eq=False)
class Game:
    """One game process and the page (websocket) it draws on."""

    kind: str
    process: asyncio.subprocess.Process
    socket_closed: asyncio.Event = field(default_factory=asyncio.Event)
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    started: bool = False  # the driver's first line came
    stderr: bytearray = field(default_factory=bytearray)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    @property
    def alive(self) -> bool:
        return not self.ended.is_set()

    def last_line(self) -> str:
        lines = [ln for ln in self.stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
        return lines[-1] if lines else ""

    async def send_packet(self, kind: bytes, payload: bytes) -> bool:
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing():
            return False
        try:
            stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
            await stdin.drain()
        except (ConnectionError, RuntimeError, OSError):
            return False
        return True

    async def send_meta(self, meta: dict[str, object]) -> bool:
        return await self.send_packet(b"M", json.dumps(meta).encode("utf-8"))


def _whole(value: object, default: int, high: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return max(1, min(number, high))


class KlabberServer:
    """The aiohttp application and the games it runs (see the module doc)."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.guard = Guard.for_host(config.host, config.token)
        self.games: set[Game] = set()
        self.slots = 0  # games being started: counted against the cap before their process exists
        self.play_game: Game | None = None
        self.new_pending = config.new_match
        self.play_turn = asyncio.Lock()
        self.failures: dict[str, str] = {}
        self.runner: web.AppRunner | None = None
        self.stopping = False
        self.first_frame_seconds: list[float] = []

    # -- the application ----------------------------------------------------------------------------

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.checked])
        app.add_routes([
            web.get("/", self.handle_start),
            web.get("/status", self.handle_status),
            web.get("/busy", self.handle_busy),
            web.get("/full", self.handle_full),
            web.get("/failed/{kind}", self.handle_failed),
            web.get("/ws/{kind}", self.handle_websocket),
            web.get("/ws/{kind}/{token}", self.handle_websocket),
            *[web.get(f"/{kind}", self.handle_game_page) for kind in KINDS],
            web.static("/static", textual_serve_static()),
            web.static("/klabber-static", WEB_STATIC),
        ])
        return app

    @web.middleware
    async def checked(self, request: web.Request,
                      handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """Every request names this server in its Host; every page and websocket carries the token."""
        if not self.guard.host_allowed(request.headers.get("Host")):
            return self.refused(421)
        if request.path.startswith(("/static/", "/klabber-static/")):
            return await handler(request)
        given = request.match_info.get("token") or request.query.get("token")
        if not self.guard.token_ok(given):
            return self.refused(403)
        if request.path.startswith("/ws/") and not self.guard.origin_allowed(request.headers.get("Origin"),
                                                                             request.headers.get("Host")):
            return self.refused(403)
        response = await handler(request)
        if isinstance(response, web.Response) and not response.prepared:
            response.headers.setdefault("Cache-Control", "no-store")
            response.headers.setdefault("X-Frame-Options", "DENY")
            response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    @staticmethod
    def refused(status: int) -> web.Response:
        return web.Response(text=pages.refused_page(), status=status, content_type="text/html")

    @staticmethod
    def html(text: str, status: int = 200) -> web.Response:
        return web.Response(text=text, status=status, content_type="text/html")

    @property
    def token(self) -> str | None:
        return self.guard.token

    # -- pages --------------------------------------------------------------------------------------

    async def handle_start(self, _request: web.Request) -> web.Response:
        return self.html(pages.start_page(self.token, self.config.summary))

    async def handle_status(self, _request: web.Request) -> web.Response:
        return web.json_response({"play_free": self.play_free_now(), "games": self.running(),
                                  "max_games": self.config.max_games})

    async def handle_busy(self, _request: web.Request) -> web.Response:
        return self.html(pages.busy_page(self.token, self.config.folder), status=409)

    async def handle_full(self, _request: web.Request) -> web.Response:
        return self.html(pages.full_page(self.token, self.running(), self.config.max_games), status=503)

    async def handle_failed(self, request: web.Request) -> web.Response:
        kind = request.match_info["kind"]
        if kind not in KINDS:
            raise web.HTTPNotFound()
        return self.html(pages.failed_page(self.token, kind, self.failures.get(kind, "")), status=500)

    async def handle_game_page(self, request: web.Request) -> web.Response:
        kind = request.path.strip("/")
        if kind == "play" and self.lock_held_elsewhere():
            return await self.handle_busy(request)
        if self.running() >= self.config.max_games and not (kind == "play" and self.play_game is not None):
            return await self.handle_full(request)
        return self.html(pages.game_page(kind, self.token))

    # -- who plays the match --------------------------------------------------------------------------

    def running(self) -> int:
        return len(self.games) + self.slots

    @staticmethod
    def lock_held() -> bool:
        """Whether some process holds the data folder's play lock (a game of ours, or klabber play)."""
        from klabber_tui.data.folder import MatchOpen, hold_play_lock

        try:
            lock = hold_play_lock()
        except MatchOpen:
            return True
        except OSError:  # a folder that cannot be written: the game itself offers to play unsaved
            return False
        lock.release()
        return False

    def lock_held_elsewhere(self) -> bool:
        """The lock is held, and not by a play game of this server (a terminal, another server)."""
        own = self.play_game is not None and self.play_game.alive
        return not own and self.lock_held()

    def play_free_now(self) -> bool:
        own = self.play_game is not None and self.play_game.alive
        return not own and not self.lock_held()

    async def claim_play(self) -> bool:
        """Whether a new play game may start: the page it replaces (a reload) is given time to close and
        its game to save and end; a page still open elsewhere, or a terminal's game, keeps the match."""
        game = self.play_game
        if game is not None and game.alive:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(game.socket_closed.wait(), RELOAD_WAIT)
            if not game.socket_closed.is_set():
                return False
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(game.ended.wait(), QUIT_WAIT + TERM_WAIT + 2)
            if game.alive:
                return False
        return not self.lock_held()

    # -- a game ---------------------------------------------------------------------------------------

    def arguments(self, kind: str) -> list[str]:
        if kind == "play":
            words = list(self.config.play_args)
            if self.new_pending:  # --new starts one new match: a reload resumes it
                words.append("--new")
                self.new_pending = False
            return words
        return list(self.config.kind_args.get(kind, ()))

    async def start_game(self, kind: str, width: int, height: int) -> Game:
        """The game's process, run without a shell under the web driver."""
        env = dict(os.environ)
        env.update({"TEXTUAL_DRIVER": DRIVER, "TEXTUAL_FPS": "60", "TEXTUAL_COLOR_SYSTEM": "truecolor",
                    "TERM_PROGRAM": "textual", "COLUMNS": str(width), "ROWS": str(height)})
        env.pop("TEXTUAL", None)  # no devtools in a served game
        # play and drill are the commands themselves (the data folder's lock, the settings, the crash log,
        # the exit statuses); the statistics and any-hand pages are klabber_tui.web.launch's. Each starts
        # through the one start path (klabber_tui.ui.start, issue 33), which takes the web driver as its screen.
        module = "klabber_tui.cli" if kind in ("play", "drill") else "klabber_tui.web.launch"
        argv = [self.config.python, "-m", module, kind, *self.arguments(kind)]
        process = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=env, start_new_session=True)  # the server's Ctrl+C reaches the server, which ends each game
        return Game(kind, process)

    async def pump(self, game: Game, socket: web.WebSocketResponse, opened: float) -> None:
        """The game's output to the page, until the game ends; then the page is closed (or sent to the
        page that says why the game did not start)."""
        stdout = game.process.stdout
        assert stdout is not None
        try:
            for _ in range(20):
                line = await stdout.readline()
                if not line:
                    break
                if line == READY_LINE:
                    game.started = True
                    break
            first = True
            while game.started:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await socket.send_bytes(payload)
                    if first and len(payload) > 10:
                        first = False
                        self.first_frame_seconds.append(time.monotonic() - opened)
                elif kind == b"M":
                    meta = json.loads(payload)
                    if isinstance(meta, dict) and meta.get("type") == "exit":
                        # The app ended. klabber play makes its app anew after a change of language
                        # (the driver's first line again, then its packets): the page goes on with it.
                        if await stdout.readline() != READY_LINE:
                            break
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        if not game.started and not socket.closed:
            await game.process.wait()
            await asyncio.sleep(0.05)  # the last of its standard error
            self.failures[game.kind] = game.last_line()
            busy = game.kind == "play" and self.lock_held()
            await self.redirect(socket, "/busy" if busy else f"/failed/{game.kind}")
        if not socket.closed:
            await socket.close()

    async def read_stderr(self, game: Game) -> None:
        stderr = game.process.stderr
        assert stderr is not None
        while data := await stderr.read(4096):
            game.stderr += data
            del game.stderr[:-STDERR_KEPT]
            if self.config.echo_stderr:
                sys.stderr.buffer.write(data)
                sys.stderr.flush()

    async def redirect(self, socket: web.WebSocketResponse, path: str) -> None:
        """Send the page elsewhere (textual-serve's page script opens the address it is sent)."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            await socket.send_str(json.dumps(["open_url", {"url": pages.with_token(path, self.token),
                                                           "new_tab": False}]))
            await socket.close()

    async def stop_game(self, game: Game) -> None:
        """Quit (the game saves and ends), then SIGTERM, then SIGKILL; the process is waited for."""
        process = game.process
        if process.returncode is None:
            await game.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(process.wait(), QUIT_WAIT)
            except asyncio.TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), TERM_WAIT)
                except asyncio.TimeoutError:
                    with contextlib.suppress(ProcessLookupError):
                        process.kill()
                    await process.wait()
        for task in game.tasks:
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(task, 2)
        if process.stdin is not None:
            process.stdin.close()
        self.games.discard(game)
        game.ended.set()

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        kind = request.match_info["kind"]
        if kind not in KINDS or self.stopping:
            raise web.HTTPNotFound()
        opened = time.monotonic()
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 20, timeout=CLOSE_WAIT)
        await socket.prepare(request)
        width = _whole(request.query.get("width", "80"), 80, MAX_COLUMNS)
        height = _whole(request.query.get("height", "24"), 24, MAX_ROWS)
        game: Game | None = None
        self.slots += 1  # held from here, so two pages at once cannot both pass the cap
        try:
            if kind == "play":
                refusal = None
                async with self.play_turn:  # one page at a time claims the match (no waiting in here)
                    if not await self.claim_play():
                        refusal = "/busy"
                    elif self.running() > self.config.max_games:
                        refusal = "/full"
                    else:
                        game = await self.start_game(kind, width, height)
                        self.play_game = game
                if refusal is not None:
                    await self.redirect(socket, refusal)
                    return socket
                assert game is not None
            else:
                if self.running() > self.config.max_games:
                    await self.redirect(socket, "/full")
                    return socket
                game = await self.start_game(kind, width, height)
            self.games.add(game)
            self.slots -= 1
            game.tasks = [asyncio.create_task(self.pump(game, socket, opened)),
                          asyncio.create_task(self.read_stderr(game))]
            await self.messages(socket, game)
        finally:
            if game is None:
                self.slots -= 1
            else:
                game.socket_closed.set()
                await asyncio.shield(self.stop_game(game))
        return socket

    async def messages(self, socket: web.WebSocketResponse, game: Game) -> None:
        """The page's keys, mouse and size to the game (textual-serve's messages); anything else is
        ignored."""
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind = envelope[0]
            data = envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await game.send_packet(b"D", data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await game.send_meta({"type": "resize", "width": _whole(data.get("width"), 80, MAX_COLUMNS),
                                      "height": _whole(data.get("height"), 24, MAX_ROWS)})
            elif kind == "ping" and isinstance(data, str):
                await socket.send_json(["pong", data[:40]])
            elif kind in ("blur", "focus"):
                await game.send_meta({"type": kind})

    # -- start and stop -------------------------------------------------------------------------------

    async def start(self) -> int:
        """Listen; the port listened on (a free one for port 0)."""
        self.runner = web.AppRunner(self.make_app(), handle_signals=False, access_log=None,
                                    shutdown_timeout=1.0)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.config.host, self.config.port)
        await site.start()
        bound = self.runner.addresses
        return int(bound[0][1]) if bound else self.config.port

    async def stop(self) -> None:
        """Every game saved and ended, then the server closed."""
        self.stopping = True
        await asyncio.gather(*(self.stop_game(game) for game in list(self.games)), return_exceptions=True)
        if self.runner is not None:
            await self.runner.cleanup()


def addresses(host: str, port: int, token: str | None) -> list[str]:
    """The page's addresses to print: the one listened on, or, for every address (0.0.0.0, ::), this
    machine's name and addresses, which another device can reach."""
    import socket

    names: list[str] = []
    if host in ("", "0.0.0.0", "::"):
        names.append(socket.gethostname())
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None):
                address = str(info[4][0])
                if address not in names and not address.startswith("127."):
                    names.append(address)
    else:
        names.append(host)
    return [pages.with_token(f"http://{f'[{n}]' if ':' in n else n}:{port}/", token) for n in names]


async def serve(config: ServeConfig, announce: Callable[[KlabberServer, int], None],
                signals: Sequence[int]) -> int:
    """Run until one of ``signals``; every game ended first; 128 + that signal's number."""
    server = KlabberServer(config)
    port = await server.start()
    announce(server, port)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    received: list[int] = []

    def stop_on(signum: int) -> None:
        received.append(signum)
        stop.set()

    for signum in signals:
        loop.add_signal_handler(signum, stop_on, signum)
    try:
        await stop.wait()
    finally:
        for signum in signals:
            loop.remove_signal_handler(signum)
        await server.stop()
    return 128 + received[0] if received else 0
