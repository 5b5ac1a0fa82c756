"""The rule options and their values in words (rules.md §11), for the rules page, help and settings.

What a record or the command line says stays the option's own name and value (``schmeiss``, ``both_rounds``).
"""

from __future__ import annotations

from klabber_tui.words.i18n import pgettext


def option_help_words() -> dict[str, dict[object, str]]:
    return {
        'schmeiss': {
            'none': pgettext('option.help.schmeiss.none', 'There is no schmeiss.'),
            'round_one': pgettext('option.help.schmeiss.round_one', 'Either player may say schmeiss in round one instead of taking or passing.'),
            'both_rounds': pgettext('option.help.schmeiss.both_rounds', 'Either player may say schmeiss in round one; the elder also in round two, where it counts as a pass.'),
        },
        'schmeiss_refused': {
            'schmeisser_makes': pgettext('option.help.schmeiss_refused.schmeisser_makes', 'A refused schmeiss makes the turn-up suit trump, the schmeisser the maker.'),
            'refuser_names': pgettext('option.help.schmeiss_refused.refuser_names', 'Whoever refuses a schmeiss must name the trump (any suit) and is the maker.'),
        },
        'redeal_dealer': {
            'same': pgettext('option.help.redeal_dealer.same', 'After a thrown-in deal the same player deals again.'),
            'other': pgettext('option.help.redeal_dealer.other', 'After a thrown-in deal the other player deals.'),
        },
        'dix_exchange': {
            'turn_up_trump': pgettext('option.help.dix_exchange.turn_up_trump', 'The holder of the trump 7 (the dix) may swap it for the turn-up when the turn-up suit is trump.'),
            'any_trump': pgettext('option.help.dix_exchange.any_trump', 'The holder of the trump 7 (the dix) may swap it for the turn-up whatever the trump.'),
        },
        'dix_deadline': {
            'first_lead': pgettext('option.help.dix_deadline.first_lead', 'The exchange must be made before the first lead.'),
            'own_first_card': pgettext('option.help.dix_deadline.own_first_card', 'The exchange must be made before the holder plays his first card.'),
            'first_trick': pgettext('option.help.dix_deadline.first_trick', 'The exchange must be made before the first trick is complete.'),
            'last_card': pgettext('option.help.dix_deadline.last_card', 'The exchange may be made as long as the holder still has the dix.'),
        },
        'trump_sequence_order': {
            'natural': pgettext('option.help.trump_sequence_order.natural', 'Sequences run A K Q J 10 9 8 7 in every suit.'),
            'trump': pgettext('option.help.trump_sequence_order.trump', 'In trumps, sequences follow trump order J 9 A 10 K Q 8 7.'),
        },
        'longer_sequence_wins': {
            True: pgettext('option.help.longer_sequence_wins.yes', 'Between two fifties the longer run wins.'),
            False: pgettext('option.help.longer_sequence_wins.no', 'A longer run of four or more is worth no more than a run of four.'),
        },
        'compare_top_card': {
            True: pgettext('option.help.compare_top_card.yes', 'Equal sequences are compared by their top card.'),
            False: pgettext('option.help.compare_top_card.no', 'Top cards are not compared.'),
        },
        'sequence_final_tie': {
            'nobody': pgettext('option.help.sequence_final_tie.nobody', 'Sequences equal in every way: nobody scores them.'),
            'elder': pgettext('option.help.sequence_final_tie.elder', 'Sequences equal in every way: the elder hand scores.'),
        },
        'bella_order': {
            'queen_first': pgettext('option.help.bella_order.queen_first', 'Bella (trump K and Q, 20) scores when the queen is played while the king is held.'),
            'either': pgettext('option.help.bella_order.either', 'Bella (trump K and Q, 20) scores when the second of the pair is played.'),
        },
        'bella_announce': {
            'required': pgettext('option.help.bella_announce.required', 'Bella must be announced as it is played, or it does not score.'),
            'automatic': pgettext('option.help.bella_announce.automatic', 'Bella scores without being announced.'),
        },
        'trump_run_with_marriage': {
            True: pgettext('option.help.trump_run_with_marriage.yes', 'Trump K, Q and J held together also score as a trump run (20, or 50 in a run of four).'),
            False: pgettext('option.help.trump_run_with_marriage.no', 'No extra trump run with the marriage.'),
        },
        'must_overtake': {
            'none': pgettext('option.help.must_overtake.none', 'Follow suit if you can, else trump if you can, else any card.'),
            'trump': pgettext('option.help.must_overtake.trump', 'Follow suit if you can, and beat a trump lead if you can; void: trump if you can.'),
            'all': pgettext('option.help.must_overtake.all', 'Follow with a higher card of the suit led if you can; void: trump if you can.'),
        },
        'maker_counts_first': {
            True: pgettext('option.help.maker_counts_first.yes', "The maker's score is added first and wins if it reaches the target."),
            False: pgettext('option.help.maker_counts_first.no', 'When both pass the target in one deal, the higher total wins.'),
        },
    }


# The rule options and their values in words (the rules page, help and settings); what a record or the
# command line says stays the option's own name and value (``schmeiss``, ``both_rounds``).
def option_titles_words() -> dict[str, str]:
    return {
        'schmeiss': pgettext('option.title.schmeiss', 'schmeiss'),
        'schmeiss_refused': pgettext('option.title.schmeiss_refused', 'refused schmeiss'),
        'redeal_dealer': pgettext('option.title.redeal_dealer', 'dealer after a throw-in'),
        'dix_exchange': pgettext('option.title.dix_exchange', 'dix exchange'),
        'dix_deadline': pgettext('option.title.dix_deadline', 'dix deadline'),
        'trump_sequence_order': pgettext('option.title.trump_sequence_order', 'sequence order in trumps'),
        'longer_sequence_wins': pgettext('option.title.longer_sequence_wins', 'longer sequence wins'),
        'compare_top_card': pgettext('option.title.compare_top_card', 'compare top cards'),
        'sequence_final_tie': pgettext('option.title.sequence_final_tie', 'equal sequences'),
        'bella_order': pgettext('option.title.bella_order', 'bella order'),
        'bella_announce': pgettext('option.title.bella_announce', 'bella announced'),
        'trump_run_with_marriage': pgettext('option.title.trump_run_with_marriage', 'trump run with the marriage'),
        'must_overtake': pgettext('option.title.must_overtake', 'must overtake'),
        'target': pgettext('option.title.target', 'target'),
        'maker_counts_first': pgettext('option.title.maker_counts_first', 'maker counts first'),
    }


def option_value_words() -> dict[str, dict[str, str]]:
    return {
        'schmeiss': {
            'none': pgettext('option.value.schmeiss.none', 'none'),
            'round_one': pgettext('option.value.schmeiss.round_one', 'round one'),
            'both_rounds': pgettext('option.value.schmeiss.both_rounds', 'both rounds'),
        },
        'schmeiss_refused': {
            'schmeisser_makes': pgettext('option.value.schmeiss_refused.schmeisser_makes', 'schmeisser makes'),
            'refuser_names': pgettext('option.value.schmeiss_refused.refuser_names', 'refuser names'),
        },
        'redeal_dealer': {
            'same': pgettext('option.value.redeal_dealer.same', 'same'),
            'other': pgettext('option.value.redeal_dealer.other', 'other'),
        },
        'dix_exchange': {
            'turn_up_trump': pgettext('option.value.dix_exchange.turn_up_trump', 'turn up trump'),
            'any_trump': pgettext('option.value.dix_exchange.any_trump', 'any trump'),
        },
        'dix_deadline': {
            'first_lead': pgettext('option.value.dix_deadline.first_lead', 'first lead'),
            'own_first_card': pgettext('option.value.dix_deadline.own_first_card', 'own first card'),
            'first_trick': pgettext('option.value.dix_deadline.first_trick', 'first trick'),
            'last_card': pgettext('option.value.dix_deadline.last_card', 'last card'),
        },
        'trump_sequence_order': {
            'natural': pgettext('option.value.trump_sequence_order.natural', 'natural'),
            'trump': pgettext('option.value.trump_sequence_order.trump', 'trump'),
        },
        'sequence_final_tie': {
            'nobody': pgettext('option.value.sequence_final_tie.nobody', 'nobody'),
            'elder': pgettext('option.value.sequence_final_tie.elder', 'elder'),
        },
        'bella_order': {
            'queen_first': pgettext('option.value.bella_order.queen_first', 'queen first'),
            'either': pgettext('option.value.bella_order.either', 'either'),
        },
        'bella_announce': {
            'required': pgettext('option.value.bella_announce.required', 'required'),
            'automatic': pgettext('option.value.bella_announce.automatic', 'automatic'),
        },
        'must_overtake': {
            'none': pgettext('option.value.must_overtake.none', 'none'),
            'trump': pgettext('option.value.must_overtake.trump', 'trump'),
            'all': pgettext('option.value.must_overtake.all', 'all'),
        },
    }


def option_value_text(value: object, option: str = "") -> str:
    """A rule option's value in words: yes/no, or the option's word for it ("both rounds")."""
    if isinstance(value, bool):
        return str(help_words()["yes" if value else "no"])
    words = option_value_words().get(option, {})
    return str(words.get(str(value), str(value).replace("_", " ")))


def option_name(option: str) -> str:
    """A rule option by its name in words, in the current language ("must overtake", «обязанность перебить»)."""
    return str(option_titles_words().get(option, option))


def option_title(option: str) -> str:
    """A rule option by its name in words, with the name a record uses: "must overtake (`must_overtake`)"."""
    return str('{title} (`{option}`)'.format(title=option_titles_words().get(option, option), option=option))

def help_words() -> dict[str, str]:
    return {
        'header': pgettext('help.words.header', '| option | value | what it means |'),
        'schmeiss': pgettext('help.words.schmeiss', ', or say *schmeiss* (offer to throw the deal in)'),
        'yes': pgettext('help.words.yes', 'yes'),
        'no': pgettext('help.words.no', 'no'),
    }
