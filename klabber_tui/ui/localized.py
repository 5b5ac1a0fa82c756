"""Key labels in the language in use, without touching Textual's private binding maps (issue 23).

Textual merges a class's ``BINDINGS`` once, when the class is made, and shows a binding's label as the
``str`` it was given (a lazy string would be read once, in the language of that moment). So a page or
app whose keys carry words does not list them in ``BINDINGS``: it inherits :class:`LocalizedBindings`
and writes them in a classmethod ``bindings()`` (with ``_``/``pgettext``, the key written once). Making
one (``HelpScreen(rules)``) makes an instance of :func:`localized` of its class: a subclass per
language whose ``BINDINGS`` are those words. A language change pushes such pages anew (a page holds no
game state of its own), so every label on screen is the new language's and no map is ever rewritten.

    class HelpScreen(ModalPage):
        @classmethod
        def bindings(cls) -> list[BindingType]:
            return [Binding("escape", "close", pgettext("key.close", "Close"))]
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.binding import Binding, BindingType

from klabber_tui.words import i18n

_made: dict[tuple[type, str], type] = {}
C = TypeVar("C", bound=type)


class LocalizedBindings:
    """A page or app whose key labels are words: made in the language of the moment it is made."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        """The keys with their labels, in the current language (a class adds its own to its bases')."""
        return []

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        return super().__new__(cls if "_language" in vars(cls) else localized(cls))


def localized(cls: C) -> C:
    """``cls`` with ``BINDINGS`` made of every ``bindings()`` along its bases in the current language (a
    class's keys replace the same keys of its bases, as Textual merges ``BINDINGS``); made once per
    language, under ``cls``'s name, so CSS written for ``cls`` and ``isinstance`` checks still apply."""
    lang = i18n.current()
    if (cls, lang) not in _made:
        merged: dict[str, list[Binding]] = {}
        for klass in reversed(cls.__mro__):
            own = vars(klass).get("bindings")
            if own is None:
                continue
            found: dict[str, list[Binding]] = {}
            for binding in Binding.make_bindings(own.__func__(cls)):
                found.setdefault(binding.key, []).append(binding)
            merged |= found
        _made[cls, lang] = type(cls.__name__, (cls,), {
            "BINDINGS": [binding for bindings in merged.values() for binding in bindings], "_language": lang,
            "__module__": cls.__module__, "__qualname__": cls.__qualname__})
    return _made[cls, lang]  # type: ignore[return-value]  # a subclass of cls, made by type()
