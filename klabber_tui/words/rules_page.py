"""The rules page for players (issue 13): assets/rules.md with the presets' options filled in.

The prose and the worked deal are written once per language (``assets/rules.md``, Russian
``words/i18n/ru/rules.md``, issue 12; a language without its own shows the English); the table of presets and the meaning of every option value come
from ``engine.rules.PRESETS`` and the catalogue (``words.options``: the presets', options' and
values' words), so the page cannot drift from the rules the engine plays and speaks the player's
language throughout. It ships in the package (importlib.resources), so it opens from help after an
install, not only in a clone.
"""

from __future__ import annotations

from engine.rules import DEFAULT_PRESET, OPTION_NAMES, PRESETS
from klabber_tui.words import i18n
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.names import preset_title
from klabber_tui.words.options import option_title, option_value_text, option_words

# Where the generated parts go: HTML comments, so the file also reads well as it is (README links it).
PRESETS_MARK = "<!-- presets: the table of every option in every preset, filled in by klabber -->"
OPTIONS_MARK = "<!-- options: the meaning of every value, filled in by klabber -->"


def presets_table() -> str:
    """One row per option, one column per preset, in the player's words."""
    names = list(PRESETS)
    columns = ['{title} (`{preset}`)'.format(title=preset_title(n), preset=n)
               for n in names]
    heading = pgettext('rules.words.option', 'option')
    lines = [f"| {heading} | " + " | ".join(columns) + " |"]
    lines.append("| --- " * (len(names) + 1) + "|")
    for option in OPTION_NAMES:
        values = [option_value_text(PRESETS[n].options[option], option) for n in names]
        lines.append(f"| {option_title(option)} | " + " | ".join(values) + " |")
    return "\n".join(lines)


def options_list() -> str:
    """Every value of every option, with its meaning and the presets that use it."""
    lines = []
    for option in OPTION_NAMES:
        if option == "target":
            lines.append(pgettext('rules.target', '- `{option}`: the score that wins the match; every preset plays to {target}, and --target changes it.').format(option=option, target=PRESETS[DEFAULT_PRESET].options[option]))
            continue
        lines.append(f"- {option_title(option)}:")
        for value, (_, meaning) in option_words()[option].values.items():
            users = ", ".join(preset_title(n) for n, p in PRESETS.items()
                              if p.options[option] == value) or pgettext('rules.no.preset', 'no preset; an option of your own')
            lines.append(f"    - {option_value_text(value, option)} ({users}): {meaning}")
    return "\n".join(lines)


def rules_page_markdown() -> str:
    """The whole page, as Markdown for the help screen's rules tab and for reading as a file."""
    template = i18n.page("rules.md")
    filled = {PRESETS_MARK: presets_table(), OPTIONS_MARK: options_list()}
    for mark, part in filled.items():
        if mark not in template:
            raise ValueError(f"the rules page of {i18n.current()!r} has lost its mark {mark!r}")
        template = template.replace(mark, part)
    return template
