"""The command line's own words: each command's help and metavars, and the headings of ``advise``,
``arena`` and ``bench`` as text (their ``--json`` keeps the figures' own keys).
"""

from __future__ import annotations

from klabber_tui.words.i18n import pgettext


# ``klabber bench`` as text (its --json keeps the figures' own keys).
def bench_words() -> dict[str, str]:
    return {
        'playouts': pgettext('bench.words.playouts', 'Playouts per second: {n}'),
        'solve': pgettext('bench.words.solve', 'Solving a position with every card known: {ms[mean]} ms on average, 95% within {ms[p95]} ms'),
        'decision': pgettext('bench.words.decision', '{level}: a card in {card[median]} ms (95% within {card[p95]}, at most {card[max]}), a bid in {bid[median]} ms (95% within {bid[p95]}, at most {bid[max]})'),
        'cold_start': pgettext('bench.words.cold_start', 'First decision after start: {ms} ms'),
        'memory': pgettext('bench.words.memory', 'Peak memory: {mb} MB'),
        'cpus': pgettext('bench.words.cpus', 'CPU cores usable: {n}'),
        'verdict_cold': pgettext('bench.words.verdict_cold', 'Coach after each bid at {level}, evaluated from the bid: {ms[median]} ms (95% within {ms[p95]}, at most {ms[max]})'),
        'verdict_ahead': pgettext('bench.words.verdict_ahead', 'Coach after each bid at {level}, evaluated while the player thinks {think} s: {ms[median]} ms left after the bid (95% within {ms[p95]}, at most {ms[max]})'),
    }


def advise_columns_words() -> tuple[str, ...]:
    """``klabber advise``'s columns (issue 24: each number under its own name)."""
    return (
        pgettext('advise.column.action', 'action'),
        pgettext('advise.column.bot_value', "bot's value"),
        pgettext('advise.column.points', 'points this deal'),
        pgettext('advise.column.error', '± error'),
        pgettext('advise.column.maker_makes', 'maker makes'),
        pgettext('advise.column.match_chance', 'match chance'),
    )


# ``klabber arena`` as text (its --json keeps the figures' own keys); bots and presets by their names.
def arena_words() -> dict[str, str]:
    return {
        'progress': pgettext('arena.words.progress', '{a} v {b} ({rules})'),
        'progress_target': pgettext('arena.words.progress_target', '{a} v {b} ({rules}, to {target})'),
        'head': pgettext('arena.words.head', '[b]{a}[/b] v [b]{b}[/b] under {rules}: {boards} ({deals}) in {seconds:.1f} s'),
        'margin': pgettext('arena.words.margin', 'margin per deal for {a}: {margin:+.2f} (95% {lo:+.2f} .. {hi:+.2f})'),
        'makers': pgettext('arena.words.makers', '{a} as maker: {a_maker}; {b} as maker: {b_maker}; thrown in: {thrown_in}'),
        'outcomes': pgettext('arena.words.outcomes', '{made} made, {tie} tie, {bust} bust'),
        'head_target': pgettext('arena.words.head_target', '[b]{a}[/b] v [b]{b}[/b] under {rules} to {target}: {matches} played twice ({played}, {deals}) in {seconds:.1f} s'),
        'wins': pgettext('arena.words.wins', 'matches won: {a} {a_wins}, {b} {b_wins}, undecided {undecided}'),
        'unknown_bot': pgettext('arena.words.unknown_bot', 'unknown bot {name!r}: the bots are {bots}, or a research bot as module:factory from a checkout (research/README.md)'),
        'no_module': pgettext('arena.words.no_module', 'bot {name!r}: the module {module!r} does not import ({error}); research bots are found from a checkout (research/README.md)'),
        'no_factory': pgettext('arena.words.no_factory', 'bot {name!r}: the module {module!r} has no {factory!r} to call without arguments'),
        'not_a_bot': pgettext('arena.words.not_a_bot', 'bot {name!r}: {factory}() gave no bot (a bot has a name, wants_exchange, and choose or choose_full)'),
        'jobs_capped': pgettext('arena.words.jobs_capped', '--jobs {jobs} capped at {usable}, the CPUs this process may use'),
    }


def cli_help_words() -> dict[str, str]:
    return {
        'klabber': pgettext('cli.klabber', 'Two-player Klaberjass against a Monte Carlo bot.'),
        'ascii': pgettext('cli.ascii', 'plain characters only, for a terminal or font without symbols: suits as letters C D H S, plain lines and marks'),
        'play': pgettext('cli.play', 'play a match against the bot'),
        'play.rules': pgettext('cli.play.rules', 'the preset: {presets} (default klaberjass)'),
        'play.target': pgettext('cli.play.target', 'points to win, 100 to 5000 (default 500)'),
        'play.level': pgettext('cli.play.level', 'the bot: {levels} (default normal, the mc bot)'),
        'play.seed': pgettext('cli.play.seed', 'the match seed (deals and the draw)'),
        'play.name': pgettext('cli.play.name', 'your name, shown over your hand and in the saved records'),
        'play.new': pgettext('cli.play.new', 'start a new match; the saved one is kept as a backup'),
        'play.watch': pgettext('cli.play.watch', 'watch two bots play each other'),
        'drill': pgettext('cli.drill', 'bidding drills: close calls judged by the coach'),
        'drill.rules': pgettext('cli.drill.rules', 'the preset: {presets} (default: the one in the settings)'),
        'drill.seed': pgettext('cli.drill.seed', "the drill's seed: the same seed, the same positions"),
        'drill.count': pgettext('cli.drill.count', 'positions to drill, 1 to 200 (default 10)'),
        'drill.situation': pgettext('cli.drill.situation', 'drill one situation only: round-one-elder, round-one-dealer, round-two-elder, round-two-dealer (round one or two as the elder or the dealer), schmeiss-answer, naming-after-refusal'),
        'drill.margin': pgettext('cli.drill.margin', 'ask only positions whose best two choices are within {margin} points, 1 to 200 (default 15)'),
        'drill.json': pgettext('cli.drill.json', 'print the positions as JSON (no screen, nothing recorded)'),
        'drill.mistakes': pgettext('cli.drill.mistakes', 'ask the due positions of your mistake deck again'),
        'stats': pgettext('cli.stats', 'your statistics: matches, deals as maker, decisions against the bot'),
        'stats.json': pgettext('cli.stats.json', 'print the statistics by situation as JSON (nothing is changed)'),
        'stats.ascii': pgettext('cli.stats.ascii', 'draw the charts with ASCII characters'),
        'replay': pgettext('cli.replay', 'replay a deal record and score it'),
        'replay.file': pgettext('cli.replay.file', 'a klabber-deal/1 record (JSON)'),
        'replay.json': pgettext('cli.replay.json', 'print the result as one JSON object'),
        'replay.review': pgettext('cli.replay.review', "judge every decision of both seats with the coach, costliest mistakes first (with --json: an extra key 'review')"),
        'replay.level': pgettext('cli.replay.level', "the coach's level for --review: {levels} (default {level}, the level of every verdict)"),
        'export': pgettext('cli.export', 'write the deal records of the saved and finished matches'),
        'export.out': pgettext('cli.export.out', 'the folder to write to (default ./klabber-records)'),
        'export.cannot_write': pgettext('cli.export.cannot_write', 'cannot write to {out!r}: {reason}'),
        'export.empty_out': pgettext('cli.export.empty_out', '--out must name a folder to write the records to, not be empty'),
        'lang': pgettext('cli.lang', 'the language: en (English) or ru (Russian); default: the setting, then the locale'),
        'advise': pgettext('cli.advise', "the bot's evaluation of every legal action at a record's end"),
        'advise.record': pgettext('cli.advise.record', 'a klabber-deal/1 record that stops mid-deal'),
        'advise.level': pgettext('cli.advise.level', "the bot's level: {levels} (default {level}, the level of every verdict)"),
        'advise.seed': pgettext('cli.advise.seed', 'the seed of the sampled deals: the same seed, the same figures (default 0)'),
        'advise.score': pgettext('cli.advise.score', 'the match score before this deal, the seat to act first, 0 to {high}'),
        'advise.target': pgettext('cli.advise.target', "the match target, {low} to {high}; default: the record's own"),
        'advise.json': pgettext('cli.advise.json', 'print the evaluation as one JSON object (actions in record notation)'),
        'arena': pgettext('cli.arena', 'duplicate boards between two bots'),
        'arena.a': pgettext('cli.arena.a', 'a bot: {bots}; or a research bot as module:factory, from a checkout (research/README.md)'),
        'arena.b': pgettext('cli.arena.b', 'the other bot'),
        'arena.rules': pgettext('cli.arena.rules', 'the preset: {presets} (default {default})'),
        'arena.deals': pgettext('cli.arena.deals', 'number of boards (two deals each), 1 to {high}; with --target, of matches (each played twice)'),
        'arena.target': pgettext('cli.arena.target', 'play whole matches to N points ({low} to {high}), the bots told the score sheet, and count matches won'),
        'arena.seed': pgettext('cli.arena.seed', 'the seed of the boards (default 0)'),
        'arena.jobs': pgettext('cli.arena.jobs', 'processes to use, at most the CPUs this process may use'),
        'arena.first': pgettext('cli.arena.first', 'first board number, to run in shards'),
        'arena.json': pgettext('cli.arena.json', 'print the figures as one JSON object'),
        'bench': pgettext('cli.bench', "the bot's speed figures"),
        'bench.decisions': pgettext('cli.bench.decisions', 'decisions to time per level, 1 to {high} (default 200)'),
        'bench.seed': pgettext('cli.bench.seed', 'the seed of the positions timed (default 0)'),
        'bench.json': pgettext('cli.bench.json', 'print the figures as one JSON object'),
        'replay.about': pgettext('cli.replay.about', 'Replay a deal record through the rules and show the deal and its score. A record the rules refuse is named in one line, with exit status 2.'),
        'play.about': pgettext('cli.play.about', 'Play a match against the bot in the terminal. The match is saved after every move and resumes where you left it.'),
        'export.about': pgettext('cli.export.about', 'Write a deal record (klabber-deal/1) of every deal of the saved and finished matches, to replay or to share.'),
        'drill.about': pgettext('cli.drill.about', 'Bidding drills: positions where taking and passing are close, each judged by the coach; the missed ones come again.'),
        'stats.about': pgettext('cli.stats.about', 'Your statistics: matches won, deals as maker, and how often your bids and cards agree with the bot.'),
        'advise.about': pgettext('cli.advise.about', "The bot's evaluation of every legal action of the seat to act at the end of a record: the expected score, the chance to make the deal, and the reasons."),
        'arena.about': pgettext('cli.arena.about', 'Two bots play the same boards: each board is dealt twice with the seats swapped, so that the luck of the cards cancels out. Prints the margin per deal with its interval (95%).'),
        'bench.about': pgettext('cli.bench.about', 'How fast the bot is: playouts per second, the solving of a position, the time of a card and of a bid at each level, and memory.'),
    }


# The names of the command line's values in its help (``--rules P``); what is typed stays the same.
def cli_metavars_words() -> dict[str, str]:
    return {
        'command': pgettext('cli.metavar.command', 'COMMAND'),
        'preset': pgettext('cli.metavar.preset', 'P'),
        'number': pgettext('cli.metavar.number', 'N'),
        'level': pgettext('cli.metavar.level', 'L'),
        'seed': pgettext('cli.metavar.seed', 'S'),
        'name': pgettext('cli.metavar.name', 'NAME'),
        'file': pgettext('cli.metavar.file', 'FILE'),
        'folder': pgettext('cli.metavar.folder', 'DIR'),
        'lang': pgettext('cli.metavar.lang', 'LANG'),
        'record': pgettext('cli.metavar.record', 'RECORD'),
        'mine': pgettext('cli.metavar.mine', 'MINE'),
        'theirs': pgettext('cli.metavar.theirs', 'THEIRS'),
        'bot_a': pgettext('cli.metavar.bot_a', 'A'),
        'bot_b': pgettext('cli.metavar.bot_b', 'B'),
        # issue 25: replay --what-if ACTION, advise --hand CARDS --turn-up CARD --seat SEAT --bids WORDS
        'action': pgettext('cli.metavar.action', 'ACTION'),
        'cards': pgettext('cli.metavar.cards', 'CARDS'),
        'card': pgettext('cli.metavar.card', 'CARD'),
        'seat': pgettext('cli.metavar.seat', 'SEAT'),
        'words': pgettext('cli.metavar.words', 'WORDS'),
        'situation': pgettext('cli.metavar.situation', 'SITUATION'),
        'margin': pgettext('cli.metavar.margin', 'M'),
    }
