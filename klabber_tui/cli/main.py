"""The ``klabber`` command: thin argparse front over the engine, the bot and the app.

Heavy imports (Textual, numpy, the bot) happen inside the subcommands that need them, so
``klabber replay`` starts fast. :func:`main` is the one boundary of every command (issue 8): a bad
argument or file, or a data folder that cannot be used, ends in one line on standard error and exit
status 2; anything unexpected writes its traceback (never the values of variables) to a crash log,
says in one line where the log is, and exits 1; Ctrl+C exits 130 quietly. Output never crashes on a
console that cannot show a character (``streams``).

Issue 21, the process: a crash inside the game's app takes the same path as one here (its error is
logged by :func:`report_crash`). SIGINT, SIGTERM and SIGHUP end a command with 128 + the signal's
number: outside the app they unwind it like Ctrl+C (every ``finally`` runs, so a file being written
atomically leaves no temp file); in ``play`` and ``drill`` the app saves and ends itself, and the
terminal is restored. ``play`` and ``drill`` need a terminal (:func:`has_terminal`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

from ai import registry
from ai.registry import LEVEL_NAMES
from engine.record import RecordError
from engine.actions import SEATS, Seat
from engine.rules import TARGET_RANGE

from klabber_tui.words import i18n
from klabber_tui.data import streams
from klabber_tui.data.schemas import PLAYER_ROLE
from klabber_tui.cli.argtypes import SEED_MAX, fail, file_name, one_line, whole_number
from klabber_tui.data.crashlog import print_crash_notice, write_crash_log
from klabber_tui.data.files import FileRefused
from klabber_tui.data.storage import StorageError
from klabber_tui.words.i18n import LANGUAGES
from klabber_tui.data.safe_text import clean
from klabber_tui.words.i18n import pgettext, npgettext
from klabber_tui.words.cards import seat_names_words
from klabber_tui.words.commands import cli_help_words, cli_metavars_words
from klabber_tui.words.drill import within_points
from klabber_tui.words.files import (
    FILE_REPAIRED,
    data_folder_words,
    note_text,
    notes_text,
    os_reason,
    refused_text,
)
from klabber_tui.words.names import choices_text
from klabber_tui.words.table import bot_word, you_word

if TYPE_CHECKING:
    from klabber_tui.ui.app import GuardedApp

SEED = whole_number(0, SEED_MAX)
COUNT = whole_number(1, 200)
TARGET = whole_number(*TARGET_RANGE)

# Errors that are the input's fault, not the program's: one line and exit 2 at the boundary.
KNOWN_ERRORS: tuple[type[Exception], ...] = (FileRefused, RecordError)


class AppCrashed(Exception):
    """The game's app stopped on an unexpected error: ``main`` logs ``error`` as any crash."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(type(error).__name__)
        self.error = error


class Terminated(BaseException):
    """SIGTERM or SIGHUP outside the app: raised like KeyboardInterrupt, so the command unwinds."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + signum


def ending_signals() -> tuple[int, ...]:
    """The signals that end a command: SIGTERM everywhere, SIGHUP where the platform has one (not on
    Windows)."""
    return tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


@contextlib.contextmanager
def handled(signals: Sequence[int], handler: Callable[[int, FrameType | None], object]) -> Iterator[None]:
    """``handler`` for ``signals`` while the block runs, the previous handlers put back after. A
    signal ignored when klabber started (``nohup`` ignores SIGHUP) stays ignored; off the main
    thread (where no handler can be set) nothing changes."""
    import threading

    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in signals:
            old = signal.getsignal(signum)
            if old is not signal.SIG_IGN:
                previous[signum] = old
                signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)


def _terminate(signum: int, _frame: FrameType | None) -> None:
    if signum == getattr(signal, "SIGHUP", None) and streams.terminal_gone():
        streams.silence_terminal()  # the window closed: what is still to be written goes nowhere
    raise Terminated(signum)


def has_terminal() -> bool:
    """Whether the game can be shown: Textual reads keys from standard input and draws on standard
    error (so ``klabber play | cat`` works), and both must be a terminal. Without one it would spin
    for ever on an input that is at its end (``< /dev/null``) and fill a file with escape codes."""
    for stream in (sys.__stdin__, sys.__stderr__):
        try:
            if stream is None or not stream.isatty():
                return False
        except (ValueError, OSError):  # a closed stream
            return False
    return True


def need_terminal(command: str) -> None:
    """Refuse ``play`` and ``drill`` without a terminal: one line, exit 2."""
    if not has_terminal():
        fail(pgettext('process.words.no_terminal', '{command} needs a terminal: standard input and standard error must both be one (a pipe, a file or /dev/null cannot show the game or take its keys)').format(command=command))


def run_app(app: GuardedApp) -> int:
    """Run the game's app; its exit status. SIGINT, SIGTERM and SIGHUP are handed to the app, which
    saves and ends itself (128 + the signal's number); a crash inside it is raised as
    :class:`AppCrashed`, so ``main`` logs it as any other."""
    with handled((signal.SIGINT, *ending_signals()), lambda signum, _frame: app.signalled(signum)):
        app.run()
    if app.crash is not None:
        raise AppCrashed(app.crash)
    if app.signal_status is not None:
        return app.signal_status
    return app.return_code or 0


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits with 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, argparse._("%(prog)s: error: %(message)s\n")  # type: ignore[attr-defined]  # argparse's own gettext alias, so its catalogue words it
                  % {"prog": self.prog, "message": one_line(message)})


def cmd_replay(args: argparse.Namespace) -> int:
    if args.player is not None and not args.review:
        fail(pgettext("replay.refusal.player_without_review",
                      "--player names the seat whose reasons are the player's in --review: give it with --review"))
    if args.what_if is not None:  # issue 25: the decision made another way, played on
        from klabber_tui.words.what_if_view import run

        return run(args)
    if args.seed is not None:
        fail(pgettext("what_if.refusal.seed_without_what_if",
                      "--seed chooses the bots' play of --what-if: give it with --what-if"))
    from engine.record import replay, result_json

    from klabber_tui.data.files import load_record

    record = load_record(args.file)
    deal = replay(record)
    if args.json:
        payload = result_json(deal)
        if args.review:
            payload["review"] = _review_json(record, args.level, _player_seat(args, record))
        print(json.dumps(payload))
        return 0
    if args.review:
        return _print_review(record, args)
    from klabber_tui.words.ascii_text import print_out
    from klabber_tui.words.replay import render_deal

    print_out(args.ascii, render_deal(record, deal))
    return 0


def _player_seat(args: argparse.Namespace, record: Any) -> Seat | None:
    """The seat the player held: ``--player``, or else the record's own ``meta.player``, which the
    game writes into every deal it records (issue 24); None for a record that names none."""
    named = args.player if args.player is not None else record.meta.get("player")
    return SEATS[SEATS.index(named)] if named in SEATS else None


def _review_json(record: Any, level: str, player: str | None) -> list[dict[str, Any]]:
    """``replay --json --review`` (issue 13): every judged decision, in the order it was made.

    Only with ``--review``; plain ``--json`` keeps exactly the keys of deal-record.md. With
    ``--player``, the other seat's reasons are worded as the bot's (issue 24)."""
    from engine.cards import suit_of

    from klabber_tui.words.review import decision_json
    from klabber_tui.practice.review import review_record

    turned = suit_of(record.new_deal().turn_up_card)
    return [
        {"index": d.index, "seat": d.seat, "kind": d.kind, "stage": d.stage, "chosen": str(d.chosen),
         "best": str(d.best), "loss": round(d.loss, 2), "loss_se": round(d.loss_se, 2), "mistake": bool(d.mistake),
         **decision_json(d, turned, player is not None and d.seat != player)}
        for d in review_record(record, level=level).decisions
    ]


def _print_review(record: object, args: argparse.Namespace) -> int:
    """``klabber replay FILE --review``: both seats' decisions judged by the coach (issue 5)."""
    from klabber_tui.words.ascii_text import print_out
    from klabber_tui.words.review import render_review
    from klabber_tui.practice.review import review_record
    review = review_record(record, level=args.level)
    player = _player_seat(args, record)
    if player is None:  # each seat's reasons speak to that seat
        names = {seat: seat_names_words()[seat] for seat in SEATS}
        print_out(args.ascii, render_review(review, SEATS, names))
        return 0
    names = {player: you_word(), player.other: bot_word()}  # issue 24: the other seat is the bot's
    print_out(args.ascii, render_review(review, (player, player.other), names, bots=(player.other,)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from klabber_tui.data import mistakes, stats, storage
    from klabber_tui.practice.session import Settings

    problem = None  # why the data folder cannot be written: the app offers to play without saving
    lock = None
    notes: list[str] = []
    raw: dict[str, object] = {}
    try:
        storage.check_writable()
        if not args.watch:  # watching saves nothing, so it needs no lock
            lock = storage.hold_play_lock()
    except storage.MatchOpen as open_elsewhere:
        fail(pgettext('match.open.elsewhere', 'the match in {folder!r} is open in another window; finish or quit it there (or set KLABBER_HOME to another folder)').format(folder=str(open_elsewhere)))
    except storage.StorageError as error:
        problem = refused_text(error)
        stats.recording = False
        mistakes.recording = False  # the coach's mistakes at the table are not kept either (issue 25)
    try:
        raw, read_notes = storage.read_settings()
        notes = [note_text(note) for note in read_notes]
    except storage.StorageError:  # a folder that cannot be read at all: problem says so already
        pass
    settings, repairs = Settings.repaired(raw)
    notes += [FILE_REPAIRED.format(what=storage.SETTINGS_NAME, note=note_text(note)) for note in repairs]
    if args.rules is not None:
        settings.preset, settings.options = args.rules, {}
    if args.target is not None:
        settings.target = args.target
    if args.level is not None:
        settings.level = args.level
    if args.ascii:
        settings.ascii = True
    try:
        need_terminal("play")  # after the refusals of the arguments and the folder, which need none
        from klabber_tui.ui.app import KlabberApp

        app = KlabberApp(settings, args.name, watch=args.watch, new=args.new, seed=args.seed,
                         level_given=args.level is not None, storage_problem=problem, notices=notes)
        status = run_app(app)
        while app.language_changed and status == 0:  # issue 23: the app made anew in the new words
            app = app.made_anew()
            status = run_app(app)
        return status
    finally:
        if lock is not None:
            lock.release()


def cmd_export(args: argparse.Namespace) -> int:
    from klabber_tui.data import storage

    if not args.out.strip():  # Path("") is the current folder: an empty --out is a slip, not a choice
        fail(cli_help_words()["export.empty_out"])
    _data_folder()  # a data folder that cannot be used is blamed as such, not --out
    out = Path(args.out)
    try:
        written = storage.export_records(out)
    except storage.StorageError as error:  # the data folder, not --out
        fail(pgettext('export.data.folder', 'cannot read the saved matches: {reason}').format(reason=refused_text(error)))
    except OSError as error:
        fail(cli_help_words()["export.cannot_write"].format(out=str(out), reason=error.strerror or error))
    print(npgettext('count.export_written', '{n} deal record written to {out}', '{n} deal records written to {out}', len(written)).format(n=len(written), out=clean(str(out), newlines=False)))
    return 0


# -- klabber drill and klabber stats (issue 5) -------------------------------------------------


def _drill_situation(args: argparse.Namespace, preset: str) -> Any:
    """The situation asked for, refused in one line when the preset has none such (issue 25)."""
    from engine.rules import RuleSet
    from engine.situations import Situation, situations_for

    if args.situation is None:
        return None
    situation = Situation(args.situation)
    allowed = situations_for(RuleSet.from_preset(preset))
    if situation not in allowed:
        fail(pgettext('drill.refusal.no_situation', '{preset} has no {situation} decision; its situations are: {allowed}').format(
            preset=preset, situation=situation, allowed=", ".join(str(s) for s in allowed)))
    return situation


def _drill_json(preset: str, seed: int, args: argparse.Namespace) -> int:
    """``drill --json``: the positions the screen would ask for this seed, with the coach's values;
    nothing is recorded and no terminal is needed. A short search is said on stderr."""
    from engine.record import record_of

    from klabber_tui.practice import drill as drills

    situation = _drill_situation(args, preset)
    search = drills.generate(preset, seed, args.count, situation=situation, margin=args.margin)
    if len(search.positions) < search.wanted:
        short = npgettext('count.drill_search_short',
                          'found {found} of {n} position {within} (each searched at most {attempts} of {decks} '
                          'dealt); a wider --margin finds more',
                          'found {found} of {n} positions {within} (each searched at most {attempts} of {decks} '
                          'dealt); a wider --margin finds more', search.wanted).format(
            n=search.wanted, found=len(search.positions), within=within_points(args.margin),
            attempts=npgettext('count.evaluated_deals', '{n} evaluated deal', '{n} evaluated deals',
                               drills.MAX_ATTEMPTS).format(n=drills.MAX_ATTEMPTS), decks=drills.MAX_DECKS)
        print(f"klabber: {short}", file=sys.stderr)
    print(json.dumps({"preset": preset, "seed": seed,
                      "positions": [_position_json(p, record_of(p.deal())) for p in search.positions]}))
    return 0


def _position_json(position: Any, record: dict[str, Any], standing: Any = None) -> dict[str, Any]:
    """One position of ``drill --json``: its situation, seat, record (stopping at the decision) and
    the coach's values for each choice."""
    from ai.coach import advise

    advice = advise(position.view(), None, None, standing)
    return {"situation": str(position.kind), "seat": str(position.seat), "record": record, "best": str(advice.best),
            "choices": [{"action": str(a.action), "ev": round(a.ev, 2), "deal_ev": round(a.deal_ev, 2),
                         "make_prob": None if a.make_prob is None else round(advice.make_prob(a.action) or 0.0, 3)}
                        for a in advice.evaluation.actions]}


def _mistakes_drill(args: argparse.Namespace) -> tuple[Any, int] | None:
    """The due positions of the mistake deck as a drill (of ``--rules``, else of the preset of the
    longest overdue), or None (and the words on what to do) when none is due."""
    from klabber_tui.practice import drill as drills
    from klabber_tui.data import mistakes

    if args.situation is not None or args.margin != drills.DEFAULT_MARGIN:
        fail(pgettext('drill.refusal.mistakes_options', "--mistakes asks the deck's own positions: it takes no --situation or --margin"))
    deck, deck_notes = mistakes.load()
    message = notes_text(deck_notes)
    if message:
        print(one_line(message), file=sys.stderr)
    due = deck.due()
    preset = args.rules if args.rules is not None else (due[0]["preset"] if due else None)
    due = [e for e in due if e["preset"] == preset][:args.count]  # one preset a drill: the longest overdue's
    if not due:
        counts = deck.counts()
        print(pgettext('deck.none_due', "No mistakes are due now ({total} in the deck, {learnt} learnt). The coach puts each "
                       "bidding mistake of yours here, at the table, in a drill or a review; it comes back after 1, 3, 7 "
                       "and 21 days. Play (klabber play) or drill (klabber drill) and come back then.").format(
            total=counts["total"], learnt=counts["learnt"]))
        return None
    fixed = tuple(mistakes.position_of_entry(e) for e in due)
    return fixed, len(due)


def cmd_drill(args: argparse.Namespace) -> int:
    import random

    from klabber_tui.practice import drill as drills
    from klabber_tui.data import mistakes, stats, storage
    from klabber_tui.practice.session import Settings

    notes: list[str] = []
    raw: dict[str, object] = {}
    try:  # a drill records statistics only (each under the short statistics lock): no session lock
        storage.check_writable()
        raw, read_notes = storage.read_settings()
        notes = [note_text(note) for note in read_notes]
    except storage.StorageError as error:
        if not args.json:
            notes = [pgettext('drill.no.stats', 'Statistics will not be recorded: {reason}').format(
                reason=refused_text(error))]
        stats.recording = False
        mistakes.recording = False
    settings, repairs = Settings.repaired(raw)
    notes += [FILE_REPAIRED.format(what=storage.SETTINGS_NAME, note=note_text(note)) for note in repairs]
    preset = args.rules if args.rules is not None else settings.preset
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    if args.json and not args.mistakes:
        return _drill_json(preset, seed, args)
    fixed = None
    if args.mistakes:
        found = _mistakes_drill(args)
        if found is None:
            return 0
        fixed, due = found
        notes.append(npgettext('count.deck_due_start', 'Your mistake deck: {n} position due now. klabber drill --mistakes asks it again.', 'Your mistake deck: {n} positions due now. klabber drill --mistakes asks them again.', due).format(n=due))
        if args.json:
            deck_positions = [_position_json(p, json.loads(p.record or "{}"), mistakes.standing_of_position(p))
                              for p in fixed]
            print(json.dumps({"preset": fixed[0].preset, "seed": None, "positions": deck_positions}))
            return 0
        preset = fixed[0].preset
    else:
        _drill_situation(args, preset)
        deck, _message = mistakes.load()
        due = deck.counts()["due"]
        if due:
            notes.append(npgettext('count.deck_due_start', 'Your mistake deck: {n} position due now. klabber drill --mistakes asks it again.', 'Your mistake deck: {n} positions due now. klabber drill --mistakes asks them again.', due).format(n=due))
    need_terminal("drill")
    from klabber_tui.ui.drill_app import DrillApp

    drill = drills.Drill(preset, seed, args.count, situation=_drill_situation(args, preset) if not args.mistakes
                         else None, margin=args.margin, fixed=fixed)
    app = DrillApp(preset, seed, args.count, ascii=args.ascii or settings.ascii, notices=notes, drill=drill)
    return run_app(app)


def cmd_stats(args: argparse.Namespace) -> int:
    from klabber_tui.data import mistakes, stats, storage
    from klabber_tui.practice import situation_stats
    from klabber_tui.words.ascii_text import print_out
    from klabber_tui.ui.screens.stats import stats_report

    try:
        storage.data_dir()
    except storage.StorageError as error:
        fail(refused_text(error))
    loaded, stats_notes = stats.load()
    message = notes_text(stats_notes)
    deck, deck_notes = mistakes.load()
    deck_message = notes_text(deck_notes)
    by_situation = situation_stats.by_situation(loaded, deck)
    if args.json:
        for note in (message, deck_message):
            if note:
                print(f"klabber: {one_line(note)}", file=sys.stderr)
        doc = situation_stats.to_json(by_situation)
        from klabber_tui.practice import ladder  # issue 31, item 4: each preset's bidding on the bot's ladder

        for preset, entry in doc["presets"].items():
            found = ladder.placement(loaded, preset)
            entry["bidding_ladder"] = None if found is None else ladder.to_json(found)
        print(json.dumps(doc))
        return 0
    print_out(args.ascii, stats_report(loaded, message, by_situation, deck_message))
    return 0


def _register_drill_and_stats(sub: argparse._SubParsersAction) -> None:
    from engine.rules import PRESETS
    from engine.situations import SITUATIONS

    from klabber_tui.practice.drill import DEFAULT_MARGIN, MAX_MARGIN, MIN_MARGIN

    names = cli_metavars_words()
    drill = sub.add_parser("drill", help=cli_help_words()["drill"], description=cli_help_words()["drill.about"])
    drill.add_argument("--rules", choices=tuple(PRESETS), metavar=names["preset"],
                       help=cli_help_words()["drill.rules"].format(presets=choices_text(tuple(PRESETS),
                                                                                          "PRESET_WORDS")))
    helps = cli_help_words()
    drill.add_argument("--seed", type=SEED, metavar=names["seed"], help=helps["drill.seed"])
    drill.add_argument("--count", type=COUNT, default=10, metavar=names["number"], help=helps["drill.count"])
    drill.add_argument("--situation", choices=tuple(str(s) for s in SITUATIONS), metavar=names["situation"],
                       help=helps["drill.situation"])
    drill.add_argument("--margin", type=whole_number(MIN_MARGIN, MAX_MARGIN), default=DEFAULT_MARGIN,
                       metavar=names["margin"], help=helps["drill.margin"].format(margin=names["margin"]))
    drill.add_argument("--mistakes", action="store_true", help=helps["drill.mistakes"])
    drill.add_argument("--json", action="store_true", help=helps["drill.json"])
    drill.add_argument("--ascii", action="store_true", help=helps["ascii"])
    drill.set_defaults(run=cmd_drill)

    stats = sub.add_parser("stats", help=helps["stats"], description=helps["stats.about"])
    stats.add_argument("--json", action="store_true", help=helps["stats.json"])
    stats.add_argument("--ascii", action="store_true", help=helps["stats.ascii"])
    stats.set_defaults(run=cmd_stats)


# -- end of klabber drill and klabber stats -------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    names = cli_metavars_words()
    parser = _Parser(prog="klabber", description=cli_help_words()["klabber"])
    sub = parser.add_subparsers(dest="command", metavar=names["command"], parser_class=_Parser)
    sub.required = True

    replay = sub.add_parser("replay", help=cli_help_words()["replay"], description=cli_help_words()["replay.about"])
    replay.add_argument("file", type=file_name, metavar=names["file"], help=cli_help_words()["replay.file"])
    replay.add_argument("--json", action="store_true", help=cli_help_words()["replay.json"])
    replay.add_argument("--ascii", action="store_true", help=cli_help_words()["ascii"])
    replay.add_argument("--review", action="store_true",
                        help=cli_help_words()["replay.review"])
    replay.add_argument("--player", choices=("elder", "dealer"), metavar=names["seat"],
                        help=pgettext("cli.replay.player", "elder or dealer: the seat the player held, for --review; "
                                                           "the other seat's reasons are then worded as the bot's "
                                                           "(\"the bot holds…\"); a record the game wrote names "
                                                           "the seat itself"))
    replay.add_argument("--level", choices=LEVEL_NAMES, default=registry.VERDICT_LEVEL, metavar=names["level"],
                        help=cli_help_words()["replay.level"].format(
                            levels=choices_text(LEVEL_NAMES, "LEVEL_CHOICE_WORDS"),
                            level=choices_text((registry.VERDICT_LEVEL,), "LEVEL_CHOICE_WORDS")))
    # Issue 25: what if, the decision N made as ACTION and both lines played on.
    action = names["action"]
    replay.add_argument("--what-if", nargs=2, metavar=(names["number"], action),
                        help=pgettext("cli.replay.what_if",
                                      "play the deal on with action {n} (from 0) made as {action} instead (record "
                                      "notation, such as \"name H\"), beside what happened and the same choice played "
                                      "on, with the coach's values of the decision").format(n=names["number"],
                                                                                            action=action))
    replay.add_argument("--seed", type=SEED, metavar=names["seed"],
                        help=pgettext("cli.replay.seed", "the seed of the bots' play for --what-if (default 0)"))
    replay.set_defaults(run=cmd_replay)

    from engine.rules import PRESETS

    from klabber_tui.practice.session import LEVELS

    play = sub.add_parser("play", help=cli_help_words()["play"], description=cli_help_words()["play.about"])
    play.add_argument("--rules", choices=tuple(PRESETS), metavar=names["preset"],
                      help=cli_help_words()["play.rules"].format(presets=choices_text(tuple(PRESETS),
                                                                                        "PRESET_WORDS")))
    play.add_argument("--target", type=TARGET, metavar=names["number"], help=cli_help_words()["play.target"])
    play.add_argument("--level", choices=LEVELS, metavar=names["level"],
                      help=cli_help_words()["play.level"].format(levels=choices_text(tuple(LEVELS),
                                                                                       "LEVEL_CHOICE_WORDS")))
    play.add_argument("--seed", type=SEED, metavar=names["seed"], help=cli_help_words()["play.seed"])
    play.add_argument("--name", default=PLAYER_ROLE, metavar=names["name"], help=cli_help_words()["play.name"])
    play.add_argument("--ascii", action="store_true", help=cli_help_words()["ascii"])
    play.add_argument("--new", action="store_true", help=cli_help_words()["play.new"])
    play.add_argument("--watch", action="store_true", help=cli_help_words()["play.watch"])
    play.set_defaults(run=cmd_play)

    export = sub.add_parser("export", help=cli_help_words()["export"], description=cli_help_words()["export.about"])
    export.add_argument("--out", default="klabber-records", metavar=names["folder"],
                        help=cli_help_words()["export.out"])
    export.set_defaults(run=cmd_export)
    _register_drill_and_stats(sub)
    from klabber_tui.cli.bot_commands import register
    from klabber_tui.cli.report import register as register_report

    register(sub)
    register_report(sub)  # issue 31
    for command in (parser, *sub.choices.values()):  # --lang anywhere: before or after the command
        command.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, metavar=names["lang"],
                             help=cli_help_words()["lang"])
    return parser


def given_language(words: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the words, read before argparse so that argparse speaks it too;
    the last one given, as argparse keeps the last (issue 21)."""
    found = None
    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(words):
            found = words[index + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def setting_language() -> str | None:
    """The language saved in the settings, read without touching anything (a folder or a settings file
    that cannot be used is reported, and repaired, by the command itself)."""
    from klabber_tui.data.files import read_json
    from klabber_tui.data.storage import MAX_SETTINGS_BYTES, SETTINGS_NAME

    try:
        raw = read_json(Path(_data_folder_name()) / SETTINGS_NAME, MAX_SETTINGS_BYTES)
    except (OSError, FileRefused):
        return None
    lang = raw.get("lang") if isinstance(raw, dict) else None
    return lang if isinstance(lang, str) else None


def use_language(words: Sequence[str]) -> None:
    """Choose the language of this command: --lang, the setting, the locale, English (issue 12)."""
    given = given_language(words)
    i18n.set_language(i18n.choose(given, None if given in i18n.LANGUAGES else setting_language()))


def _data_folder_name() -> str:
    """Where the data folder is meant to be, worked out without touching the disk."""
    override = os.environ.get("KLABBER_HOME")
    if override:
        return override
    import platformdirs

    return platformdirs.user_data_dir("klabber", appauthor=False)


def _data_folder_refusal(error: OSError) -> str:
    """One line that blames the data folder (``KLABBER_HOME`` a file, a dangling link, read-only)."""
    name = _data_folder_name()
    folder = Path(name)
    words = data_folder_words()
    try:
        dangling = folder.is_symlink() and not folder.exists()
        not_folder = not dangling and folder.exists() and not folder.is_dir()
    except OSError:  # the name cannot even be looked at (a part over 255 bytes, a folder on the way
        dangling = not_folder = False  # without search permission): the error itself says why
    if dangling:
        reason = words["dangling"]
    elif not_folder:
        reason = words["not_folder"]
    else:
        where = os.fsdecode(error.filename) if isinstance(error.filename, (str, bytes)) else ""
        reason = os_reason(error) + (f" ({where})" if where and where != name else "")
    return str(words["refused"].format(name=name, reason=reason))


def _os_refusal(error: OSError) -> str:
    """An operating-system refusal as one line; one about a file in the data folder blames the folder.

    Storage's own (naming the folder and the reason) is worded from its code."""
    if isinstance(error, StorageError):
        return refused_text(error)
    home = os.path.abspath(_data_folder_name()) + os.sep
    name = os.fsdecode(error.filename) if isinstance(error.filename, (str, bytes)) else ""
    path = os.path.abspath(name) + os.sep
    if name and (path.startswith(home) or home.startswith(path)):  # in the folder, or on the way to it
        return _data_folder_refusal(error)
    line = str(data_folder_words()["cannot_go_on"].format(reason=os_reason(error)))
    return line + (f" ({name})" if name else "")


def _data_folder() -> Path:
    """The data folder, or the one-line refusal that names it."""
    from klabber_tui.data.storage import data_dir

    try:
        return data_dir()
    except OSError as error:
        fail(refused_text(error) if isinstance(error, StorageError) else _data_folder_refusal(error))


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``klabber`` command behind the boundary; the exit status (see the module doc).

    A refusal raises ``SystemExit(2)`` after its line, as argparse's own refusals do; a crash or an
    interrupt returns its status."""
    streams.install()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        with handled(ending_signals(), _terminate):
            use_language(words)
            args = build_parser().parse_args(words)
            status = int(args.run(args) or 0)
            if sys.stdout is not None:  # None when the shell closed it (``>&-``): nothing to flush
                sys.stdout.flush()  # a closed pipe shows here, inside the boundary, not at exit
            return status
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Terminated as ended:
        return ended.status
    except AppCrashed as crash:
        return report_crash(crash.error, words)
    except BrokenPipeError:  # ``klabber replay r.json | head -1``: the reader left, nothing is wrong
        _silence_stdout()
        return 1
    except KNOWN_ERRORS as error:
        fail(refusal_line(error))
    except OSError as error:  # the disk, not the program: a full or read-only data folder, say
        fail(_os_refusal(error))
    except Exception as error:  # noqa: BLE001 - the boundary: logged in full, reported in one line
        return report_crash(error, words)


def report_crash(error: BaseException, words: Sequence[str]) -> int:
    """The one crash path, of the command line and of the app: the log written, its path said first
    and whole, exit status 1."""
    print_crash_notice(error, write_crash_log(error, words))
    return 1


def refusal_line(error: Exception) -> str:
    """A refused file or record in the player's language: a record's refusal worded from its code in
    every language (the English words are the engine's line, the contract of deal-record.md's
    ``klabber replay``)."""
    return refused_text(error)


def _silence_stdout() -> None:
    """Point standard output at the null device, so the final flush does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real descriptor (captured in tests): nothing to do
        return


if __name__ == "__main__":
    sys.exit(main())
