"""The help page: assets/help.md (Russian: i18n/help.ru.md) filled in from the active RuleSet's options
(one source of truth)."""

from __future__ import annotations

from importlib import resources

from engine.rules import OPTION_NAMES, OPTION_SECTIONS, RuleSet

from . import i18n, text


def help_markdown(rules: RuleSet) -> str:
    page = resources.files("assets").joinpath("help.md")
    if i18n.current() != i18n.DEFAULT:
        page = resources.files(i18n.__name__).joinpath(f"help.{i18n.current()}.md")
    template = page.read_text(encoding="utf-8")
    lines = [text.HELP_WORDS["header"], "| --- | --- | --- |"]
    for name in OPTION_NAMES:
        value = rules.options[name]
        meaning = text.OPTION_HELP.get(name, {}).get(value, "")
        if name == "target":
            meaning = text.plural("help_target", value)
        section = OPTION_SECTIONS.get(name, "")
        lines.append(f"| `{name}` ({section}) | {text.option_value_text(value, name)} | {meaning} |")
    keys = "\n".join(f"- `{key}`: {what}" for key, what in text.HELP_KEYS)
    schmeiss = "" if rules.schmeiss == "none" else text.HELP_WORDS["schmeiss"]
    return template.format(
        title=text.preset_title(rules.info.name),
        rules="\n".join(lines),
        keys=keys,
        score_legend=text.SCORE_LEGEND,
        schmeiss_word=schmeiss,
        follow=text.OPTION_HELP["must_overtake"][rules.must_overtake],
    )
