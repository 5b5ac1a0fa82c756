"""Shared helpers of tests/web (issue 34): ``klabber serve`` as a real process, a game's websocket,
and the game processes of one data folder (so a test can say none is left)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from klabber_tui.web import DRIVER

REPO = Path(__file__).resolve().parents[2]


def game_processes(home: Path) -> list[int]:
    """The pids of game processes (``klabber play`` or ``drill``, or ``klabber_tui.web.launch``, under the
    web driver) whose data folder is ``home``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            if b"klabber_tui.web.launch" not in cmdline and b"klabber_tui.cli" not in cmdline:
                continue
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if f"KLABBER_HOME={home}".encode() in environ and f"TEXTUAL_DRIVER={DRIVER}".encode() in environ:
            found.append(int(entry.name))
    return found


class Served:
    """``klabber serve --port 0 ARGS`` with its own data folder; ``url`` is the address it printed."""

    def __init__(self, home: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.home = home
        full_env = {**os.environ, "KLABBER_HOME": str(home), **(env or {})}
        self.process = subprocess.Popen([sys.executable, "-m", "klabber_tui.cli", "serve", "--port", "0", *args],
                                        cwd=REPO, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, start_new_session=True)
        assert self.process.stdout is not None
        self.first_line = self.process.stdout.readline()
        found = re.search(r"http://\S+", self.first_line)
        assert found, (self.first_line, self.stop())
        self.url = found[0]
        self.base = self.url.split("?")[0].rstrip("/")

    def stop(self, signum: int = signal.SIGTERM, timeout: float = 30) -> tuple[int, str]:
        """Signal the server; its exit status and standard error."""
        if self.process.poll() is None:
            self.process.send_signal(signum)
        try:
            _out, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _out, err = self.process.communicate()
        return self.process.returncode, err


async def first_frame(session: Any, ws_url: str, origin: str, *, limit: float = 30) -> tuple[Any, float, int]:
    """Open a game's websocket; wait for its first frame (a binary message of more than 10 bytes, as
    the page script counts it); the socket, the seconds it took, the bytes so far."""
    started = time.monotonic()
    socket = await session.ws_connect(ws_url + "?width=100&height=32", origin=origin)
    received = 0
    end = started + limit
    while time.monotonic() < end:
        message = await socket.receive(timeout=end - time.monotonic())
        if isinstance(message.data, bytes) and len(message.data) > 10:
            received += len(message.data)
            return socket, time.monotonic() - started, received
        if message.type.name in ("CLOSE", "CLOSED", "CLOSING", "ERROR"):
            raise AssertionError(f"the socket closed before a frame: {message}")
        if isinstance(message.data, str):
            raise AssertionError(f"a text message before a frame: {message.data}")
    raise AssertionError("no frame in time")


async def wait_until(condition: Any, limit: float = 20.0, step: float = 0.05) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return
        await asyncio.sleep(step)
    raise AssertionError("the condition did not come in time")


def system_chromium() -> str | None:
    """The system's Chromium (Debian's package chromium), or None."""
    import shutil

    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None
