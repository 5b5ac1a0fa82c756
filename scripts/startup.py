"""What ``klabber``'s commands load at start-up, and how soon the table's first frame appears (issue 30).

Two measures, each command in a fresh subprocess of this Python, with an empty data folder of its own:

1. **Imports.** Every command that needs neither the bot nor the interface (``klabber --help``, each
   command's ``--help``, ``replay FILE``, ``replay FILE --json``, ``export`` and ``stats --json``) runs
   through ``klabber_tui.cli.main.main`` in a small wrapper that then reads ``sys.modules``: whether
   ``numpy`` (the bot) or ``textual`` (the interface) was imported. tests/project/test_startup_imports.py
   holds these to "neither", untimed.

2. **The first frame.** ``klabber play --new`` and a bare Textual app (one ``Static``, nothing else)
   each run in a pseudo-terminal of the same size, one after the other, ``--runs`` times. Each is
   timed from the moment its process is started (Python's start included) to the moment it has
   written one whole screen: the visible characters it wrote, escape sequences left out, reach the
   terminal's columns times lines (Textual paints its first frame whole). Measured the same way for
   both apps. For klabber the time until the dealt table shows (the player's name, ``--name``,
   written: the deal starts after the first frame) is printed too. The process is then ended
   (SIGTERM: klabber saves and exits). Printed: the median of each and the ratio of the first
   frames, klabber's over the bare app's (issue 30 asks for at most 1.5), with the load average, as
   the machine's load moves both.

    python scripts/startup.py [--runs N] [--skip-frame] [--skip-imports]
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "assets" / "records" / "klaberjass-sample.json"

COMMANDS_ASKED = ("replay", "play", "export", "drill", "stats", "advise", "arena", "bench")
# (name, arguments): the commands that must start without numpy and Textual.
LIGHT_COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--help", ("--help",)),
    *((f"{c} --help", (c, "--help")) for c in COMMANDS_ASKED),
    ("replay FILE", ("replay", str(RECORD))),
    ("replay FILE --json", ("replay", str(RECORD), "--json")),
    ("export", ("export", "--out", "OUT")),
    ("stats --json", ("stats", "--json")),
)

# Runs one command in-process, then writes which of the heavy packages it imported to the file named
# by the first argument (the command's own output goes where it would).
WRAPPER = """
import json, sys
from klabber_tui.cli.main import main
report, argv = sys.argv[1], sys.argv[2:]
try:
    status = main(argv)
except SystemExit as ended:
    status = ended.code
with open(report, "w") as out:
    json.dump({"status": status, "numpy": "numpy" in sys.modules, "textual": "textual" in sys.modules}, out)
"""

MARKER = "Startupmarker"
BARE_APP = f"""
from textual.app import App, ComposeResult
from textual.widgets import Static

class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Static({MARKER!r})

Bare().run()
"""
COLUMNS, LINES = 120, 40


def imports_of(args: tuple[str, ...]) -> dict[str, object]:
    """Which heavy packages ``klabber ARGS`` imported, and its exit status."""
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "report.json"
        argv = [str(Path(scratch) / "out") if word == "OUT" else word for word in args]
        env = {**os.environ, "KLABBER_HOME": str(Path(scratch) / "home"), "LC_ALL": "C.UTF-8"}
        subprocess.run([sys.executable, "-c", WRAPPER, str(report), *argv], cwd=ROOT, env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=300, check=False)
        found: dict[str, object] = json.loads(report.read_text(encoding="utf-8"))
        return found


# What a terminal does not show: CSI and OSC sequences, charset and keypad switches.
ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def first_frame(command: list[str], marker: str, home: Path, timeout: float = 60.0) -> tuple[float, float]:
    """Seconds from starting ``command`` in a pseudo-terminal to its first whole screen written, and
    to ``marker`` first written."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    env = {**os.environ, "KLABBER_HOME": str(home), "LC_ALL": "C.UTF-8", "TERM": "xterm-256color",
           "COLUMNS": str(COLUMNS), "LINES": str(LINES)}
    env.pop("TEXTUAL", None)
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave,
                             start_new_session=True)
    os.close(slave)
    seen = b""
    wanted = marker.encode()
    frame: float | None = None
    try:
        while True:
            left = started + timeout - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{command[-1]!r}: no {marker!r} within {timeout} s")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed: the process ended
                raise RuntimeError(f"{command!r} ended before its first frame: {seen[-400:]!r}") from None
            seen += chunk
            now = time.perf_counter() - started
            if frame is None and visible_cells(seen) >= COLUMNS * LINES:
                frame = now
            if frame is not None and wanted in seen:
                return frame, now
    finally:
        try:
            os.killpg(child.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        drain_until_exit(master, child)
        os.close(master)


def visible_cells(written: bytes) -> int:
    """How many characters of ``written`` a terminal shows (line ends and escape sequences left out)."""
    text = ESCAPES.sub(b"", written).replace(b"\r", b"").replace(b"\n", b"")
    return len(text.decode("utf-8", errors="replace"))


def drain_until_exit(master: int, child: subprocess.Popen[bytes]) -> None:
    """Read what the ending process still writes (so it never blocks on a full terminal) until it exits."""
    deadline = time.monotonic() + 30
    while child.poll() is None and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                break
    if child.poll() is None:
        os.killpg(child.pid, signal.SIGKILL)
    child.wait()


def frame_ratio(runs: int) -> tuple[list[float], list[float], list[float]]:
    """``runs`` first frames of ``klabber play`` and of the bare app, taken in turn, and the times
    until klabber's dealt table shows."""
    klabber_times, dealt_times, bare_times = [], [], []
    klabber = [sys.executable, "-m", "klabber_tui.cli", "play", "--new", "--seed", "1", "--name", MARKER]
    bare = [sys.executable, "-c", BARE_APP]
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as scratch:
            bare_times.append(first_frame(bare, MARKER, Path(scratch))[0])
        with tempfile.TemporaryDirectory() as scratch:
            frame, dealt = first_frame(klabber, MARKER, Path(scratch))
            klabber_times.append(frame)
            dealt_times.append(dealt)
    return klabber_times, dealt_times, bare_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="first frames of each app to take the median of (default 5)")
    parser.add_argument("--skip-imports", action="store_true", help="leave out the imports table")
    parser.add_argument("--skip-frame", action="store_true", help="leave out the first-frame ratio")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    print("load average: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
    if not args.skip_imports:
        print(f"\n{'command':<27} {'numpy':<6} {'textual':<7} exit")
        for name, words in LIGHT_COMMANDS:
            found = imports_of(words)
            print(f"klabber {name:<19} {'yes' if found['numpy'] else 'no':<6} "
                  f"{'yes' if found['textual'] else 'no':<7} {found['status']}")
    if not args.skip_frame:
        klabber_times, dealt_times, bare_times = frame_ratio(args.runs)
        klabber, bare = statistics.median(klabber_times), statistics.median(bare_times)
        print(f"\nfirst frame (a whole screen written), median of {args.runs} in a {COLUMNS}x{LINES} pseudo-terminal:")
        print(f"  klabber play --new   {klabber:.2f} s  ({', '.join(f'{t:.2f}' for t in klabber_times)})")
        print(f"  bare Textual app     {bare:.2f} s  ({', '.join(f'{t:.2f}' for t in bare_times)})")
        print(f"  ratio                {klabber / bare:.2f}")
        print(f"the dealt table shown  {statistics.median(dealt_times):.2f} s  "
              f"({', '.join(f'{t:.2f}' for t in dealt_times)})")
        print("load average: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
