"""The registry of pages (issue 30): every page a key opens from the table or the App, one line each.

A line says the action its key runs (``action_<action>`` on its host), the key (klabber_tui/words/keys.py),
the footer's word, the page's screen (``module:Class`` under klabber_tui/ui/screens/, imported when it
opens), where it is bound (the App: from every page; the table: only there) and when it is enabled (a
predicate of the table's state, klabber_tui/practice/table/when.py). The App's and the table's bindings
and their ``check_action`` are made from these lines, so a key is never bound without its condition.

Adding a page: its screen (with a classmethod ``opened_from(host)`` that makes it, or returns None when
there is nothing to show), its words, and one line here; a host opens it by itself (``PageHost``). The
pages that need more of their host than that (the coach's evaluation, the settings' result) keep the
host's own ``action_<action>``, which the host then defines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar

from textual.binding import Binding
from textual.screen import Screen

from klabber_tui.practice.table import TableController
from klabber_tui.practice.table import when
from klabber_tui.words import keys
from klabber_tui.words.i18n import pgettext

TABLE, APP = "table", "app"  # where a page's key is bound: the table screen only, or the App (every page)


@dataclass(frozen=True)
class Page:
    action: str  # the binding's action on its host
    key_name: str  # the key's name in klabber_tui/words/keys.py, read when the bindings are made
    label: Callable[[], str]  # the footer's word, made with the bindings in the language of the moment
    screen: str  # "module:Class" in klabber_tui.ui.screens
    bound: str  # TABLE or APP
    when: Callable[[TableController, bool], bool] = when.always
    show: bool = True  # in the footer
    display: str = ""  # the footer writes the key: "" as Textual does, "name" as keys.name(), "key" as it is
    priority: bool = False  # before the page on top's own keys (the App's help, over modal pages)

    @property
    def key(self) -> str:
        return str(getattr(keys, self.key_name))

    def binding(self) -> Binding:
        shown = {"": None, "name": keys.name(self.key), "key": self.key}[self.display]
        return Binding(self.key, self.action, self.label(), show=self.show, key_display=shown, priority=self.priority)

    def screen_class(self) -> type[Screen[Any]]:
        module, name = self.screen.split(":")
        return getattr(import_module(f"klabber_tui.ui.screens.{module}"), name)


# The table's lines are bound in this order between its undo and quit keys (the footer's order).
PAGES = (
    Page("coach", "COACH", lambda: pgettext('key.coach', 'Coach'), "coach:CoachScreen", TABLE, when.decision),
    Page("verdict", "VERDICT", lambda: pgettext('key.verdict', 'Verdict'), "coach:CoachScreen", TABLE, when.in_a_deal),
    Page("review", "REVIEW", lambda: pgettext('key.review', 'Review'), "review:ReviewScreen", TABLE, when.deal_to_review,
         show=False),
    Page("match_report", "MATCH_REPORT", lambda: pgettext('key.match_report', 'Match report'), "report:ReportScreen",
         TABLE, when.match_to_report, show=False, display="key"),  # issue 31: the match so far
    Page("settings", "SETTINGS", lambda: pgettext('key.settings', 'Settings'), "settings:SettingsScreen", TABLE),
    Page("help", "HELP", lambda: pgettext('key.help', 'Help'), "help:HelpScreen", TABLE, display="name"),
    Page("open_stats", "STATS", lambda: pgettext('stats.key', 'Stats'), "stats:StatsScreen", APP, display="key"),
    Page("open_help", "HELP", lambda: pgettext('key.help', 'Help'), "help:HelpScreen", APP, display="name",
         priority=True),
)


def pages_on(bound: str) -> tuple[Page, ...]:
    return tuple(page for page in PAGES if page.bound == bound)


def page_for(bound: str, action: str) -> Page | None:
    return next((page for page in PAGES if page.bound == bound and page.action == action), None)


class PageHost:
    """The App or the table: binds its pages' keys (``page_bindings``), checks them (``page_enabled``),
    and opens a page it has no ``action_<action>`` of its own for with the page's ``opened_from``."""

    PAGES_ON: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for page in pages_on(cls.PAGES_ON):
            if not hasattr(cls, f"action_{page.action}"):
                setattr(cls, f"action_{page.action}", lambda self, page=page: self.open_page(page))

    @classmethod
    def page_bindings(cls) -> list[Binding]:
        return [page.binding() for page in pages_on(cls.PAGES_ON)]

    def page_enabled(self, action: str, table: TableController, on_top: bool) -> bool | None:
        """The registry's answer for a page's action; None when ``action`` opens no page here."""
        page = page_for(self.PAGES_ON, action)
        return None if page is None else page.when(table, on_top)

    def open_page(self, page: Page) -> None:
        """The page over whatever is on screen, unless it is there already (its own keys close it)."""
        cls = page.screen_class()
        app = self.app  # type: ignore[attr-defined]  # the host is an App or a Screen
        if isinstance(app.screen, cls):
            return
        screen = cls.opened_from(self)  # type: ignore[attr-defined]  # every page's screen has one
        if screen is not None:
            app.push_screen(screen)
