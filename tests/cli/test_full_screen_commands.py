"""Issue 33: every full-screen command, as a real process, ends and refuses the same way.

``play``, ``drill`` and ``advise``'s any-hand page (and a page of ``klabber serve`` run in a terminal,
``python -m klabber_tui.web.launch``) each on a pseudo-terminal: SIGINT exits 130, SIGTERM 143, SIGHUP
129, the terminal restored; standard output a pipe is fine (Textual draws on standard error);
standard input from /dev/null, or standard error to a file, is refused in one line with exit 2, no
escape code written. The any-hand page exited 0 on SIGINT and drew 24 KB into the file. POSIX only.
The start path itself is ``tests/ui/test_start_path.py``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_signals_to_a_real_klabber import REPO, Terminal, restored

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")]

# Each command's words, and what it draws once it is up (a word of its first screen).
COMMANDS: dict[str, tuple[list[str], bytes]] = {
    "play": (["play", "--level", "greedy", "--seed", "3"], b"Continue"),
    "drill": (["drill", "--seed", "1", "--count", "1"], b"Take"),
    "advise": (["advise"], b"Ask the coach"),
}
LAUNCH = REPO / "klabber_tui" / "web" / "launch.py"
if LAUNCH.exists():  # the served pages, run in a terminal: the same path, its own boundary
    COMMANDS["serve-any-hand"] = (["-m", "klabber_tui.web.launch", "any-hand"], b"Ask the coach")


def _argv(words: list[str]) -> list[str]:
    return [sys.executable, *words] if words[0] == "-m" else [sys.executable, "-m", "klabber_tui.cli", *words]


class _Process(Terminal):
    def __init__(self, home: Path, words: list[str], stdout_pipe: bool = False) -> None:
        if words[0] != "-m":
            super().__init__(home, *words, stdout_pipe=stdout_pipe)
            return
        import fcntl
        import pty
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x20\x00\x64\x00\x00\x00\x00\x00")
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TEXTUAL_DRIVER")}
        env.update(KLABBER_HOME=str(home), TERM="xterm-256color")
        self.process = subprocess.Popen(_argv(words), cwd=REPO, env=env, start_new_session=True, stdin=slave,
                                        stdout=subprocess.PIPE if stdout_pipe else slave, stderr=slave)
        os.close(slave)
        self.output = bytearray()
        self.open = True


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "SIGHUP", "SIGINT_with_stdout_a_pipe"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_signal_ends_each_screen_with_its_status_and_restores_the_terminal(
        tmp_path: Path, command: str, how: str) -> None:
    words, drawn = COMMANDS[command]
    name = how.split("_")[0]
    terminal = _Process(tmp_path / "home", words, stdout_pipe="pipe" in how)
    try:
        terminal.wait_for(drawn)
        terminal.read(0.3)
        terminal.process.send_signal(getattr(signal, name))
        assert terminal.finish() == 128 + getattr(signal, name)
        assert restored(bytes(terminal.output)), bytes(terminal.output[-400:])
        assert b"Traceback" not in terminal.output and not (tmp_path / "home" / "logs").exists()
    finally:
        terminal.close()


@pytest.mark.parametrize("stream", ["stdin_from_dev_null", "stderr_to_a_file"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_screen_without_a_terminal_is_refused_in_one_line(tmp_path: Path, command: str, stream: str) -> None:
    """Refused before anything is drawn: one line on standard error, exit 2, no escape codes."""
    import pty

    words, _drawn = COMMANDS[command]
    master, slave = pty.openpty()
    err_file = tmp_path / "err.txt"
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    env["KLABBER_HOME"] = str(tmp_path / "home")
    with open(os.devnull, "rb") as null, open(err_file, "wb") as err:
        process = subprocess.run(_argv(words), cwd=REPO, env=env, timeout=60, start_new_session=True,
                                 stdin=null if stream.startswith("stdin") else slave, stdout=subprocess.PIPE,
                                 stderr=err if stream.startswith("stderr") else subprocess.PIPE)
    os.close(slave)
    os.close(master)
    said = err_file.read_bytes() if stream.startswith("stderr") else process.stderr
    assert process.returncode == 2 and process.stdout == b""
    assert said.startswith(b"klabber") and said.count(b"\n") == 1 and b"\x1b" not in said, said[:400]
