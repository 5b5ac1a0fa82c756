"""The table: every stage of a deal played on screen, by keys or the mouse.

The screen reads the player's ``PlayerView`` (``session.view()``) and nothing hidden. Each decision
goes through ``Session.apply``: the engine refuses an illegal one with its reason, which is shown.
The bot thinks in a worker thread and answers with a message; an answer that arrives after the
position changed (undo, quit, a new match) is dropped.

Issue 11: as soon as the player is asked to bid, the coach evaluates the position in another worker
(from the player's view and the standing only), so the verdict on the bid (for the statistics, and
with "Coach after each bid" as a line of the deal log under the bid, which ``v`` opens) is ready at
once and never hides the bot's reply.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Label
from textual.timer import Timer
from textual.worker import Worker, get_current_worker

from engine.actions import ACCEPT, EXCHANGE, PASS, REFUSE, SCHMEISS, TAKE, Action, ActionKind, Seat
from engine.cards import SUITS, sorted_cards, suit_of
from engine.deal import BIDDING_ROUND_ONE, BIDDING_ROUND_TWO, NAMING, PLAY, SCHMEISS_ANSWER, IllegalAction, Trick
from engine.view import PlayerView

from .. import coaching, text
from ..messages import HelpRequested, MatchOver, QuitRequested, ReviewRequested, SessionChanged, SettingsRequested
from ..safe_text import literal
from ..session import WATCH_DELAY, Finished, Session, Settings
from ..widgets.act import ActArea
from ..widgets.buttons import ButtonBar
from ..widgets.card import CardView
from ..widgets.deal_log import DealLog
from ..widgets.footer import WrappingFooter
from ..widgets.hand import HandView
from ..widgets.info import InfoPanel
from ..widgets.opponent import OpponentHand
from ..widgets.prompt import PromptLine
from ..widgets.score_sheet import ScoreSheet
from ..widgets.talon import TalonView
from ..widgets.trick import TrickView
from .coach import CoachScreen
from .size_guard import SizeGuard

if TYPE_CHECKING:
    from ai.bots import Bot
    from ai.coach import Advice
    from ai.utility import Standing

SUIT_KEYS = {letter.lower(): suit for suit, letter in enumerate(SUITS)}  # c, d, h, s name a suit
BUTTONS = ("take", "pass", "schmeiss", "yes", "no", *SUIT_KEYS, "exchange", "continue")
BotSource = Callable[[str], "tuple[Bot, str | None]"]  # a level -> its bot and the name it really has


class BotMoved(Message):
    def __init__(self, action: Action, position: tuple[int, int], seconds: float, real_name: str | None) -> None:
        super().__init__()
        self.action = action
        self.position = position
        self.seconds = seconds
        self.real_name = real_name


class PositionEvaluated(Message):
    """The coach's evaluation of a bidding decision of the player, made while the player thought."""

    def __init__(self, serial: int, advice: Advice | None, error: str | None = None) -> None:
        super().__init__()
        self.serial = serial
        self.advice = advice
        self.error = error


@dataclass
class Prepared:
    """A bidding decision of the player evaluated ahead (issue 11): what was evaluated, and once the
    player has bid, the bid and where its verdict goes."""

    view: PlayerView
    standing: Standing
    level: str
    preset: str
    practice: bool
    worker: Worker[None] | None = None
    advice: Advice | None = None
    error: str | None = None
    chosen: Action | None = None
    deal_number: int = 0
    log_at: int | None = None  # the deal log's events when the bid was made (None: it ended the deal)
    position: coaching.Position | None = None  # issue 21: the bid's id and situation in the statistics

    def fits(self, view: PlayerView, standing: Standing, level: str) -> bool:
        """The evaluation is of this very decision (a new deal, a load or an undo changes the view)."""
        return self.chosen is None and (self.view, self.standing, self.level) == (view, standing, level)


class TableScreen(SizeGuard, Screen[None]):
    # Issue 13: a big terminal puts the prompt right under the hand and gives the log the full height.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    BINDINGS = [
        Binding("1", "play_index(1)", text.KEY_LABELS["play"], key_display="1-9"),
        *[Binding(str(k), f"play_index({k})", show=False) for k in range(2, 10)],
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("enter", "choose", text.KEY_LABELS["choose"]),
        Binding("space", "choose", show=False),
        # Issue 13: these have buttons that name their keys, so the footer keeps its room for the rest.
        Binding("t", "bid('take')", text.KEY_LABELS["take"], show=False),
        Binding("p", "bid('pass')", text.KEY_LABELS["pass"], show=False),
        Binding("m", "bid('schmeiss')", text.KEY_LABELS["schmeiss"], show=False),
        Binding("y", "answer(True)", text.KEY_LABELS["yes"], show=False),
        Binding("n", "answer(False)", text.KEY_LABELS["no"], show=False),
        Binding("c", "name_suit(0)", text.KEY_LABELS["clubs"], show=False),
        Binding("d", "name_suit(1)", text.KEY_LABELS["diamonds"], show=False),
        Binding("h", "name_suit(2)", text.KEY_LABELS["hearts"], show=False),
        Binding("s", "name_suit(3)", text.KEY_LABELS["spades"], show=False),
        Binding("e", "exchange", text.KEY_LABELS["exchange"], show=False),
        Binding("l", "last_trick", text.KEY_LABELS["last"]),
        Binding("u", "undo", text.KEY_LABELS["undo"]),
        Binding("a", "coach", text.KEY_LABELS["coach"]),  # issue 5: the coach (screens/coach.py)
        Binding("v", "verdict", text.KEY_LABELS["verdict"], show=False),  # issue 11: the last verdict's page
        Binding("r", "review", text.KEY_LABELS["review"], show=False),  # issue 5: review the last deal
        Binding("o", "settings", text.KEY_LABELS["settings"]),
        Binding("question_mark", "help", text.KEY_LABELS["help"], key_display="?"),
        Binding("q", "quit_game", text.KEY_LABELS["quit"]),
    ]

    def __init__(self, settings: Settings, bots: BotSource) -> None:
        """``bots`` gives the bot for a level (called in a worker thread: it may load the ai package)."""
        super().__init__(id="table-screen")
        self.session: Session | None = None
        self.settings = settings
        self.bots = bots
        self.selected = 0
        self.hold: Trick | None = None
        self.pending_bella: int | None = None
        self.problem = ""
        self.waiting: tuple[int, int] | None = None
        self.thinking_since: float | None = None
        self.bot_seconds: list[float] = []
        self.card_judge = coaching.CardJudge()  # issue 11: the player's cards, judged for the statistics
        self.busy = False  # a modal of ours is open: no moves until it closes
        self.drawing = False  # the draw for the first dealer is on screen: no cards dealt yet
        self._hold_timer: Timer | None = None
        self._bindings_key: tuple[object, ...] | None = None
        self._cursor_at: tuple[int, int] | None = None  # the decision the cursor was last placed for
        self._prepared: dict[int, Prepared] = {}  # evaluations of the player's bids, by serial number
        self._serial = 0
        self._verdict_lines: dict[tuple[int, int], str] = {}  # (deal, events before it) -> the log line
        self._last_verdict: tuple[Prepared, Advice] | None = None  # what ``v`` opens

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
                yield Label(text.AREA["hand"], id="hand-caption")
                yield HandView(id="hand")
            with Vertical(id="right"):
                sheet = ScoreSheet(id="score")
                sheet.border_title = text.AREA["score"]
                yield sheet
                log = DealLog(id="log")
                log.border_title = text.AREA["log"]
                yield log
            with ActArea(id="act"):
                yield PromptLine(id="prompt")
                with ButtonBar(id="buttons"):
                    for name in BUTTONS:
                        yield self._button(name)
        yield WrappingFooter(compact=True)

    def _button(self, name: str) -> Button:
        button = Button(self._button_label(name), id=f"btn-{name}", compact=True)
        button.can_focus = False
        return button

    def _button_label(self, name: str) -> str:
        """A suit button says the suit in words, its symbol (or letter, in ASCII) and its key."""
        if name in SUIT_KEYS:
            return f"{text.suit_text(SUIT_KEYS[name], self.settings.ascii)} ({name})"
        return text.BUTTON_LABELS[name]

    def on_mount(self) -> None:
        self.refresh_table()

    # -- what state we are in -------------------------------------------------------------------

    def mode(self) -> str:
        s = self.session
        if s is None or self.busy:
            return "busy"
        if s.match.is_over:
            return "over"
        if self.hold is not None:
            return "hold"
        if self.pending_bella is not None:
            return "bella"
        if s.bot_to_act:
            return "bot"
        return s.deal.stage

    def legal(self) -> tuple[Action, ...]:
        s = self.session
        if s is None or s.match.is_over or s.watch:
            return ()
        return s.view().legal

    def moves(self) -> frozenset[Action]:
        """The player's legal actions as a set, to ask whether one is among them."""
        return frozenset(self.legal())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("settings", "help", "quit_game"):
            return True
        mode = self.mode()
        if mode == "busy":
            return False
        legal = self.legal()
        if action in ("play_index", "cursor"):
            return mode == PLAY
        if action == "choose":
            return mode in (PLAY, "hold", "bella")
        if action == "bid":
            return mode not in ("hold", "bella") and Action(ActionKind(str(parameters[0]))) in legal
        if action == "answer":
            return mode == "bella" or (mode == SCHMEISS_ANSWER and ACCEPT in legal)
        if action == "name_suit":
            suit = parameters[0]
            return mode not in ("hold", "bella") and isinstance(suit, int) and Action.name(suit) in self.moves()
        if action == "exchange":
            return mode not in ("hold", "bella") and EXCHANGE in legal
        if action == "last_trick":
            return self.session is not None and bool(self.session.deal.tricks)
        if action == "undo":
            return self.session is not None and self.session.can_undo()
        if action == "coach":
            return coaching.can_coach(self.session, mode)
        if action == "review":
            return self.session is not None and self.session.last is not None and not self.session.watch
        return True

    # -- drawing --------------------------------------------------------------------------------

    def hand_cards(self) -> list[int]:
        if self.session is None:
            return []
        view = self.session.view()
        return sorted_cards(view.hand, view.trump)

    def refresh_table(self) -> None:
        s = self.session
        if s is None:
            return
        settings = self.settings
        asc, four = settings.ascii, settings.four_colour
        view = s.view()
        you = view.seat
        mode = self.mode()
        cards = [] if self.drawing else self.hand_cards()
        self.selected = max(0, min(self.selected, len(cards) - 1))
        playable: set[int] | None = None
        if mode == PLAY:
            moves = self.moves()
            playable = {c for c in cards if Action.play(c) in moves}
            if s.position() != self._cursor_at:  # a new decision: the cursor starts on a card Enter plays
                self._cursor_at = s.position()
                if playable and cards[self.selected] not in playable:
                    self.selected = next(k for k, c in enumerate(cards) if c in playable)
        self.query_one(HandView).show(cards, playable, self.selected if mode == PLAY else None, asc, four)
        known = " ".join(text.card_text(c, asc) for c in sorted_cards(view.other_known, view.trump))
        self.query_one(OpponentHand).show(s.names[1], 0 if self.drawing else view.other_count, known, asc)
        trump = text.suit_text(view.trump, asc) if view.trump is not None else text.AREA["none"]
        maker = text.who(view.maker == you) if view.maker else text.AREA["none"]
        to_act = text.who(view.to_act == you) if view.to_act else None
        if mode == "bot":
            to_act = f"{text.BOT} …"
        self.query_one(InfoPanel).show(text.info_lines(s.match.number, s.match.target, view.seat == "dealer",
                                                       to_act, trump, maker, view.stage))
        turn_up_caption = text.AREA["turn_up"]
        self.query_one(TalonView).show(view.stock_count, view.face_up, turn_up_caption, view.bottom, asc, four)
        if self.hold is not None:
            trick = self.hold
            by_seat = {trick.leader: trick.cards[0], ("dealer" if trick.leader == "elder" else "elder"): trick.cards[1]}
            caption = text.AREA["last_trick"]
        else:
            by_seat = dict(view.current)
            caption = text.AREA["trick"]
        self.query_one(TrickView).show(caption, by_seat.get(view.other), by_seat.get(you), text.BOT, asc, four)
        self.query_one("#hand-caption", Label).update(literal(text.hand_caption(s.names[0], s.watch)))
        self.query_one(ScoreSheet).show(s.match.rows, s.match.target, s.names[1], asc)
        self.query_one(DealLog).show(self.log_lines())
        self.query_one(PromptLine).show(self.prompt_text(mode, view), self.problem)
        self.update_buttons(mode, view)
        bindings_key = (mode, self.legal(), bool(view.tricks), s.can_undo())
        if bindings_key != self._bindings_key:
            self._bindings_key = bindings_key
            self.refresh_bindings()
        self.prepare_verdict()

    def log_lines(self) -> list[str]:
        """This deal's log: its header, a line per event, and the coach's verdicts under their bids."""
        s = self.session
        if s is None:
            return []
        view = s.view()
        lines = [text.deal_header(s.match.number, s.fingerprint, view.seat == "dealer")]
        for k, event in enumerate(view.events, 1):
            if line := text.log_line(event, view.seat, self.settings.ascii):
                lines.append(line)
            if (s.match.number, k) in self._verdict_lines:
                lines.append(self._verdict_lines[(s.match.number, k)])
        return lines

    def prompt_text(self, mode: str, view: PlayerView) -> str:
        s = self.session
        assert s is not None
        asc = self.settings.ascii
        parts = []
        said = self.bot_said(view)
        if said:
            parts.append(said)
        if s.watch:
            parts.append(text.WATCHING.format(a=s.names[0], b=s.names[1]))
        elif mode == "bot":
            parts.append(text.THINKING.format(bot=s.names[1]))
        elif mode == "hold" and self.hold is not None:
            winner_you = self.hold.winner == view.seat
            key = "hold" if self.settings.pace == "key" else "hold_auto"
            second_person = winner_you and not text.TWO_BOTS
            parts.append(text.PROMPTS[key].format(winner=text.who(winner_you),
                                                  verb=text.WIN_VERB["you" if second_person else "other"],
                                                  points=self.hold.points))
        elif mode == "bella" and self.pending_bella is not None:
            parts.append(text.PROMPTS["bella"].format(card=text.card_text(self.pending_bella, asc)))
        elif mode in (BIDDING_ROUND_ONE, BIDDING_ROUND_TWO):
            schmeiss = text.PROMPTS["schmeiss_option"] if SCHMEISS in view.legal else ""
            parts.append(text.PROMPTS[mode].format(suit=text.suit_text(suit_of(view.turn_up), asc),
                                                   schmeiss=schmeiss))
        elif mode == SCHMEISS_ANSWER:
            if view.rules.schmeiss_refused == "refuser_names":
                hint = text.PROMPTS["refuse_names"]
            else:
                hint = text.PROMPTS["refuse_maker"].format(suit=text.suit_text(suit_of(view.turn_up), asc),
                                                            who=text.named(view.schmeisser == view.seat))
            parts.append(text.PROMPTS[SCHMEISS_ANSWER].format(who=text.who(view.schmeisser == view.seat),
                                                               refuse_hint=hint))
        elif mode == NAMING:
            parts.append(text.PROMPTS[NAMING])
        elif mode == PLAY:
            n = view.hand.bit_count()
            if view.current:
                parts.append(text.PROMPTS["play_follow"].format(card=text.card_text(view.current[0][1], asc), n=n))
            else:
                parts.append(text.PROMPTS["play_lead"].format(n=n))
        if EXCHANGE in view.legal and mode not in ("hold", "bella") and not s.watch:
            parts.append(text.PROMPTS["exchange"].format(card=text.card_text(view.face_up, asc)))
        return "\n".join(parts[-2:])

    def bot_said(self, view: PlayerView) -> str:
        if not view.bids or view.stage == PLAY:
            return ""
        seat, action = view.bids[-1]
        if seat == view.seat and not (self.session is not None and self.session.watch):
            return ""
        return text.PROMPTS["bot_said"].format(who=text.who(seat == view.seat),
                                               words=text.action_text(action, self.settings.ascii))

    def update_buttons(self, mode: str, view: PlayerView) -> None:
        legal = self.legal() if mode != "busy" else ()
        moves = self.moves() if mode != "busy" else frozenset()
        shown = {
            "take": TAKE in legal and mode not in ("hold", "bella"),
            "pass": PASS in legal and mode not in ("hold", "bella"),
            "schmeiss": SCHMEISS in legal and mode not in ("hold", "bella"),
            "yes": mode == "bella" or (mode == SCHMEISS_ANSWER and ACCEPT in legal),
            "no": mode == "bella" or (mode == SCHMEISS_ANSWER and ACCEPT in legal),
            "exchange": EXCHANGE in legal and mode not in ("hold", "bella"),
            "continue": mode == "hold",
        }
        for key, suit in SUIT_KEYS.items():
            shown[key] = mode not in ("hold", "bella") and Action.name(suit) in moves
        for name in BUTTONS:
            button = self.query_one(f"#btn-{name}", Button)
            button.display = shown.get(name, False)
            if name in SUIT_KEYS and button.display:
                button.label = self._button_label(name)  # the ASCII setting may have changed
        self.query_one(ButtonBar).fit()

    # -- the flow -------------------------------------------------------------------------------

    def advance(self) -> None:
        """After every change: start the bot, play a forced card, or wait for the player."""
        s = self.session
        if s is None or self.busy or self.drawing or s.match.is_over:
            return
        mode = self.mode()
        if mode == "bot":
            self.start_bot()
        elif mode == PLAY and self.settings.autoplay_forced and self.problem == "":
            moves = self.moves()
            cards = {m.card for m in moves if m.card is not None}
            if len(cards) == 1 and EXCHANGE not in moves:
                card = next(iter(cards))
                self.call_later(self._play_forced, s.position(), card)

    def _play_forced(self, position: tuple[int, int], card: int) -> None:
        s = self.session
        if s is None or s.position() != position or self.mode() != PLAY:
            return
        self.try_play(card)

    def start_bot(self) -> None:
        s = self.session
        assert s is not None
        position = s.position()
        if self.waiting == position:
            return
        self.waiting = position
        self.thinking_since = time.monotonic()
        delay = 0.0
        if s.watch:
            delay = WATCH_DELAY if self.settings.pace == "key" else float(self.settings.pace)
        seat = s.deal.to_act
        level = s.level
        # Issue 10: the bot plays the match, not only the deal: it is told the score sheet from its
        # own side, as the coach judges the player with it.
        standing = coaching.seat_standing(s, seat) if seat is not None else None
        self.think(s.bot_view(), s.seed_for_next_decision(), position, level, delay, seat, standing)

    @work(thread=True, exclusive=True, group="bot")
    def think(self, view: PlayerView, seed: int, position: tuple[int, int], level: str, delay: float,
              seat: Seat | None, standing: Standing | None = None) -> None:
        started = time.monotonic()
        bot, real_name = self.bots(level)
        action = bot.choose(view, seed, standing)
        seconds = time.monotonic() - started
        worker = get_current_worker()
        while not worker.is_cancelled and time.monotonic() - started < delay:
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.post_message(BotMoved(action, position, seconds, real_name))

    def on_bot_moved(self, message: BotMoved) -> None:
        s = self.session
        if s is None or s.position() != message.position or self.waiting != message.position:
            return  # a stale answer: the position changed while the bot thought
        self.waiting = None
        self.bot_seconds.append(message.seconds)
        real = message.real_name
        if real and not s.watch and s.names[1] != real:
            s.names = (s.names[0], real)
            self.notify(text.BOT_FALLBACK.format(level=s.level, name=real))
        seat = s.deal.to_act
        assert seat is not None
        self.act(seat, message.action)

    def act(self, seat: Seat, action: Action) -> None:
        """Apply one action of a seat, the player's or the bot's."""
        s = self.session
        assert s is not None
        tricks = len(s.deal.tricks)
        word = action
        bid_view = coaching.bid_decision(s, seat, word)
        card_view = coaching.card_decision(s, seat, word)  # issue 11: cards reach the statistics too
        standing = coaching.standing_now(s) if bid_view is not None or card_view is not None else None
        position = coaching.position_of(s)
        try:
            finished = s.apply(seat, action)
        except IllegalAction as error:
            self.problem = text.refusal_text(error.code, error.detail, self.settings.ascii)
            self.refresh_table()
            return
        self.problem = ""
        self.post_message(SessionChanged())
        if bid_view is not None and standing is not None:
            self.after_bid(bid_view, word, standing, None if finished is not None else len(s.view().events),
                           position)
        if card_view is not None and standing is not None:
            self.after_card(card_view, word, standing, position)
        if finished is not None:
            self.after_deal(finished)
            self.show_summary(finished)
            return
        if len(s.deal.tricks) > tricks:
            self.start_hold(s.deal.tricks[-1])
        self.refresh_table()
        self.advance()

    # -- the coach's verdict on each bid (issue 11) ---------------------------------------------

    def prepare_verdict(self) -> None:
        """The player is asked to bid: evaluate the position now, while the player thinks, unless it
        is being evaluated already. Evaluations of decisions the player left unanswered (an undo, a
        new deal, a load) are dropped."""
        s = self.session
        view = None if self.drawing else coaching.bid_to_judge(s)
        if s is None or view is None:
            return
        standing, level = coaching.standing_now(s), coaching.verdict_level()
        if any(p.fits(view, standing, level) for p in self._prepared.values()):
            return
        self.drop_prepared(only_unanswered=True)
        self._start_evaluation(Prepared(view, standing, level, s.rules.preset, s.practice))

    def _start_evaluation(self, prepared: Prepared) -> None:
        self._serial += 1
        self._prepared[self._serial] = prepared
        prepared.worker = self.evaluate_position(self._serial, prepared.view, prepared.standing, prepared.level)

    def drop_prepared(self, only_unanswered: bool = False) -> None:
        """Forget evaluations (those of decisions not answered, or all): their answers are ignored."""
        for serial, prepared in list(self._prepared.items()):
            if only_unanswered and prepared.chosen is not None:
                continue
            if prepared.worker is not None:
                prepared.worker.cancel()
            del self._prepared[serial]

    @work(thread=True, group="verdict", exit_on_error=False)
    def evaluate_position(self, serial: int, view: PlayerView, standing: Standing, level: str) -> None:
        """The coach's evaluation of the player's bidding decision, from the player's view only."""
        worker = get_current_worker()
        try:
            advice = coaching.evaluate_bid(view, standing, level)
        except Exception as error:  # never crash the game for the coach: the verdict says it failed
            message = PositionEvaluated(serial, None, str(error) or type(error).__name__)
        else:
            message = PositionEvaluated(serial, advice)
        if not worker.is_cancelled:
            self.post_message(message)

    def on_position_evaluated(self, message: PositionEvaluated) -> None:
        prepared = self._prepared.get(message.serial)
        if prepared is None:
            return  # dropped: the player left that decision, or another match came
        prepared.advice, prepared.error = message.advice, message.error
        if prepared.chosen is not None:
            self.deliver_verdict(message.serial)

    def after_bid(self, view: PlayerView, action: Action, standing: Standing, log_at: int | None,
                  position: coaching.Position | None = None) -> None:
        """The player bid: the verdict comes from the evaluation made while the player thought (or,
        when it is still running, as soon as it ends). ``log_at``: the deal log's events just after
        the bid (None: the bid ended the deal)."""
        s = self.session
        assert s is not None
        level = coaching.verdict_level()
        serial = next((k for k, p in self._prepared.items() if p.fits(view, standing, level)), None)
        if serial is None:  # not prepared (the table had not been drawn since): evaluate now
            self._start_evaluation(Prepared(view, standing, level, s.rules.preset, s.practice))
            serial = self._serial
        prepared = self._prepared[serial]
        prepared.chosen, prepared.deal_number, prepared.log_at = action, s.match.number, log_at
        prepared.position = position
        if prepared.advice is not None or prepared.error is not None:
            self.deliver_verdict(serial)

    def deliver_verdict(self, serial: int) -> None:
        """The verdict on a bid: to the statistics (in a worker), and with the setting on, into the
        deal log under the bid (or, when that deal is over, as a notice); ``v`` opens its page."""
        prepared = self._prepared.pop(serial)
        assert prepared.chosen is not None
        if prepared.advice is None:
            if self.settings.coach_bids:
                self.notify(text.COACH_FAILED.format(reason=prepared.error), severity="warning", markup=False)
            return
        verdict = coaching.bid_verdict(prepared.view, prepared.advice, prepared.chosen)
        self.run_worker(lambda: self.tell_stats(coaching.record_bid(verdict, prepared.preset, prepared.practice,
                                                                         prepared.position)),
                        thread=True, group="judge", exit_on_error=False)
        if not self.settings.coach_bids:
            return
        self._last_verdict = (prepared, verdict)
        line = text.coach_log_line(verdict, self.settings.ascii)
        s = self.session
        if s is not None and prepared.log_at is not None and prepared.deal_number == s.match.number:
            self._verdict_lines = {k: v for k, v in self._verdict_lines.items() if k[0] == s.match.number}
            self._verdict_lines[(prepared.deal_number, prepared.log_at)] = line
            self.refresh_table()
        else:
            self.notify(line, timeout=8, markup=False)

    def action_verdict(self) -> None:
        """``v``: the coach's page on the last bid judged, shown at once (already evaluated)."""
        if self._last_verdict is None:
            self.say(text.COACH_NO_VERDICT)
            return
        prepared, verdict = self._last_verdict
        self.app.push_screen(CoachScreen(prepared.view, chosen=prepared.chosen, standing=prepared.standing,
                                         ascii_suits=self.settings.ascii, verdict=True, level=prepared.level,
                                         advice=verdict))

    def after_card(self, view: PlayerView, action: Action, standing: Standing,
                   position: coaching.Position | None = None) -> None:
        """After the player's card: judge it in the background for the statistics (issue 11)."""
        s = self.session
        assert s is not None
        if self.card_judge.add(view, action, standing, s.rules.preset, s.practice, position):
            self.run_worker(self.judge_cards, thread=True, group="judge-cards", exit_on_error=False)

    def judge_cards(self) -> None:
        """The worker that judges the queued cards, one after another, until none is left."""
        worker = get_current_worker()
        self.card_judge.drain(self.tell_stats, lambda: worker.is_cancelled)

    def after_deal(self, finished: Finished) -> None:
        """A deal of a match is over: record it (and the match, if it ended) in a worker."""
        assert self.session is not None
        record = coaching.deal_stats(self.session, finished)
        if record is None:
            return

        def write() -> None:
            for problem in record.write():
                self.tell_stats(problem)

        self.run_worker(write, thread=True, group="stats", exit_on_error=False)

    def tell_stats(self, problem: str | None) -> None:
        """From a worker thread: say what went wrong with the statistics, if anything did."""
        if not problem:
            return
        try:
            self.app.call_from_thread(self.app.notify, text.STATS_PROBLEM.format(message=problem),
                                      severity="warning", timeout=10)
        except RuntimeError:  # the app has closed meanwhile: nobody is left to tell
            pass

    def start_hold(self, trick: Trick) -> None:
        self.hold = trick
        pace = self.settings.pace
        if pace != "key" or (self.session is not None and self.session.watch):
            delay = WATCH_DELAY if pace == "key" else float(pace)
            self._hold_timer = self.set_timer(delay, self.release_hold)

    def release_hold(self) -> None:
        if self.hold is None:
            return
        self.hold = None
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        self.refresh_table()
        self.advance()

    def show_summary(self, finished: Finished) -> None:
        s = self.session
        assert s is not None
        self.hold = None
        self.busy = True
        self.refresh_table()
        from .summary import SummaryScreen

        auto = 3.0 if s.watch else None
        self.app.push_screen(SummaryScreen(finished, s.match.totals, s.match.target, self.settings.ascii,
                                           auto_close=auto), self.after_summary)

    def after_summary(self, _choice: str | None) -> None:
        self.busy = False
        s = self.session
        if s is None:
            return
        s.summary_pending = False
        self.post_message(SessionChanged())
        if s.match.is_over:
            self.post_message(MatchOver())
            return
        self.refresh_table()
        self.advance()

    def new_session(self, session: Session, *, drawing: bool = False) -> None:
        """The app has a new session: forget everything about the old one. ``drawing``: the draw for
        the first dealer is about to be shown (issue 13: no cards and no bot until it is closed)."""
        self.session = session
        self.drawing = drawing
        self.hold = None
        self.pending_bella = None
        self.problem = ""
        self.waiting = None
        self.busy = False
        self.selected = 0
        self.workers.cancel_group(self, "bot")
        self.drop_prepared()  # issue 11: no verdict of the old session's bids
        self._verdict_lines = {}
        self._last_verdict = None
        self.refresh_table()
        if not session.summary_pending:
            self.advance()  # else the resumed deal summary goes first, then after_summary advances

    # -- the player's moves ---------------------------------------------------------------------

    def say(self, message: str) -> None:
        self.problem = message
        self.refresh_table()

    def try_play(self, card: int) -> None:
        s = self.session
        assert s is not None
        if Action.play(card, bella=True) in self.moves():
            self.pending_bella = card
            self.refresh_table()
            return
        self.act(s.seat, Action.play(card))

    def action_play_index(self, n: int) -> None:
        cards = self.hand_cards()
        if not 1 <= n <= len(cards):
            self.say(text.NO_CARD_THERE.format(n=n))
            return
        self.selected = n - 1
        self.try_play(cards[n - 1])

    def action_cursor(self, step: int) -> None:
        cards = self.hand_cards()
        if cards:
            self.selected = (self.selected + step) % len(cards)
            self.refresh_table()

    def action_choose(self) -> None:
        mode = self.mode()
        if mode == "hold":
            self.release_hold()
        elif mode == "bella":
            self.action_answer(True)
        elif mode == PLAY:
            cards = self.hand_cards()
            if cards:
                self.try_play(cards[self.selected])

    def action_bid(self, word: str) -> None:
        """t, p, m: the bid of that kind (a key binding or a button names it by its word)."""
        s = self.session
        if s is not None and self.mode() not in ("hold", "bella", "bot", "busy", "over"):
            self.act(s.seat, Action(ActionKind(word)))

    def action_answer(self, yes: bool) -> None:
        s = self.session
        if s is None:
            return
        mode = self.mode()
        if mode == "bella" and self.pending_bella is not None:
            card = self.pending_bella
            self.pending_bella = None
            self.act(s.seat, Action.play(card, bella=yes))
        elif mode == SCHMEISS_ANSWER:
            self.act(s.seat, ACCEPT if yes else REFUSE)
        else:
            self.say(text.NOTHING_TO_ANSWER)

    def action_name_suit(self, suit: int) -> None:
        s = self.session
        if s is not None and self.mode() not in ("hold", "bella", "bot", "busy", "over"):
            self.act(s.seat, Action.name(suit))

    def action_exchange(self) -> None:
        s = self.session
        if s is not None and self.mode() not in ("hold", "bella", "busy", "over"):
            self.act(s.seat, EXCHANGE)

    def action_last_trick(self) -> None:
        s = self.session
        if s is None or not s.deal.tricks:
            self.say(text.NO_LAST_TRICK)
            return
        view = s.view()
        trick = view.tricks[-1]
        cards = " ".join(text.card_text(c, self.settings.ascii) for c in trick.cards)
        self.notify(f"{text.AREA['last_trick']}: {cards} — {text.who(trick.winner == view.seat)} (+{trick.points})")

    def action_undo(self) -> None:
        s = self.session
        taken_back = None if s is None else coaching.undo(s)
        if s is None or taken_back is None:
            self.say(text.NOTHING_TO_UNDO)
            return
        self.run_worker(lambda: self.tell_stats(coaching.forget_taken_back(*taken_back)), thread=True,
                        group="judge", exit_on_error=False)  # issue 21: the decision taken back leaves the statistics
        self.hold = None
        self.pending_bella = None
        self.waiting = None
        self.workers.cancel_group(self, "bot")
        self.drop_prepared()  # issue 11: the bids taken back get no verdict, and their log lines go
        events = len(s.view().events)
        self._verdict_lines = {k: v for k, v in self._verdict_lines.items()
                               if k[0] == s.match.number and k[1] <= events}
        self.post_message(SessionChanged())
        self.problem = ""
        self.notify(text.UNDONE)
        self.refresh_table()
        self.advance()

    def action_coach(self) -> None:
        """Issue 5: the coach's page on the player's decision (the player's view only)."""
        s = self.session
        if s is None or not coaching.can_coach(s, self.mode()):
            self.say(text.COACH_NOTHING)
            return
        view, standing, level = s.view(), coaching.standing_now(s), coaching.verdict_level()
        ready = next((p.advice for p in self._prepared.values() if p.fits(view, standing, level)), None)
        # On a bid the evaluation made while the player thinks serves the page too, once it is there.
        self.app.push_screen(CoachScreen(view, standing=standing, ascii_suits=self.settings.ascii, level=level,
                                         advice=ready))

    def action_review(self) -> None:
        s = self.session
        if s is not None and s.last is not None:
            self.post_message(ReviewRequested(s.last))

    def action_settings(self) -> None:
        self.post_message(SettingsRequested())

    def use_language(self) -> None:
        """Issue 12: the language changed in the game; the captions composed once take its words (the
        rest is drawn from the catalogue at every refresh)."""
        self.query_one("#hand-caption", Label).update(text.AREA["hand"])
        self.query_one(ScoreSheet).border_title = text.AREA["score"]
        self.query_one(DealLog).border_title = text.AREA["log"]
        for name in BUTTONS:
            self.query_one(f"#btn-{name}", Button).label = self._button_label(name)
        self._bindings_key = None
        self.refresh_table()

    def use_settings(self, settings: Settings) -> None:
        """The settings page was saved: redraw with the new settings and go on."""
        self.settings = settings
        self.refresh_table()
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
        from .question import QuestionScreen

        def answered(choice: str | None) -> None:
            if choice == "yes":
                self.post_message(QuitRequested())

        self.app.push_screen(QuestionScreen(text.QUIT_TITLE, text.QUIT_QUESTION), answered)

    def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        index = message.card_view.index
        if index is None:
            return
        if self.mode() != PLAY:
            self.say(text.NOT_YOUR_TURN if self.mode() == "bot" else text.NOT_NOW)
            return
        self.action_play_index(index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = (event.button.id or "").removeprefix("btn-")
        if name in ("take", "pass", "schmeiss"):
            self.action_bid(name)
        elif name in ("yes", "no"):
            self.action_answer(name == "yes")
        elif name in SUIT_KEYS:
            self.action_name_suit(SUIT_KEYS[name])
        elif name == "exchange":
            self.action_exchange()
        elif name == "continue":
            self.release_hold()
