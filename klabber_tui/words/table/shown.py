"""What each area of the table shows, in words (issue 30): the values the table screen draws, made from
its controller, and the sentences of its flow (a key refused, an undo, the last trick).

Separate from ``words.table``, which words a deal's pieces one by one: this puts them together for the
screen, so the screen only compares each area's value with the last and redraws those that changed
(issue 22). No Textual: each area's value is a plain tuple.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.actions import DEALER, EXCHANGE, SCHMEISS, Trick
from engine.cards import sorted_cards, suit_of
from engine.deal import PLAY
from engine.match import SheetRow
from engine.view import PlayerView

from klabber_tui.practice.session import Pace
from klabber_tui.practice.table import CLOSED, Declined, Refused, TableController, TableState
from klabber_tui.words import i18n, keys
from klabber_tui.words.cards import action_text, card_text, suit_text
from klabber_tui.words.coach.verdicts import coach_log_line
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.table.phrases import (area_words, bidding_prompt, bot_word, deal_header, hand_caption, hold_prompt,
                                     info_lines, log_line, named, prompt_text, refusal_text, shown_name, who, you_word)


class HandShown(NamedTuple):
    cards: tuple[int, ...] = ()
    playable: frozenset[int] | None = None  # None: not a card turn, every card shown plainly
    selected: int | None = None
    four_colour: bool = False
    lang: str = ""  # the words drawn inside the widget follow the language


class OpponentShown(NamedTuple):
    name: str = ""
    held: int = 0  # how many cards the bot holds
    known: str = ""
    lang: str = ""
    watching: bool = False  # two bots play: "Bot 2", not "Bot"


class TalonShown(NamedTuple):
    stock: int = 0
    face_up: int = 0
    caption: str = ""
    bottom: int | None = None
    four_colour: bool = False
    lang: str = ""


class TrickShown(NamedTuple):
    caption: str = ""
    bot_card: int | None = None
    your_card: int | None = None
    bot_label: str = ""
    your_label: str = ""
    four_colour: bool = False
    lang: str = ""


class ScoreShown(NamedTuple):
    rows: tuple[SheetRow, ...] = ()
    target: int = 0
    bot: str = ""
    lang: str = ""
    watching: bool = False


class TableShown(NamedTuple):
    """Every area of the table at once; the screen redraws the fields that changed."""

    hand: HandShown = HandShown()
    opponent: OpponentShown = OpponentShown()
    info: tuple[str, str] = ("", "")
    talon: TalonShown = TalonShown()
    trick: TrickShown = TrickShown()
    caption: str = ""
    score: ScoreShown = ScoreShown()
    log: tuple[str, ...] = ()


def table_shown(table: TableController) -> TableShown | None:
    """What every area shows now (None before a session is on the table: the areas stay as they are)."""
    s = table.session
    if s is None:
        return None
    four, lang = table.settings.four_colour, i18n.current()
    state = table.state
    view = s.view()
    cards = table.cards()
    playing = state is TableState.PLAY
    hand = HandShown(tuple(cards), table.playable() if playing else None, table.selected if playing else None, four, lang)
    known = " ".join(card_text(c) for c in sorted_cards(view.other_known, view.trump))
    watching = s.watch  # two bots play: the words say Bot 1 and Bot 2, never "you" (issue 13)
    opponent = OpponentShown(s.names[1], 0 if table.drawing else view.other_count, known, lang, watching)
    trump = suit_text(view.trump) if view.trump is not None else area_words()["none"]
    maker = who(view.maker == view.seat, watching=watching) if view.maker else area_words()["none"]
    to_act = who(view.to_act == view.seat, watching=watching) if view.to_act else None
    if state is TableState.BOT:
        to_act = f"{bot_word(watching=watching)} …"
    info = info_lines(s.match.number, s.match.target, view.seat == DEALER, to_act, trump, maker, view.stage,
                      watching=watching)
    talon = TalonShown(view.stock_count, view.face_up, area_words()["turn_up"], view.bottom, four, lang)
    hold = table.hold
    if hold is not None:
        by_seat = {hold.leader: hold.cards[0], hold.leader.other: hold.cards[1]}
        caption = area_words()["last_trick"]
    else:
        by_seat = dict(view.current)
        caption = area_words()["trick"]
    trick = TrickShown(caption, by_seat.get(view.other), by_seat.get(view.seat), bot_word(watching=watching),
                       you_word(watching=watching), four, lang)
    return TableShown(hand, opponent, info, talon, trick, hand_caption(s.names[0], s.watch),
                      ScoreShown(tuple(s.match.rows), s.match.target, s.names[1], lang, watching),
                      tuple(log_lines(table)))


def log_lines(table: TableController) -> list[str]:
    """This deal's log: its header, a line per event, and the coach's verdicts under their bids."""
    s = table.session
    if s is None:
        return []
    view = s.view()
    lines = [deal_header(s.match.number, s.fingerprint, view.seat == DEALER, watching=s.watch)]
    verdicts = table.coach.verdicts.lines
    for k, event in enumerate(view.events, 1):
        if line := log_line(event, view.seat, watching=s.watch):
            lines.append(line)
        if (verdict := verdicts.get((s.match.number, k))) is not None:
            lines.append(coach_log_line(verdict))
    return lines


def table_prompt(table: TableController, state: str) -> str:
    """What the player may do now (at most two lines), under the notice of the last step."""
    s = table.session
    if s is None or state in CLOSED:  # issue 22: not what the bot said before the summary
        return ""
    view = s.view()
    hold, bella = table.hold, table.pending_bella
    parts = []
    said = bot_said(view, watching=s.watch)
    if said:
        parts.append(said)
    if s.watch:
        parts.append(pgettext('watching', 'Watching {a} against {b}. Press {key} to stop.').format(
            a=shown_name(s.names[0]), b=shown_name(s.names[1]), key=keys.QUIT))
    elif state == TableState.BOT:
        parts.append(pgettext('thinking', '{bot} is thinking…').format(bot=shown_name(s.names[1])))
    elif state == TableState.HOLD and hold is not None:
        parts.append(hold_prompt(hold.winner == view.seat, hold.points, table.settings.pace == Pace.KEY,
                                 watching=s.watch))
    elif state == TableState.BELLA and bella is not None:
        parts.append(prompt_text("bella", card=card_text(bella)))
    elif state in (TableState.BIDDING_ROUND_ONE, TableState.BIDDING_ROUND_TWO):
        parts.append(bidding_prompt(state == TableState.BIDDING_ROUND_TWO, suit_of(view.turn_up),
                                    SCHMEISS in table.legal()))
    elif state == TableState.SCHMEISS_ANSWER:
        if view.rules.schmeiss_refused == "refuser_names":
            hint = prompt_text("refuse_names")
        else:
            hint = prompt_text("refuse_maker", suit=suit_text(suit_of(view.turn_up)),
                               who=named(view.schmeisser == view.seat, watching=s.watch))
        parts.append(prompt_text(TableState.SCHMEISS_ANSWER, who=who(view.schmeisser == view.seat, watching=s.watch),
                                 refuse_hint=hint))
    elif state == TableState.NAMING:
        parts.append(prompt_text(TableState.NAMING))
    elif state == TableState.PLAY:
        n = view.hand.bit_count()
        if view.current:
            parts.append(prompt_text("play_follow", card=card_text(view.current[0][1]), cards=keys.card_range(n)))
        else:
            parts.append(prompt_text("play_lead", cards=keys.card_range(n)))
    if EXCHANGE in table.legal() and state not in (TableState.HOLD, TableState.BELLA) and not s.watch:
        parts.append(prompt_text("exchange", card=card_text(view.face_up)))
    shown = parts[-2:]
    if table.notice:  # the notice of the last step takes the place of the line above the prompt
        shown = [notice_text(table.notice), *shown[-1:]]
    return "\n".join(shown)


def bot_said(view: PlayerView, *, watching: bool) -> str:
    if not view.bids or view.stage == PLAY:
        return ""
    seat, action = view.bids[-1]
    if seat == view.seat and not watching:
        return ""
    return prompt_text("bot_said", who=who(seat == view.seat, watching=watching), words=action_text(action))


def problem_text(problem: Refused | Declined | None) -> str:
    """Why the last key did nothing: the engine's refusal, or the table's."""
    if problem is None:
        return ""
    if isinstance(problem, Refused):
        return refusal_text(problem.error.code, problem.error.detail)
    return declined_text(problem)


def declined_text(declined: Declined) -> str:
    match declined.reason:
        case "no_card":
            return pgettext('no.card.there', 'There is no card {n} in your hand.').format(n=declined.n)
        case "nothing_to_answer":
            return pgettext('nothing.to.answer', 'There is no question to answer now.')
        case "no_last_trick":
            return pgettext('no.last.trick', 'No trick has been played yet in this deal.')
        case "nothing_to_undo":
            return pgettext('nothing.to.undo', 'Nothing of yours to undo in this deal.')
        case "coach_nothing":
            return pgettext('coach.nothing', 'There is no decision of yours to advise on now.')
        case "no_verdict":
            return pgettext('coach.no.verdict', 'No verdict yet: with “Coach after each bid” on, {key} shows the last one.'
                            ).format(key=keys.VERDICT)
        case "not_your_turn":
            return pgettext('not.your.turn', 'Wait: it is not your turn.')
    return pgettext('not.now', 'That key does nothing now.')


def notice_text(notice: str) -> str:
    """What a step did, said in the prompt line till the next move (issue 22): an undo."""
    return pgettext('undone', 'Your last decision was taken back (this match now counts as practice).')


def last_trick_text(trick: Trick, table: TableController) -> str:
    """l: the last trick of the deal, its winner and its points, as a notice."""
    assert table.session is not None
    cards = " ".join(card_text(c) for c in trick.cards)
    winner = who(trick.winner == table.session.view().seat, watching=table.session.watch)
    return f"{area_words()['last_trick']}: {cards} — {winner} (+{trick.points})"


def coach_failed_text(reason: str) -> str:
    return pgettext('coach.failed', 'The coach could not evaluate this position: {reason}').format(reason=reason)


def bot_fallback_text(level: str, name: str) -> str:
    """The level asked for is not there: both named as the player reads them (level_text), never by id."""
    from klabber_tui.words.names import level_text

    return pgettext('bot.fallback', 'The level “{level}” is not available yet; playing against “{name}” instead.'
                    ).format(level=level_text(level), name=level_text(name))


def stats_problem_text(problem: str) -> str:
    return pgettext('stats.problem', 'Statistics: {message}').format(message=problem)
