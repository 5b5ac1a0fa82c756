"""The coach's reasons (``ai.coach.Fact``) worded by their key, for the player's decision or the bot's.
"""

from __future__ import annotations

from typing import Any

from engine.actions import (
    Action,
)
from engine.cards import (
    SUIT_SYMBOLS,
    cards_of,
    rank_of,
    suit_of,
)
from klabber_tui.words import i18n
from klabber_tui.words.cards import card_text, cards_text
from klabber_tui.words.i18n import npgettext, pgettext


# The coach's reasons (``ai.coach.Fact``), keyed by the fact's code. Fields: {action} and {other}
# (choices, as a gerund: "taking ♠"), {suit}, {held} {unseen} {shown} (the cards the fact names),
# {points} ("20 points", PLURALS), {about} ("about 9 points"), {prob} (a percentage), {count}; a sentence
# with a number before a noun is a plural of PLURALS ("fact_sequences"). Issue 24's facts are worded in
# ``coach_words``, which ``fact_text`` asks first.
def fact_words() -> dict[str, str]:
    return {
        'jass_held': pgettext('coach.fact.jass_held', 'You hold the jass ({held})'),
        'jass_shown': pgettext('coach.fact.jass_shown', "The jass ({shown}) lies face up: it is not in the bot's hand"),
        'jass_unseen': pgettext('coach.fact.jass_unseen', 'You do not hold the jass ({unseen}); the bot may'),
        'menel_held': pgettext('coach.fact.menel_held', 'You hold the menel ({held})'),
        'menel_shown': pgettext('coach.fact.menel_shown', "The menel ({shown}) lies face up: it is not in the bot's hand"),
        'menel_unseen': pgettext('coach.fact.menel_unseen', 'You do not hold the menel ({unseen}); the bot may'),
        'bella': pgettext('coach.fact.bella', 'Bella: you hold {held}, {points} with {suit} trump'),
        'dix': pgettext('coach.fact.dix', 'You hold the dix ({held}): it exchanges for the turn-up {shown}, {points} as trump'),
        'makes': pgettext('coach.fact.makes', '{Action} makes {prob} of the time'),
        'bust_against_pass': pgettext('coach.fact.bust_against_pass', 'When it fails, you end {points} worse than by passing'),
        'bust_against_pass_none': pgettext('coach.fact.bust_against_pass_none', 'Even when it fails, you end no worse than by passing'),
        'bust': pgettext('coach.fact.bust', 'When it fails, you end about {points} behind'),
        'pass_then_name': pgettext('coach.fact.pass_then_name', 'Pass now: you can still name {suit} in round two, worth {points} more than taking'),
        'pass_then_name_worse': pgettext('coach.fact.pass_then_name_worse', 'Pass now: the best suit left to name in round two, {suit}, is worth {points} less than taking'),
        'schmeiss_answer': pgettext('coach.fact.schmeiss_answer', 'The bot accepts the schmeiss (a throw-in) in about {prob} of the hands it may hold'),
        'schmeiss_refused_you_make': pgettext('coach.fact.schmeiss_refused_you_make', 'When it refuses, you must make {suit}: you make it {prob} of the time'),
        'refuse_other_makes': pgettext('coach.fact.refuse_other_makes', 'Refusing leaves the bot to make {suit}: it makes it {prob} of the time'),
        'refuse_you_name': pgettext('coach.fact.refuse_you_name', 'Refusing: you name the trump; {suit} is the best, worth {points}'),
        'other_passed_turned': pgettext('coach.fact.other_passed_turned', 'The bot passed on {suit}: it is less likely to hold {unseen}'),
        'other_passed_turned_none': pgettext('coach.fact.other_passed_turned_none', 'The bot passed on {suit}; its top trumps are in your hand or face up'),
        'other_passed_round_two': pgettext('coach.fact.other_passed_round_two', 'The bot passed in round two: it named no suit'),
        'other_schmeissed': pgettext('coach.fact.other_schmeissed', 'The bot said schmeiss on {suit}: it offers to throw the deal in'),
        'match_win': pgettext('coach.fact.match_win', '{Action} wins the match in this very deal {prob} of the time'),
        'match_loss': pgettext('coach.fact.match_loss', '{Action} loses the match in this very deal {prob} of the time'),
        'wins_trick': pgettext('coach.fact.wins_trick', '{Action} wins the trick over {shown}: {points}'),
        'trumps_trick': pgettext('coach.fact.trumps_trick', '{Action} trumps the {shown}: {points}'),
        'gives_trick': pgettext('coach.fact.gives_trick', '{Action} gives the bot the trick over {shown}: {points}'),
        'gives_trick_free': pgettext('coach.fact.gives_trick_free', '{Action} gives the bot a trick that costs nothing'),
        'last_trick': pgettext('coach.fact.last_trick', 'The last trick: its winner gets {points} more'),
        'bares_ten': pgettext('coach.fact.bares_ten', '{Action} leaves your {ten} alone in its suit while {unseen} is not seen yet'),
        'bella_announced': pgettext('coach.fact.bella_announced', 'Announcing bella with {held} scores {points}'),
        'bella_silent': pgettext('coach.fact.bella_silent', 'Playing {held} without announcing bella gives up its {points}'),
        'exchange': pgettext('coach.fact.exchange', 'Exchanging the dix ({held}) brings the {shown} into your hand, {points} as trump'),
        'mistake_risky': pgettext('coach.fact.mistake_risky', 'Mistake: {action} gives up {about} against {other}: it makes only {prob} of the time'),
        'mistake_forgoes': pgettext('coach.fact.mistake_forgoes', 'Mistake: {action} gives up {about} against {other}, which makes {prob} of the time'),
        'mistake_gives_trick': pgettext('coach.fact.mistake_gives_trick', 'Mistake: {action} gives up {about} against {other}: it gives away the trick that {other} wins'),
        'mistake_beaten': pgettext('coach.fact.mistake_beaten', 'Mistake: {action} gives up {about} against {other}: the bot can beat it in about {prob} of the hands it may hold, {other} in about {count}%'),
        'mistake': pgettext('coach.fact.mistake', 'Mistake: {action} gives up {about} against {other} over the rest of the deal'),
    }


# A choice as the subject of a reason: "taking ♠", "playing 10♦"; GERUNDS_START where a sentence starts with it.
def gerunds_words() -> dict[str, str]:
    return {
        'take': pgettext('coach.gerund.take', 'taking {suit}'),
        'name': pgettext('coach.gerund.name', 'naming {suit}'),
        'pass': pgettext('coach.gerund.pass', 'passing'),
        'schmeiss': pgettext('coach.gerund.schmeiss', 'the schmeiss'),
        'accept': pgettext('coach.gerund.accept', 'accepting'),
        'refuse': pgettext('coach.gerund.refuse', 'refusing'),
        'exchange': pgettext('coach.gerund.exchange', 'exchanging the dix'),
        'play': pgettext('coach.gerund.play', 'playing {card}'),
        'play_bella': pgettext('coach.gerund.play_bella', 'playing {card} with bella'),
    }


def gerunds_start_words() -> dict[str, str]:
    return {
        'take': pgettext('coach.gerund.start.take', 'Taking {suit}'),
        'name': pgettext('coach.gerund.start.name', 'Naming {suit}'),
        'pass': pgettext('coach.gerund.start.pass', 'Passing'),
        'schmeiss': pgettext('coach.gerund.start.schmeiss', 'The schmeiss'),
        'accept': pgettext('coach.gerund.start.accept', 'Accepting'),
        'refuse': pgettext('coach.gerund.start.refuse', 'Refusing'),
        'exchange': pgettext('coach.gerund.start.exchange', 'Exchanging the dix'),
        'play': pgettext('coach.gerund.start.play', 'Playing {card}'),
        'play_bella': pgettext('coach.gerund.start.play_bella', 'Playing {card} with bella'),
    }


def points_text(value: float, digits: int = 1, sign: bool = True) -> str:
    """Points rounded to ``digits``, never ``-0.0``: a value that rounds to zero shows as zero."""
    return i18n.decimal(float(value), digits, sign=sign)


def makes_text(chance: float, maker: str) -> str:
    """The chance the maker makes, with who the maker is in the in-sentence form: ``93% (dealer)`` (no
    words of its own: a number and a name)."""
    return f"{i18n.percent(chance)} ({maker})"


def choice_gerund(move: Action, turned: int | None = None, start: bool = False) -> str:
    """``move`` as the subject of a reason; ``turned`` is the turn-up suit a take makes trump; ``start``:
    the form that begins a sentence (GERUNDS_START)."""
    gerunds = gerunds_start_words() if start else gerunds_words()
    if move.kind == "take":
        return gerunds["take"].format(suit=SUIT_SYMBOLS[turned] if turned is not None else "").strip()
    if move.kind == "name" and move.suit is not None:
        return gerunds["name"].format(suit=SUIT_SYMBOLS[move.suit])
    if move.kind == "play" and move.card is not None:
        key = "play_bella" if move.bella else "play"
        return gerunds[key].format(card=card_text(move.card))
    return gerunds.get(move.kind, str(move))


def _runs(cards: int) -> int:
    """How many runs (rules.md §6: three or more cards in a row of one suit) the cards of a sequence fact make:
    they hold only the runs' cards, so each unbroken stretch of a suit is one run."""
    ranks = {suit: sorted(rank_of(c) for c in cards_of(cards) if suit_of(c) == suit) for suit in range(4)}
    return sum(1 for held in ranks.values() for k, rank in enumerate(held) if k == 0 or held[k - 1] != rank - 1)


# The same reasons of a decision the bot made, as the review shows them (issue 24): the seat that
# decided is "the bot" and the other is "you". Only the facts whose words name a side, in English or
# in a translation, have a wording here; the rest read the same for either side.
def bot_fact_words() -> dict[str, str]:
    return {
        'jass_held': pgettext('coach.bot_fact.jass_held', 'The bot holds the jass ({held})'),
        'jass_shown': pgettext('coach.bot_fact.jass_shown', 'The jass ({shown}) lies face up: it is not in your hand'),
        'jass_unseen': pgettext('coach.bot_fact.jass_unseen', 'The bot does not hold the jass ({unseen}); you may'),
        'menel_held': pgettext('coach.bot_fact.menel_held', 'The bot holds the menel ({held})'),
        'menel_shown': pgettext('coach.bot_fact.menel_shown', 'The menel ({shown}) lies face up: it is not in your hand'),
        'menel_unseen': pgettext('coach.bot_fact.menel_unseen', 'The bot does not hold the menel ({unseen}); you may'),
        'bella': pgettext('coach.bot_fact.bella', 'Bella: the bot holds {held}, {points} with {suit} trump'),
        'dix': pgettext('coach.bot_fact.dix', 'The bot holds the dix ({held}): it exchanges for the turn-up {shown}, {points} as trump'),
        'makes': pgettext('coach.bot_fact.makes', '{Action} makes {prob} of the time'),
        'bust_against_pass': pgettext('coach.bot_fact.bust_against_pass', 'When it fails, the bot ends {points} worse than by passing'),
        'bust_against_pass_none': pgettext('coach.bot_fact.bust_against_pass_none', 'Even when it fails, the bot ends no worse than by passing'),
        'bust': pgettext('coach.bot_fact.bust', 'When it fails, the bot ends about {points} behind'),
        'pass_then_name': pgettext('coach.bot_fact.pass_then_name', 'Pass now: the bot can still name {suit} in round two, worth {points} more than taking'),
        'schmeiss_answer': pgettext('coach.bot_fact.schmeiss_answer', 'You accept the schmeiss (a throw-in) in about {prob} of the hands the bot sees you may hold'),
        'schmeiss_refused_you_make': pgettext('coach.bot_fact.schmeiss_refused_you_make', 'When you refuse, the bot must make {suit}: it makes it {prob} of the time'),
        'refuse_other_makes': pgettext('coach.bot_fact.refuse_other_makes', 'Refusing leaves you to make {suit}: you make it {prob} of the time'),
        'refuse_you_name': pgettext('coach.bot_fact.refuse_you_name', 'Refusing: the bot names the trump; {suit} is the best, worth {points}'),
        'other_passed_turned': pgettext('coach.bot_fact.other_passed_turned', 'You passed on {suit}: you are less likely to hold {unseen}'),
        'other_passed_turned_none': pgettext('coach.bot_fact.other_passed_turned_none', "You passed on {suit}; its top trumps are in the bot's hand or face up"),
        'other_passed_round_two': pgettext('coach.bot_fact.other_passed_round_two', 'You passed in round two: you named no suit'),
        'other_schmeissed': pgettext('coach.bot_fact.other_schmeissed', 'You said schmeiss on {suit}: you offer to throw the deal in'),
        'match_win': pgettext('coach.bot_fact.match_win', '{Action} wins the bot the match in this very deal {prob} of the time'),
        'match_loss': pgettext('coach.bot_fact.match_loss', '{Action} loses the bot the match in this very deal {prob} of the time'),
        'wins_trick': pgettext('coach.bot_fact.wins_trick', '{Action} wins the trick over {shown} for the bot: {points}'),
        'gives_trick': pgettext('coach.bot_fact.gives_trick', '{Action} gives you the trick over {shown}: {points}'),
        'gives_trick_free': pgettext('coach.bot_fact.gives_trick_free', '{Action} gives you a trick that costs nothing'),
        'bares_ten': pgettext('coach.bot_fact.bares_ten', "{Action} leaves the bot's {ten} alone in its suit while {unseen} is not seen yet"),
        'exchange': pgettext('coach.bot_fact.exchange', "Exchanging the dix ({held}) brings the {shown} into the bot's hand, {points} as trump"),
        'mistake_risky': pgettext('coach.bot_fact.mistake_risky', 'Mistake: {action} gives up {about} against {other}: the bot makes it only {prob} of the time'),
        'mistake_beaten': pgettext('coach.bot_fact.mistake_beaten', 'Mistake: {action} gives up {about} against {other}: you can beat it in about {prob} of the hands the bot sees you may hold, {other} in about {count}%'),
    }


def fact_text(fact: object, turned: int | None = None, bot: bool = False) -> str:
    """A reason of the coach (``ai.coach.Fact``) in words; ``turned`` names the suit of a take.
    ``bot``: the decision was the bot's, so the reason says "the bot holds" and calls the player
    "you" (the review, issue 24)."""
    from klabber_tui.words.coach.reasons import reason_words

    words = reason_words(fact, lambda f: fact_text(f, turned, bot), cards_text, lambda a: choice_gerund(a, turned),
                         bot)
    if words is not None:  # issue 24's facts and trade-offs
        return words
    key: str = getattr(fact, "key")
    suit = getattr(fact, "suit", None)
    points = getattr(fact, "points", None)
    count = getattr(fact, "count", None) or 0
    prob = getattr(fact, "prob", None)
    held, unseen, shown = (getattr(fact, name, 0) for name in ("held", "unseen", "shown"))
    action, other = getattr(fact, "action", None), getattr(fact, "other", None)
    if key in ("bust_against_pass", "pass_then_name") and (points or 0) <= 0:
        key = "bust_against_pass_none" if key == "bust_against_pass" else "pass_then_name_worse"
    elif key == "other_passed_turned" and not unseen:
        key = "other_passed_turned_none"
    elif key == "gives_trick" and not points:
        key = "gives_trick_free"
    if key == "sequences":
        value = int(round(float(points or 0)))
        worth = npgettext('count.points', '{signed} point', '{signed} points', value).format(n=value, signed=value)
        if bot:
            runs = npgettext('count.bot_fact_sequences', "The bot's sequence ({held}) is worth {points}",
                             "The bot's sequences ({held}) are worth {points}", _runs(held))
        else:
            runs = npgettext('count.fact_sequences', 'Your sequence ({held}) is worth {points}',
                             'Your sequences ({held}) are worth {points}', _runs(held))
        return runs.format(n=_runs(held), held=cards_text(held), points=worth)
    words = (bot_fact_words() if bot else {}).get(key) or fact_words().get(key)
    if words is None:
        return key.replace("_", " ")
    gerund = choice_gerund(action, turned) if action is not None else ""
    ten = ""
    if key == "bares_ten" and suit is not None:
        ten = card_text(suit * 8 + 3)
    whole = int(round(float(points))) + 0 if points is not None else 0
    if key.endswith("_worse"):
        whole = abs(whole)
    worded = npgettext('count.points', '{signed} point', '{signed} points', abs(whole)).format(n=abs(whole), signed=i18n.signed(f"{whole:+d}") if key == "refuse_you_name" else whole)
    return words.format(
        action=gerund, Action=choice_gerund(action, turned, start=True) if action is not None else "",
        other=choice_gerund(other, turned) if other is not None else "",
        suit=SUIT_SYMBOLS[suit] if suit is not None else "",
        held=cards_text(held), unseen=cards_text(unseen),
        shown=cards_text(shown), points=worded, about=npgettext('count.about_points', 'about {n} point', 'about {n} points', abs(whole)).format(n=abs(whole)),
        count=count, ten=ten,
        prob=f"{round(100 * prob)}%" if prob is not None else "",
    )


def is_mistake_reason(fact: Any) -> bool:
    """The coach's one-sentence why of a mistake (``ai.coach.mistake_fact``): a verdict, shown as one."""
    return str(fact.key).startswith("mistake")
