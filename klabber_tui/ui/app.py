"""The klabber App: the table screen, the modal pages, saving after every action, the bot's cache.

Textual and the bot are imported only by ``klabber play``; the bot itself (the ``ai`` package) is
loaded in a worker thread after the first frame. ``GuardedApp`` holds what both apps (play and
drill) owe the player whatever happens (issue 8): notifications are plain text, keys do nothing
while the size notice is shown, a crash exits 1 and leaves its error to the crash log of the start path, ``ui.start``
(no screen of traceback, no locals), and a signal or the Ctrl+C key saves and ends the app with
128 + the signal's number (issue 21).
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.widgets import Input, TextArea

from ai.registry import bot_name

from klabber_tui.words import i18n, keys
from klabber_tui.data import saves, streams
from klabber_tui.data.settings import write_settings
from klabber_tui.ui.ascii import AsciiApp
from klabber_tui.ui.pages import APP, PageHost
from klabber_tui.ui.messages import (
    HelpRequested,
    LanguageChosen,
    MatchOver,
    QuitRequested,
    MistakesRequested,
    ReviewRequested,
    SessionChanged,
    SettingsRequested,
)
from klabber_tui.data.safe_text import clean, clean_name
from klabber_tui.ui.screens.size_guard import too_small
from klabber_tui.ui.screens.table.screen import TableScreen
from klabber_tui.data.schemas import PLAYER_ROLE
from klabber_tui.practice.session import Finished, Session, Settings, load_bot
from klabber_tui.ui.stylesheet import stylesheet
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.files import FILE_REPAIRED, note_text, refused_text
from klabber_tui.words.table.phrases import bot_word, players_text, you_word

if TYPE_CHECKING:
    from ai.bots import Bot

# Keys that still work while the terminal is below the minimum size: q quits from any screen (see
# ``GuardedApp.on_event``), and Textual's own ctrl+q / ctrl+c do what they always do.
KEYS_WHEN_SMALL = frozenset({keys.QUIT_NOW, "ctrl+c"})
# Issue 12: a key pressed in the Russian layout (ЙЦУКЕН) is the key in the same place on QWERTY, so
# every binding works in both layouts; '?' is the same character in both.
_CYRILLIC = "йцукенгшщзфывапролдячсмить"
_LATIN = "qwertyuiopasdfghjklzxcvbnm"
QWERTY_OF = {**dict(zip(_CYRILLIC, _LATIN)), **dict(zip(_CYRILLIC.upper(), _LATIN.upper()))}


class GuardedApp(AsciiApp):
    """The App base of ``klabber play`` and ``klabber drill``."""

    # Issue 21: the Ctrl+C key ends the game as SIGINT does (saving, exit 130), from every page and
    # every field; Textual's own binding only showed a notice with its markup visible, in English.
    BINDINGS = [Binding("ctrl+c", "interrupt", show=False, system=True, priority=True)]

    def __init__(self) -> None:
        super().__init__()
        self.crash: BaseException | None = None  # the error that stopped the app: cli.py logs it
        self.signal_status: int | None = None  # 128 + the signal that ended the app, once one did
        self.started = False  # the first frame is shown (``on_ready``)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Notifications often quote a file, a path or an error: always plain, cleaned text (``markup``
        is accepted from Textual's callers, such as ``Widget.notify``, and ignored)."""
        super().notify(clean(str(message)), title=clean(title), severity=severity, timeout=timeout, markup=False)

    async def on_event(self, event: events.Event) -> None:
        """While the size notice hides the game, a key other than quit must not act on it unseen; q
        quits whatever page is hidden under the notice. (A paste needs no guard: hidden widgets lose
        the focus, so it reaches no field.) A key of the Russian layout acts as its QWERTY twin (issue 12)."""
        if (isinstance(event, events.Key) and not event.is_forwarded and event.key in QWERTY_OF
                and not isinstance(self.focused, (Input, TextArea))):  # typed text stays as typed
            event.stop()
            event = events.Key(QWERTY_OF[event.key], QWERTY_OF[event.key])
        if (isinstance(event, events.Key) and not event.is_forwarded and too_small(self.size)
                and event.key not in KEYS_WHEN_SMALL):
            event.stop()
            if event.key == "q":
                self.quit_unseen()
            return
        await super().on_event(event)

    def quit_unseen(self) -> None:
        """Quit by q under the size notice."""
        self.exit()

    # -- ending: a signal, the Ctrl+C key, a crash (issue 21) ---------------------------------------

    def before_leaving(self) -> None:
        """What must be kept before the app ends on a signal or Ctrl+C (the game saves its match)."""

    def end(self, status: int) -> None:
        """End the app with exit status ``status`` after keeping what must be kept; the terminal is
        restored by Textual's normal exit."""
        self.before_leaving()
        self.exit(return_code=status)

    def on_ready(self) -> None:
        """The first frame is shown: from now on a signal ends the app at once, and one that came
        earlier (klabber stopped in the background, then its terminal closed) ends it now. Ending it
        before this raced the first screen's mounting, a crash."""
        self.started = True
        if self.signal_status is not None:
            self.end(self.signal_status)

    def action_interrupt(self) -> None:
        """The Ctrl+C key (the terminal is in raw mode, so it is a key, not SIGINT)."""
        self.end(128 + signal.SIGINT)

    def signalled(self, signum: int) -> None:
        """A SIGINT, SIGTERM or SIGHUP (``ui.start.run_screen``'s handler, or the web driver's; on the
        main thread, at any moment): end the app from its own loop, with 128 + the signal's number. Before the first frame the status is
        kept for ``on_ready``; after the loop stopped, the app is ending anyway."""
        self.signal_status = 128 + signum
        if signum == getattr(signal, "SIGHUP", None) and streams.terminal_gone():
            streams.silence_terminal()  # restoring a terminal that hung up would fail, or hang on a full queue
        if not self.started:
            return  # on_ready ends it
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the loop has stopped: the app is ending already
            return
        loop.call_soon_threadsafe(self.end, self.signal_status)

    def _handle_exception(self, error: Exception) -> None:
        """Keep the first error that stops the app, for the crash log the start path writes (``ui.start``) (Textual itself
        keeps it only for its test pilot). Extends a private hook, checked with the one below."""
        if self.crash is None:
            self.crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """Textual's crash report replaced: no screen of traceback (it showed the locals, the bot's
        hidden cards), only the exit. The start path (``ui.start``) writes the crash log and says where it is, first thing
        after the terminal is restored, as for any crash. Overrides a private hook (textual pinned in
        pyproject.toml; tests/ui/test_trust_tui.py fails if the hook moves). The exit code stays
        Textual's 1."""
        self.bell()
        self._close_messages_no_wait()


class KlabberApp(LocalizedBindings, PageHost, GuardedApp):
    CSS = stylesheet()
    TITLE = 'klabber'
    ENABLE_COMMAND_PALETTE = False
    PAGES_ON = APP

    @classmethod
    def bindings(cls) -> list[BindingType]:
        # The registry's App lines (ui/pages.py): the statistics (issue 5), and help from every screen
        # (issue 13), which has priority as a modal page hides the app's plain bindings (and gives way
        # to a text field, see check_action).
        return [*cls.page_bindings()]

    def __init__(self, settings: Settings, player: str = PLAYER_ROLE, *, watch: bool = False, new: bool = False,
                 seed: int | None = None, level_given: bool = False, save: bool = True,
                 storage_problem: str | None = None, notices: Sequence[str] = (),
                 carried: Session | None = None) -> None:
        """``carried``: the match of an app closed to change the language (issue 23), played on at once."""
        super().__init__()
        self.carried = carried
        self.language_changed = False  # the settings chose another language: the app is made anew
        self.storage_problem = storage_problem  # why the data folder cannot be written (issue 8)
        self.notices = tuple(notices)  # repaired settings, shown once the table is up
        self.settings = settings
        self.use_ascii(settings.ascii)  # issue 13: every screen in ASCII
        self.player = clean_name(player, PLAYER_ROLE)
        self.watching = watch  # not ``watch``: that is Textual's method for watching a reactive
        self.new = new
        self.seed = seed
        self.level_given = level_given
        self.saving = save and not watch
        self.session: Session | None = None
        self.table = TableScreen(settings, self.bot_and_name)
        self._bots: dict[str, tuple[Bot, str]] = {}
        self._bot_lock = threading.Lock()
        self.bot_real_names: dict[str, str] = {}

    # -- start ----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.push_screen(self.table)
        # The bot (numpy, the Monte Carlo modules) loads once the table is drawn, not beside its first
        # frame: the worker's imports held the GIL the first frame waited for (issue 30).
        self.call_after_refresh(self.preload_bot, self.settings.level)
        self.call_after_refresh(self.start)

    def start(self) -> None:
        if self.carried is not None:  # issue 23: made anew in another language, the match goes on
            self.begin(self.carried, fresh=False)
            return
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=10, markup=False)
        if self.storage_problem is not None and self.saving:
            self.ask_to_play_without_saving(self.storage_problem)
            return
        if self.watching:
            self.begin(Session.new(self.settings, bot_name(self.settings.level), seed=self.seed, watch=True),
                       fresh=True)
            return
        if self.new:
            saves.backup_save()
            self.begin_new()
            return
        loaded = saves.read_save(check=Session.from_save)
        if loaded.newer is not None and loaded.problem is not None:  # issue 21: a later klabber's save is not resumed, not touched
            self.notify(FILE_REPAIRED.format(what=saves.SAVE_NAME, note=note_text(loaded.problem)),
                        severity="warning",
                        timeout=10, markup=False)
        elif loaded.problem is not None:
            self.notify(pgettext('save.problem', 'The saved match could not be read ({reason}); it was moved to {path}. A new match starts.').format(reason=note_text(loaded.problem), path=loaded.moved_to),
                        severity="warning", timeout=10, markup=False)
        if loaded.value is None:
            self.begin_new()
            return
        session: Session = loaded.value
        for note in session.notes:
            self.notify(FILE_REPAIRED.format(what=saves.SAVE_NAME, note=note_text(note)), severity="warning",
                        timeout=10, markup=False)
        a, b = session.match.totals
        question = pgettext('resume.question', 'A match {players} from {date} is saved: deal {deal}, {you} {a} — {bot} {b}, to {target}.\nResume it ({yes})? {no} starts a new match and keeps the old one as a backup.').format(
            yes=keys.name(keys.YES), no=keys.name(keys.NO), players=players_text(session.names), date=i18n.date_text(session.date), deal=session.match.number, you=you_word(),
            bot=bot_word(), a=a, b=b, target=session.match.target)
        from klabber_tui.ui.screens.question import QuestionScreen

        def answered(choice: str | None) -> None:
            if choice == "yes":
                if self.level_given:
                    session.level = self.settings.level
                    session.names = (session.names[0], bot_name(self.settings.level))
                self.begin(session, fresh=False)
            else:
                saves.backup_save()
                self.begin_new()

        self.push_screen(QuestionScreen(pgettext('resume.title', 'A saved match'), question), answered)

    def ask_to_play_without_saving(self, reason: str) -> None:
        """The data folder cannot be written: say so once, and play without saving or quit."""
        from klabber_tui.ui.screens.question import QuestionScreen

        def answered(choice: str | None) -> None:
            if choice == "yes":
                self.saving = False
                self.begin_new()
            else:
                self.exit()

        self.push_screen(QuestionScreen(pgettext('no.save.title', 'Play without saving?'), Text(pgettext('no.save.question', 'The match cannot be saved: {reason}.\n\nPlay without saving (nothing of this match and no statistics are kept)? No quits.').format(reason=reason))),
                         answered)

    def begin_new(self) -> None:
        self.begin(Session.new(self.settings, self.player, seed=self.seed), fresh=True)

    def begin(self, session: Session, *, fresh: bool) -> None:
        """A match on the table: a new one is saved at once and opens on the draw for the first
        dealer; a resumed one goes on where it was left (the table does both)."""
        self.session = session
        if fresh:
            self.save()
        self.table.new_session(session, fresh=fresh)

    # -- the bot --------------------------------------------------------------------------------

    @work(thread=True, group="preload")
    def preload_bot(self, level: str) -> None:
        self.bot_for(level)

    def bot_for(self, level: str) -> Bot:
        """The bot for a level, loaded once (thread-safe); records its real name."""
        with self._bot_lock:
            if level not in self._bots:
                self._bots[level] = load_bot(level)
                self.bot_real_names[level] = self._bots[level][1]
            return self._bots[level][0]

    def bot_and_name(self, level: str) -> tuple[Bot, str | None]:
        """The table's bot source: the bot, and the name it really has once loaded here."""
        bot = self.bot_for(level)
        return bot, self.bot_real_names.get(level)

    # -- saving and leaving ---------------------------------------------------------------------

    def save(self) -> None:
        if not self.saving or self.session is None:
            return
        try:
            if self.session.match.is_over:
                saves.archive_finished(self.session.to_save())
            else:
                saves.write_save(self.session.to_save())
        except OSError as error:
            self.notify(pgettext('save.write.failed', 'Could not save the match: {reason}').format(reason=refused_text(error)), severity="error", markup=False)

    def on_session_changed(self, _message: SessionChanged) -> None:
        self.save()

    def on_match_over(self, _message: MatchOver) -> None:
        self.match_over()

    def on_quit_requested(self, _message: QuitRequested) -> None:
        self.quit_game()

    def on_settings_requested(self, _message: SettingsRequested) -> None:
        self.open_settings()

    def on_language_chosen(self, message: LanguageChosen) -> None:
        self.use_language(message.lang)

    def on_help_requested(self, _message: HelpRequested) -> None:
        self.open_help()

    def on_review_requested(self, message: ReviewRequested) -> None:
        self.open_review(message.finished)

    def on_mistakes_requested(self, message: MistakesRequested) -> None:
        """Issue 31, item 3: the drill on a match's mistakes, over the report."""
        from klabber_tui.practice.drill import Drill
        from klabber_tui.practice.mistake_positions import position_of_entry
        from klabber_tui.ui.screens.drill import DrillScreen

        fixed = tuple(position_of_entry(e) for e in message.entries)
        self.push_screen(DrillScreen(Drill(fixed[0].preset, 0, len(fixed), fixed=fixed)))

    def match_over(self) -> None:
        from klabber_tui.ui.screens.match_end import MatchEndScreen

        assert self.session is not None

        def chosen(choice: str | None) -> None:
            if choice == "new_match" and self.session is not None:
                self.begin(self.session.new_match(self.settings), fresh=True)
            elif choice is not None and choice.startswith("level:") and self.session is not None:
                # issue 31: the report's suggestion, taken by the player: the next match only
                import dataclasses

                settings = dataclasses.replace(self.settings, level=choice.removeprefix("level:"))
                self.begin(self.session.new_match(settings), fresh=True)
            else:
                self.quit_game()

        self.push_screen(MatchEndScreen(self.session, self.stats_pending), chosen)

    def stats_pending(self) -> bool:
        """Issue 31: the table's statistics writer still has rows to write (the match's report waits)."""
        return self.table.controller.coach.stats.busy

    async def action_quit(self) -> None:
        """ctrl+q quits at once from any screen, saving first like q (issue 13)."""
        self.quit_game()

    def quit_game(self) -> None:
        self.before_leaving()
        self.exit()

    def before_leaving(self) -> None:
        """The match is saved (a finished one was archived when it ended) and the bot stopped."""
        if self.session is not None and not self.session.match.is_over:
            self.save()
        self.workers.cancel_all()

    def quit_unseen(self) -> None:
        """q under the size notice quits as on the table, saving the match, whatever page is open."""
        self.quit_game()

    # -- pages ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``?`` typed into a text field is a character, not a request for help; a page's key is enabled
        as the registry says (ui/pages.py)."""
        if action == "open_help" and isinstance(self.focused, Input):
            return False
        enabled = self.page_enabled(action, self.table.controller, True)
        return True if enabled is None else enabled

    def action_open_help(self) -> None:
        """Issue 13: ? opens help over whatever is on screen; on help itself it closes it."""
        from klabber_tui.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.action_close()
            return
        self.open_help()

    def open_help(self) -> None:
        from klabber_tui.ui.screens.help import HelpScreen

        rules = self.session.rules if self.session is not None else self.settings.rules()
        self.push_screen(HelpScreen(rules))

    def open_settings(self) -> None:
        from klabber_tui.ui.screens.settings import SettingsScreen

        def done(result: Settings | None) -> None:
            if result is None:
                return
            result.extra = self.settings.extra  # fields of a later version stay in the file
            self.settings = result
            self.use_ascii(result.ascii)
            try:
                write_settings(result.to_dict())
            except OSError as error:
                self.notify(pgettext('save.write.failed', 'Could not save the match: {reason}').format(reason=refused_text(error)), severity="error")
            if self.session is not None and not self.session.watch:
                self.session.level = result.level
                self.session.names = (self.session.names[0], bot_name(result.level))
            if self.language_changed:
                self.exit()
                return
            self.table.use_settings(result)

        self.push_screen(SettingsScreen(self.settings), done)

    def use_language(self, lang: str) -> None:
        """Issue 23: the language chosen in the settings. Key labels are made with their page, so the
        app closes once the settings are saved and ``klabber play`` makes it anew in that language,
        playing on the same match (``carried``): every label and page in the new words, none rewritten."""
        i18n.set_language(lang)
        self.language_changed = True

    def made_anew(self) -> KlabberApp:
        """This app's match in an app made in the language now in use (after ``use_language``)."""
        return KlabberApp(self.settings, self.player, watch=self.watching, save=self.saving, carried=self.session)

    def open_review(self, finished: Finished) -> None:
        """Issue 5: the review of a finished deal (``r`` on the table or the deal summary)."""
        from klabber_tui.ui.screens.review import ReviewScreen

        if self.session is None or self.session.watch:
            return
        self.push_screen(ReviewScreen(finished, self.session.match.target))
