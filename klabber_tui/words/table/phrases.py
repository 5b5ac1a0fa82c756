"""The table's words (``klabber play``): who sits where, the prompts, the buttons, the refusals at the
table, the info lines, the deal log, the draw, the deal summary and the score sheet.
"""

from __future__ import annotations

from typing import Any

from engine.actions import (
    Action,
    BidSaid,
    CardPlayed,
    DialogueSaid,
    DixExchanged,
    ExtraDealt,
    PointsScored,
    SequencesScored,
    TrickTaken,
    TrumpFixed,
)
from engine.cards import (
    mask_of,
    sorted_cards,
)
from engine.deal import Event
from klabber_tui.data.schemas import (
    LEGACY_PLAYER_NAMES,
    PLAYER_ROLE,
)
from klabber_tui.words import keys
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.cards import (MINI_BACK, action_text, card_text, cards_text, dialogue_text, event_text, events_words,
                                     seat_lower_words, seat_names_words, stage_words, suit_text, suit_text_of)
from klabber_tui.words.names import level_text


def player_words() -> dict[bool, tuple[str, ...]]:
    return {
        False: (
            pgettext('player.you', 'You'),
            pgettext('player.bot', 'Bot'),
        ),
        True: (
            pgettext('player.bot_one', 'Bot 1'),
            pgettext('player.bot_two', 'Bot 2'),
        ),
    }


def player_named_words() -> dict[bool, tuple[str, ...]]:
    return {
        False: (
            pgettext('player.in_sentence.you', 'you'),
            pgettext('player.in_sentence.bot', 'bot'),
        ),
        True: (
            pgettext('player.in_sentence.bot_one', 'Bot 1'),
            pgettext('player.in_sentence.bot_two', 'Bot 2'),
        ),
    }


def in_sentence_name(label: str) -> str:
    """A seat's or a player's label form (``Dealer``, ``You``) as it stands inside a sentence (``dealer``,
    ``you``); any other name (a level's, ``Bot 1``) as it is."""
    forms = dict(zip(seat_names_words().values(), seat_lower_words().values()))
    for watching in (False, True):
        forms.update(zip(player_words()[watching], player_named_words()[watching]))
    return forms.get(label, label)


def player_short_words() -> dict[bool, tuple[str, ...]]:
    return {
        False: (
            pgettext('player.short.you', 'Y'),
            pgettext('player.short.bot', 'B'),
        ),
        True: (
            '1',
            '2',
        ),
    }


def you_word(*, watching: bool = False) -> str:
    """The player at the table in words: "You", or "Bot 1" when two bots play."""
    return player_words()[watching][0]


def bot_word(*, watching: bool = False) -> str:
    """The other player in words: "Bot", or "Bot 2" when two bots play."""
    return player_words()[watching][1]


def shown_name(name: str) -> str:
    """A stored name as the player reads it: the role in the current language, a bot's level in words,
    a name given with --name as it is."""
    if name == PLAYER_ROLE or name in LEGACY_PLAYER_NAMES:
        return you_word()
    return level_text(name)


def players_text(names: tuple[str, str]) -> str:
    """The two players of a match as the player reads them: "You v mc:normal", «Вы — средний»."""
    return pgettext("match.players", "{a} v {b}").format(a=shown_name(names[0]), b=shown_name(names[1]))


def named(is_you: bool, *, watching: bool = False) -> str:
    """``who`` inside a sentence: "you" and "bot" in lower case; Bot 1 and Bot 2 keep their capitals."""
    return player_named_words()[watching][0 if is_you else 1]


def who_short(is_you: bool, *, watching: bool = False) -> str:
    """One letter for a player in the score sheet: Y and B, or 1 and 2 when watching."""
    return player_short_words()[watching][0 if is_you else 1]


def area_words() -> dict[str, str]:
    return {
        'talon': pgettext('area.talon', 'Talon'),
        'turn_up': pgettext('area.turn_up', 'Turn-up'),
        'bottom': pgettext('area.bottom', 'Bottom'),
        'trick': pgettext('area.trick', 'Trick'),
        'last_trick': pgettext('area.last_trick', 'Last trick'),
        'hand': pgettext('area.hand', 'Your hand'),
        'score': pgettext('area.score', 'Score'),
        'log': pgettext('area.log', 'Log'),
        'trump': pgettext('area.trump', 'Trump'),
        'maker': pgettext('area.maker', 'Maker'),
        'maker_inline': pgettext('area.maker_inline', 'maker'),
        'dealer': pgettext('area.dealer', 'Dealer'),
        'to_act': pgettext('area.to_act', 'To act'),
        'deal': pgettext('area.deal', 'Deal'),
        'target': pgettext('area.target', 'Target'),
        'none': '—',
    }


def button_labels_words() -> dict[str, str]:
    """Each button names its key, the one its binding uses (klabber_tui/words/keys.py)."""
    return {
        'take': pgettext('button.take', 'Take ({key})').format(key=keys.TAKE),
        'pass': pgettext('button.pass', 'Pass ({key})').format(key=keys.PASS),
        'schmeiss': pgettext('button.schmeiss', 'Schmeiss ({key})').format(key=keys.SCHMEISS),
        'yes': pgettext('button.yes', 'Yes ({key})').format(key=keys.YES),
        'no': pgettext('button.no', 'No ({key})').format(key=keys.NO),
        'exchange': pgettext('button.exchange', 'Exchange ({key})').format(key=keys.EXCHANGE),
        'continue': pgettext('button.continue', 'Continue ({key})').format(key=keys.name(keys.GO_ON)),
        'new_match': pgettext('button.new_match', 'New match ({key})').format(key=keys.NEW_MATCH),
        'quit': pgettext('button.quit', 'Quit ({key})').format(key=keys.QUIT),
        'save': pgettext('button.save', 'Save'),
        'cancel': pgettext('button.cancel', 'Cancel'),
        'close': pgettext('button.close', 'Close ({key})').format(key=keys.name(keys.CLOSE)),
        'coach_close': pgettext('button.coach_close', '{key} or {close} closes · {scroll} scroll').format(
            key=keys.COACH, close=keys.name(keys.CLOSE), scroll=keys.names(*keys.SCROLL[:2])),
    }


# Issue 13: a refusal in the table's own notation (10♣, ♥ hearts), from IllegalAction's code and detail.
def refusals_words() -> dict[str, str]:
    return {
        'not_your_turn': pgettext('refusal.not_your_turn', 'Wait: it is not your turn.'),
        'must_follow': pgettext('refusal.must_follow', '{card} cannot be played: follow suit, {suit} ({led} was led).'),
        'must_overtake': pgettext('refusal.must_overtake', '{card} cannot be played: beat {led} if you can.'),
        'must_trump': pgettext('refusal.must_trump', '{card} cannot be played: you have no {suit}, so play a trump ({trump}).'),
        'not_in_hand': pgettext('refusal.not_in_hand', '{card} is not in your hand.'),
        'bella_no_score': pgettext('refusal.bella_no_score', 'Bella does not score on {card}.'),
        'turn_up_suit': pgettext('refusal.turn_up_suit', 'In round two the turn-up suit, {suit}, cannot be named.'),
        'no_schmeiss': pgettext('refusal.no_schmeiss', 'Schmeiss is not allowed under these rules.'),
        'bidding_over': pgettext('refusal.bidding_over', 'The bidding is over: play a card.'),
        'bidding_not_over': pgettext('refusal.bidding_not_over', 'No card can be played during the bidding.'),
        'exchange_closed': pgettext('refusal.exchange_closed', 'The dix cannot be exchanged now.'),
    }


def allowed_words() -> dict[str, str]:
    return {
        'name': pgettext('allowed.name', 'name {suit} ({key})'),
        'take': pgettext('allowed.take', 'take ({key})').format(key=keys.TAKE),
        'pass': pgettext('allowed.pass', 'pass ({key})').format(key=keys.PASS),
        'schmeiss': pgettext('allowed.schmeiss', 'schmeiss ({key})').format(key=keys.SCHMEISS),
        'accept': pgettext('allowed.accept', 'accept ({key})').format(key=keys.YES),
        'refuse': pgettext('allowed.refuse', 'refuse ({key})').format(key=keys.NO),
        'exchange': pgettext('allowed.exchange', 'exchange the dix ({key})').format(key=keys.EXCHANGE),
    }


def prompts_words() -> dict[str, str]:
    return {
        'schmeiss_answer': pgettext('prompt.schmeiss_answer', '{who} says schmeiss: throw the deal in? {yes} = accept, {no} = refuse{refuse_hint}.'),
        'refuse_maker': pgettext('prompt.refuse_maker', ' (then {suit} is trump and {who} is the maker)'),
        'refuse_names': pgettext('prompt.refuse_names', ' (then you name the trump)'),
        'naming': pgettext('prompt.naming', 'Name the trump: {suits}.'),
        'play_lead': pgettext('prompt.play_lead', 'Your lead: play a card ({cards}, or arrows and {choose}).'),
        'play_follow': pgettext('prompt.play_follow', 'Your turn: answer {card} ({cards}, or arrows and {choose}).'),
        'exchange': pgettext('prompt.exchange', 'You hold the dix: {exchange} exchanges it for {card}.'),
        'bot_said': '{who}: {words}',
        'bella': pgettext('prompt.bella', 'Announce bella with {card}? {yes} / {no} ({choose} = yes)'),
    }


def prompt_text(name: str, **args: object) -> str:
    """A prompt of the table (``prompts_words``) with the keys it names filled in from klabber_tui/words/keys.py
    (issue 23: a key is an argument, never spelled in the words), and the caller's ``args``."""
    return prompts_words()[name].format(yes=keys.YES, no=keys.NO, choose=keys.name(keys.CHOOSE),
                                        suits=" ".join(keys.SUITS), exchange=keys.EXCHANGE,
                                        go_on=keys.name(keys.GO_ON), **args)


def bidding_prompt(round_two: bool, turn_up: int, schmeiss: bool) -> str:
    """What the player may say in a round of the bidding, as one sentence (the last choice after "or")."""
    bid_keys = {"take": keys.TAKE, "pass_": keys.PASS, "schmeiss": keys.SCHMEISS, "suits": " ".join(keys.SUITS)}
    if round_two:
        suit = suit_text_of(turn_up)
        if schmeiss:
            return pgettext("prompt.round_two.schmeiss",
                            "Round two: name a suit ({suits}, not {suit}), pass ({pass_}) or schmeiss ({schmeiss})."
                            ).format(suit=suit, **bid_keys)
        return pgettext("prompt.round_two", "Round two: name a suit ({suits}, not {suit}) or pass ({pass_}).").format(
            suit=suit, **bid_keys)
    suit = suit_text(turn_up)
    if schmeiss:
        return pgettext("prompt.round_one.schmeiss",
                        "Round one: take the turn-up suit {suit} ({take}), pass ({pass_}) or schmeiss ({schmeiss})."
                        ).format(suit=suit, **bid_keys)
    return pgettext("prompt.round_one", "Round one: take the turn-up suit {suit} ({take}) or pass ({pass_}).").format(
        suit=suit, **bid_keys)


def hold_prompt(winner_you: bool, points: int, wait: bool, *, watching: bool = False) -> str:
    """Who won the trick just played, addressed to the player when it is his; ``wait``: Enter goes on."""
    if winner_you and not watching:
        if wait:
            return pgettext("prompt.hold.you", "You win the trick ({points}). Press {key} to go on.").format(
                points=points, key=keys.name(keys.CHOOSE))
        return pgettext("prompt.hold_auto.you", "You win the trick ({points}).").format(points=points)
    if wait:
        return pgettext("prompt.hold.other", "{who} wins the trick ({points}). Press {key} to go on.").format(
            who=who(winner_you, watching=watching), points=points, key=keys.name(keys.CHOOSE))
    return pgettext("prompt.hold_auto.other", "{who} wins the trick ({points}).").format(
        who=who(winner_you, watching=watching), points=points)


def refusal_text(code: str, detail: dict[str, Any]) -> str:
    """Why the rules refuse a move and what they allow, in the table's notation (never record syntax)."""
    words: dict[str, str] = {}
    for key in ("card", "led"):
        if isinstance(detail.get(key), int):
            words[key] = card_text(detail[key])
    for key in ("suit", "trump"):
        if isinstance(detail.get(key), int):
            words[key] = suit_text(detail[key])
    line = refusals_words().get(code, pgettext('refusal.other', 'That is not allowed now.')).format(**words)
    allowed: list[Action] = list(detail.get("allowed", ()))
    plays = sorted_cards(mask_of({m.card for m in allowed if m.card is not None}),
                         detail.get("trump"))  # in the order the hand shows them
    if plays:
        return line + pgettext('refusal.plays', ' You may play: {cards}.').format(cards=" ".join(card_text(c) for c in plays))
    if not allowed or code == "not_your_turn":
        return line
    return line + pgettext('refusal.bids', ' You may: {words}.').format(words=", ".join(allowed_text(a) for a in allowed))


def allowed_text(move: Action) -> str:
    """A move the player may make, with its key: "take (t)", "name ♥ hearts (h)"."""
    if move.kind == "name" and move.suit is not None:
        return allowed_words()["name"].format(suit=suit_text(move.suit), key=keys.SUITS[move.suit])
    return allowed_words().get(move.kind, str(move))


def hand_caption(name: str, watching: bool) -> str:
    """Over player 0's hand: the bot's name when watching, else "Your hand" with a name given by --name."""
    if watching:
        return name
    return area_words()["hand"] if name == PLAYER_ROLE or name in LEGACY_PLAYER_NAMES else f"{area_words()['hand']} ({name})"


def who(is_you: bool, *, watching: bool = False) -> str:
    return you_word(watching=watching) if is_you else bot_word(watching=watching)


def info_lines(deal_no: int, target: int, dealer_you: bool, to_act: str | None, trump: str, maker: str,
               stage: str, *, watching: bool = False) -> tuple[str, str]:
    """The two lines above the table, whole messages with the players in their in-sentence forms after
    the colons (docs/russian.md, "Capitals": «Сдающий: вы», «(играющий: вы)», «Ход: бот»)."""
    first = pgettext('table.info.deal', 'Deal {number} · {stage} · Dealer: {dealer}').format(
        number=deal_no, stage=stage_words().get(stage, stage), dealer=named(dealer_you, watching=watching))
    act = in_sentence_name(to_act) if to_act is not None else area_words()["none"]
    second = pgettext('table.info.trump', 'Trump: {trump} (maker: {maker}) · To act: {to_act}').format(
        trump=trump, maker=in_sentence_name(maker), to_act=act)
    return first, second


def table_lines_words() -> dict[str, str]:
    return {
        'opponent': '{bot} ({name}): {held}',
        'known': pgettext('table.known', ' · known: {known}'),
        'deal_header.you': pgettext('table.deal_header.you', 'Deal {number}: you deal. Deck fingerprint {fingerprint}.'),
        'deal_header.other': pgettext('table.deal_header.other', 'Deal {number}: {who} deals. Deck fingerprint {fingerprint}.'),
        'trump.you': pgettext('table.trump.you', 'Trump: {suit}; maker: you.'),
        'trump.other': pgettext('table.trump.other', 'Trump: {suit}; maker: {who}.'),
        'extra_deal.you': pgettext('table.extra_deal.you', 'Extra deal: you get {cards}.'),
        'extra_deal.other': pgettext('table.extra_deal.other', 'Extra deal: {who} gets {cards}.'),
        'exchange.you': pgettext('table.exchange.you', 'You exchange the dix {dix} for {taken}.'),
        'exchange.other': pgettext('table.exchange.other', '{who}: exchanges the dix {dix} for {taken}.'),
        'sequences.you': pgettext('table.sequences.you', 'You score sequences: {runs} = {points}.'),
        'sequences.other': pgettext('table.sequences.other', '{who} scores sequences: {runs} = {points}.'),
        'trump_run': pgettext('table.trump_run', '{who}: trump run with the marriage (+{points}).'),
        'trick.you': pgettext('table.trick.you', '{a} {b}: you win {points}.'),
        'trick.other': pgettext('table.trick.other', '{a} {b}: {who} wins {points}.'),
        'draw_rule': pgettext('table.draw_rule', 'Each player draws a card; the lower card (ace high) deals first.'),
        'draw_row': '{you}: {mine}   {bot}: {bots}',
        'draw_again': pgettext('table.draw_again', ' — equal, draw again'),
        'draw_first.you': pgettext('table.draw_first.you', 'You deal first.'),
        'draw_first.other': pgettext('table.draw_first.other', '{who} deals first.'),
    }


def _person(is_you: bool, watching: bool) -> str:
    """Which form of a sentence: addressed to the player ("you win") or about a third ("Bot wins")."""
    return "you" if is_you and not watching else "other"


def _about(key: str, is_you: bool, watching: bool, *, start: bool = False, **args: object) -> str:
    """``TABLE_LINES[key]`` in the form for this player, the player named as the sentence needs."""
    name = who(is_you, watching=watching) if start else named(is_you, watching=watching)
    return table_lines_words()[f"{key}.{_person(is_you, watching)}"].format(who=name, **args)


def opponent_line(name: str, count: int, known: str, *, watching: bool = False) -> str:
    backs = MINI_BACK * count
    cards = npgettext('count.cards', '{n} card', '{n} cards', count).format(n=count)
    held = f"{backs} {cards}" if backs else cards  # no backs: no gap before "0 cards"
    line = table_lines_words()["opponent"].format(bot=bot_word(watching=watching), name=level_text(name), held=held)
    if known:
        line += table_lines_words()["known"].format(known=known)
    return line


def deal_header(number: int, fingerprint: str, dealer_you: bool, *, watching: bool = False) -> str:
    return _about("deal_header", dealer_you, watching, number=number, fingerprint=fingerprint)


def log_line(event: Event, you_seat: str, *, watching: bool = False) -> str | None:
    """A line of this deal's log, naming the seats You and Bot (Bot 1 and Bot 2 when ``watching``)."""
    mine = event.seat == you_seat
    name = who(mine, watching=watching) if event.seat else ""
    data = event.data
    lines = table_lines_words()
    if isinstance(data, BidSaid):
        return events_words()["line"].format(who=name, words=action_text(data.action))
    if isinstance(data, TrumpFixed):
        return _about("trump", mine, watching, suit=suit_text(data.suit))
    if isinstance(data, ExtraDealt):
        return _about("extra_deal", mine, watching, cards=" ".join(card_text(c) for c in data.cards))
    if isinstance(data, DixExchanged):
        return _about("exchange", mine, watching, start=True, dix=card_text(data.dix),
                      taken=card_text(data.taken))
    if isinstance(data, DialogueSaid):
        return events_words()["line"].format(who=name, words=dialogue_text(data.word, data.arg))
    if isinstance(data, SequencesScored):
        runs = ", ".join(cards_text(m) for m in data.runs)
        return _about("sequences", mine, watching, start=True, runs=runs, points=data.points)
    if isinstance(data, PointsScored):
        if event.kind == "bella":
            return events_words()["bella"].format(who=name, points=data.points)
        return lines["trump_run"].format(who=name, points=data.points)
    if isinstance(data, TrickTaken):
        a, b = data.cards
        return _about("trick", mine, watching, a=card_text(a), b=card_text(b), points=data.points)
    if isinstance(data, CardPlayed):
        return None
    return event_text(event)


def draw_text(draws: tuple[tuple[int, int], ...], first_dealer_you: bool, *, watching: bool = False) -> str:
    lines = [table_lines_words()["draw_rule"]]
    for k, (mine, bots) in enumerate(draws, start=1):
        again = table_lines_words()["draw_again"] if k < len(draws) else ""
        lines.append(table_lines_words()["draw_row"].format(you=you_word(watching=watching), mine=card_text(mine), bot=bot_word(watching=watching),
                                                       bots=card_text(bots)) + again)
    lines.append(_about("draw_first", first_dealer_you, watching, start=True))
    return "\n".join(lines)


def summary_columns_words() -> tuple[str, ...]:
    return (
        '',
        pgettext('summary.column.cards', 'cards'),
        pgettext('summary.column.last_trick', 'last trick'),
        pgettext('summary.column.sequences', 'sequences'),
        pgettext('summary.column.bella', 'bella'),
        pgettext('summary.column.total', 'total'),
        pgettext('summary.column.scored', 'scored'),
    )


def summary_rule_words() -> dict[str, str]:
    return {
        'made': pgettext('summary.rule.made', 'The maker has more: each side scores its own total.'),
        'tie': pgettext('summary.rule.tie', 'A tie: the maker scores nothing, the opponent his own total.'),
        'bust': pgettext('summary.rule.bust', 'The maker has less (bust): he scores nothing, the opponent both totals.'),
        'thrown_in': pgettext('summary.rule.thrown_in', 'Nothing is scored.'),
    }


def score_heads_words() -> tuple[str, ...]:
    return (
        pgettext('score.column.dealer', 'D'),
        pgettext('score.column.trump', 'T'),
        pgettext('score.column.maker', 'M'),
        pgettext('score.column.result', 'Res'),
    )


def score_columns(*, watching: bool = False) -> tuple[str, ...]:
    """Deal, dealer, trump, maker, result, then each side's points."""
    return ("#", *score_heads_words(), you_word(watching=watching), bot_word(watching=watching))


def score_outcome_words() -> dict[str, str]:
    return {
        'made': pgettext('score.outcome.made', 'made'),
        'tie': pgettext('score.outcome.tie', 'tie'),
        'bust': pgettext('score.outcome.bust', 'bust'),
        'thrown_in': pgettext('score.outcome.thrown_in', 'throw'),
    }


SCORE_CELL = "+{points} {total}"  # this deal's points, then the running total
