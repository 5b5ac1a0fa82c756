"""The rule options and their values in words (rules.md §11), for the rules page, help and settings.

What a record or the command line says stays the option's own name and value (``schmeiss``, ``both_rounds``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from klabber_tui.words.i18n import pgettext


@dataclass(frozen=True)
class OptionWords:
    """One rule option in words: its title, and for each value its short word (None where the value is
    a yes or no) and what it means."""

    title: str
    values: dict[object, tuple[str | None, str]] = field(default_factory=dict)


def option_words() -> dict[str, OptionWords]:
    """Every rule option of ``engine.rules`` in words, one entry each (tests/words/test_rules_page.py checks
    every option and value has its words): the title, then each value's word and meaning."""
    return {
        'schmeiss': OptionWords(
            pgettext('option.title.schmeiss', 'schmeiss'),
            {
                'none': (pgettext('option.value.schmeiss.none', 'none'),
                        pgettext('option.help.schmeiss.none', 'There is no schmeiss.')),
                'round_one': (pgettext('option.value.schmeiss.round_one', 'round one'),
                        pgettext('option.help.schmeiss.round_one', 'Either player may say schmeiss in round one instead of taking or passing.')),
                'both_rounds': (pgettext('option.value.schmeiss.both_rounds', 'both rounds'),
                        pgettext('option.help.schmeiss.both_rounds', 'Either player may say schmeiss in round one; the elder also in round two, where it counts as a pass.')),
            }),
        'schmeiss_refused': OptionWords(
            pgettext('option.title.schmeiss_refused', 'refused schmeiss'),
            {
                'schmeisser_makes': (pgettext('option.value.schmeiss_refused.schmeisser_makes', 'schmeisser makes'),
                        pgettext('option.help.schmeiss_refused.schmeisser_makes', 'A refused schmeiss makes the turn-up suit trump, the schmeisser the maker.')),
                'refuser_names': (pgettext('option.value.schmeiss_refused.refuser_names', 'refuser names'),
                        pgettext('option.help.schmeiss_refused.refuser_names', 'Whoever refuses a schmeiss must name the trump (any suit) and is the maker.')),
            }),
        'redeal_dealer': OptionWords(
            pgettext('option.title.redeal_dealer', 'dealer after a throw-in'),
            {
                'same': (pgettext('option.value.redeal_dealer.same', 'same'),
                        pgettext('option.help.redeal_dealer.same', 'After a thrown-in deal the same player deals again.')),
                'other': (pgettext('option.value.redeal_dealer.other', 'other'),
                        pgettext('option.help.redeal_dealer.other', 'After a thrown-in deal the other player deals.')),
            }),
        'dix_exchange': OptionWords(
            pgettext('option.title.dix_exchange', 'dix exchange'),
            {
                'turn_up_trump': (pgettext('option.value.dix_exchange.turn_up_trump', 'turn up trump'),
                        pgettext('option.help.dix_exchange.turn_up_trump', 'The holder of the trump 7 (the dix) may swap it for the turn-up when the turn-up suit is trump.')),
                'any_trump': (pgettext('option.value.dix_exchange.any_trump', 'any trump'),
                        pgettext('option.help.dix_exchange.any_trump', 'The holder of the trump 7 (the dix) may swap it for the turn-up whatever the trump.')),
            }),
        'dix_deadline': OptionWords(
            pgettext('option.title.dix_deadline', 'dix deadline'),
            {
                'first_lead': (pgettext('option.value.dix_deadline.first_lead', 'first lead'),
                        pgettext('option.help.dix_deadline.first_lead', 'The exchange must be made before the first lead.')),
                'own_first_card': (pgettext('option.value.dix_deadline.own_first_card', 'own first card'),
                        pgettext('option.help.dix_deadline.own_first_card', 'The exchange must be made before the holder plays his first card.')),
                'first_trick': (pgettext('option.value.dix_deadline.first_trick', 'first trick'),
                        pgettext('option.help.dix_deadline.first_trick', 'The exchange must be made before the first trick is complete.')),
                'last_card': (pgettext('option.value.dix_deadline.last_card', 'last card'),
                        pgettext('option.help.dix_deadline.last_card', 'The exchange may be made as long as the holder still has the dix.')),
            }),
        'trump_sequence_order': OptionWords(
            pgettext('option.title.trump_sequence_order', 'sequence order in trumps'),
            {
                'natural': (pgettext('option.value.trump_sequence_order.natural', 'natural'),
                        pgettext('option.help.trump_sequence_order.natural', 'Sequences run A K Q J 10 9 8 7 in every suit.')),
                'trump': (pgettext('option.value.trump_sequence_order.trump', 'trump'),
                        pgettext('option.help.trump_sequence_order.trump', 'In trumps, sequences follow trump order J 9 A 10 K Q 8 7.')),
            }),
        'longer_sequence_wins': OptionWords(
            pgettext('option.title.longer_sequence_wins', 'longer sequence wins'),
            {
                True: (None,
                        pgettext('option.help.longer_sequence_wins.yes', 'Between two fifties the longer run wins.')),
                False: (None,
                        pgettext('option.help.longer_sequence_wins.no', 'A longer run of four or more is worth no more than a run of four.')),
            }),
        'compare_top_card': OptionWords(
            pgettext('option.title.compare_top_card', 'compare top cards'),
            {
                True: (None,
                        pgettext('option.help.compare_top_card.yes', 'Equal sequences are compared by their top card.')),
                False: (None,
                        pgettext('option.help.compare_top_card.no', 'Top cards are not compared.')),
            }),
        'sequence_final_tie': OptionWords(
            pgettext('option.title.sequence_final_tie', 'equal sequences'),
            {
                'nobody': (pgettext('option.value.sequence_final_tie.nobody', 'nobody'),
                        pgettext('option.help.sequence_final_tie.nobody', 'Sequences equal in every way: nobody scores them.')),
                'elder': (pgettext('option.value.sequence_final_tie.elder', 'elder'),
                        pgettext('option.help.sequence_final_tie.elder', 'Sequences equal in every way: the elder hand scores.')),
            }),
        'bella_order': OptionWords(
            pgettext('option.title.bella_order', 'bella order'),
            {
                'queen_first': (pgettext('option.value.bella_order.queen_first', 'queen first'),
                        pgettext('option.help.bella_order.queen_first', 'Bella (trump K and Q, 20) scores when the queen is played while the king is held.')),
                'either': (pgettext('option.value.bella_order.either', 'either'),
                        pgettext('option.help.bella_order.either', 'Bella (trump K and Q, 20) scores when the second of the pair is played.')),
            }),
        'bella_announce': OptionWords(
            pgettext('option.title.bella_announce', 'bella announced'),
            {
                'required': (pgettext('option.value.bella_announce.required', 'required'),
                        pgettext('option.help.bella_announce.required', 'Bella must be announced as it is played, or it does not score.')),
                'automatic': (pgettext('option.value.bella_announce.automatic', 'automatic'),
                        pgettext('option.help.bella_announce.automatic', 'Bella scores without being announced.')),
            }),
        'trump_run_with_marriage': OptionWords(
            pgettext('option.title.trump_run_with_marriage', 'trump run with the marriage'),
            {
                True: (None,
                        pgettext('option.help.trump_run_with_marriage.yes', 'Trump K, Q and J held together also score as a trump run (20, or 50 in a run of four).')),
                False: (None,
                        pgettext('option.help.trump_run_with_marriage.no', 'No extra trump run with the marriage.')),
            }),
        'must_overtake': OptionWords(
            pgettext('option.title.must_overtake', 'must overtake'),
            {
                'none': (pgettext('option.value.must_overtake.none', 'none'),
                        pgettext('option.help.must_overtake.none', 'Follow suit if you can, else trump if you can, else any card.')),
                'trump': (pgettext('option.value.must_overtake.trump', 'trump'),
                        pgettext('option.help.must_overtake.trump', 'Follow suit if you can, and beat a trump lead if you can; void: trump if you can.')),
                'all': (pgettext('option.value.must_overtake.all', 'all'),
                        pgettext('option.help.must_overtake.all', 'Follow with a higher card of the suit led if you can; void: trump if you can.')),
            }),
        'target': OptionWords(
            pgettext('option.title.target', 'target'),
        ),
        'maker_counts_first': OptionWords(
            pgettext('option.title.maker_counts_first', 'maker counts first'),
            {
                True: (None,
                        pgettext('option.help.maker_counts_first.yes', "The maker's score is added first and wins if it reaches the target.")),
                False: (None,
                        pgettext('option.help.maker_counts_first.no', 'When both pass the target in one deal, the higher total wins.')),
            }),
    }


def option_value_text(value: object, option: str = "") -> str:
    """A rule option's value in words: yes/no, or the option's word for it ("both rounds")."""
    if isinstance(value, bool):
        return str(help_words()["yes" if value else "no"])
    entry = option_words().get(option)
    word = entry.values.get(value, (None, ""))[0] if entry else None
    return word if word is not None else str(value).replace("_", " ")


def option_meaning(option: str, value: object) -> str:
    """What a value of a rule option means, in a sentence ("" for an option whose values need none)."""
    entry = option_words().get(option)
    return entry.values[value][1] if entry and value in entry.values else ""


def option_name(option: str) -> str:
    """A rule option by its name in words, in the current language ("must overtake", «обязанность перебить»)."""
    entry = option_words().get(option)
    return entry.title if entry else option


def option_title(option: str) -> str:
    """A rule option by its name in words, with the name a record uses: "must overtake (`must_overtake`)"."""
    return '{title} (`{option}`)'.format(title=option_name(option), option=option)

def help_words() -> dict[str, str]:
    return {
        'header': pgettext('help.words.header', '| option | value | what it means |'),
        'schmeiss': pgettext('help.words.schmeiss', ', or say *schmeiss* (offer to throw the deal in)'),
        'yes': pgettext('help.words.yes', 'yes'),
        'no': pgettext('help.words.no', 'no'),
    }
