"""The rules page for players (issue 13): assets/rules.md with the presets' options filled in.

The prose and the worked deal are written once in the asset; the table of presets and the meaning
of every option value come from ``engine.rules.PRESETS`` and ``text.OPTION_HELP``, so the page
cannot drift from the rules the engine plays. It ships in the package (importlib.resources), so it
opens from help after an install, not only in a clone.
"""

from __future__ import annotations

from importlib import resources

from engine.rules import DEFAULT_PRESET, OPTION_NAMES, PRESETS

from . import text


# Where the generated parts go: HTML comments, so the file also reads well as it is (README links it).
PRESETS_MARK = "<!-- presets: the table of every option in every preset, filled in by klabber -->"
OPTIONS_MARK = "<!-- options: the meaning of every value, filled in by klabber -->"


def presets_table() -> str:
    """One row per option, one column per preset."""
    names = list(PRESETS)
    lines = ["| option | " + " | ".join(f"{PRESETS[n].title} (`{n}`)" for n in names) + " |"]
    lines.append("| --- " * (len(names) + 1) + "|")
    for option in OPTION_NAMES:
        values = [text.option_value_text(PRESETS[n].options[option]) for n in names]
        lines.append(f"| `{option}` | " + " | ".join(values) + " |")
    return "\n".join(lines)


def options_list() -> str:
    """Every value of every option, with its meaning and the presets that use it."""
    lines = []
    for option in OPTION_NAMES:
        if option == "target":
            lines.append(text.RULES_TARGET.format(option=option, target=PRESETS[DEFAULT_PRESET].options[option]))
            continue
        lines.append(f"- `{option}`:")
        for value, meaning in text.OPTION_HELP[option].items():
            users = ", ".join(n for n, p in PRESETS.items() if p.options[option] == value) or text.RULES_NO_PRESET
            lines.append(f"    - {text.option_value_text(value)} ({users}): {meaning}")
    return "\n".join(lines)


def rules_page_markdown() -> str:
    """The whole page, as Markdown for the help screen's rules tab and for reading as a file."""
    template = resources.files("assets").joinpath("rules.md").read_text(encoding="utf-8")
    filled = {PRESETS_MARK: presets_table(), OPTIONS_MARK: options_list()}
    for mark, part in filled.items():
        if mark not in template:
            raise ValueError(f"assets/rules.md has lost its mark {mark!r}")
        template = template.replace(mark, part)
    return template
