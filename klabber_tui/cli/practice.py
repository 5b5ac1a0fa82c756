"""``klabber drill`` (bidding drills, by situation and closeness, and the mistake deck) and ``klabber
stats`` (the player's statistics): issues 5 and 25.

``drill --json`` prints the positions with the coach's values and needs no terminal; the drill itself
runs its app (:func:`klabber_tui.ui.start.run_screen`, the one start path of issue 33). ``stats --json`` needs neither Textual nor
numpy.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from klabber_tui.ui import start
from klabber_tui.cli.argtypes import SEED, fail, one_line, whole_number
from klabber_tui.words.commands import cli_help_words, cli_metavars_words
from klabber_tui.words.drill import within_points
from klabber_tui.words.files import FILE_REPAIRED, note_text, notes_text, refused_text
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.names import choices_text

COUNT = whole_number(1, 200)


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


def _position_json(position: Any, record: dict[str, Any]) -> dict[str, Any]:
    """One position of ``drill --json``: its situation, seat, record (stopping at the decision), the
    standing it was taken at (a mistake's match score, else null) and the coach's values for each
    choice, judged at that standing."""
    from ai.coach import advise

    from klabber_tui.practice.mistake_positions import standing_of_position

    standing = standing_of_position(position)
    advice = advise(position.view(), None, None, standing)
    return {"situation": str(position.kind), "seat": str(position.seat), "record": record,
            "standing": None if standing is None else
            {"mine": standing.mine, "theirs": standing.theirs, "target": standing.target},
            "best": str(advice.best),
            "choices": [{"action": str(a.action), "ev": round(a.ev, 2), "deal_ev": round(a.deal_ev, 2),
                         "make_prob": None if a.make_prob is None else round(advice.make_prob(a.action) or 0.0, 3)}
                        for a in advice.evaluation.actions]}


def _mistakes_drill(args: argparse.Namespace) -> tuple[Any, int] | None:
    """The due positions of the mistake deck as a drill (of ``--rules``, else of the preset of the
    longest overdue), or None (and the words on what to do: on standard error with ``--json``, whose
    standard output is the JSON alone) when none is due."""
    from klabber_tui.practice import drill as drills
    from klabber_tui.data import mistakes

    if args.situation is not None or args.margin != drills.DEFAULT_MARGIN:
        fail(pgettext('drill.refusal.mistakes_options', "--mistakes asks the deck's own positions: it takes no --situation or --margin"))
    from klabber_tui.practice.mistake_positions import position_of_entry

    deck, deck_notes = mistakes.load()
    message = notes_text(deck_notes)
    if message:
        print(f"klabber: {one_line(message)}", file=sys.stderr)
    due = deck.due()
    preset = args.rules if args.rules is not None else (due[0]["preset"] if due else None)
    due = [e for e in due if e["preset"] == preset][:args.count]  # one preset a drill: the longest overdue's
    if not due:
        counts = deck.counts()
        print(("klabber: " if args.json else "") + pgettext('deck.none_due', "No mistakes are due now ({total} in the deck, {learnt} learnt). The coach puts each "
                       "bidding mistake of yours here, at the table, in a drill or a review; it comes back after 1, 3, 7 "
                       "and 21 days. Play (klabber play) or drill (klabber drill) and come back then.").format(
            total=counts["total"], learnt=counts["learnt"]), file=sys.stderr if args.json else sys.stdout)
        return None
    fixed = tuple(position_of_entry(e) for e in due)
    return fixed, len(due)


def cmd_drill(args: argparse.Namespace) -> int:
    import random

    from klabber_tui.practice import drill as drills
    from klabber_tui.data import mistakes, stats
    from klabber_tui.data.folder import StorageError, check_writable
    from klabber_tui.data.settings import SETTINGS_NAME, read_settings
    from klabber_tui.practice.session import Settings

    notes: list[str] = []
    raw: dict[str, object] = {}
    try:  # a drill records statistics only (each under the short statistics lock): no session lock
        check_writable()
        raw, read_notes = read_settings()
        notes = [note_text(note) for note in read_notes]
    except StorageError as error:
        if not args.json:
            notes = [pgettext('drill.no.stats', 'Statistics will not be recorded: {reason}').format(
                reason=refused_text(error))]
        stats.recording = False
        mistakes.recording = False
    settings, repairs = Settings.repaired(raw)
    notes += [FILE_REPAIRED.format(what=SETTINGS_NAME, note=note_text(note)) for note in repairs]
    preset = args.rules if args.rules is not None else settings.preset
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    if args.json and not args.mistakes:
        return _drill_json(preset, seed, args)
    fixed = None
    if args.mistakes:
        found = _mistakes_drill(args)
        if found is None:  # --json: the shape of a full deck, empty (its words went to stderr)
            if args.json:
                print(json.dumps({"preset": preset, "seed": None, "positions": []}))
            return 0
        fixed, due = found
        notes.append(npgettext('count.deck_due_start', 'Your mistake deck: {n} position due now. klabber drill --mistakes asks it again.', 'Your mistake deck: {n} positions due now. klabber drill --mistakes asks them again.', due).format(n=due))
        if args.json:
            deck_positions = [_position_json(p, json.loads(p.record or "{}")) for p in fixed]
            print(json.dumps({"preset": fixed[0].preset, "seed": None, "positions": deck_positions}))
            return 0
        preset = fixed[0].preset
    else:
        _drill_situation(args, preset)
        deck, _message = mistakes.load()
        due = deck.counts()["due"]
        if due:
            notes.append(npgettext('count.deck_due_start', 'Your mistake deck: {n} position due now. klabber drill --mistakes asks it again.', 'Your mistake deck: {n} positions due now. klabber drill --mistakes asks them again.', due).format(n=due))
    start.need_screen("drill")
    from klabber_tui.ui.drill_app import DrillApp

    drill = drills.Drill(preset, seed, args.count, situation=_drill_situation(args, preset) if not args.mistakes
                         else None, margin=args.margin, fixed=fixed)
    app = DrillApp(preset, seed, args.count, ascii=args.ascii or settings.ascii, notices=notes, drill=drill)
    return start.run_screen(app, "drill")


def cmd_stats(args: argparse.Namespace) -> int:
    from klabber_tui.data import mistakes, stats
    from klabber_tui.data.folder import StorageError, data_dir
    from klabber_tui.practice import situation_stats
    from klabber_tui.words.ascii_text import print_out

    try:
        data_dir()
    except StorageError as error:
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
    from klabber_tui.ui.screens.stats import stats_report  # Rich tables beside the page's: Textual too

    print_out(args.ascii, stats_report(loaded, message, by_situation, deck_message))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``drill`` and ``stats`` to the ``klabber`` parser, worded in the current language (issue 12)."""
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
