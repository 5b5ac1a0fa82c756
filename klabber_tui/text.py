"""Every user-facing word, in one place, so the game can be translated without touching screens.

Functions here turn engine facts (cards, actions, events, results) into words; screens and the
command line only arrange them.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, cards_of, format_card, mask_of, rank_of, sorted_cards, suit_of
from engine.deal import Event

SEAT_NAMES = {"elder": "Elder", "dealer": "Dealer"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {"7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
              "K": "king", "A": "ace"}
OUTCOME_WORDS = {"made": "made", "tie": "tie", "bust": "bust", "thrown_in": "thrown in",
                 "in_progress": "in progress"}
STAGE_WORDS = {
    "bidding_round_one": "Bidding, round one",
    "schmeiss_answer": "Answer the schmeiss",
    "bidding_round_two": "Bidding, round two",
    "naming": "Name the trump",
    "play": "Play",
    "done": "Deal over",
}
BID_WORDS = {
    "take": "I take it.",
    "pass": "Pass.",
    "schmeiss": "Schmeiss!",
    "accept": "Accepted: throw in.",
    "refuse": "Refused.",
}


def card_text(c: int, ascii_suits: bool = False) -> str:
    """A card for people: ``10♦`` (or ``10D`` with ASCII suits)."""
    rank = RANKS[rank_of(c)]
    rank = "10" if rank == "T" else rank
    return rank + (SUITS if ascii_suits else SUIT_SYMBOLS)[suit_of(c)]


def cards_text(mask: int, ascii_suits: bool = False) -> str:
    return " ".join(card_text(c, ascii_suits) for c in sorted(cards_of(mask), reverse=True))


def suit_text(suit: int, ascii_suits: bool = False) -> str:
    symbol = (SUITS if ascii_suits else SUIT_SYMBOLS)[suit]
    return f"{symbol} {SUIT_WORDS[SUITS[suit]]}"


def action_text(action: str, ascii_suits: bool = False) -> str:
    """What a player says or does, for the log."""
    move = Action.parse(action)
    if move.kind == "name" and move.suit is not None:
        return f"I name {suit_text(move.suit, ascii_suits)}."
    if move.kind == "exchange":
        return "Exchanges the dix for the turn-up."
    if move.kind == "play" and move.card is not None:
        return f"plays {format_card(move.card)}" + (" — bella!" if move.bella else "")
    return BID_WORDS.get(move.kind, move.kind)


def dialogue_text(word: str, arg: int | str | None, ascii_suits: bool = False) -> str:
    """One line of the declaration dialogue of rules.md §6.3."""
    if word == "value":
        return {0: "No sequence.", 20: "A twenty.", 50: "A fifty."}.get(int(arg or 0), str(arg))
    if word == "length":
        return f"{arg} cards."
    if word == "top":
        assert isinstance(arg, int)
        return f"{RANK_WORDS[RANKS[rank_of(arg)]].capitalize()} high."
    if word == "trump":
        return "Mine is in trumps: it wins."
    if word == "tie":
        return "Equal in every way: the elder scores." if arg == "elder" else "Equal in every way: nobody scores."
    return {"good": "Good.", "not_good": "Not good.", "how_high": "How high?", "same": "The same."}[word]


def event_text(event: Event, ascii_suits: bool = False) -> str | None:
    """A log line for an event, or None for events the log does not show."""
    who = SEAT_NAMES.get(event.seat or "", "")
    data = event.data
    if event.kind == "bid":
        return f"{who}: {action_text(data['action'], ascii_suits)}"
    if event.kind == "thrown_in":
        return "The deal is thrown in."
    if event.kind == "trump":
        return f"Trump: {suit_text(data['suit'], ascii_suits)}; {who.lower()} is the maker."
    if event.kind == "extra_deal":
        return f"Extra deal to you: {' '.join(card_text(c, ascii_suits) for c in data['cards'])}."
    if event.kind == "bottom":
        return f"Bottom card shown: {card_text(data['card'], ascii_suits)}."
    if event.kind == "exchange":
        return (f"{who} exchanges the dix {card_text(data['dix'], ascii_suits)} "
                f"for {card_text(data['taken'], ascii_suits)}.")
    if event.kind == "dialogue":
        return f"{who}: {dialogue_text(data['word'], data['arg'], ascii_suits)}"
    if event.kind == "sequences":
        runs = ", ".join(cards_text(m, ascii_suits) for m in data["runs"])
        return f"{who} scores sequences: {runs} = {data['points']}."
    if event.kind == "bella":
        return f"{who}: Bella! (+{data['points']})"
    if event.kind == "trump_run":
        return f"{who} scores the trump run with the marriage (+{data['points']})."
    if event.kind == "trick":
        a, b = data["cards"]
        return f"Trick {card_text(a, ascii_suits)} {card_text(b, ascii_suits)}: {who.lower()} wins {data['points']}."
    if event.kind == "play":
        return None
    if event.kind == "deal_end":
        return f"Deal over: {OUTCOME_WORDS[data['outcome']]}."


# ---------------------------------------------------------------------------------------------
# The game's screens (klabber play). Screens only arrange these words.

APP_TITLE = "klabber"
PLAYER_WORDS = {False: ("You", "Bot"), True: ("Bot 1", "Bot 2")}  # playing; watching two bots
PLAYER_SHORT = {False: ("Y", "B"), True: ("1", "2")}  # the score sheet's dealer and maker columns
YOU, BOT = PLAYER_WORDS[False]
TWO_BOTS = False  # set by use_player_words: two bots play, so nobody at the table is "you"


def use_player_words(watching: bool) -> None:
    """When two bots play (``--watch``) neither is "you": the table says Bot 1 and Bot 2 (issue 13)."""
    global YOU, BOT, TWO_BOTS
    YOU, BOT = PLAYER_WORDS[watching]
    TWO_BOTS = watching


def named(is_you: bool) -> str:
    """``who`` inside a sentence: "you" and "bot" in lower case; Bot 1 and Bot 2 keep their capitals."""
    return who(is_you) if TWO_BOTS else who(is_you).lower()


def says(is_you: bool, verb: str, *, start: bool = False) -> str:
    """Subject and verb that agree: "you get", "bot gets", "Bot 1 gets" ("You get" at a sentence start)."""
    subject = who(is_you) if start else named(is_you)
    return f"{subject} {verb if is_you and not TWO_BOTS else verb + 's'}"


def who_short(is_you: bool) -> str:
    """One letter for a player in the score sheet: Y and B, or 1 and 2 when watching."""
    return PLAYER_SHORT[TWO_BOTS][0 if is_you else 1]


AREA = {
    "talon": "Talon",
    "turn_up": "Turn-up",
    "bottom": "Bottom",
    "trick": "Trick",
    "last_trick": "Last trick",
    "hand": "Your hand",
    "score": "Score",
    "log": "Log",
    "trump": "Trump",
    "maker": "Maker",
    "dealer": "Dealer",
    "to_act": "To act",
    "deal": "Deal",
    "target": "Target",
    "none": "—",
}
CARD_BACK = "▒▒▒"
CARD_BACK_ASCII = "###"
MINI_BACK = "▮"
MINI_BACK_ASCII = "#"

KEY_LABELS = {
    "rules_page": "Rules page",
    "play": "Play",  # the footer shows the keys, 1-9, beside it
    "choose": "Choose",
    "take": "Take",
    "pass": "Pass",
    "schmeiss": "Schmeiss",
    "yes": "Yes",
    "no": "No",
    "clubs": "Clubs",
    "diamonds": "Diamonds",
    "hearts": "Hearts",
    "spades": "Spades",
    "exchange": "Exchange dix",
    "last": "Last trick",
    "undo": "Undo",
    "settings": "Settings",
    "help": "Help",
    "quit": "Quit",
    "continue": "Continue",
    "close": "Close",
    "new_match": "New match",
    "save": "Save",
    "cancel": "Cancel",
}
BUTTON_LABELS = {
    "take": "Take (t)",
    "pass": "Pass (p)",
    "schmeiss": "Schmeiss (m)",
    "yes": "Yes (y)",
    "no": "No (n)",
    "exchange": "Exchange (e)",
    "continue": "Continue (Enter)",
    "new_match": "New match (n)",
    "quit": "Quit (q)",
    "save": "Save",
    "cancel": "Cancel",
    "close": "Close (Esc)",
}

THINKING = "{bot} is thinking…"
TOO_SMALL = "klabber needs a terminal of at least {w}×{h}; this one is {cw}×{ch}. Please enlarge it."
SAVE_PROBLEM = "The saved match could not be read ({reason}); it was moved to {path}. A new match starts."
SAVE_WRITE_FAILED = "Could not save the match: {reason}"
BOT_FALLBACK = "The level {level!r} is not available yet; playing against {name} instead."
UNDONE = "Your last decision was taken back (this match now counts as practice)."
NOTHING_TO_UNDO = "Nothing of yours to undo in this deal."
NO_LAST_TRICK = "No trick has been played yet in this deal."
NOT_YOUR_TURN = "Wait: it is not your turn."
NOTHING_TO_ANSWER = "There is no question to answer now."
NOT_NOW = "That key does nothing now."
NO_CARD_THERE = "There is no card {n} in your hand."
# Issue 13: a refusal in the table's own notation (10♣, ♥ hearts), from IllegalAction's code and detail.
REFUSALS = {
    "not_your_turn": "Wait: it is not your turn.",
    "must_follow": "{card} cannot be played: follow suit, {suit} ({led} was led).",
    "must_overtake": "{card} cannot be played: beat {led} if you can.",
    "must_trump": "{card} cannot be played: you have no {suit}, so play a trump ({trump}).",
    "not_in_hand": "{card} is not in your hand.",
    "bella_no_score": "Bella does not score on {card}.",
    "turn_up_suit": "In round two the turn-up suit, {suit}, cannot be named.",
    "no_schmeiss": "Schmeiss is not allowed under these rules.",
    "bidding_over": "The bidding is over: play a card.",
    "bidding_not_over": "No card can be played during the bidding.",
    "exchange_closed": "The dix cannot be exchanged now.",
}
REFUSAL_OTHER = "That is not allowed now."
REFUSAL_PLAYS = " You may play: {cards}."
REFUSAL_BIDS = " You may: {words}."
ALLOWED_WORDS = {"take": "take (t)", "pass": "pass (p)", "schmeiss": "schmeiss (m)", "accept": "accept (y)",
                 "refuse": "refuse (n)", "exchange": "exchange the dix (e)"}
WATCHING = "Watching {a} against {b}. Press q to stop."
FORCED = "Only one card can be played: {card} is played for you."

PROMPTS = {
    "bidding_round_one": "Round one: take the turn-up suit {suit} (t), pass (p){schmeiss}.",
    "schmeiss_option": ", or schmeiss (m)",
    "schmeiss_answer": "{who} says schmeiss: throw the deal in? y = accept, n = refuse{refuse_hint}.",
    "refuse_maker": " (then {suit} is trump and {who} is the maker)",
    "refuse_names": " (then you name the trump)",
    "bidding_round_two": "Round two: name a suit (c d h s, not {suit}) or pass (p){schmeiss}.",
    "naming": "Name the trump: c d h s.",
    "play_lead": "Your lead: play a card (1-{n}, or arrows and Enter).",
    "play_follow": "Your turn: answer {card} (1-{n}, or arrows and Enter).",
    "exchange": "You hold the dix: e exchanges it for {card}.",
    "hold": "{winner} {verb} the trick ({points}). Press Enter to go on.",
    "hold_auto": "{winner} {verb} the trick ({points}).",
    "bot_said": "{who}: {words}",
    "draw": "Press Enter to deal.",
    "bella": "Announce bella with {card}? y / n (Enter = yes)",
}
WIN_VERB = {"you": "win", "other": "wins"}


def refusal_text(code: str, detail: dict[str, Any], ascii_suits: bool = False) -> str:
    """Why the rules refuse a move and what they allow, in the table's notation (never record syntax)."""
    words: dict[str, str] = {}
    for key in ("card", "led"):
        if isinstance(detail.get(key), int):
            words[key] = card_text(detail[key], ascii_suits)
    for key in ("suit", "trump"):
        if isinstance(detail.get(key), int):
            words[key] = suit_text(detail[key], ascii_suits)
    line = REFUSALS.get(code, REFUSAL_OTHER).format(**words)
    allowed = [str(a) for a in detail.get("allowed", ())]
    moves = [Action.parse(a) for a in allowed]
    plays = sorted_cards(mask_of({m.card for m in moves if m.card is not None}),
                         detail.get("trump"))  # in the order the hand shows them
    if plays:
        return line + REFUSAL_PLAYS.format(cards=" ".join(card_text(c, ascii_suits) for c in plays))
    if not allowed or code == "not_your_turn":
        return line
    return line + REFUSAL_BIDS.format(words=", ".join(allowed_text(a, ascii_suits) for a in allowed))


def allowed_text(action: str, ascii_suits: bool = False) -> str:
    """A move the player may make, with its key: "take (t)", "name ♥ hearts (h)"."""
    move = Action.parse(action)
    if move.kind == "name" and move.suit is not None:
        return f"name {suit_text(move.suit, ascii_suits)} ({SUITS[move.suit].lower()})"
    return ALLOWED_WORDS.get(action, action)


def seat_label(is_you: bool, bot: str) -> str:
    return YOU if is_you else f"{BOT} ({bot})"


def hand_caption(name: str, watching: bool) -> str:
    """Over player 0's hand: the bot's name when watching, else "Your hand" with a name given by --name."""
    if watching:
        return name
    return AREA["hand"] if name == YOU else f"{AREA['hand']} ({name})"


def who(is_you: bool) -> str:
    return YOU if is_you else BOT


def suit_key_hint(suit: int, ascii_suits: bool = False) -> str:
    return suit_text(suit, ascii_suits)


def info_lines(deal_no: int, target: int, dealer_you: bool, to_act: str | None, trump: str, maker: str,
               stage: str) -> tuple[str, str]:
    first = f"{AREA['deal']} {deal_no} · {STAGE_WORDS.get(stage, stage)} · {AREA['dealer']}: {who(dealer_you)}"
    act = to_act if to_act is not None else AREA["none"]
    second = f"{AREA['trump']}: {trump} ({AREA['maker'].lower()}: {maker}) · {AREA['to_act']}: {act}"
    return first, second


def opponent_line(name: str, count: int, known: str, ascii_suits: bool) -> str:
    backs = (MINI_BACK_ASCII if ascii_suits else MINI_BACK) * count
    line = f"{BOT} ({name}): {backs} {count} card{'s' if count != 1 else ''}"
    if known:
        line += f" · known: {known}"
    return line


def deal_header(number: int, fingerprint: str, dealer_you: bool) -> str:
    return f"Deal {number}: {says(dealer_you, 'deal')}. Deck fingerprint {fingerprint}."


def log_line(event: Event, you_seat: str, ascii_suits: bool = False) -> str | None:
    """A line of this deal's log, naming the seats You and Bot."""
    mine = event.seat == you_seat
    name = who(mine) if event.seat else ""
    data = event.data
    kind = event.kind
    if kind == "bid":
        return f"{name}: {action_text(data['action'], ascii_suits)}"
    if kind == "trump":
        return f"Trump: {suit_text(data['suit'], ascii_suits)}; maker: {named(mine)}."
    if kind == "extra_deal":
        return f"Extra deal: {says(mine, 'get')} {' '.join(card_text(c, ascii_suits) for c in data['cards'])}."
    if kind == "exchange":
        return f"{name}: exchanges the dix {card_text(data['dix'], ascii_suits)} for {card_text(data['taken'], ascii_suits)}."
    if kind == "dialogue":
        return f"{name}: {dialogue_text(data['word'], data['arg'], ascii_suits)}"
    if kind == "sequences":
        runs = ", ".join(cards_text(m, ascii_suits) for m in data["runs"])
        return f"{says(mine, 'score', start=True)} sequences: {runs} = {data['points']}."
    if kind == "bella":
        return f"{name}: Bella! (+{data['points']})"
    if kind == "trump_run":
        return f"{name}: trump run with the marriage (+{data['points']})."
    if kind == "trick":
        a, b = data["cards"]
        return f"{card_text(a, ascii_suits)} {card_text(b, ascii_suits)}: {says(mine, 'win')} {data['points']}."
    if kind == "play":
        return None
    return event_text(event, ascii_suits)


def draw_text(draws: tuple[tuple[int, int], ...], first_dealer_you: bool, ascii_suits: bool) -> str:
    lines = ["Each player draws a card; the lower card (ace high) deals first."]
    for k, (mine, bots) in enumerate(draws, start=1):
        again = " — equal, draw again" if k < len(draws) else ""
        lines.append(f"{YOU}: {card_text(mine, ascii_suits)}   {BOT}: {card_text(bots, ascii_suits)}{again}")
    lines.append(f"{says(first_dealer_you, 'deal', start=True)} first.")
    return "\n".join(lines)


DRAW_TITLE = "The draw for the first dealer"
RESUME_TITLE = "A saved match"
RESUME_QUESTION = ("A match {players} from {date} is saved: deal {deal}, {you} {a} — {bot} {b}, to {target}.\n"
                   "Resume it (y)? n starts a new match and keeps the old one as a backup.")
QUIT_HINT = "The match is saved after every move; q quits and resumes later at the same point."
QUIT_TITLE = "Quit?"
QUIT_QUESTION = ("The match is saved after every move: klabber play resumes it at this point.\n"
                 "Quit now (y)? n goes back to the table. ctrl+q quits at once.")

SUMMARY_TITLE = "Deal {n}: {outcome}"
SUMMARY_COLUMNS = ("", "cards", "last trick", "sequences", "bella", "total", "scored")
SUMMARY_MAKER = "{who} made {suit} trump."
SUMMARY_THROWN = "Thrown in: nothing is scored."
SUMMARY_RULE = {
    "made": "The maker has more: each side scores its own total.",
    "tie": "A tie: the maker scores nothing, the opponent his own total.",
    "bust": "The maker has less (bust): he scores nothing, the opponent both totals.",
    "thrown_in": "Nothing is scored.",
}
SUMMARY_LAST = "Last trick: {cards}, won by {who} (+10)."
SUMMARY_HANDS = "The hands as dealt: {you_name} {you}; {bot_name} {bot}."
SUMMARY_SEED = "Deck fingerprint {fp}, shuffle seed {seed}: the same seed always deals these cards."
SUMMARY_TOTALS = "Match: {you} {a} — {bot} {b}, to {target}."

MATCH_END_TITLE = "The match is over"
MATCH_END_WIN = "You win {a} to {b}!"
MATCH_END_LOSS = "{bot} wins {b} to {a}."
MATCH_END_WATCH = "{winner} wins, {a} to {b}."
MATCH_END_PRACTICE = "(Undo was used: this match counts as practice.)"
MATCH_END_OFFER = "n: a new match · q: quit"

def score_columns() -> tuple[str, ...]:
    """Deal, dealer, trump, maker, result, then each side's points."""
    return ("#", "D", "T", "M", "Res", YOU, BOT)
SCORE_OUTCOME = {"made": "made", "tie": "tie", "bust": "bust", "thrown_in": "throw"}
SCORE_LEGEND = "D dealer · T trump · M maker · Y you · B bot · total+deal"
SCORE_TARGET = "to {target}: {you} {a} · {bot} {b}"
SCORE_CELL = "+{points} {total}"  # this deal's points, then the running total

SETTINGS_TITLE = "Settings"
SETTINGS_LABELS = {
    "preset": "Rules (preset)",
    "target": "Target",
    "level": "Bot level",
    "pace": "Pace after a trick",
    "four_colour": "Four-colour deck",
    "ascii": "ASCII suits (C D H S)",
    "autoplay_forced": "Play a forced card by itself",
    "options": "Rule options (on top of the preset)",
    "next_match": "Rules and target apply from the next match; the rest at once.",
}
PACE_WORDS = {"key": "wait for a key", "0.5": "half a second", "1": "one second", "2": "two seconds"}
LEVEL_WORDS = {"easy": "mc:easy", "normal": "mc:normal", "hard": "mc:hard", "greedy": "greedy (fast)",
               "random": "random"}
TARGET_BAD = "The target must be a whole number from 100 to 5000."

HELP_TITLE = "Help"

OPTION_HELP: dict[str, dict[object, str]] = {
    "schmeiss": {
        "none": "There is no schmeiss.",
        "round_one": "Either player may say schmeiss in round one instead of taking or passing.",
        "both_rounds": "Either player may say schmeiss in round one; the elder also in round two, "
                       "where it counts as a pass.",
    },
    "schmeiss_refused": {
        "schmeisser_makes": "A refused schmeiss makes the turn-up suit trump, the schmeisser the maker.",
        "refuser_names": "Whoever refuses a schmeiss must name the trump (any suit) and is the maker.",
    },
    "redeal_dealer": {
        "same": "After a thrown-in deal the same player deals again.",
        "other": "After a thrown-in deal the other player deals.",
    },
    "dix_exchange": {
        "turn_up_trump": "The holder of the trump 7 (the dix) may swap it for the turn-up when the "
                         "turn-up suit is trump.",
        "any_trump": "The holder of the trump 7 (the dix) may swap it for the turn-up whatever the trump.",
    },
    "dix_deadline": {
        "first_lead": "The exchange must be made before the first lead.",
        "own_first_card": "The exchange must be made before the holder plays his first card.",
        "first_trick": "The exchange must be made before the first trick is complete.",
        "last_card": "The exchange may be made as long as the holder still has the dix.",
    },
    "trump_sequence_order": {
        "natural": "Sequences run A K Q J 10 9 8 7 in every suit.",
        "trump": "In trumps, sequences follow trump order J 9 A 10 K Q 8 7.",
    },
    "longer_sequence_wins": {
        True: "Between two fifties the longer run wins.",
        False: "A longer run of four or more is worth no more than a run of four.",
    },
    "compare_top_card": {
        True: "Equal sequences are compared by their top card.",
        False: "Top cards are not compared.",
    },
    "sequence_final_tie": {
        "nobody": "Sequences equal in every way: nobody scores them.",
        "elder": "Sequences equal in every way: the elder hand scores.",
    },
    "bella_order": {
        "queen_first": "Bella (trump K and Q, 20) scores when the queen is played while the king is held.",
        "either": "Bella (trump K and Q, 20) scores when the second of the pair is played.",
    },
    "bella_announce": {
        "required": "Bella must be announced as it is played, or it does not score.",
        "automatic": "Bella scores without being announced.",
    },
    "trump_run_with_marriage": {
        True: "Trump K, Q and J held together also score as a trump run (20, or 50 in a run of four).",
        False: "No extra trump run with the marriage.",
    },
    "must_overtake": {
        "none": "Follow suit if you can, else trump if you can, else any card.",
        "trump": "Follow suit if you can, and beat a trump lead if you can; void: trump if you can.",
        "all": "Follow with a higher card of the suit led if you can; void: trump if you can.",
    },
    "maker_counts_first": {
        True: "The maker's score is added first and wins if it reaches the target.",
        False: "When both pass the target in one deal, the higher total wins.",
    },
}

RULES_TITLE = "The rules, for players"
RULES_NO_PRESET = "no preset; an option of your own"
RULES_TARGET = "- `{option}`: the score that wins the match; every preset plays to {target}, and --target changes it."
RULES_KEY = "Press r for the full rules page, with a worked deal."

HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("1-9", "play that card of your hand"),
    ("← → Enter", "choose a card and play it"),
    ("t / p / m", "take, pass, schmeiss"),
    ("y / n", "answer a question (schmeiss, bella)"),
    ("c d h s", "name clubs, diamonds, hearts, spades"),
    ("e", "exchange the dix for the turn-up"),
    ("l", "show the last trick"),
    ("u", "undo your last decision and the bot's answer (the match counts as practice)"),
    ("o", "settings"),
    ("?", "this help"),
    ("q", "quit (mid-match it asks first); the match is saved and resumes where you left it"),
    ("ctrl+q", "quit at once, from any screen"),
)


def option_value_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


# ---------------------------------------------------------------------------------------------
# The coach and the deal review (issue 5): klabber_tui/screens/coach.py, screens/review.py and
# ``klabber replay --review``. Only words and their arrangement into strings live here.

KEY_LABELS["coach"] = "Coach"
KEY_LABELS["review"] = "Review"
BUTTON_LABELS["coach_close"] = "a or Esc closes · ↑ ↓ scroll"
SETTINGS_LABELS["coach_bids"] = "Coach after each bid (show the verdict on every bid of yours)"
HELP_KEYS = HELP_KEYS + (
    ("a", "the coach: the bot's value of every choice you have now (a or Esc closes it)"),
    ("r", "review the last finished deal: all the cards and the cost of each of your choices"),
)

COACH_TITLE = "Coach: the bot's view of your choices"
COACH_VERDICT_TITLE = "Coach: your bid"
COACH_THINKING = "The coach is thinking…"
COACH_NOTHING = "There is no decision of yours to advise on now."
COACH_COLUMNS = ("", "choice", "expected", "makes")
COACH_BEST_MARK = "★"
COACH_EV = "{ev:+.1f} ± {se:.1f}"
COACH_PROB = "{p:.0%}"
COACH_MISTAKE = "Mistake: {chosen} costs about {loss:.0f} points (± {se:.0f}) against {best}."
COACH_GOOD = {"bid": "Good bid.", "card": "Good card."}
COACH_SMALL_LOSS = "{chosen} gives up about {loss:.1f} points (± {se:.1f}): within the noise, not a mistake."
COACH_LEGEND = ("Expected: the score difference you can expect from this deal (you minus the bot) "
                "± its error; makes: the chance that you make it as the maker.")
COACH_REASONS = "Reasons"
COACH_LEVEL = "Evaluated at level {level} over {worlds} sampled deals, from your cards and what was said only."
COACH_FAILED = "The coach could not evaluate this position: {reason}"
STATS_PROBLEM = "Statistics: {message}"


def coach_action_text(action: str, ascii_suits: bool = False, short: bool = False) -> str:
    """A choice in the coach's table: ``take``, ``name ♠ spades``, ``play 10♦``, ``play Q♥ + bella``
    (``short``: ``10♦``, ``name ♠``)."""
    move = Action.parse(action)
    if move.kind == "name" and move.suit is not None:
        suit = move.suit
        return f"name {(SUITS if ascii_suits else SUIT_SYMBOLS)[suit] if short else suit_text(suit, ascii_suits)}"
    if move.kind == "play" and move.card is not None:
        played = ("" if short else "play ") + card_text(move.card, ascii_suits)
        return played + (" + bella" if move.bella else "")
    if move.kind == "exchange":
        return "exchange the dix"
    return {"take": "take", "pass": "pass", "schmeiss": "schmeiss", "accept": "accept (throw in)",
            "refuse": "refuse"}.get(action, action)


def fact_text(fact: object, ascii_suits: bool = False) -> str:
    """A reason of the coach (``ai.coach.Fact``: key, suit, points, count) in words."""
    key = getattr(fact, "key")
    suit = getattr(fact, "suit", None)
    points = getattr(fact, "points", None)
    count = getattr(fact, "count", None)
    symbol = (SUITS if ascii_suits else SUIT_SYMBOLS)[suit] if suit is not None else ""
    jack = card_text(suit * 8 + 4, ascii_suits) if suit is not None else ""
    nine = card_text(suit * 8 + 2, ascii_suits) if suit is not None else ""

    def pts(value: int | float | None) -> str:
        if isinstance(value, float) and not value.is_integer():
            return f"{value:.0f}"
        return str(int(value)) if value is not None else "0"

    if key == "trump_points":
        n = count or 0
        return f"Trump {symbol}: {pts(points)} points in {n} trump{'s' if n != 1 else ''}"
    if key == "jass":
        return f"You hold the jass ({jack})"
    if key == "no_jass":
        return f"You lack the jass ({jack})"
    if key == "menel":
        return f"You hold the menel ({nine})"
    if key == "no_menel":
        return f"You lack the menel ({nine})"
    if key == "bella":
        return f"Bella in {symbol}: king and queen of trumps, {pts(points or 20)} points"
    if key == "dix":
        return f"You hold the dix: it exchanges for the turn-up, worth {pts(points)} points"
    if key == "side_aces_tens":
        return f"Side aces and tens with {symbol} trump: {pts(points)} points"
    if key == "extra_average":
        return f"The three extra cards add about {pts(points)} points on average"
    if key == "sequences":
        n = count or 0
        return f"Sequences: {n} run{'s' if n != 1 else ''} worth {pts(points)} points"
    if key == "other_passed_turned":
        return f"The bot passed on {symbol}: it probably lacks the jass or menel there"
    if key == "other_passed_round_two":
        return "The bot passed in round two: it probably has no strong suit"
    if key == "other_schmeissed":
        return f"The bot said schmeiss: it has some strength in {symbol} but not enough to take"
    return key.replace("_", " ")


def coach_verdict(advice: object, kind: str, ascii_suits: bool = False) -> str:
    """The verdict on the choice made: a mistake with its cost, or a good choice."""
    chosen = getattr(advice, "chosen")
    loss, se = getattr(advice, "loss"), getattr(advice, "loss_se")
    if getattr(advice, "mistake"):
        return COACH_MISTAKE.format(chosen=coach_action_text(chosen, ascii_suits).capitalize(), loss=loss, se=se,
                                    best=coach_action_text(getattr(advice, "best"), ascii_suits))
    if chosen is not None and loss >= 0.5:
        return COACH_GOOD[kind] + " " + COACH_SMALL_LOSS.format(
            chosen=coach_action_text(chosen, ascii_suits).capitalize(), loss=loss, se=se)
    return COACH_GOOD[kind]


REVIEW_TITLE = "Review of deal {n}"
REVIEW_WORKING = "Reviewing your decisions: {done} of {total}…"
REVIEW_NOTHING = "No finished deal to review yet."
REVIEW_CARDS = "All the cards"
REVIEW_HAND_ROW = "{who}: {first} · extra {extra}"
REVIEW_SHOWN = "Turn-up {turn_up} · bottom {bottom}"
REVIEW_MISTAKES = "Costliest decisions of {who}"
REVIEW_NO_LOSS = "{who}: no decision gave up points that the bot could see."
REVIEW_DECISIONS = "Each decision of {who}, in order"
REVIEW_COLUMNS = ("#", "when", "played", "best", "loss")
REVIEW_MISTAKE_MARK = "✗"
REVIEW_LOSS = "{loss:.1f} ± {se:.1f}"
REVIEW_ALTERNATIVES = "Alternatives"
REVIEW_TOTAL = "{who}: {n} decisions, {agreed} as the bot, about {loss:.0f} points given up in all."
REVIEW_LEVEL = "Judged by the coach at level {level}, each decision from what that player could see then."
REVIEW_INCOMPLETE = "(The review was stopped before the end.)"
REVIEW_WHEN = {"bidding_round_one": "bid 1", "bidding_round_two": "bid 2", "schmeiss_answer": "schmeiss",
               "naming": "naming", "play": "trick {trick}"}
REVIEW_HINT = "↑ ↓ PgUp PgDn scroll · r or Esc closes"
REVIEW_SEAT = {"elder": "the elder", "dealer": "the dealer"}
SUMMARY_REVIEW_HINT = "r: review this deal with the coach · Enter: go on"


# ---------------------------------------------------------------------------------------------
# Drills and statistics (klabber drill, klabber stats, the S page). Issue 5.

DRILL_TITLE = "klabber drill"
DRILL_HEAD = "Bidding drill · {preset} · seed {seed} · {where}"
DRILL_WHERE = "position {n} of {count}"
DRILL_WHERE_AGAIN = "missed position {n} of {count} (pass {round})"
DRILL_SCORE = "Agreed with the bot: {agreed} of {decisions} · {loss:.1f} points lost per decision"
DRILL_SCORE_NONE = "Agreed with the bot: no decisions yet"
DRILL_DEALING = "Dealing a close call…"
DRILL_THINKING = "thinking…"
DRILL_PLAYING = "The bot plays the deal out for both sides…"
DRILL_KIND = {
    "r1_elder": "Round one: you are the elder hand and speak first.",
    "r1_dealer": "Round one: you are the dealer.",
    "r2_elder": "Round two: you are the elder hand.",
    "r2_dealer": "Round two: you are the dealer; a pass throws the deal in.",
    "schmeiss_answer": "A schmeiss to answer: you are the {seat}.",
}
DRILL_TURN_UP = "Turn-up: {card}"
DRILL_SAID = "Said so far: {words}"
DRILL_SAID_NONE = "Said so far: nothing."
DRILL_FORCED = " (a schmeiss the bot would not say here, put in so you can answer one)"
DRILL_HAND = "Your hand: {cards}"
DRILL_WORD_NAMES = {"take": "take", "pass": "pass", "schmeiss": "schmeiss", "accept": "accept (throw in)",
                    "refuse": "refuse"}
DRILL_COLUMNS = ("", "word", "expected", "± se", "makes", "loss")
DRILL_BEST_MARK = "★"
DRILL_YOURS_MARK = "◀ you"
DRILL_AGREED = "You agree with the bot: {word}."
DRILL_EQUIVALENT = "{word} comes to the same as the bot's {best}: agreed."
DRILL_LOSS = "The bot says {best}: your {word} gives up {loss:.1f} ± {se:.1f} points."
DRILL_MISTAKE = "That is a mistake: it costs more than the noise of the evaluation."
DRILL_CLOSE = "Within the noise or small: not a mistake, but it goes to the missed positions."
DRILL_NEXT_PLAYOUT = "Enter: see the deal played out"
DRILL_REASONS = "What the coach weighs: {reasons}."
DRILL_NEXT = "Enter: next position"
DRILL_NEXT_END = "Enter: the drill's result"
DRILL_PLAYED_TITLE = "After your word ({word}) the bot plays both sides ({level}):"
DRILL_SEAT = {"elder": "elder hand", "dealer": "dealer"}
DRILL_HANDS = "{who}: {cards}"
DRILL_BIDDING = "Bidding: {words}"
DRILL_TRICKS = "Tricks ({you} won {n}):"
DRILL_THROWN = "The deal is thrown in: nothing is scored."
DRILL_RESULT = "{outcome}: you score {you}, the bot {bot}."
DRILL_END_TITLE = "The drill is over"
DRILL_END_PASS = "Pass {round}: agreed {agreed} of {decisions} · {loss:.1f} points lost per decision · {mistakes} mistake{s}"
DRILL_END_ROW = "{n}. {kind}: you {word}, bot {best}, lost {loss:.1f}{mark}"
DRILL_END_MISSED = "R: drill the {n} missed position{s} again · S: statistics · q: quit"
DRILL_END_CLEAN = "No missed positions. S: statistics · q: quit"
DRILL_END_SEED = "The same positions again: klabber drill --rules {preset} --seed {seed} --count {count}"
DRILL_KIND_SHORT = {"r1_elder": "round 1, elder", "r1_dealer": "round 1, dealer", "r2_elder": "round 2, elder",
                    "r2_dealer": "round 2, dealer", "schmeiss_answer": "schmeiss answer"}
DRILL_MISSED_MARK = " ✗"
DRILL_NOT_LEGAL = "That word is not a choice here."
DRILL_STATS_PROBLEM = "{message}"
DRILL_KEYS = {"again": "Drill missed", "stats": "Statistics", "next": "Next", "quit": "Quit"}

STATS_TITLE = "Statistics"
STATS_EMPTY = "No statistics yet: play a match (klabber play) or a drill (klabber drill)."
STATS_REAL = "real"
STATS_PRACTICE = "practice"
STATS_COLUMNS = ("", "matches", "won", "made", "bust", "tie", "bids", "agree", "lost/bid", "cards", "lost/card")
STATS_TABLE_TITLE = "{preset}"
STATS_TREND = "Points lost per {kind} decision, oldest first ({n} decisions, {window} per mark): {line}"
STATS_TREND_KIND = {"bid": "bidding", "card": "card"}
STATS_TREND_LABEL = "Points lost per {kind} decision, oldest first ({n}; {window} per bar)"
STATS_NOTE = ("made/bust/tie: deals where you fixed the trump · agree: you chose what the bot chose · "
              "lost: expected points given up per decision (lower is better) · practice: matches with undo, "
              "not in the trend")
STATS_CLOSE = "Esc or S closes"
STATS_KEY = "Stats"
HELP_KEYS = (*HELP_KEYS, ("S", "your statistics: matches, deals as maker, decisions against the bot"))
NO_VALUE = "—"


# ---------------------------------------------------------------------------------------------
# The command line of the player's commands (play, drill, stats, replay, export).

CLI_HELP = {
    "klabber": "Two-player Klaberjass against a Monte Carlo bot.",
    "ascii": "suit letters C D H S instead of symbols",
    "play": "play a match against the bot",
    "play.rules": "the preset: {presets} (default klaberjass)",
    "play.target": "points to win, 100 to 5000 (default 500)",
    "play.level": "the bot: {levels} (default normal, the mc bot)",
    "play.seed": "the match seed (deals and the draw)",
    "play.name": "your name, shown over your hand and in the saved records",
    "play.new": "start a new match; the saved one is kept as a backup",
    "play.watch": "watch two bots play each other",
    "drill": "bidding drills: close calls judged by the coach",
    "drill.rules": "the preset: {presets} (default: the one in the settings)",
    "drill.seed": "the drill's seed: the same seed, the same positions",
    "drill.count": "positions to drill, 1 to 200 (default 10)",
    "stats": "your statistics: matches, deals as maker, decisions against the bot",
    "replay": "replay a deal record and score it",
    "replay.file": "a klabber-deal/1 record (JSON)",
    "replay.json": "print the result as one JSON object",
    "replay.review": "judge every decision of both seats with the coach, costliest mistakes first "
                     "(with --json: an extra key 'review')",
    "replay.level": "the coach's level for --review: easy, normal, hard (default normal)",
    "export": "write the deal records of the saved and finished matches",
    "export.out": "the folder to write to (default ./klabber-records)",
    "export.cannot_write": "cannot write to {out!r}: {reason}",
    "export.written": "{n} deal record{s} written to {out}",
}

# -- issue 8: storage that cannot be used, a second window, repaired files ----------------------------
NO_SAVE_TITLE = "Play without saving?"
NO_SAVE_QUESTION = ("The match cannot be saved: {reason}.\n\nPlay without saving (nothing of this match and "
                    "no statistics are kept)? No quits.")
MATCH_OPEN_ELSEWHERE = ("the match in {folder!r} is open in another window; finish or quit it there "
                        "(or set KLABBER_HOME to another folder)")
FILE_REPAIRED = "{what}: {note}"
DRILL_NO_STATS = "Statistics will not be recorded: {reason}"
EXPORT_DATA_FOLDER = "cannot read the saved matches: {reason}"
