"""Key labels in the language in use, without touching Textual's private binding maps (issue 23).

Textual merges a class's ``BINDINGS`` once, when the class is made, and shows a binding's label as the
``str`` it was given (a lazy string would be read once, in the language of that moment). So a screen
or app whose keys carry words does not list them in ``BINDINGS``: it writes them in a classmethod
``bindings()`` (with ``_``/``pgettext``, the key written once), and is made through :func:`localized`,
which gives a subclass per language whose ``BINDINGS`` are those words. A language change pushes such
pages anew (a page holds no game state of its own; the table's is its controller's), so every label on
screen is the new language's and no class or map is ever rewritten.

    class HelpScreen(ModalPage):
        @classmethod
        def bindings(cls) -> list[BindingType]:
            return [Binding("escape", "close", pgettext("key.close", "Close"))]

    app.push_screen(localized(HelpScreen)(rules))
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from textual.binding import BindingType

from . import i18n


class WithBindings(Protocol):
    """A page or app whose key labels are words: :func:`localized` makes its BINDINGS from these."""

    @classmethod
    def bindings(cls) -> list[BindingType]: ...


P = TypeVar("P", bound=WithBindings)
_made: dict[tuple[type, str], type] = {}


def localized(cls: type[P]) -> type[P]:
    """``cls`` with ``BINDINGS = cls.bindings()`` in the current language (made once per language);
    it keeps ``cls``'s name, so CSS written for ``cls`` and ``isinstance`` checks still apply."""
    key = (cls, i18n.current())
    if key not in _made:
        _made[key] = type(cls.__name__, (cls,), {"BINDINGS": cls.bindings(), "__module__": cls.__module__,
                                                 "__qualname__": cls.__qualname__})
    return _made[key]
