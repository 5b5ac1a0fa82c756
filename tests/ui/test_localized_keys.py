"""Issue 23: key labels follow the language with no private Textual binding map rewritten: a page's
bindings are made per language (klabber_tui.ui.localized) and the page is pushed anew on a change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer

from klabber_tui.words import i18n
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings


class Page(LocalizedBindings, Screen[None]):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [Binding("u", "undo", pgettext("key.undo", "Undo")),
                Binding("q", "quit", pgettext("key.quit", "Quit"))]

    def compose(self) -> ComposeResult:
        yield Footer()


class Closing(Page):
    """A page that keeps its base's keys and relabels one."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [Binding("q", "quit", pgettext("key.close", "Close"))]


def labels(app: App[None]) -> list[str]:
    return [binding.description for _, binding, _, _ in app.screen.active_bindings.values() if binding.show]


async def test_a_page_made_after_a_language_change_shows_the_new_words() -> None:
    app: App[None] = App()
    async with app.run_test() as pilot:
        english = Page()
        await app.push_screen(english)
        assert labels(app) == ["Undo", "Quit"]
        with i18n.use_language("ru"):
            await app.switch_screen(Page())
            await pilot.pause()
            assert labels(app) == ["Отменить", "Выход"]
            assert isinstance(app.screen, Page) and type(app.screen).__name__ == "Page"  # CSS and queries as before
            await app.switch_screen(Closing())
            await pilot.pause()
            assert labels(app) == ["Отменить", "Закрыть"]
        await app.switch_screen(Page())
        await pilot.pause()
        assert labels(app) == ["Undo", "Quit"]
        assert type(app.screen) is type(english)  # made once per language, never reworded
