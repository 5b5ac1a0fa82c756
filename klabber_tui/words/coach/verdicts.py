"""The coach's verdicts: the table's choices, the verdict after a bid (the deal log's line), good and
bad words.
"""

from __future__ import annotations

from engine.actions import (
    Action,
)
from engine.cards import (
    SUIT_SYMBOLS,
)
from klabber_tui.words import i18n, keys
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.cards import card_text, suit_text

COACH_BEST_MARK = "★"


def coach_good_words() -> dict[str, str]:
    return {
        'bid': pgettext('coach.good.bid', 'Good bid.'),
        'card': pgettext('coach.good.card', 'Good card.'),
    }


# Issue 11: "Coach after each bid" writes its verdict into the deal log under the bid; v opens it.
# The number is the expected points the bid gives up against the best one.
def coach_log_words() -> dict[str, str]:
    return {
        'best': pgettext('coach.log.best', 'Coach: “{chosen}” is the best choice ({key}: why)'),
        'even': pgettext('coach.log.even', 'Coach: “{chosen}” is as good as “{best}” ({key}: why)'),
        'close': pgettext('coach.log.close', 'Coach: “{chosen}”, −{loss:.0f} against “{best}”, within the noise ({key}: why)'),
        'mistake': pgettext('coach.log.mistake', 'Coach: “{chosen}” is a mistake, −{loss:.0f} against “{best}” ({key}: why)'),
    }


def coach_log_line(advice: object) -> str:
    """The verdict on a bid in one short line of the deal log; where the standing matters, with
    the deal's points and the match chances (``coach_numbers.verdict_line``)."""
    from klabber_tui.words.coach.numbers import verdict_line

    action, best_action = getattr(advice, "chosen"), getattr(advice, "best")
    chosen = coach_action_text(action, short=True)
    best = coach_action_text(best_action, short=True)
    with_match = verdict_line(advice, chosen, best)  # type: ignore[arg-type]  # an Advice, typed object here
    if with_match is not None:
        return with_match
    loss = max(0.0, getattr(advice, "loss")) + 0.0  # never a signed zero
    if getattr(advice, "mistake"):
        return coach_log_words()["mistake"].format(chosen=chosen, loss=loss, best=best, key=keys.VERDICT)
    if action != best_action:
        kind = "close" if round(loss) >= 1 else "even"  # never "−0"
        return coach_log_words()[kind].format(chosen=chosen, loss=loss, best=best, key=keys.VERDICT)
    return coach_log_words()["best"].format(chosen=chosen, key=keys.VERDICT)


# The coach's choices as its table and verdicts write them (issue 12: no English words in code).
def coach_choices_words() -> dict[str, str]:
    return {
        'name': pgettext('coach.choice.name', 'name {suit}'),
        'play': pgettext('coach.choice.play', 'play {card}'),
        'play_bella': pgettext('coach.choice.play_bella', 'play {card} + bella'),
        'short': '{card}',
        'short_bella': pgettext('coach.choice.short_bella', '{card} + bella'),
        'exchange': pgettext('coach.choice.exchange', 'exchange the dix'),
        'take': pgettext('coach.choice.take', 'take'),
        'pass': pgettext('coach.choice.pass', 'pass'),
        'schmeiss': pgettext('coach.choice.schmeiss', 'schmeiss'),
        'accept': pgettext('coach.choice.accept', 'accept (throw in)'),
        'refuse': pgettext('coach.choice.refuse', 'refuse'),
    }


def coach_action_text(move: Action, short: bool = False) -> str:
    """A choice in the coach's table: ``take``, ``name ♠ spades``, ``play 10♦``, ``play Q♥ + bella``
    (``short``: ``10♦``, ``name ♠``)."""
    if move.kind == "name" and move.suit is not None:
        suit = move.suit
        shown = SUIT_SYMBOLS[suit] if short else suit_text(suit)
        return coach_choices_words()["name"].format(suit=shown)
    if move.kind == "play" and move.card is not None:
        card = card_text(move.card)
        key = ("short" if short else "play") + ("_bella" if move.bella else "")
        return coach_choices_words()[key].format(card=card)
    return coach_choices_words().get(move.kind, str(move))


def coach_verdict(advice: object, kind: str) -> str:
    """The verdict on the choice made: a mistake with its cost, or a good choice."""
    chosen = getattr(advice, "chosen")
    loss, se = getattr(advice, "loss"), getattr(advice, "loss_se")
    if getattr(advice, "mistake"):
        whole = round(loss)
        return npgettext("coach.mistake", "Mistake: “{chosen}” costs about {loss} point (± {se}) against “{best}”.",
                         "Mistake: “{chosen}” costs about {loss} points (± {se}) against “{best}”.", whole).format(
            chosen=coach_action_text(chosen), loss=whole, se=round(se),
            best=coach_action_text(getattr(advice, "best")))
    if chosen is not None and loss >= 0.5:
        return coach_good_words()[kind] + " " + pgettext('coach.small.loss', '“{chosen}” gives up about {loss:.1f} points (± {se:.1f}): within the noise, not a mistake.').format(
            chosen=coach_action_text(chosen), loss=i18n.Number(loss), se=i18n.Number(se))
    return coach_good_words()[kind]
