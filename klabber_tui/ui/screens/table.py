"""The table: every stage of a deal played on screen, by keys or the mouse.

The flow is ``TableController``'s (klabber_tui/practice/table_controller.py, no Textual): its state, the
player's moves, the bot's turns, the held trick, bella, the forced card, undo and which keys work now.
This screen draws it and runs the slow work in worker threads: the bot, the coach's evaluation of
each bid the player is asked for (issue 11: ready when the bid is made, never hiding the bot's
reply), and the statistics (``coaching.StatsWriter``, one worker).
Each area of the table is a reactive snapshot of what it shows; ``sync`` recomputes them after every
step and Textual redraws only the areas whose snapshot changed (issue 22).

The screen reads the player's ``PlayerView`` (``session.view()``) and nothing hidden. A worker's
answer that arrives after the position changed (undo, quit, a new match) is dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Label
from textual.worker import get_current_worker

from engine.actions import ACCEPT, DEALER, EXCHANGE, PASS, REFUSE, SCHMEISS, TAKE, Action
from engine.cards import sorted_cards, suit_of
from engine.deal import PLAY
from engine.match import SheetRow
from engine.view import PlayerView

from klabber_tui.practice import coaching
from klabber_tui.words import i18n, keys
from klabber_tui.ui.messages import (
    HelpRequested,
    MatchOver,
    QuitRequested,
    ReviewRequested,
    SessionChanged,
    SettingsRequested,
)
from klabber_tui.data.safe_text import literal
from klabber_tui.practice.session import Finished, Pace, Session, Settings
from klabber_tui.practice.table_controller import (
    BIDS,
    CLOSED,
    PLAYER_STATES,
    Applied,
    AskBella,
    BotTurn,
    Position,
    Prepared,
    Refused,
    Step,
    TableController,
    TableState,
    VerdictPipeline,
    bids_to_judge_again,
    decision_to_prepare,
)
from klabber_tui.ui.widgets.act import ActArea
from klabber_tui.ui.widgets.buttons import ButtonBar
from klabber_tui.ui.widgets.card import CardView
from klabber_tui.ui.widgets.deal_log import DealLog
from klabber_tui.ui.widgets.footer import WrappingFooter
from klabber_tui.ui.widgets.hand import HandView
from klabber_tui.ui.widgets.info import InfoPanel
from klabber_tui.ui.widgets.opponent import OpponentHand
from klabber_tui.ui.widgets.prompt import PromptLine
from klabber_tui.ui.widgets.score_sheet import ScoreSheet
from klabber_tui.ui.widgets.talon import TalonView
from klabber_tui.ui.widgets.trick import TrickView
from klabber_tui.ui.screens.coach import CoachScreen
from klabber_tui.ui.screens.question import ask_to_quit
from klabber_tui.ui.screens.size_guard import SizeGuard
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.cards import action_text, card_text, suit_text
from klabber_tui.words.coach.verdicts import coach_log_line
from klabber_tui.words.files import said_text
from klabber_tui.words.table import (
    area_words,
    bidding_prompt,
    bot_word,
    button_labels_words,
    deal_header,
    hand_caption,
    hold_prompt,
    info_lines,
    log_line,
    named,
    prompt_text,
    refusal_text,
    shown_name,
    who,
    you_word,
)

if TYPE_CHECKING:
    from ai.bots import Bot
    from ai.coach import Advice

SUIT_KEYS = {key: suit for suit, key in enumerate(keys.SUITS)}  # the suit buttons, by the key that names each
BUTTONS = ("take", "pass", "schmeiss", "yes", "no", *SUIT_KEYS, "exchange", "continue")
BUSY = "busy"  # ``mode()`` while a page is open over the table, or before a match is on it
BotSource = Callable[[str], "tuple[Bot, str | None]"]  # a level -> its bot and the name it really has


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


class ButtonsShown(NamedTuple):
    names: frozenset[str] = frozenset()
    lang: str = ""


class BotMoved(Message):
    def __init__(self, action: Action, position: Position, real_name: str | None) -> None:
        super().__init__()
        self.action = action
        self.position = position
        self.real_name = real_name


class PositionEvaluated(Message):
    """The coach's evaluation of a bidding decision of the player, made while the player thought."""

    def __init__(self, key: Position, prepared: Prepared, advice: Advice | None, error: str | None = None) -> None:
        super().__init__()
        self.key = key
        self.prepared = prepared
        self.advice = advice
        self.error = error


class TableScreen(LocalizedBindings, SizeGuard, Screen[None]):
    # Issue 13: a big terminal puts the prompt right under the hand and gives the log the full height.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(keys.CARDS[0], "play_index(1)", pgettext('key.play', 'Play'), key_display=keys.card_range(len(keys.CARDS))),
            *[Binding(key, f"play_index({k})", show=False) for k, key in enumerate(keys.CARDS[1:], 2)],
            Binding(keys.LEFT, "cursor(-1)", show=False),
            Binding(keys.RIGHT, "cursor(1)", show=False),
            Binding(keys.CHOOSE, "choose", pgettext('key.choose', 'Choose')),
            Binding("space", "choose", show=False),
            # Issue 13: these have buttons that name their keys, so the footer keeps its room for the rest.
            Binding(keys.TAKE, "bid('take')", pgettext('key.take', 'Take'), show=False),
            Binding(keys.PASS, "bid('pass')", pgettext('key.pass', 'Pass'), show=False),
            Binding(keys.SCHMEISS, "bid('schmeiss')", pgettext('key.schmeiss', 'Schmeiss'), show=False),
            Binding(keys.YES, "answer(True)", pgettext('key.yes', 'Yes'), show=False),
            Binding(keys.NO, "answer(False)", pgettext('key.no', 'No'), show=False),
            Binding(keys.SUITS[0], "name_suit(0)", pgettext('key.clubs', 'Clubs'), show=False),
            Binding(keys.SUITS[1], "name_suit(1)", pgettext('key.diamonds', 'Diamonds'), show=False),
            Binding(keys.SUITS[2], "name_suit(2)", pgettext('key.hearts', 'Hearts'), show=False),
            Binding(keys.SUITS[3], "name_suit(3)", pgettext('key.spades', 'Spades'), show=False),
            Binding(keys.EXCHANGE, "exchange", pgettext('key.exchange', 'Exchange dix'), show=False),
            Binding(keys.LAST_TRICK, "last_trick", pgettext('key.last', 'Last trick')),
            Binding(keys.UNDO, "undo", pgettext('key.undo', 'Undo')),
            Binding(keys.COACH, "coach", pgettext('key.coach', 'Coach')),  # issue 5: the coach (screens/coach.py)
            Binding(keys.VERDICT, "verdict", pgettext('key.verdict', 'Verdict')),  # issue 11: the last verdict's page
            Binding(keys.REVIEW, "review", pgettext('key.review', 'Review'), show=False),  # issue 5: review the last deal
            Binding(keys.SETTINGS, "settings", pgettext('key.settings', 'Settings')),
            Binding(keys.HELP, "help", pgettext('key.help', 'Help'), key_display=keys.name(keys.HELP)),
            Binding(keys.QUIT, "quit_game", pgettext('key.quit', 'Quit')),
        ]

    # What each area shows, as a value: a watcher redraws its area only when its value changes.
    state: reactive[TableState] = reactive(TableState.NO_MATCH, init=False, repaint=False)
    problem: reactive[str] = reactive("", init=False, repaint=False)  # why a move was refused
    notice: reactive[str] = reactive("", init=False, repaint=False)  # what a step did (an undo), till the next
    hand_area: reactive[HandShown] = reactive(HandShown(), init=False, repaint=False)
    opponent_area: reactive[OpponentShown] = reactive(OpponentShown(), init=False, repaint=False)
    info_area: reactive[tuple[str, str]] = reactive(("", ""), init=False, repaint=False)
    talon_area: reactive[TalonShown] = reactive(TalonShown(), init=False, repaint=False)
    trick_area: reactive[TrickShown] = reactive(TrickShown(), init=False, repaint=False)
    caption_area: reactive[str] = reactive("", init=False, repaint=False)
    score_area: reactive[ScoreShown] = reactive(ScoreShown(), init=False, repaint=False)
    log_area: reactive[tuple[str, ...]] = reactive((), init=False, repaint=False)
    prompt_area: reactive[tuple[str, str]] = reactive(("", ""), init=False, repaint=False)
    buttons_area: reactive[ButtonsShown] = reactive(ButtonsShown(), init=False, repaint=False)
    keys_area: reactive[tuple[object, ...]] = reactive((), init=False, repaint=False)  # what the keys depend on

    def __init__(self, settings: Settings, bots: BotSource) -> None:
        """``bots`` gives the bot for a level (called in a worker thread: it may load the ai package)."""
        super().__init__(id="table-screen")
        self.controller = TableController(settings)
        self.verdicts = VerdictPipeline()  # issue 11: the coach's verdicts on the player's bids
        self.bots = bots
        self.stats_writer = coaching.StatsWriter()  # issue 11: verdicts, cards, undos and deals to the statistics
        self._hold_timer: Timer | None = None

    # -- what the rest of the interface reads ---------------------------------------------------

    @property
    def session(self) -> Session | None:
        return self.controller.session

    @property
    def settings(self) -> Settings:
        return self.controller.settings

    @property
    def waiting(self) -> Position | None:
        return self.controller.waiting

    @property
    def selected(self) -> int:
        return self.controller.selected

    def mode(self) -> str:
        """The table's state, or ``busy`` while a page is open over it (the screen stack says so)."""
        state = self.controller.state
        return BUSY if state is TableState.NO_MATCH or not self.is_active else state

    def legal(self) -> tuple[Action, ...]:
        """The player's legal actions now, in the engine's order."""
        return self.controller.legal()

    def hand_cards(self) -> list[int]:
        return self.controller.cards()

    # -- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Issue 13: the cards on the left, the score sheet and the log taking the rest of the width,
        and under both, across the whole width, the prompt and its buttons, which wrap rather than
        lose words; heights follow the words (assets/klabber.tcss, with breakpoints for big terminals)."""
        with Container(id="table"):
            with Vertical(id="left"):
                yield OpponentHand(id="opponent")
                yield InfoPanel(id="info")
                with Horizontal(id="middle"):
                    yield TalonView(id="talon-area")
                    yield TrickView(id="trick-area")
                yield Label(area_words()["hand"], id="hand-caption")
                yield HandView(id="hand")
            with Vertical(id="right"):
                sheet = ScoreSheet(id="score")
                sheet.border_title = area_words()["score"]
                yield sheet
                log = DealLog(id="log")
                log.border_title = area_words()["log"]
                yield log
            with ActArea(id="act"):
                yield PromptLine(id="prompt")
                with ButtonBar(id="buttons") as bar:
                    bar.display = False  # issue 22: no button shows before the table knows what is asked
                    for name in BUTTONS:
                        yield self._button(name)
        yield WrappingFooter(compact=True)

    def _button(self, name: str) -> Button:
        button = Button(self._button_label(name), id=f"btn-{name}", compact=True)
        button.can_focus = False
        button.display = False
        return button

    def _button_label(self, name: str) -> str:
        """A suit button says the suit in words, its symbol and its key."""
        if name in SUIT_KEYS:
            return f"{suit_text(SUIT_KEYS[name])} ({name})"
        return button_labels_words()[name]

    def on_mount(self) -> None:
        self.sync()

    @on(events.ScreenSuspend)
    @on(events.ScreenResume)
    def _page_opened_or_closed(self) -> None:
        """A page opened over the table or closed: the footer offers the table's keys only when the
        table is the page on top (``mode``)."""
        self.refresh_bindings()

    # -- the areas, recomputed after every step -------------------------------------------------

    def sync(self) -> None:
        """Set every area's value from the controller; the watchers redraw those that changed."""
        ctl, s = self.controller, self.controller.session
        self.state = ctl.state
        self.buttons_area = self._shown_buttons()
        self.keys_area = (self.state, ctl.legal(), s is not None and bool(s.deal.tricks),
                          s is not None and s.can_undo())
        self.prompt_area = (self.prompt_text(self.state), self.problem)
        if s is None:
            return
        four, lang = self.settings.four_colour, i18n.current()
        view = s.view()
        cards = ctl.cards()
        playing = self.state is TableState.PLAY
        self.hand_area = HandShown(tuple(cards), ctl.playable() if playing else None,
                                   ctl.selected if playing else None, four, lang)
        known = " ".join(card_text(c) for c in sorted_cards(view.other_known, view.trump))
        watching = s.watch  # two bots play: the words say Bot 1 and Bot 2, never "you" (issue 13)
        self.opponent_area = OpponentShown(s.names[1], 0 if ctl.drawing else view.other_count, known, lang, watching)
        trump = suit_text(view.trump) if view.trump is not None else area_words()["none"]
        maker = who(view.maker == view.seat, watching=watching) if view.maker else area_words()["none"]
        to_act = who(view.to_act == view.seat, watching=watching) if view.to_act else None
        if self.state is TableState.BOT:
            to_act = f"{bot_word(watching=watching)} …"
        self.info_area = info_lines(s.match.number, s.match.target, view.seat == DEALER, to_act, trump, maker,
                                         view.stage, watching=watching)
        self.talon_area = TalonShown(view.stock_count, view.face_up, area_words()["turn_up"], view.bottom, four, lang)
        hold = ctl.hold
        if hold is not None:
            by_seat = {hold.leader: hold.cards[0], hold.leader.other: hold.cards[1]}
            caption = area_words()["last_trick"]
        else:
            by_seat = dict(view.current)
            caption = area_words()["trick"]
        self.trick_area = TrickShown(caption, by_seat.get(view.other), by_seat.get(view.seat),
                                     bot_word(watching=watching), you_word(watching=watching), four, lang)
        self.caption_area = hand_caption(s.names[0], s.watch)
        self.score_area = ScoreShown(tuple(s.match.rows), s.match.target, s.names[1], lang, watching)
        self.log_area = tuple(self.log_lines())

    def watch_hand_area(self, shown: HandShown) -> None:
        self.query_one(HandView).show(list(shown.cards), shown.playable, shown.selected, shown.four_colour)

    def watch_opponent_area(self, shown: OpponentShown) -> None:
        self.query_one(OpponentHand).show(shown.name, shown.held, shown.known, watching=shown.watching)

    def watch_info_area(self, lines: tuple[str, str]) -> None:
        self.query_one(InfoPanel).show(lines)

    def watch_talon_area(self, shown: TalonShown) -> None:
        self.query_one(TalonView).show(shown.stock, shown.face_up, shown.caption, shown.bottom, shown.four_colour)

    def watch_trick_area(self, shown: TrickShown) -> None:
        self.query_one(TrickView).show(shown.caption, shown.bot_card, shown.your_card, shown.bot_label, shown.your_label,
                                       shown.four_colour)

    def watch_caption_area(self, caption: str) -> None:
        self.query_one("#hand-caption", Label).update(literal(caption))

    def watch_score_area(self, shown: ScoreShown) -> None:
        self.query_one(ScoreSheet).show(list(shown.rows), shown.target, shown.bot, watching=shown.watching)

    def watch_log_area(self, lines: tuple[str, ...]) -> None:
        self.query_one(DealLog).show(list(lines))

    def watch_problem(self) -> None:
        self.prompt_area = (self.prompt_text(self.controller.state), self.problem)

    def watch_notice(self) -> None:
        self.prompt_area = (self.prompt_text(self.controller.state), self.problem)

    def watch_prompt_area(self, shown: tuple[str, str]) -> None:
        message, problem = shown
        self.query_one(PromptLine).show(message, problem)

    def watch_buttons_area(self, shown: ButtonsShown) -> None:
        for name in BUTTONS:
            button = self.query_one(f"#btn-{name}", Button)
            button.display = name in shown.names
            if name in SUIT_KEYS and button.display:
                button.label = self._button_label(name)  # the ASCII setting may have changed
        self.query_one(ButtonBar).fit()

    def watch_keys_area(self) -> None:
        self.refresh_bindings()

    def log_lines(self) -> list[str]:
        """This deal's log: its header, a line per event, and the coach's verdicts under their bids."""
        s = self.session
        if s is None:
            return []
        view = s.view()
        lines = [deal_header(s.match.number, s.fingerprint, view.seat == DEALER, watching=s.watch)]
        for k, event in enumerate(view.events, 1):
            if line := log_line(event, view.seat, watching=s.watch):
                lines.append(line)
            if (verdict := self.verdicts.lines.get((s.match.number, k))) is not None:
                lines.append(coach_log_line(verdict))
        return lines

    def prompt_text(self, state: str) -> str:
        """What the player may do now (at most two lines), under the notice of the last step."""
        s = self.session
        if s is None or state in CLOSED:  # issue 22: not what the bot said before the summary
            return ""
        view = s.view()
        hold, bella = self.controller.hold, self.controller.pending_bella
        parts = []
        said = self.bot_said(view)
        if said:
            parts.append(said)
        if s.watch:
            parts.append(pgettext('watching', 'Watching {a} against {b}. Press {key} to stop.').format(
                a=shown_name(s.names[0]), b=shown_name(s.names[1]), key=keys.QUIT))
        elif state == TableState.BOT:
            parts.append(pgettext('thinking', '{bot} is thinking…').format(bot=shown_name(s.names[1])))
        elif state == TableState.HOLD and hold is not None:
            parts.append(hold_prompt(hold.winner == view.seat, hold.points, self.settings.pace == Pace.KEY,
                                          watching=s.watch))
        elif state == TableState.BELLA and bella is not None:
            parts.append(prompt_text("bella", card=card_text(bella)))
        elif state in (TableState.BIDDING_ROUND_ONE, TableState.BIDDING_ROUND_TWO):
            parts.append(bidding_prompt(state == TableState.BIDDING_ROUND_TWO, suit_of(view.turn_up),
                                             SCHMEISS in self.controller.legal()))
        elif state == TableState.SCHMEISS_ANSWER:
            if view.rules.schmeiss_refused == "refuser_names":
                hint = prompt_text("refuse_names")
            else:
                hint = prompt_text("refuse_maker", suit=suit_text(suit_of(view.turn_up)),
                                        who=named(view.schmeisser == view.seat, watching=s.watch))
            parts.append(prompt_text(TableState.SCHMEISS_ANSWER, who=who(view.schmeisser == view.seat,
                                                                                     watching=s.watch),
                                                                         refuse_hint=hint))
        elif state == TableState.NAMING:
            parts.append(prompt_text(TableState.NAMING))
        elif state == TableState.PLAY:
            n = view.hand.bit_count()
            if view.current:
                parts.append(prompt_text("play_follow", card=card_text(view.current[0][1]),
                                              cards=keys.card_range(n)))
            else:
                parts.append(prompt_text("play_lead", cards=keys.card_range(n)))
        if (EXCHANGE in self.controller.legal() and state not in (TableState.HOLD, TableState.BELLA)
                and not s.watch):
            parts.append(prompt_text("exchange", card=card_text(view.face_up)))
        shown = parts[-2:]
        if self.notice:  # the notice of the last step takes the place of the line above the prompt
            shown = [self.notice, *shown[-1:]]
        return "\n".join(shown)

    def bot_said(self, view: PlayerView) -> str:
        if not view.bids or view.stage == PLAY:
            return ""
        seat, action = view.bids[-1]
        watching = self.session is not None and self.session.watch
        if seat == view.seat and not watching:
            return ""
        return prompt_text("bot_said", who=who(seat == view.seat, watching=watching),
                                words=action_text(action))

    def _shown_buttons(self) -> ButtonsShown:
        """The buttons for the state: what the player may do now, nothing else (issue 22: not all
        eleven at once before the first deal)."""
        state, legal = self.controller.state, self.controller.legal()
        free = state not in (TableState.HOLD, TableState.BELLA)
        answer = state is TableState.BELLA or (state is TableState.SCHMEISS_ANSWER and ACCEPT in legal)
        shown = {
            "take": free and TAKE in legal,
            "pass": free and PASS in legal,
            "schmeiss": free and SCHMEISS in legal,
            "yes": answer,
            "no": answer,
            "exchange": free and EXCHANGE in legal,
            "continue": state is TableState.HOLD,
        }
        for key, suit in SUIT_KEYS.items():
            shown[key] = free and Action.name(suit) in legal
        return ButtonsShown(frozenset(name for name, on_ in shown.items() if on_), i18n.current())

    # -- which keys work now --------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key works when the controller says its action can do something now, with the table on top."""
        return self.controller.enabled(action, parameters, on_top=self.is_active)

    # -- the flow -------------------------------------------------------------------------------

    def after(self, step: Step | None) -> None:
        """After a move of either side: say a refusal, or take what the move did to its end."""
        if step is None:
            return
        if isinstance(step, Refused):
            self.problem = refusal_text(step.error.code, step.error.detail)
            self.sync()
            return
        self.problem = ""
        if isinstance(step, AskBella):
            self.sync()
            return
        self.notice = ""
        self.post_message(SessionChanged())
        self.after_applied(step)
        if step.finished is not None:
            self.after_deal(step.finished)
            self.sync()
            self.show_summary(step.finished)
            return
        if step.trick is not None:
            self.start_hold()
        self.sync()
        self.advance()

    def advance(self) -> None:
        """After every change: start the bot, play a forced card, or wait for the player (and have the
        coach evaluate a bid while the player thinks)."""
        s = self.session
        if s is None:
            return
        turn = self.controller.bot_turn()
        if turn is not None:
            self.think(turn)
            return
        self.prepare_verdict()
        card = self.controller.forced_card()
        if card is not None and not self.problem:
            self.call_later(self._play_forced, s.position(), card)

    def _play_forced(self, position: Position, card: int) -> None:
        s = self.session
        if s is None or s.position() != position or self.controller.state is not TableState.PLAY:
            return
        self.after(self.controller.play(card))

    @work(thread=True, exclusive=True, group="bot")
    def think(self, turn: BotTurn) -> None:
        started = time.monotonic()
        bot, real_name = self.bots(turn.level)
        action = bot.choose(turn.view, turn.seed, turn.standing)
        worker = get_current_worker()
        while not worker.is_cancelled and time.monotonic() - started < turn.delay:
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.post_message(BotMoved(action, turn.position, real_name))

    @on(BotMoved)
    def bot_moved(self, message: BotMoved) -> None:
        s = self.session
        if s is None or s.position() != message.position:
            return  # a stale answer: the position changed while the bot thought
        real = message.real_name
        if real and not s.watch and s.names[1] != real:
            s.names = (s.names[0], real)
            self.notify(pgettext('bot.fallback', 'The level {level!r} is not available yet; playing against {name} instead.').format(level=s.level, name=real))
        self.after(self.controller.bot_answered(message.position, message.action))

    def start_hold(self) -> None:
        delay = self.controller.hold_delay()
        if delay is not None:
            self._hold_timer = self.set_timer(delay, self.release_hold)

    def stop_hold_timer(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None

    def release_hold(self) -> None:
        self.stop_hold_timer()
        if self.controller.release_hold():
            self.sync()
            self.advance()

    def show_summary(self, finished: Finished) -> None:
        s = self.session
        assert s is not None
        from klabber_tui.ui.screens.summary import SummaryScreen

        auto = 3.0 if s.watch else None
        self.app.push_screen(SummaryScreen(finished, s.match.totals, s.match.target,
                                           auto_close=auto, ask_to_quit=not s.watch, watching=s.watch), self.after_summary)

    def after_summary(self, _choice: str | None) -> None:
        s = self.session
        if s is None:
            return
        self.controller.summary_closed()
        self.post_message(SessionChanged())
        self.sync()
        if s.match.is_over:
            self.post_message(MatchOver())
            return
        self.advance()

    def new_session(self, session: Session, *, fresh: bool = False) -> None:
        """A new session on the table: forget everything about the old one. ``fresh``: a new match,
        which opens on the draw for the first dealer (issue 13: no cards and no bot until it is
        closed); else a resumed one, on its deal summary if it was left there."""
        self.workers.cancel_group(self, "bot")
        self.stop_hold_timer()
        self.verdicts.drop()  # issue 11: no verdict of the old session's bids
        self.controller.new_session(session, drawing=fresh)
        self.problem = self.notice = ""
        self.sync()
        if fresh:
            from engine.match import first_dealer_from

            from klabber_tui.ui.screens.draw import DrawScreen

            first_dealer_you = first_dealer_from(session.match.draws) == 0
            auto = 2.0 if session.watch else None
            self.app.push_screen(DrawScreen(session.match.draws, first_dealer_you, auto, watching=session.watch),
                                 self.after_draw)
            return
        self.judge_again()
        if session.summary_pending and session.last is not None:
            self.show_summary(session.last)  # quit on the summary: resume on it
        else:
            self.advance()

    def after_draw(self, _choice: str | None) -> None:
        self.controller.draw_closed()
        self.sync()
        self.advance()

    # -- the coach's verdict on each bid (issue 11) ---------------------------------------------

    def prepare_verdict(self) -> None:
        """The player is asked to bid: evaluate the position now, while the player thinks, unless it
        is being evaluated already."""
        found = decision_to_prepare(self.session, self.controller.state)
        if found is None:
            return
        key, prepared = found
        if self.verdicts.ready_for(key, prepared.view, prepared.standing, prepared.level) is None:
            self._evaluate(key, prepared)

    def _evaluate(self, key: Position, prepared: Prepared) -> None:
        self.verdicts.prepare(key, prepared)
        prepared.worker = self.evaluate_position(key, prepared)

    @work(thread=True, group="verdict", exit_on_error=False)
    def evaluate_position(self, key: Position, prepared: Prepared) -> None:
        """The coach's evaluation of the player's bidding decision, from the player's view only."""
        worker = get_current_worker()
        try:
            advice = coaching.evaluate_bid(prepared.view, prepared.standing, prepared.level)
        except Exception as error:  # never crash the game for the coach: the verdict says it failed
            message = PositionEvaluated(key, prepared, None, str(error) or type(error).__name__)
        else:
            message = PositionEvaluated(key, prepared, advice)
        if not worker.is_cancelled:
            self.post_message(message)

    @on(PositionEvaluated)
    def position_evaluated(self, message: PositionEvaluated) -> None:
        ready = self.verdicts.evaluated(message.key, message.prepared, message.advice, message.error)
        if ready is not None:
            self.deliver_verdict(ready)

    def after_applied(self, step: Applied) -> None:
        """The coach's part of a move of the player: the bid's verdict, the card's judgement."""
        s = self.session
        assert s is not None
        if step.bid is not None and step.standing is not None:
            key = step.position
            if key not in self.verdicts:  # not prepared (the table had not asked yet): evaluate now
                self._evaluate(key, Prepared(step.bid, step.standing, coaching.verdict_level(), s.rules.preset,
                                             s.practice))
            ready = self.verdicts.chose(key, step.action, key[0], step.log_at, step.decided)
            if ready is not None:
                self.deliver_verdict(ready)
        if step.card is not None and step.standing is not None:
            self.write_stats(self.stats_writer.card(step.card, step.action, step.standing, s.rules.preset, s.practice,
                                                    step.decided))

    def judge_again(self) -> None:
        """Issue 22: on resume, the verdicts of the bids already made are judged again (not counted
        again in the statistics), so the log shows them under their bids and ``v`` opens the last."""
        s = self.session
        if s is None or s.watch or not self.settings.coach_bids:
            return
        for key, prepared in bids_to_judge_again(s):
            self._evaluate(key, prepared)

    def deliver_verdict(self, prepared: Prepared) -> None:
        """The verdict on a bid: to the statistics (in a worker), and with the setting on, into the
        deal log under the bid (or, when that deal is over, as a notice); ``v`` opens its page."""
        assert prepared.chosen is not None
        if prepared.advice is None:
            if self.settings.coach_bids and prepared.record:
                self.notify(pgettext('coach.failed', 'The coach could not evaluate this position: {reason}').format(reason=prepared.error), severity="warning", markup=False)
            return
        verdict = coaching.bid_verdict(prepared.view, prepared.advice, prepared.chosen)
        if prepared.record:
            self.write_stats(self.stats_writer.bid(verdict, prepared.preset, prepared.practice, prepared.decided))
        s = self.session
        if not self.settings.coach_bids or s is None:
            return
        if not self.verdicts.place(prepared, verdict, s.match.number) and prepared.record:
            self.notify(coach_log_line(verdict), timeout=8, markup=False)
        self.sync()

    def action_verdict(self) -> None:
        """``v``: the coach's page on the last bid judged, shown at once (already evaluated)."""
        if self.verdicts.last is None:
            self.problem = pgettext('coach.no.verdict', 'No verdict yet: with “Coach after each bid” on, {key} shows the last one.'
                                    ).format(key=keys.VERDICT)
            return
        prepared, verdict = self.verdicts.last
        self.app.push_screen(CoachScreen(prepared.view, chosen=prepared.chosen, standing=prepared.standing,
                                         verdict=True, level=prepared.level,
                                         advice=verdict))

    # -- the statistics, written in a worker ---------------------------------------------------

    def after_deal(self, finished: Finished) -> None:
        """A deal of a match is over: record it (and the match, if it ended)."""
        assert self.session is not None
        record = coaching.deal_stats(self.session, finished)
        if record is not None:
            self.write_stats(self.stats_writer.deal(record))

    def write_stats(self, start: bool) -> None:
        """After something was queued for the statistics: start the worker if none is writing."""
        if start:
            self.stats_worker()

    @work(thread=True, group="stats", exit_on_error=False)
    def stats_worker(self) -> None:
        """The one worker that writes the statistics' queue (``coaching.StatsWriter``) until it is empty."""
        worker = get_current_worker()
        self.stats_writer.drain(lambda said: self.tell_stats(said_text(said) or ""), lambda: worker.is_cancelled)

    def tell_stats(self, problem: str) -> None:
        """From the worker: say what went wrong with the statistics (their own sentence, in our words)."""
        try:
            self.app.call_from_thread(self.app.notify, pgettext('stats.problem', 'Statistics: {message}').format(message=problem),
                                      severity="warning", timeout=10)
        except RuntimeError:  # the app has closed meanwhile: nobody is left to tell
            pass

    # -- the player's moves ---------------------------------------------------------------------

    def say(self, message: str) -> None:
        self.problem = message

    def action_play_index(self, n: int) -> None:
        cards = self.controller.cards()
        if not 1 <= n <= len(cards):
            self.say(pgettext('no.card.there', 'There is no card {n} in your hand.').format(n=n))
            return
        self.controller.selected = n - 1
        self.after(self.controller.play(cards[n - 1]))

    def action_cursor(self, step: int) -> None:
        self.controller.move_cursor(step)
        self.sync()

    def action_choose(self) -> None:
        state = self.controller.state
        if state is TableState.HOLD:
            self.release_hold()
        elif state is TableState.BELLA:
            self.action_answer(True)
        elif state is TableState.PLAY:
            cards = self.controller.cards()
            if cards:
                self.after(self.controller.play(cards[self.controller.selected]))

    def action_bid(self, kind: str) -> None:
        if self.controller.state in PLAYER_STATES:
            self.after(self.controller.decide(BIDS[kind]))

    def action_answer(self, yes: bool) -> None:
        state = self.controller.state
        if state is TableState.BELLA:
            self.after(self.controller.answer_bella(yes))
        elif state is TableState.SCHMEISS_ANSWER:
            self.after(self.controller.decide(ACCEPT if yes else REFUSE))
        else:
            self.say(pgettext('nothing.to.answer', 'There is no question to answer now.'))

    def action_name_suit(self, suit: int) -> None:
        if self.controller.state in PLAYER_STATES:
            self.after(self.controller.decide(Action.name(suit)))

    def action_exchange(self) -> None:
        if self.controller.state in (*PLAYER_STATES, TableState.BOT):
            self.after(self.controller.decide(EXCHANGE))

    def action_last_trick(self) -> None:
        s = self.session
        if s is None or not s.deal.tricks:
            self.say(pgettext('no.last.trick', 'No trick has been played yet in this deal.'))
            return
        view = s.view()
        trick = view.tricks[-1]
        cards = " ".join(card_text(c) for c in trick.cards)
        self.notify(f"{area_words()['last_trick']}: {cards} — {who(trick.winner == view.seat, watching=s.watch)} "
                    f"(+{trick.points})")

    def action_undo(self) -> None:
        s = self.session
        taken_back = None if s is None else self.controller.undo()
        if s is None or taken_back is None:
            self.say(pgettext('nothing.to.undo', 'Nothing of yours to undo in this deal.'))
            return
        self.write_stats(self.stats_writer.taken_back(*taken_back))
        self.stop_hold_timer()
        self.workers.cancel_group(self, "bot")
        # Issue 11: the bids taken back get no verdict, and their log lines go.
        self.verdicts.drop(after=s.position(), events=len(s.view().events))
        self.post_message(SessionChanged())
        self.problem = ""
        self.notice = pgettext('undone', 'Your last decision was taken back (this match now counts as practice).')  # issue 22: in the prompt line, where no notice covers the prompt
        self.sync()
        self.advance()

    def action_coach(self) -> None:
        """Issue 5: the coach's page on the player's decision (the player's view only)."""
        s = self.session
        if s is None or not coaching.can_coach(s, self.mode()):
            self.say(pgettext('coach.nothing', 'There is no decision of yours to advise on now.'))
            return
        view, standing, level = s.view(), coaching.standing_now(s), coaching.verdict_level()
        ready = self.verdicts.ready_for(s.position(), view, standing, level)
        # On a bid the evaluation made while the player thinks serves the page too, once it is there.
        self.app.push_screen(CoachScreen(view, standing=standing, level=level,
                                         advice=ready.advice if ready is not None else None))

    def action_review(self) -> None:
        s = self.session
        if s is not None and s.last is not None:
            self.post_message(ReviewRequested(s.last))

    def action_settings(self) -> None:
        self.post_message(SettingsRequested())

    def use_settings(self, settings: Settings) -> None:
        """The settings page was saved: redraw with the new settings and go on."""
        self.controller.settings = settings
        self.sync()
        self.advance()

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit_game(self) -> None:
        """q asks first while a match is at stake, so a stray key does not end the game (issue 13);
        ctrl+q (the app's) quits at once. Watching, or once the match is over, q quits."""
        s = self.session
        if s is None or s.watch or s.match.is_over:
            self.post_message(QuitRequested())
            return
        ask_to_quit(self)

    @on(CardView.Chosen)
    def card_chosen(self, message: CardView.Chosen) -> None:
        index = message.card_view.index
        if index is None:
            return
        state = self.controller.state
        if state is not TableState.PLAY:
            self.say(pgettext('not.your.turn', 'Wait: it is not your turn.') if state is TableState.BOT else pgettext('not.now', 'That key does nothing now.'))
            return
        self.action_play_index(index)

    @on(Button.Pressed, "#btn-take, #btn-pass, #btn-schmeiss")
    def bid_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_bid((event.button.id or "").removeprefix("btn-"))

    @on(Button.Pressed, "#btn-yes, #btn-no")
    def answer_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "btn-yes")

    @on(Button.Pressed, "#btn-c, #btn-d, #btn-h, #btn-s")
    def suit_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_name_suit(SUIT_KEYS[(event.button.id or "").removeprefix("btn-")])

    @on(Button.Pressed, "#btn-exchange")
    def exchange_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_exchange()

    @on(Button.Pressed, "#btn-continue")
    def continue_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.release_hold()

