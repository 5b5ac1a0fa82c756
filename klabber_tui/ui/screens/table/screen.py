"""The table: every stage of a deal played on screen, by keys or the mouse.

Issue 30: this screen lays out and routes. Every rule of the table's flow is ``TableController``'s
(klabber_tui/practice/table/, no Textual): what state the table is in, what a key does in it, what is
enabled, what the bot does next, what a refusal is, what follows a step. The screen composes the
widgets, binds the keys (the pages' from the registry, klabber_tui/ui/pages.py), calls the controller,
draws its answer with the words (klabber_tui/words/table/shown.py) and runs what it asks for in worker
threads and timers: the bot, the coach's evaluation of each bid the player is asked for (issue 11:
ready when the bid is made, never hiding the bot's reply), and the statistics' writer.
The areas are one reactive value (``shown``); ``sync`` recomputes it after every step and only the
areas whose part changed are redrawn (issue 22).

The screen reads the player's ``PlayerView`` (``session.view()``) and nothing hidden.
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Button

from engine.actions import Action

from klabber_tui.practice.session import Finished, Session, Settings
from klabber_tui.practice.table import After, BotTurn, Declined, Forced, Step, TableController, TableState, Told
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.ui.messages import (BotMoved, HelpRequested, MatchOver, PositionEvaluated, QuitRequested, ReviewRequested,
                                     SessionChanged, SettingsRequested)
from klabber_tui.ui.pages import TABLE, PageHost
from klabber_tui.ui.screens.coach import CoachScreen
from klabber_tui.ui.screens.question import ask_to_quit
from klabber_tui.ui.screens.size_guard import SizeGuard
from klabber_tui.ui.screens.table.workers import BotSource, TableWorkers
from klabber_tui.ui.widgets.card import CardView
from klabber_tui.ui.widgets.footer import WrappingFooter
from klabber_tui.ui.widgets.prompt import PromptLine
from klabber_tui.ui.widgets.board import TableBoard
from klabber_tui.ui.widgets.action_buttons import BUTTONS, TableButtons
from klabber_tui.words import i18n, keys
from klabber_tui.words.coach.verdicts import coach_log_line
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.table.shown import (TableShown, bot_fallback_text, coach_failed_text, last_trick_text, problem_text,
                                          table_prompt, table_shown)

BUSY = "busy"  # ``mode()`` while a page is open over the table, or before a match is on it


class TableScreen(LocalizedBindings, PageHost, SizeGuard, TableWorkers):
    # Issue 13: a big terminal puts the prompt right under the hand and gives the log the full height.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    PAGES_ON = TABLE

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
            *cls.page_bindings(),  # the coach, the verdict, the review, the settings, help (ui/pages.py)
            Binding(keys.QUIT, "quit_game", pgettext('key.quit', 'Quit')),
        ]

    # What the table shows, as values: a watcher redraws an area only when its value changes.
    state: reactive[TableState] = reactive(TableState.NO_MATCH, init=False, repaint=False)
    shown: reactive[TableShown] = reactive(TableShown(), init=False, repaint=False)
    prompt_area: reactive[tuple[str, str]] = reactive(("", ""), init=False, repaint=False)  # the prompt, the problem
    buttons_area: reactive[tuple[frozenset[str], str]] = reactive((frozenset(), ""), init=False, repaint=False)
    keys_area: reactive[tuple[object, ...]] = reactive((), init=False, repaint=False)  # what the keys depend on

    def __init__(self, settings: Settings, bots: BotSource) -> None:
        """``bots`` gives the bot for a level (called in a worker thread: it may load the ai package)."""
        super().__init__(id="table-screen")
        self.controller = TableController(settings, evaluate=self.evaluate_position, write_stats=self.stats_worker)
        self.bots = bots
        self._hold_timer: Timer | None = None

    # -- what the rest of the interface reads ---------------------------------------------------

    @property
    def session(self) -> Session | None:
        return self.controller.session

    def mode(self) -> str:
        """The table's state, or ``busy`` while a page is open over it (the screen stack says so)."""
        state = self.controller.state
        return BUSY if state is TableState.NO_MATCH or not self.is_active else state

    def legal(self) -> tuple[Action, ...]:
        return self.controller.legal()

    def hand_cards(self) -> list[int]:
        return self.controller.cards()

    # -- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Issue 13: the areas on a grid (widgets/board.py, assets/klabber.tcss), the footer under them."""
        yield TableBoard(id="table")
        yield WrappingFooter(compact=True)

    def on_mount(self) -> None:
        self.sync()

    @on(events.ScreenSuspend)
    @on(events.ScreenResume)
    def _page_opened_or_closed(self) -> None:
        """The footer offers the table's keys only when the table is the page on top (``mode``)."""
        self.refresh_bindings()

    # -- drawing what the controller says -------------------------------------------------------

    def sync(self) -> None:
        """Set every area's value from the controller; the watchers redraw those that changed."""
        ctl, s = self.controller, self.controller.session
        self.state = ctl.state
        self.buttons_area = (frozenset(name for name, call in BUTTONS.items() if ctl.button(*call)), i18n.current())
        self.keys_area = (self.state, ctl.legal(), s is not None and bool(s.deal.tricks), s is not None and s.can_undo())
        self.prompt_area = (table_prompt(ctl, self.state), problem_text(ctl.problem))
        shown = table_shown(ctl)
        if shown is not None:
            self.shown = shown

    def watch_shown(self, old: TableShown, new: TableShown) -> None:
        self.query_one(TableBoard).draw(old, new)

    def watch_prompt_area(self, shown: tuple[str, str]) -> None:
        self.query_one(PromptLine).show(*shown)

    def watch_buttons_area(self, shown: tuple[frozenset[str], str]) -> None:
        self.query_one(TableButtons).show(shown[0])

    def watch_keys_area(self) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key works when the registry (a page's key) or the controller says it can do something now."""
        enabled = self.page_enabled(action, self.controller, self.is_active)
        return self.controller.enabled(action, parameters, on_top=self.is_active) if enabled is None else enabled

    def tell(self, told: tuple[Told, ...] | list[Told]) -> None:
        """What the coach says outside the deal log: its failure, or a verdict on a deal already over."""
        for item in told:
            if item.failed is not None:
                self.notify(coach_failed_text(item.failed), severity="warning", markup=False)
            else:
                self.notify(coach_log_line(item.verdict), timeout=8, markup=False)

    # -- the flow: the controller decides, the screen runs it ------------------------------------

    def after(self, step: Step | None) -> None:
        """After a key or a move of either side: what the controller says follows, done."""
        done: After = self.controller.after(step)
        if done.stop:
            self.stop_hold_timer()
            self.workers.cancel_group(self, "bot")
        if done.saved:
            self.post_message(SessionChanged())
        self.tell(done.told)
        if done.hold and (delay := self.controller.hold_delay()) is not None:
            self._hold_timer = self.set_timer(delay, self.action_release)
        self.sync()
        if done.summary is not None:
            self.show_summary(done.summary)
        elif done.advance:
            self.advance()

    def advance(self) -> None:
        """Start the bot, play a forced card, or wait for the player (the controller prepares the coach)."""
        move = self.controller.next_move()
        if isinstance(move, BotTurn):
            self.think(move)
        elif move is not None:
            self.call_later(self._play_forced, move)

    def _play_forced(self, forced: Forced) -> None:
        self.after(self.controller.play_forced(forced))

    def stop_hold_timer(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None

    def show_summary(self, finished: Finished) -> None:
        from klabber_tui.ui.screens.summary import SummaryScreen

        assert self.session is not None
        self.app.push_screen(SummaryScreen.of(finished, self.session), self.after_summary)

    def after_summary(self, _choice: str | None) -> None:
        if self.session is None:
            return
        over = self.controller.summary_closed()  # the next deal is on, or the match is over
        self.post_message(SessionChanged())
        self.sync()
        if over:
            self.post_message(MatchOver())
        else:
            self.advance()

    def new_session(self, session: Session, *, fresh: bool = False) -> None:
        """A new session on the table: forget everything about the old one. ``fresh``: a new match,
        which opens on the draw for the first dealer (issue 13: no cards and no bot until it is
        closed); else a resumed one, on its deal summary if it was left there."""
        self.workers.cancel_group(self, "bot")
        self.stop_hold_timer()
        summary = self.controller.opened(session, fresh=fresh)
        self.sync()
        if fresh:
            from klabber_tui.ui.screens.draw import DrawScreen

            self.app.push_screen(DrawScreen.of(session), self.after_draw)
        elif summary is not None:
            self.show_summary(summary)  # quit on the summary: resume on it
        else:
            self.advance()

    def after_draw(self, _choice: str | None) -> None:
        self.controller.draw_closed()
        self.sync()
        self.advance()

    def use_settings(self, settings: Settings) -> None:
        """The settings page was saved: redraw with the new settings and go on."""
        self.controller.settings = settings
        self.sync()
        self.advance()

    # -- what the workers (screens/table/workers.py) answer ------------------------------------

    @on(BotMoved)
    def bot_moved(self, message: BotMoved) -> None:
        s = self.session
        if s is not None and message.real_name and self.controller.bot_named(message.position, message.real_name):
            self.notify(bot_fallback_text(s.level, message.real_name))
        self.after(self.controller.bot_answered(message.position, message.action))

    @on(PositionEvaluated)
    def position_evaluated(self, message: PositionEvaluated) -> None:
        self.tell(self.controller.coach.evaluated(message.key, message.prepared, message.advice, message.error,
                                                  self.session, self.controller.settings))
        self.sync()

    # -- the keys and buttons: each a call into the controller ----------------------------------

    def action_play_index(self, n: int) -> None:
        self.after(self.controller.press_card(n))

    def action_cursor(self, step: int) -> None:
        self.controller.move_cursor(step)
        self.sync()

    def action_choose(self) -> None:
        self.after(self.controller.choose())

    def action_bid(self, kind: str) -> None:
        self.after(self.controller.bid(kind))

    def action_answer(self, yes: bool) -> None:
        self.after(self.controller.answer(yes))

    def action_name_suit(self, suit: int) -> None:
        self.after(self.controller.name_suit(suit))

    def action_exchange(self) -> None:
        self.after(self.controller.exchange())

    def action_release(self) -> None:
        """The held trick goes: Continue, or the pace's timer."""
        self.stop_hold_timer()
        self.after(self.controller.release())

    def action_last_trick(self) -> None:
        trick = self.controller.last_trick()
        if isinstance(trick, Declined):
            self.after(trick)
        else:
            self.notify(last_trick_text(trick, self.controller))

    def action_undo(self) -> None:
        self.after(self.controller.take_back())

    def action_coach(self) -> None:
        """Issue 5: the coach's page on the player's decision (the player's view only)."""
        found = self.controller.coach_page()
        if isinstance(found, Declined):
            self.after(found)
        else:
            self.app.push_screen(CoachScreen(found.view, standing=found.standing, level=found.level, advice=found.advice))

    def action_verdict(self) -> None:
        """``v``: the coach's page on the last bid judged, shown at once (already evaluated)."""
        found = self.controller.verdict_page()
        if isinstance(found, Declined):
            self.after(found)
            return
        prepared, verdict = found
        self.app.push_screen(CoachScreen(prepared.view, chosen=prepared.chosen, standing=prepared.standing,
                                         verdict=True, level=prepared.level, advice=verdict))

    def action_review(self) -> None:
        if self.session is not None and self.session.last is not None:
            self.post_message(ReviewRequested(self.session.last))

    def action_settings(self) -> None:
        self.post_message(SettingsRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit_game(self) -> None:
        """q asks first while a match is at stake, so a stray key does not end the game (issue 13);
        ctrl+q (the app's) quits at once."""
        if self.controller.asks_before_quitting():
            ask_to_quit(self)
        else:
            self.post_message(QuitRequested())

    @on(CardView.Chosen)
    def card_chosen(self, message: CardView.Chosen) -> None:
        self.after(self.controller.click_card(message.card_view.index))

    @on(Button.Pressed)
    def button_pressed(self, event: Button.Pressed) -> None:
        name = (event.button.id or "").removeprefix("btn-")
        if name in BUTTONS:
            event.stop()
            action, parameters = BUTTONS[name]
            getattr(self, f"action_{action}")(*parameters)
