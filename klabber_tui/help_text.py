"""The help page: assets/help.md filled in from the active RuleSet's options (one source of truth)."""

from __future__ import annotations

from importlib import resources

from engine.rules import OPTION_NAMES, OPTION_SECTIONS, RuleSet

from . import text


def help_markdown(rules: RuleSet) -> str:
    template = resources.files("assets").joinpath("help.md").read_text(encoding="utf-8")
    lines = ["| option | value | what it means |", "| --- | --- | --- |"]
    for name in OPTION_NAMES:
        value = rules.options[name]
        meaning = text.OPTION_HELP.get(name, {}).get(value, "")
        if name == "target":
            meaning = f"The first to {value} points wins the match."
        section = OPTION_SECTIONS.get(name, "")
        lines.append(f"| `{name}` ({section}) | {text.option_value_text(value)} | {meaning} |")
    keys = "\n".join(f"- `{key}`: {what}" for key, what in text.HELP_KEYS)
    schmeiss = "" if rules.schmeiss == "none" else ", or say *schmeiss* (offer to throw the deal in)"
    return template.format(
        title=text.preset_title(rules.info.name, rules.info.title),
        rules="\n".join(lines),
        keys=keys,
        score_legend=text.SCORE_LEGEND,
        schmeiss_word=schmeiss,
        follow=text.OPTION_HELP["must_overtake"][rules.must_overtake],
    )
