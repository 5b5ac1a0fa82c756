"""The help page: assets/help.md (Russian: i18n/ru/help.md; a language without its own, English) filled in from the active RuleSet's options
(one source of truth).
"""

from __future__ import annotations

from engine.rules import OPTION_NAMES, OPTION_SECTIONS, RuleSet
from klabber_tui.words import i18n, keys
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.names import preset_title
from klabber_tui.words.options import help_words, option_meaning, option_name, option_value_text




def help_keys_words() -> tuple[tuple[str, str], ...]:
    """The help page's keys (assets/help.md's ``{keys}``): each key as klabber_tui/words/keys.py binds it, and
    what it does, in words that take any key they name as an argument."""
    return (
        (keys.card_range(len(keys.CARDS)), pgettext('help.key.play_card', 'play that card of your hand')),
        (keys.names(keys.LEFT, keys.RIGHT, keys.CHOOSE), pgettext('help.key.choose_card', 'choose a card and play it')),
        (keys.names(keys.TAKE, keys.PASS, keys.SCHMEISS, between=" / "), pgettext('help.key.bids', 'take, pass, schmeiss')),
        (keys.names(keys.YES, keys.NO, between=" / "), pgettext('help.key.answer', 'answer a question (schmeiss, bella)')),
        (keys.names(*keys.SUITS), pgettext('help.key.name_suit', 'name clubs, diamonds, hearts, spades')),
        (keys.EXCHANGE, pgettext('help.key.exchange', 'exchange the dix for the turn-up')),
        (keys.LAST_TRICK, pgettext('help.key.last_trick', 'show the last trick')),
        (keys.UNDO, pgettext('help.key.undo', "undo your last decision and the bot's answer (the match counts as practice)")),
        (keys.SETTINGS, pgettext('help.key.settings', 'settings')),
        (keys.name(keys.HELP), pgettext('help.key.help', 'this help')),
        (keys.QUIT, pgettext('help.key.quit', 'quit (mid-match it asks first); the match is saved and resumes where you left it')),
        (keys.QUIT_NOW, pgettext('help.key.quit_now', 'quit at once, from any screen')),
        (keys.COACH, pgettext('help.key.coach', "the coach: the bot's value of every choice you have now ({key} or {close} "
                                                "closes it)").format(key=keys.COACH, close=keys.name(keys.CLOSE))),
        (keys.REVIEW, pgettext('help.key.review', 'review the last finished deal: all the cards and the cost of each of your choices')),
        (keys.STATS, pgettext('help.key.stats', 'your statistics: matches, deals as maker, decisions against the bot')),
        (keys.VERDICT, pgettext('help.key.verdict', "the coach's verdict on your last bid, with why; “Coach after each bid” (on "
                                                    "unless turned off in the settings, {settings}) writes each verdict in the "
                                                    "deal log").format(settings=keys.SETTINGS)),
    )


def help_markdown(rules: RuleSet) -> str:
    template = i18n.page("help.md")
    lines = [help_words()["header"], "| --- | --- | --- |"]
    for name in OPTION_NAMES:
        value = rules.options[name]
        meaning = option_meaning(name, value)
        if name == "target":
            meaning = npgettext('count.help_target', 'The first to {n} point wins the match.', 'The first to {n} points wins the match.', value).format(n=value)
        section = OPTION_SECTIONS.get(name, "")
        lines.append(f"| {option_name(name)} ({section}) | {option_value_text(value, name)} | {meaning} |")
    keys = "\n".join(f"- `{key}`: {what}" for key, what in help_keys_words())
    schmeiss = "" if rules.schmeiss == "none" else help_words()["schmeiss"]
    return template.format(
        title=preset_title(rules.info.name),
        rules="\n".join(lines),
        keys=keys,
        score_legend=pgettext('score.legend', 'D dealer · T trump · M maker · Y you · B bot · +deal total'),
        schmeiss_word=schmeiss,
        follow=option_meaning("must_overtake", rules.must_overtake),
    )
