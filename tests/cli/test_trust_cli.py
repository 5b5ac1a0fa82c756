"""Issue 8 (trust), the command line: every attack on ``klabber``'s arguments, files and output.

Each test is named after what it attacks. The contract (deal-record.md, issue 8): a bad argument or
file is one line on standard error, nothing on standard output, exit 2; an unexpected error writes
a crash log without locals and exits 1; Ctrl+C exits 130; no output encoding makes a command crash.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klabber_tui.cli import main as cli
from klabber_tui.cli import practice as practice_cli
from klabber_tui.ui import start as process
from klabber_tui.cli import replay as replay_cli
from klabber_tui.ui import start
from klabber_tui.data import streams
from klabber_tui.data.atomic import atomic_write
from klabber_tui.data.folder import StorageError
from klabber_tui.cli.main import main

REPO = Path(__file__).resolve().parents[2]
RECORD = REPO / "assets" / "records" / "clobber-seed000-hand.json"
CONTRACT_KEYS = {"outcome", "trump", "maker", "elder", "dealer"}


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    """``klabber argv`` in this process: its exit status, standard output and standard error."""
    try:
        status = main([str(a) for a in argv])
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def klabber(*argv: str | Path, env: dict[str, str] | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """``klabber argv`` as a fresh process (bytes, so an encoding test sees what was written)."""
    return subprocess.run([sys.executable, "-m", "klabber_tui.cli", *map(str, argv)], capture_output=True,
                          env={**os.environ, "COLUMNS": "120", "NO_COLOR": "1", **(env or {})},
                          cwd=REPO, timeout=timeout, stdin=subprocess.DEVNULL)


def assert_one_line_refusal(status: int, out: str, err: str, *names: str) -> str:
    assert status == 2, (status, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    for name in names:
        assert name in err, (name, err)
    return err


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder: nothing here touches the user's."""
    folder = tmp_path / "home"
    monkeypatch.setenv("KLABBER_HOME", str(folder))
    return folder


def cut_record(actions: int | None = 4) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(RECORD.read_text(encoding="utf-8"))
    obj["actions"] = obj["actions"][:actions]
    return obj


# -- records: files that are not records (issue 8, deal-record.md "A missing or unreadable file") ---


@pytest.mark.parametrize(("name", "content", "says"), [
    ("nan", '{"format": "klabber-deal/1", "rules": NaN}', "NaN"),
    ("infinity", '{"format": "klabber-deal/1", "rules": -Infinity}', "Infinity"),
    ("float_overflow", '{"format": "klabber-deal/1", "rules": 1e999}', "finite"),
    ("duplicate_key", '{"format": "klabber-deal/1", "format": "klabber-deal/1"}', "twice"),
    ("deep_nesting", "[" * 100_000 + "]" * 100_000, "nested"),
    ("huge_integer", '{"format": ' + "7" * 5000 + "}", "5000 digits"),
    ("not_utf8", b'{"format": "\xff"}', "UTF-8"),
    ("too_large", '{"meta": {"x": "' + "a" * (1 << 20) + '"}}', "too large"),
])
def test_strictly_refused_record_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       name: str, content: str | bytes, says: str) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    commands: list[list[str | Path]] = [["replay", path, "--json"], ["replay", path],
                                        ["replay", path, "--review"], ["advise", path, "--json"]]
    for command in commands:
        assert_one_line_refusal(*run(capsys, *command), says)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("command", ["replay", "advise"])
def test_a_fifo_as_record_is_refused_at_once_not_waited_on(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    done = klabber(command, fifo, "--json", timeout=30)  # the old reader blocked for ever here
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.count(b"\n") == 1 and b"not a regular file" in done.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this platform")
def test_dev_zero_as_record_is_refused_not_read_into_memory() -> None:
    done = klabber("replay", "/dev/zero", "--json", timeout=30)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.count(b"\n") == 1 and b"not a regular file" in done.stderr


def test_a_directory_and_a_missing_file_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_line_refusal(*run(capsys, "advise", tmp_path), "not a regular file")
    assert_one_line_refusal(*run(capsys, "replay", tmp_path / "nowhere.json"), "nowhere.json")


def test_a_control_character_in_a_file_name_is_not_sent_to_the_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", tmp_path / "\x1b[31mred\nline.json")
    assert_one_line_refusal(status, out, err)
    assert "\x1b" not in err


def test_an_invalid_record_keeps_the_contract_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file reading moved out of the engine; the refusal still names the action index (deal-record.md)."""
    obj = cut_record(2)
    obj["actions"].append(["dealer", "play 7S"])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert_one_line_refusal(*run(capsys, "replay", path, "--json"), "actions[2]")


def test_the_engine_record_module_does_no_io() -> None:
    """Issue 8: the engine is pure; a record file is read by klabber_tui.data.files.load_record."""
    import engine.record

    source = Path(engine.record.__file__).read_text(encoding="utf-8")
    assert "read_text" not in source and "open(" not in source and "pathlib" not in source
    assert not hasattr(engine.record, "load_record")


# -- property tests: anything at all as a record -------------------------------------------------


def _result_or_refusal(status: int, out: str, err: str) -> None:
    """Exactly one of: a valid result (exit 0, one JSON object of the contract's keys, nothing on
    stderr) or a refusal (exit 2, one stderr line, nothing on stdout)."""
    if status == 0:
        assert err == ""
        assert out.count("\n") == 1 and set(json.loads(out)) == CONTRACT_KEYS
    else:
        assert_one_line_refusal(status, out, err)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25,
)
RECORD_KEYS = ("format", "rules", "options", "elder", "dealer", "turn_up", "bottom", "actions", "meta")


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=JSON)
def test_arbitrary_json_as_record(document: Any, capsys: pytest.CaptureFixture[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        _result_or_refusal(*run(capsys, "replay", path, "--json"))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(RECORD_KEYS), value=JSON, cut=st.integers(0, 20))
def test_a_real_record_with_one_key_replaced_by_arbitrary_json(
        key: str, value: Any, cut: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Random documents rarely get past the first key; these reach every check of parse_record."""
    obj = cut_record(cut)
    obj[key] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.json"
        path.write_text(json.dumps(obj), encoding="utf-8")
        status, out, err = run(capsys, "replay", path, "--json")
        _result_or_refusal(status, out, err)
        if status == 0:  # an accepted record also prints for a person, with symbols or letters
            for extra in ([], ["--ascii"]):
                shown = run(capsys, "replay", path, *extra)
                assert shown[0] == 0 and shown[2] == "" and "Score:" in shown[1], shown


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=200) | st.text(max_size=60).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_arbitrary_bytes_as_record(data: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.json"
        path.write_bytes(data)
        _result_or_refusal(*run(capsys, "replay", path, "--json"))


# -- replay --json --review (issue 13) -----------------------------------------------------------


@pytest.mark.slow
def test_json_review_is_not_silently_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", RECORD, "--json", "--review", "--level", "easy")
    assert status == 0 and err == ""
    payload = json.loads(out)
    assert set(payload) == CONTRACT_KEYS | {"review"}
    review = payload["review"]
    assert review and [d["index"] for d in review] == sorted(d["index"] for d in review)
    actions = cut_record(None)["actions"]
    for d in review:
        assert set(d) == {"index", "seat", "kind", "stage", "chosen", "best", "loss", "loss_se", "mistake",
                          "make_prob", "reasons", "facts", "given_up"}  # issue 24 added the last four
        assert [d["seat"], d["chosen"]] == actions[d["index"]]
        assert d["loss"] >= 0 or d["chosen"] == d["best"]
    # Without --review the output keeps exactly the contract's keys.
    status, out, _ = run(capsys, "replay", RECORD, "--json")
    assert status == 0 and set(json.loads(out)) == CONTRACT_KEYS


# -- numeric arguments -----------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "range_text"), [
    (["arena", "random", "random", "--jobs", "10**30"], "from 1 to 4096"),
    (["arena", "random", "random", "--jobs", "1" + "0" * 30], "from 1 to 4096"),
    (["arena", "random", "random", "--deals", "1" + "0" * 30], "from 1 to 1000000"),
    (["arena", "random", "random", "--deals", "7" * 5000], "from 1 to 1000000"),
    (["arena", "random", "random", "--seed", "-1"], "from 0 to 9223372036854775807"),
    (["arena", "random", "random", "--first", str(2**63)], "from 0 to 9223372036854775807"),
    (["advise", "x.json", "--seed", str(2**63)], "from 0 to 9223372036854775807"),
    (["bench", "--decisions", "0"], "from 1 to 100000"),
    (["bench", "--seed", "1e3"], "from 0 to"),
    (["play", "--seed", "\u0661\u0662"], "from 0 to"),  # Arabic-Indic digits: int() would take them
    (["drill", "--seed", "99999999999999999999999"], "from 0 to"),
    (["drill", "--count", "201"], "from 1 to 200"),
    (["play", "--target", "10**30"], "from 100 to 5000"),
])
def test_numeric_arguments_are_bounded_and_name_their_range(
        capsys: pytest.CaptureFixture[str], argv: list[str], range_text: str) -> None:
    err = assert_one_line_refusal(*run(capsys, *argv), range_text)
    assert len(err) < 300  # the refused value is quoted short, never 5,000 digits


def test_arena_jobs_are_capped_at_the_usable_cpus(capsys: pytest.CaptureFixture[str]) -> None:
    from ai.arena import usable_cpus

    status, out, err = run(capsys, "arena", "random", "random", "--deals", "2", "--jobs", "4096", "--json")
    assert status == 0
    assert json.loads(out)["pairs"] == 2
    assert err == f"klabber: --jobs 4096 capped at {usable_cpus()}, the CPUs this process may use\n"


def test_usable_cpus_follows_the_affinity(monkeypatch: pytest.MonkeyPatch) -> None:
    from ai import arena

    monkeypatch.setattr(arena.os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    assert arena.usable_cpus() == 3
    monkeypatch.delattr(arena.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(arena.os, "cpu_count", lambda: None)
    assert arena.usable_cpus() == 1


class _Enough(Exception):
    pass


@pytest.mark.parametrize("jobs", [1, 2])
def test_arena_streams_boards_instead_of_listing_them(jobs: int) -> None:
    """10**12 boards: the old code built the whole task list before the first board."""
    from ai.arena import run_arena
    from engine.rules import RuleSet

    seen: list[int] = []

    def stop_after_three(done: int) -> None:
        seen.append(done)
        if done == 3:
            raise _Enough

    with pytest.raises(_Enough):
        run_arena("random", "random", RuleSet.from_preset("clobber"), 10**12, seed=1, jobs=jobs,
                  on_board=stop_after_three)
    assert seen == [1, 2, 3]


def test_arena_pool_keeps_a_bounded_number_of_boards_in_flight() -> None:
    from ai.arena import IN_FLIGHT_PER_JOB, _in_pool
    from engine.rules import RuleSet

    rules = RuleSet.from_preset("clobber")
    pulled = 0

    def tasks() -> Iterator[tuple[str, str, RuleSet, int, int]]:
        nonlocal pulled
        for board in range(10**12):
            pulled += 1
            yield ("random", "random", rules, 0, board)

    results = _in_pool(tasks(), 2)
    first = next(results)
    assert first[0] == 0
    assert pulled <= 2 * IN_FLIGHT_PER_JOB + 1
    results.close()


# -- the boundary: crashes, interrupts, the app's status ------------------------------------------


def _crash(_args: Any) -> int:
    secret_hand = "JH-9H-AH-hidden"  # a local the traceback must not show
    raise RuntimeError("boom " + str(len(secret_hand)))


def test_an_unexpected_error_writes_a_log_without_locals(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], home: Path) -> None:
    monkeypatch.setattr(practice_cli, "cmd_stats", _crash)
    status, out, err = run(capsys, "stats")
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and "RuntimeError" in err and "Traceback" not in err
    logs = list((home / "logs").glob("klabber-crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err
    log = logs[0].read_text(encoding="utf-8")
    assert "Traceback" in log and "RuntimeError: boom 15" in log and "_crash" in log
    assert "JH-9H-AH-hidden" not in log.split("secret_hand = ")[-1]  # the source line, never its value
    assert "klabber stats" in log


def test_the_crash_log_goes_to_the_temp_folder_when_the_data_folder_is_broken(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "home-file").write_text("not a folder")
    monkeypatch.setenv("KLABBER_HOME", str(tmp_path / "home-file"))
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    monkeypatch.setattr(replay_cli, "cmd_replay", _crash)
    status, _, err = run(capsys, "replay", "x.json")
    assert status == 1
    logs = list(temp.glob("klabber-crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err


def test_no_folder_for_the_log_still_ends_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from klabber_tui.data import crashlog

    def nowhere() -> Path:
        raise PermissionError("read-only")

    def unwritable(error: BaseException, argv: Any) -> Path | None:
        return crashlog.write_crash_log(error, argv, folders=[nowhere, nowhere])

    monkeypatch.setattr(start, "write_crash_log", unwritable)  # the one crash path (issue 33)
    assert unwritable(RuntimeError("x"), ["stats"]) is None
    assert cli.report_crash(RuntimeError("x"), ["stats"]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_ctrl_c_exits_130_quietly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(_args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(practice_cli, "cmd_stats", interrupted)
    assert run(capsys, "stats") == (130, "", "")


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="sends Ctrl+C to a process group (POSIX)")
def test_ctrl_c_stops_an_arena_and_its_workers_quietly(tmp_path: Path) -> None:
    """The terminal sends SIGINT to every process of the group: no worker may print a traceback."""
    import signal
    import time

    from ai.arena import usable_cpus

    jobs = str(min(2, usable_cpus()))  # more would add the capping note to stderr
    child = subprocess.Popen([sys.executable, "-m", "klabber_tui.cli", "arena", "greedy", "greedy",
                              "--deals", "1000000", "--jobs", jobs, "--json"], cwd=REPO,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                             env={**os.environ, "KLABBER_HOME": str(tmp_path / "home")})
    time.sleep(3)
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert (child.returncode, out, err) == (130, b"", b"")


def test_a_closed_pipe_is_not_a_crash(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                      home: Path) -> None:
    def reader_left(_args: Any) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(practice_cli, "cmd_stats", reader_left)
    assert run(capsys, "stats") == (1, "", "")
    assert not (home / "logs").exists()


class _CrashedApp:
    """Stands in for the game's app whose run crashed: GuardedApp keeps the error in ``crash`` and
    Textual sets ``return_code`` to 1."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.return_code: int | None = None
        self.crash: BaseException | None = None
        self.signal_status: int | None = None

    def signalled(self, signum: int) -> None:
        self.signal_status = 128 + signum

    def run(self) -> None:
        secret_hand = "JH-9H-AH-hidden"  # a local the log must not show
        try:
            raise RuntimeError("app boom " + str(len(secret_hand)))
        except RuntimeError as error:
            self.crash = error
        self.return_code = 1


@pytest.mark.parametrize("command", [["play"], ["drill", "--seed", "1"], ["advise"]])
def test_a_crash_inside_the_app_writes_the_crash_log_and_names_it_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], home: Path, command: list[str]) -> None:
    """Issue 21: a crash inside the Textual app showed a screen of traceback and wrote no log (issue 33:
    the any-hand page's too)."""
    import klabber_tui.ui.any_hand_app as any_hand_app_module
    import klabber_tui.ui.app as app_module
    import klabber_tui.ui.drill_app as drill_app_module

    monkeypatch.setattr(start, "has_terminal", lambda: True)
    monkeypatch.setattr(app_module, "KlabberApp", _CrashedApp)
    monkeypatch.setattr(drill_app_module, "DrillApp", _CrashedApp)
    monkeypatch.setattr(any_hand_app_module, "AnyHandApp", _CrashedApp)
    status, out, err = run(capsys, *command)
    logs = list((home / "logs").glob("klabber-crash-*.log"))
    assert status == 1 and out == "" and len(logs) == 1
    assert err.startswith(f"klabber: {logs[0]}: ") and err.count("\n") == 1 and "RuntimeError" in err
    log = logs[0].read_text(encoding="utf-8")
    assert "RuntimeError: app boom 15" in log and f"klabber {' '.join(command)}" in log
    assert "JH-9H-AH-hidden" not in log.split("secret_hand = ")[-1]  # the source line, never its value


def test_a_long_data_folder_path_never_cuts_the_crash_notice(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 21: with a long data folder the notice was cut at 2,000 characters, and the log's name lost."""
    home = tmp_path.joinpath(*[f"{k}" + "x" * 200 for k in range(15)])  # about 3,000 characters
    monkeypatch.setenv("KLABBER_HOME", str(home))
    monkeypatch.setattr(practice_cli, "cmd_stats", _crash)
    status, _, err = run(capsys, "stats")
    logs = list((home / "logs").glob("klabber-crash-*.log"))
    assert status == 1 and len(logs) == 1 and len(str(logs[0])) > 3000
    assert err.startswith(f"klabber: {logs[0]}: ") and err.count("\n") == 1


def test_a_crash_log_path_with_escape_codes_is_cleaned_like_a_name(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    home = tmp_path / "\x1b]0;pwned\x07home"
    monkeypatch.setenv("KLABBER_HOME", str(home))
    monkeypatch.setattr(practice_cli, "cmd_stats", _crash)
    status, _, err = run(capsys, "stats")
    assert status == 1 and "\x1b" not in err and "\x07" not in err and "␛]0;pwned␇home" in err


# -- issue 21: no terminal, signals, the last --lang, the width, names echoed ----------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("command", ["play", "drill"])
def test_play_and_drill_from_dev_null_are_refused_not_spun_on(command: str, lang: str) -> None:
    """``klabber play < /dev/null`` spun at 100% CPU for ever, flooding a redirected stderr."""
    done = klabber(command, "--lang", lang, timeout=60)
    assert done.returncode == 2 and done.stdout == b""
    err = done.stderr.decode("utf-8")
    assert err.count("\n") == 1 and "Traceback" not in err and "\x1b" not in err
    assert ("needs a terminal" if lang == "en" else "нужен терминал") in err and command in err


def test_a_command_with_json_needs_no_terminal() -> None:
    done = klabber("replay", RECORD, "--json")  # stdin is /dev/null, stdout and stderr pipes
    assert done.returncode == 0 and json.loads(done.stdout)["outcome"]


def test_play_needs_stdin_and_stderr_to_be_terminals_but_not_stdout(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    """Textual reads keys from stdin and draws on stderr: ``klabber play | cat`` works."""
    import pty

    master, slave = pty.openpty()
    with open(slave, "w", closefd=True) as terminal, open(tmp_path / "file", "w") as file:
        for stdin, stderr, expected in ((terminal, terminal, True), (file, terminal, False),
                                        (terminal, file, False), (None, terminal, False)):
            monkeypatch.setattr(sys, "__stdin__", stdin)
            monkeypatch.setattr(sys, "__stderr__", stderr)
            monkeypatch.setattr(sys, "__stdout__", file)  # a pipe to ``cat`` is no obstacle
            assert process.has_terminal() is expected
    os.close(master)


def test_a_hangup_ignored_by_nohup_stays_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    if not hasattr(signal, "SIGHUP"):
        pytest.skip("no SIGHUP here")
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with process.handled(process.ending_signals(), process.terminate):
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is process.terminate
        assert signal.getsignal(signal.SIGTERM) is not process.terminate
    finally:
        signal.signal(signal.SIGHUP, previous)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_outside_the_app_unwind_and_exit_128_plus_the_signal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Outside the app the signal unwinds the command like Ctrl+C: ``finally`` blocks run (a temp file
    being written is removed) and the status is the shell's 128 + the signal's number."""
    import signal

    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    signum = getattr(signal, name)
    unwound: list[bool] = []

    def signalled(_args: Any) -> int:
        try:
            signal.raise_signal(signum)
        finally:
            unwound.append(True)
        return 0

    monkeypatch.setattr(practice_cli, "cmd_stats", signalled)
    assert run(capsys, "stats") == (128 + signum, "", "") and unwound == [True]
    assert signal.getsignal(signum) is not process.terminate  # put back when the command ended


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_in_the_middle_of_an_atomic_write_leaves_no_temp_file(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], home: Path, name: str) -> None:
    """A SIGTERM during an atomic write killed the process and left its ``.*.tmp`` for ever; now the
    command unwinds, and the writer removes its own temp file on the way out."""
    import signal


    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    signum = getattr(signal, name)
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        real_fsync(fd)
        signal.raise_signal(signum)  # the temp file is written, not yet renamed

    def writes(_args: Any) -> int:
        monkeypatch.setattr(os, "fsync", fsync)
        atomic_write(home / "settings.json", "{}")
        return 0

    home.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(practice_cli, "cmd_stats", writes)
    assert run(capsys, "stats") == (128 + signum, "", "")
    assert sorted(p.name for p in home.iterdir()) == []


def test_the_last_lang_wins_for_the_words_too(capsys: pytest.CaptureFixture[str]) -> None:
    """``klabber --lang ru stats --lang en`` spoke Russian: the words read the first --lang."""
    assert cli.given_language(["--lang", "ru", "stats", "--lang", "en"]) == "en"
    assert cli.given_language(["--lang=en", "stats", "--lang=ru", "--", "--lang", "en"]) == "ru"
    assert "No statistics yet" in run(capsys, "--lang", "ru", "stats", "--lang", "en")[1]
    assert "Статистики пока нет" in run(capsys, "--lang", "en", "stats", "--lang=ru")[1]


@pytest.mark.slow
@pytest.mark.parametrize("columns", ["0", "-3", "000"])
def test_a_width_of_zero_or_less_falls_back_to_80(columns: str, home: Path) -> None:
    """``COLUMNS=0``: ``replay`` and ``stats`` printed nothing and exited 0."""
    from klabber_tui.data import stats

    stats.record_match("klaberjass", False, True)
    for command in (["replay", RECORD], ["stats"]):
        done = klabber(*command, env={"COLUMNS": columns, "KLABBER_HOME": str(home)})
        lines = done.stdout.decode("utf-8").splitlines()
        assert done.returncode == 0 and len(lines) > 3, (command, done.stdout)
        assert max(len(line) for line in lines) <= 80


def test_usable_width_leaves_a_real_width_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    for given, kept in (("0", "80"), ("-1", "80"), ("132", "132"), ("wide", "wide")):
        monkeypatch.setenv("COLUMNS", given)
        streams.usable_width()
        assert os.environ["COLUMNS"] == kept


def test_export_out_with_escape_codes_is_echoed_cleaned(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``export --out`` echoed the folder's name raw: escape sequences reached the terminal."""
    out = tmp_path / "\x1b[2J\x1b]0;pwned\x07records"
    status, printed, err = run(capsys, "export", "--out", out)
    assert status == 0 and err == "" and out.is_dir()
    assert "\x1b" not in printed and "\x07" not in printed and "␛[2J␛]0;pwned␇records" in printed


@pytest.mark.parametrize("command", [["replay", ""], ["advise", ""], ["replay", "", "--json"]])
def test_an_empty_file_argument_is_named_not_taken_for_the_current_folder(
        capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """``klabber replay ''`` blamed ``'.'`` (``Path('')`` is the current folder)."""
    err = assert_one_line_refusal(*run(capsys, *command), "file name is empty")
    assert "'.'" not in err


# -- the data folder (KLABBER_HOME) ---------------------------------------------------------------


DATA_COMMANDS = [["stats"], ["export", "--out", "OUT"], ["drill", "--seed", "1"], ["play"]]


def _refused_data_folder(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                         command: list[str]) -> str:
    """``stats`` and ``export`` refuse the folder in one line; ``play`` and ``drill`` start without
    saving and say why in the app (the reason the one line would give): that sentence is returned."""
    monkeypatch.setattr(start, "has_terminal", lambda: True)
    from klabber_tui.data import mistakes, stats

    monkeypatch.setattr(stats, "recording", stats.recording)  # play and drill switch it off: given back after
    started: list[Any] = []
    monkeypatch.setattr(start, "run_screen", lambda app, _command: started.append(app) or 0)  # the app is not run
    argv = [str(tmp_path / "out") if word == "OUT" else word for word in command]
    status, out, err = run(capsys, *argv)
    if command[0] in ("play", "drill"):
        (app,) = started
        assert status == 0 and out == "" and err == ""
        said = app.storage_problem if command[0] == "play" else " ".join(app.notices)
        assert not stats.recording and not mistakes.recording  # nothing is written anywhere
        assert said and "\n" not in said and "Traceback" not in said
        return said
    return assert_one_line_refusal(status, out, err, "data folder")


@pytest.mark.parametrize("command", DATA_COMMANDS)
def test_a_data_folder_name_part_over_255_bytes_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """Issue 21: a raw double traceback from stats, export, drill and play."""
    home = tmp_path / ("h" * 300)
    monkeypatch.setenv("KLABBER_HOME", str(home))
    err = _refused_data_folder(capsys, monkeypatch, tmp_path, command)
    assert str(home) in err and "File name too long" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", DATA_COMMANDS)
def test_a_data_folder_under_a_folder_without_search_permission_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """Issue 21: the same double traceback. Root passes every permission, so there the system's refusal
    is made by hand, as the kernel gives it: EACCES for any look at a name under the folder."""
    locked = tmp_path / "locked"
    locked.mkdir()
    home = locked / "home"
    monkeypatch.setenv("KLABBER_HOME", str(home))
    if os.geteuid() != 0:
        locked.chmod(0o600)
    else:
        under = str(locked) + os.sep
        real_stat, real_mkdir = os.stat, os.mkdir

        def stat(path: Any, *args: Any, **kwargs: Any) -> Any:
            if os.fsdecode(path).startswith(under):
                raise PermissionError(13, "Permission denied", os.fsdecode(path))
            return real_stat(path, *args, **kwargs)

        def mkdir(path: Any, *args: Any, **kwargs: Any) -> None:
            if os.fsdecode(path).startswith(under):
                raise PermissionError(13, "Permission denied", os.fsdecode(path))
            real_mkdir(path, *args, **kwargs)

        monkeypatch.setattr(os, "stat", stat)
        monkeypatch.setattr(os, "mkdir", mkdir)
    try:
        err = _refused_data_folder(capsys, monkeypatch, tmp_path, command)
    finally:
        locked.chmod(0o700)
    assert str(home) in err and "Permission denied" in err



@pytest.mark.parametrize("kind", ["file", "dangling_link", "under_a_file", "deep_under_a_file"])
@pytest.mark.parametrize("command", [["stats"], ["export", "--out", "OUT"]])
def test_a_broken_data_folder_is_blamed_not_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str], kind: str,
                                                command: list[str]) -> None:
    home = tmp_path / "klabber-home"
    if kind == "file":
        home.write_text("x")
    elif kind.endswith("under_a_file"):  # mkdir fails on a parent: the folder is still to blame
        (tmp_path / "a-file").write_text("x")
        home = tmp_path / "a-file" / "sub"
        if kind.startswith("deep"):
            home = home / "deeper"
    else:
        try:
            home.symlink_to(tmp_path / "gone")
        except OSError:
            pytest.skip("no symbolic links here")
    monkeypatch.setenv("KLABBER_HOME", str(home))
    argv = [str(tmp_path / "out") if word == "OUT" else word for word in command]
    err = assert_one_line_refusal(*run(capsys, *argv), "data folder", str(home))
    assert str(tmp_path / "out") not in err and "--out" not in err


def test_a_storage_error_is_shown_whole(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """storage raises a StorageError naming the folder: the boundary words it from its code, whole."""
    def unusable(_args: Any) -> int:
        raise StorageError("a_file", {"path": "/x"})

    monkeypatch.setattr(practice_cli, "cmd_stats", unusable)
    status, out, err = run(capsys, "stats")
    assert (status, out) == (2, "")
    assert err == "klabber: the data folder '/x' is a file, not a folder (set KLABBER_HOME to a folder)\n"


def test_an_empty_out_is_refused_not_taken_as_the_current_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_line_refusal(*run(capsys, "export", "--out", ""), "--out")


# -- output encodings ------------------------------------------------------------------------------


def test_the_error_handler_replaces_only_what_cannot_be_encoded() -> None:
    streams.install()
    line = "8♦ ♣♥♠ Валя é — ±1 …"
    assert line.encode("ascii", streams.HANDLER) == b"8D CHS ???? e - +/-1 ..."
    assert line.encode("cp1251", streams.HANDLER).decode("cp1251") == "8D CHS Валя e — ±1 …"
    assert line.encode("utf-8", streams.HANDLER).decode("utf-8") == line
    assert "\udcff".encode("utf-8", streams.HANDLER) == b"?"  # a lone surrogate from a file name


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["ascii", "cp437", "cp1252"])
def test_commands_never_crash_on_a_narrow_console(tmp_path: Path, encoding: str) -> None:
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(cut_record(4)), encoding="utf-8")
    env = {"PYTHONIOENCODING": encoding, "KLABBER_HOME": str(tmp_path / "home")}
    for argv in (["replay", RECORD], ["replay", RECORD, "--review", "--level", "easy"],
                 ["advise", cut, "--level", "easy"], ["arena", "random", "random", "--deals", "2"],
                 ["bench", "--decisions", "2"], ["stats"], ["export", "--out", tmp_path / "out"],
                 ["--help"]):
        done = klabber(*argv, env=env, timeout=120)
        assert done.returncode == 0, (argv, done.stderr)
        assert b"Traceback" not in done.stderr and done.stderr == b"", (argv, done.stderr)
        done.stdout.decode(encoding)  # what was written is text of that encoding
    replayed = klabber("replay", RECORD, env=env).stdout.decode(encoding)
    assert "Turn-up: 8D" in replayed  # the suit became its letter, the rest is unchanged


def test_cyrillic_stays_on_a_console_that_can_show_it(tmp_path: Path) -> None:
    out = tmp_path / "Записи"
    done = klabber("export", "--out", out, env={"PYTHONIOENCODING": "cp1251", "KLABBER_HOME": str(tmp_path / "h")})
    assert done.returncode == 0, done.stderr
    assert "Записи" in done.stdout.decode("cp1251")
    ascii_done = klabber("export", "--out", out, env={"PYTHONIOENCODING": "ascii", "KLABBER_HOME": str(tmp_path / "h")})
    assert ascii_done.returncode == 0 and b"??????" in ascii_done.stdout


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="closes a descriptor with a POSIX shell")
def test_a_closed_standard_output_is_not_a_crash(tmp_path: Path) -> None:
    script = 'exec "$0" -m klabber_tui.cli replay "$1" >&-'
    for extra in ([], ["--json"]):
        done = subprocess.run(["sh", "-c", script + " " + " ".join(extra), sys.executable, str(RECORD)],
                              capture_output=True, cwd=REPO, timeout=60,
                              env={**os.environ, "KLABBER_HOME": str(tmp_path / "home")})
        assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert not (tmp_path / "home" / "logs").exists()
