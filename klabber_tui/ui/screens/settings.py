"""Settings: the language (issue 12), the coach after each bid (issue 11: near the top), preset and
options, target, level, pace, four-colour deck, ASCII suits, forced cards."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select

from engine.rules import OPTION_NAMES, OPTION_VALUES, PRESETS, RuleError, RuleSet

from klabber_tui.data.settings import LANGUAGES
from klabber_tui.words import i18n
from klabber_tui.ui.messages import LanguageChosen
from klabber_tui.practice.session import LEVELS, PACES, Pace, Settings
from klabber_tui.ui.widgets.tick import TickBox
from klabber_tui.ui.screens.modal import ModalPage
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.files import file_notes_words, refused_text
from klabber_tui.words.names import level_words, pace_words, preset_title
from klabber_tui.words.options import option_name, option_value_text
from klabber_tui.words.table.phrases import button_labels_words

_RULE_OPTIONS = tuple(n for n in OPTION_NAMES if n != "target")


def _read_only() -> str | None:
    """The format of a settings file a later klabber wrote (changes cannot be kept), or None."""
    from klabber_tui.data.settings import settings_read_only

    try:
        return settings_read_only()
    except OSError:  # no data folder: the write will say so
        return None


class SettingsScreen(LocalizedBindings, ModalPage["Settings | None"]):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [Binding("escape", "cancel", pgettext('key.cancel', 'Cancel'))]

    def __init__(self, settings: Settings) -> None:
        super().__init__(classes="settings-screen")
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        effective = s.rules().options
        with Vertical(classes="dialog wide"):
            yield Label(pgettext('settings.title', 'Settings'), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                newer = _read_only()
                if newer is not None:  # issue 21: a later klabber's settings file is never rewritten
                    yield Label(file_notes_words()["settings_not_kept"].format(found=newer), id="settings-not-kept",
                                classes="hint", markup=False)
                yield Label(pgettext('settings.labels.lang', 'Language (changes at once)'))
                yield Select([(i18n.language_name(lang), lang) for lang in LANGUAGES],
                             value=i18n.current(), allow_blank=False, id="lang")
                # Issue 11: the coach's verdict after each bid is what a player comes for: in sight at 80x24.
                yield TickBox(pgettext('settings.labels.coach_bids', 'Coach after each bid (show the verdict on every bid of yours)'), s.coach_bids, id="coach_bids")
                yield Label(pgettext('settings.labels.preset', 'Rules (preset)'))
                yield Select([(preset_title(name), name) for name in PRESETS],
                             value=s.preset, allow_blank=False, id="preset")
                yield Label(pgettext('settings.labels.target', 'Target'))
                yield Input(str(s.target), id="target", type="integer")
                yield Label(pgettext('settings.labels.level', 'Bot level'))
                yield Select([(level_words()[lv], lv) for lv in LEVELS], value=s.level, allow_blank=False,
                             id="level")
                yield Label(pgettext('settings.labels.pace', 'Pace after a trick'))
                yield Select([(pace_words()[p], p) for p in PACES], value=s.pace, allow_blank=False,
                             id="pace")
                yield TickBox(pgettext('settings.labels.four_colour', 'Four-colour deck'), s.four_colour, id="four_colour")
                yield TickBox(pgettext('settings.labels.ascii', 'Plain characters only (suits C D H S)'), s.ascii, id="ascii")
                yield TickBox(pgettext('settings.labels.autoplay_forced', 'Play a forced card by itself'), s.autoplay_forced, id="autoplay_forced")
                yield Label(pgettext('settings.labels.options', 'Rule options (on top of the preset)'))
                for name in _RULE_OPTIONS:
                    yield Label(f"  {option_name(name)}", classes="option-label")
                    yield Select([(option_value_text(v, name), v) for v in OPTION_VALUES[name]],
                                 value=effective[name], allow_blank=False, id=f"opt-{name}")
                yield Label(pgettext('settings.labels.next_match', 'Rules and target apply from the next match; the rest at once.'), classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button(button_labels_words()["save"], id="save", compact=True)
                yield Button(button_labels_words()["cancel"], id="cancel", compact=True)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "preset" and event.value in PRESETS:
            for name in _RULE_OPTIONS:
                self.query_one(f"#opt-{name}", Select).value = PRESETS[str(event.value)].options[name]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        if self.is_current:
            self.dismiss(None)

    def action_save(self) -> None:
        if not self.is_current:
            return
        raw = self.query_one("#target", Input).value.strip()
        try:
            target = int(raw)
        except ValueError:
            target = -1
        if not 100 <= target <= 5000:
            self.notify(pgettext('target.bad', 'The target must be a whole number from 100 to 5000.'), severity="error")
            return
        preset = str(self.query_one("#preset", Select).value)
        base = PRESETS[preset].options
        options = {}
        for name in _RULE_OPTIONS:
            value = self.query_one(f"#opt-{name}", Select).value
            if value != base[name]:
                options[name] = value
        try:
            RuleSet.from_preset(preset, {**options, "target": target})
        except RuleError as error:  # worded from its code in the game's language (issue 23)
            self.notify(refused_text(error), severity="error")
            return
        chosen = str(self.query_one("#lang", Select).value)
        if chosen != i18n.current():
            self.app.post_message(LanguageChosen(chosen))
        self.dismiss(Settings(
            preset=preset, options=options, target=target,
            level=str(self.query_one("#level", Select).value),
            pace=Pace(str(self.query_one("#pace", Select).value)),
            four_colour=self.query_one("#four_colour", Checkbox).value,
            ascii=self.query_one("#ascii", Checkbox).value,
            autoplay_forced=self.query_one("#autoplay_forced", Checkbox).value,
            coach_bids=self.query_one("#coach_bids", Checkbox).value,
            lang=self.settings.lang if chosen == i18n.current() else chosen,  # unchanged: "" follows the locale
        ))
