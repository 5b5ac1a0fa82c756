"""The help page: assets/help.md (Russian: i18n/help.ru.md) filled in from the active RuleSet's options
(one source of truth)."""

from __future__ import annotations

from importlib import resources

from engine.rules import OPTION_NAMES, OPTION_SECTIONS, RuleSet

from klabber_tui.words import i18n, text
from klabber_tui.words.i18n import pgettext, npgettext


def help_markdown(rules: RuleSet) -> str:
    page = resources.files("assets").joinpath("help.md")
    if i18n.current() != i18n.DEFAULT:
        page = resources.files(i18n.__name__).joinpath(f"help.{i18n.current()}.md")
    template = page.read_text(encoding="utf-8")
    lines = [text.help_words()["header"], "| --- | --- | --- |"]
    for name in OPTION_NAMES:
        value = rules.options[name]
        meaning = text.option_help_words().get(name, {}).get(value, "")
        if name == "target":
            meaning = npgettext('count.help_target', 'The first to {n} point wins the match.', 'The first to {n} points wins the match.', value).format(n=value)
        section = OPTION_SECTIONS.get(name, "")
        lines.append(f"| {text.option_name(name)} ({section}) | {text.option_value_text(value, name)} | {meaning} |")
    keys = "\n".join(f"- `{key}`: {what}" for key, what in text.help_keys_words())
    schmeiss = "" if rules.schmeiss == "none" else text.help_words()["schmeiss"]
    return template.format(
        title=text.preset_title(rules.info.name),
        rules="\n".join(lines),
        keys=keys,
        score_legend=pgettext('score.legend', 'D dealer · T trump · M maker · Y you · B bot · +deal total'),
        schmeiss_word=schmeiss,
        follow=text.option_help_words()["must_overtake"][rules.must_overtake],
    )
