"""Issue 21: signals, the Ctrl+C key and a closed window sent to a real ``klabber`` process.

``klabber play`` runs on a pseudo-terminal, as in a terminal window: SIGINT and the Ctrl+C key exit
130, SIGTERM 143, SIGHUP 129, each after saving, and the terminal is restored every time (the
alternate screen left, mouse reporting off, the cursor shown). A SIGHUP after the window closed
neither crashes nor writes a crash log. ``klabber arena``'s workers end with their parent, however
it ends. POSIX only (pseudo-terminals, SIGHUP, process groups).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")  # POSIX only
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

REPO = Path(__file__).resolve().parents[2]
# What Textual writes to put the terminal back: leave the alternate screen, show the cursor, and turn
# off every mouse mode it turned on.
RESTORED = (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l")

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")]


class Terminal:
    """A pseudo-terminal of 100x32 with ``klabber argv`` on it; ``stdout`` may be a pipe instead."""

    def __init__(self, home: Path, *argv: str, stdout_pipe: bool = False) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x20\x00\x64\x00\x00\x00\x00\x00")  # 32 rows, 100 columns
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(KLABBER_HOME=str(home), TERM="xterm-256color")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "klabber_tui.cli", *argv], cwd=REPO, env=env, start_new_session=True,
            stdin=slave, stdout=subprocess.PIPE if stdout_pipe else slave, stderr=slave)
        os.close(slave)
        self.output = bytearray()
        self.open = True

    def read(self, timeout: float) -> None:
        """Collect what the process drew for up to ``timeout`` seconds, or until the terminal closes."""
        end = time.monotonic() + timeout
        while self.open and (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], min(left, 0.1))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # EIO: every process let go of the terminal
                    chunk = b""
                if not chunk:
                    self.open = False
                self.output += chunk

    def wait_for(self, text: bytes, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while text not in self.output:
            assert time.monotonic() < end and self.process.poll() is None, bytes(self.output[-2000:])
            self.read(0.2)

    def finish(self, timeout: float = 60) -> int:
        """The exit status, once the process ended; what it drew on the way out is collected."""
        end = time.monotonic() + timeout
        while self.process.poll() is None:
            assert time.monotonic() < end, "klabber did not end"
            if self.open:
                self.read(0.2)
            else:
                time.sleep(0.1)
        if self.open:
            self.read(2)
        return self.process.returncode

    def hang_up(self) -> None:
        """The window closes: the terminal's other end goes away."""
        os.close(self.master)
        self.open = False

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.open:
            os.close(self.master)


def restored(output: bytes) -> bool:
    """Everything turned on when the app started is turned off after it."""
    after = output[output.rindex(b"\x1b[?1049h"):]
    return all(sequence in after for sequence in RESTORED)


def saved_actions(home: Path) -> int:
    save = json.loads((home / "match.json").read_text(encoding="utf-8"))
    return len(save["match"]["deals"][-1]["actions"])


@pytest.mark.parametrize(("how", "status"), [("ctrl_c_key", 130), ("SIGINT", 130), ("SIGTERM", 143),
                                             ("SIGHUP", 129), ("ctrl_c_key_with_stdout_a_pipe", 130)])
def test_a_signal_or_ctrl_c_saves_ends_play_with_its_status_and_restores_the_terminal(
        tmp_path: Path, how: str, status: int) -> None:
    """``kill -INT`` exited 0; Ctrl+C showed Textual's notice; SIGTERM and SIGHUP left the terminal in
    the alternate screen with mouse reporting on and the cursor hidden. ``klabber play | cat`` works."""
    home = tmp_path / "home"
    terminal = Terminal(home, "play", "--level", "greedy", "--seed", "3", stdout_pipe="pipe" in how)
    try:
        terminal.wait_for(b"Continue")  # the draw for the first dealer
        terminal.read(0.5)
        os.write(terminal.master, b"\r")  # close the draw: the first deal is dealt and saved
        terminal.read(1.5)
        played = saved_actions(home)
        if how.startswith("ctrl_c_key"):
            os.write(terminal.master, b"\x03")
        else:
            terminal.process.send_signal(getattr(signal, how))
        assert terminal.finish() == status
        assert restored(bytes(terminal.output)), bytes(terminal.output[-400:])
        assert b"ctrl+q" not in terminal.output and b"Traceback" not in terminal.output
        assert saved_actions(home) == played and not (home / "logs").exists()
    finally:
        terminal.close()


@pytest.mark.parametrize("delay", [0.0, 3.0])
def test_a_hangup_after_the_window_closed_neither_crashes_nor_writes_a_crash_log(
        tmp_path: Path, delay: float) -> None:
    """Restoring a terminal that is gone must not crash (no crash log), hang, or lose the save; also
    when the hangup comes while the app is still starting."""
    home = tmp_path / "home"
    terminal = Terminal(home, "play", "--level", "greedy", "--seed", "3")
    try:
        if delay:
            terminal.wait_for(b"Continue")
        else:
            terminal.read(0.3)
        terminal.hang_up()
        terminal.process.send_signal(signal.SIGHUP)
        assert terminal.finish() == 129
        assert not (home / "logs").exists()
        if delay:
            assert (home / "match.json").exists()
    finally:
        terminal.close()


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc), or a skip where it cannot be seen."""
    found = Path(f"/proc/{pid}/task/{pid}/children")
    if not found.exists():
        pytest.skip("no /proc/PID/task/PID/children here")
    return [int(child) for child in found.read_text().split()]


def _running(pid: int) -> bool:
    """Alive and not a zombie (a container's init may not reap the orphans it adopts)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL", "SIGTERM_to_the_group"])
def test_arena_workers_end_with_their_parent(tmp_path: Path, how: str) -> None:
    """SIGTERM to ``klabber arena --jobs 2`` left its workers blocked for ever; SIGKILL too. SIGTERM to
    the whole group (a service manager, ``timeout``) ends the workers at once: no traceback either."""
    from ai.arena import usable_cpus

    if usable_cpus() < 2:
        pytest.skip("one CPU: --jobs 2 would be capped to one process, with no workers")
    parent = subprocess.Popen([sys.executable, "-m", "klabber_tui.cli", "arena", "greedy", "greedy",
                               "--deals", "1000000", "--jobs", "2", "--json"], cwd=REPO,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                              env={**os.environ, "KLABBER_HOME": str(tmp_path / "home")})
    try:
        end = time.monotonic() + 60
        while len(workers := _children(parent.pid)) < 2:
            assert time.monotonic() < end and parent.poll() is None, "no workers started"
            time.sleep(0.2)
        if how == "SIGTERM_to_the_group":
            os.killpg(parent.pid, signal.SIGTERM)
        else:
            parent.send_signal(getattr(signal, how))
        out, err = parent.communicate(timeout=60)
        if how == "SIGKILL":
            assert parent.returncode == -signal.SIGKILL
        else:
            assert (parent.returncode, out, err) == (143, b"", b"")
        end = time.monotonic() + 30
        while any(_running(worker) for worker in workers):
            assert time.monotonic() < end, f"workers still running: {[w for w in workers if _running(w)]}"
            time.sleep(0.2)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_a_terminal_is_gone_only_once_its_window_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """What decides that restoring the terminal must write nowhere: not a pipe or a file (pytest's own
    streams must never be pointed at the null device), only a terminal that hung up."""
    from klabber_tui.data import streams

    master, slave = pty.openpty()
    try:
        monkeypatch.setattr(streams, "started_on_terminal", False)
        os.close(master)
        assert streams.terminal_gone(slave) is False  # klabber did not start on a terminal
        monkeypatch.setattr(streams, "started_on_terminal", True)
        assert streams.terminal_gone(slave) is True
    finally:
        os.close(slave)
    master, slave = pty.openpty()
    try:
        assert streams.terminal_gone(slave) is False
    finally:
        os.close(master)
        os.close(slave)
