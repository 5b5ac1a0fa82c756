"""The bidding drill's words (``klabber drill``, the drill screen): kinds of position, the words a player
may answer, the position asked, the coach's table and verdict, the deal played out, and the result,
as Rich renderables the screen shows."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.actions import SCHMEISS, Action
from engine.cards import mask_of, sorted_cards, suit_of
from engine.deal import Deal
from engine.rules import SEATS
from engine.situations import Situation
from engine.view import PlayerView
from klabber_tui.data import mistakes
from klabber_tui.data.safe_text import literal
from klabber_tui.practice.drill import DEFAULT_MARGIN, Answer, Drill, Position, Score
from klabber_tui.words import i18n, keys
from klabber_tui.words.cards import action_text, card_text, suit_text
from klabber_tui.words.coach.facts import fact_text, is_mistake_reason, points_text
from klabber_tui.words.coach.numbers import makes_cell
from klabber_tui.words.deal_score import deal_score_table
from klabber_tui.words.i18n import decimal, npgettext, pgettext
from klabber_tui.words.names import level_text, preset_name, situation_names_words
from klabber_tui.words.table.phrases import (
    bidding_prompt,
    bot_word,
    log_line,
    named,
    prompt_text,
    summary_rule_words,
    who,
    you_word,
)


def drill_kind_words() -> dict[str, str]:
    """The situation a drilled position puts the player in, as a sentence; ``{seat}`` is theirs."""
    return {
        Situation.ROUND_ONE_ELDER: pgettext('drill.kind.round_one_elder', 'Round one: you are the elder hand and speak first.'),
        Situation.ROUND_ONE_DEALER: pgettext('drill.kind.round_one_dealer', 'Round one: you are the dealer.'),
        Situation.ROUND_TWO_ELDER: pgettext('drill.kind.round_two_elder', 'Round two: you are the elder hand.'),
        Situation.ROUND_TWO_DEALER: pgettext('drill.kind.round_two_dealer', 'Round two: you are the dealer; a pass throws the deal in.'),
        Situation.SCHMEISS_ANSWER: pgettext('drill.kind.schmeiss_answer', 'A schmeiss to answer: you are the {seat}.'),
        Situation.NAMING_AFTER_REFUSAL: pgettext('drill.kind.naming_after_refusal', 'You refused the schmeiss: name the trump, any suit; you are the {seat}.'),
    }


def drill_word_names_words() -> dict[str, str]:
    return {
        'take': pgettext('drill.word.names.take', 'take'),
        'pass': pgettext('drill.word.names.pass', 'pass'),
        'schmeiss': pgettext('drill.word.names.schmeiss', 'schmeiss'),
        'accept': pgettext('drill.word.names.accept', 'accept (throw in)'),
        'refuse': pgettext('drill.word.names.refuse', 'refuse'),
    }


def drill_columns_words() -> tuple[str, ...]:
    return (
        '',
        pgettext('drill.column.word', 'word'),
        pgettext('drill.column.points', 'points'),
        pgettext('drill.column.se', '± se'),
        pgettext('drill.column.maker_makes', 'maker makes'),
        pgettext('drill.column.loss', 'loss'),
    )


DRILL_BEST_MARK = "★"


def drill_seat_words() -> dict[str, str]:
    return {
        'elder': pgettext('drill.seat.elder', 'elder hand'),
        'dealer': pgettext('drill.seat.dealer', 'dealer'),
    }


DRILL_HANDS = "{who}: {cards}"


DRILL_MISTAKE_MARK = " ✗"  # a mistake by the coach's verdict, as counted in DRILL_END_PASS


DRILL_CLOSE_MARK = " ≈"  # a different word within the noise: drilled again, not a mistake


DRILL_STATS_PROBLEM = "{message}"


def within_points(margin: int) -> str:
    """How close the best two choices of a drilled position are: ``within 15 points``."""
    return npgettext('count.within_points', 'within {n} point', 'within {n} points', margin).format(n=margin)


TRICKS_PER_LINE = 3


def word_text(move: Action) -> str:
    """A bidding word for the table: ``take``, ``name ♥ hearts``, ``accept (throw in)``."""
    if move.kind == "name" and move.suit is not None:
        return f"name {suit_text(move.suit)}"
    return drill_word_names_words().get(move.kind, str(move))


def drill_reasons(advice: Any, answer: Answer) -> list[tuple[Action, list[Any]]]:
    """The coach's reasons for the player's word and, when the coach's choice differs, for it (issue
    11): never the facts of the words nobody chose. A mistake's why is shown as the verdict."""
    mine = [f for f in advice.reasons(answer.chosen) if not is_mistake_reason(f)]
    groups = [(answer.chosen, mine)]
    if not answer.agreed:
        groups.append((answer.best, list(advice.reasons(answer.best))))
    return [(word, facts) for word, facts in groups if facts]


def deck_lines(position: Position, entry: dict[str, Any] | None) -> list[Text]:
    """Issue 25: a position asked from the mistake deck shows its box and its standing."""
    if position.record is None:
        return []
    standing = position.standing
    line = (pgettext('deck.standing_none', 'Standing then: not part of a match') if standing is None else
            pgettext('deck.standing', 'Standing then: you {mine}, the bot {theirs}, playing to {target}').format(
                mine=standing[0], theirs=standing[1], target=standing[2]))
    lines = [Text(line, style="cyan")]
    if entry is not None:
        lines.insert(0, Text(pgettext('deck.head', 'Your mistake, asked again · box {box} of {boxes}').format(
            box=entry["box"] + 1, boxes=len(mistakes.BOXES)), style="cyan"))
    return lines


def count_hint(view: PlayerView) -> str:
    """The hint before answering (rules.md §10): the hand's count for the suit the decision is about,
    the turn-up's in round one and for a schmeiss, else the best suit the player may name."""
    from ai.heuristics import hand_strength

    hand = view.hand
    if view.stage in ("bidding_round_one", "schmeiss_answer"):
        suit = suit_of(view.turn_up)
    else:
        named = [a.suit for a in view.legal if a.kind == "name"]
        suits = [s for s in named if s is not None] or [suit_of(view.turn_up)]
        suit = max(suits, key=lambda s: hand_strength(hand, s))
    count = hand_strength(hand, suit)
    return npgettext('count.drill_hint', 'Hint (rules.md §10): your hand counts {n} point for {suit}; about 40 takes.',
                     'Hint (rules.md §10): your hand counts {n} points for {suit}; about 40 takes.', count).format(
        n=count, suit=suit_text(suit))


def deck_result_words() -> dict[str, str]:
    """What became of a position of the mistake deck answered again, other than right (issue 25)."""
    return {
        "learnt": pgettext('deck.result.learnt', 'Right in the last box: learnt.'),
        mistakes.WRONG: pgettext('deck.result.wrong', 'Wrong again: it comes back tomorrow.'),
        mistakes.RETIRED: pgettext('deck.result.retired',
                            'The coach no longer calls your first answer a mistake: the position leaves the deck.'),
    }


def position_text(position: Position, entry: dict[str, Any] | None) -> RenderableType:
    """A drilled position: the deck's box and standing, whose word it is, the turn-up, what was said,
    the hand, the count hint, and the prompt."""
    view = position.view()
    lines = []
    lines.extend(deck_lines(position, entry))
    lines.append(Text(drill_kind_words()[position.kind].format(seat=drill_seat_words()[view.seat]), style="bold"))
    lines.append(Text(pgettext('drill.turn.up', 'Turn-up: {card}').format(card=card_text(view.turn_up))))
    said_before = position.deal().actions
    if said_before:
        words = " ".join(f"{who(seat == view.seat)}: {action_text(action)}"
                         for seat, action in said_before)
        said = pgettext('drill.said', 'Said so far: {words}').format(words=words) + (pgettext('drill.forced', ' (a schmeiss the bot would not say here, put in so you can answer one)') if position.forced else "")
    else:
        said = pgettext('drill.said.none', 'Said so far: nothing.')
    lines.append(Text(said))
    hand = " ".join(card_text(c) for c in sorted_cards(view.hand, None))
    lines.append(Text(pgettext('drill.hand', 'Your hand: {cards}').format(cards=hand), style="bold"))
    lines.append(Text(count_hint(view), style="dim"))
    lines.append(Text(prompt(view), style="italic"))
    return Group(*lines)

def prompt(view: PlayerView) -> str:
    """What the player is asked, as the table asks it."""
    turned = suit_text(suit_of(view.turn_up))
    if view.stage in ("bidding_round_one", "bidding_round_two"):
        return bidding_prompt(view.stage == "bidding_round_two", suit_of(view.turn_up), SCHMEISS in view.legal)
    if view.stage == "schmeiss_answer":
        if view.rules.schmeiss_refused == "refuser_names":
            hint = prompt_text("refuse_names")
        else:
            hint = prompt_text("refuse_maker", suit=turned, who=named(view.schmeisser == view.seat))
        return prompt_text("schmeiss_answer", who=who(view.schmeisser == view.seat), refuse_hint=hint)
    return prompt_text("naming") if view.stage == "naming" else ""


def evaluation_text(advice: Any, answer: Answer) -> RenderableType:
    """The coach's table of every word, the verdict on the player's, and the reasons."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
    for k, name in enumerate(drill_columns_words()):
        table.add_column(name, justify="left" if k < 2 else "right", no_wrap=True)
    table.add_column("", no_wrap=True)
    for a in advice.evaluation.actions:
        best = a.action == answer.best
        loss = advice.evaluation.loss(a.action)[0] if a.action in advice.evaluation.samples else 0.0
        table.add_row(  # issue 11: no signed zero (a loss of -0.02 is 0.0)
            DRILL_BEST_MARK if best else "",
            word_text(a.action),
            decimal(a.deal_ev, 1, sign=True), decimal(a.ev_se, 1), makes_cell(advice, a.action),
            "" if best else points_text(loss, sign=False),
            pgettext('drill.yours.mark', '◀ you') if a.action == answer.chosen else "",
            style="bold" if best else None,
        )
    word, best = word_text(answer.chosen), word_text(answer.best)
    turned = suit_of(answer.position.view().turn_up)
    lines: list[RenderableType] = [table]
    why = next((f for f in advice.reasons(answer.chosen) if is_mistake_reason(f)), None)
    if answer.chosen == answer.best:
        lines.append(Text(pgettext('drill.agreed', 'You agree with the bot: {word}.').format(word=word), style="green"))
    elif answer.agreed:
        lines.append(Text(pgettext('drill.equivalent', "{word} comes to the same as the bot's {best}: agreed.").format(word=word, best=best), style="green"))
    elif answer.mistake and why is not None:  # one sentence: why, and what it costs
        lines.append(Text(fact_text(why, turned), style="red"))
    else:
        lines.append(Text(pgettext('drill.loss', 'The bot says {best}: your {word} gives up {loss:.1f} ± {se:.1f} points.').format(best=best, word=word, loss=i18n.Number(answer.loss), se=i18n.Number(answer.loss_se)),
                          style="yellow"))
        lines.append(Text(pgettext('drill.mistake', 'That is a mistake: it costs more than the noise of the evaluation.') if answer.mistake else pgettext('drill.close', 'Within the noise or small: not a mistake, but it goes to the missed positions.'),
                          style="red" if answer.mistake else "yellow"))
    for action, facts in drill_reasons(advice, answer):
        # issue 24: the best is the coach's choice, not something the bot said
        words = pgettext('drill.reasons.chosen', 'Your {word}: {reasons}.') if action == answer.chosen else pgettext(
            "drill.reasons.coach_choice", "The coach's choice, {word}: {reasons}.")
        reasons = " · ".join(fact_text(f, turned) for f in facts)
        lines.append(Text(words.format(word=word_text(action), reasons=reasons), style="dim"))
    lines.append(Text(pgettext('drill.next.playout', '{key}: see the deal played out').format(key=keys.name(keys.GO_ON)), style="dim"))
    return Group(*lines)


def played_text(position: Position, answer: Answer, deal: Deal, playout_level: str, last: bool) -> RenderableType:
    """The deal played out after the player's word by ``playout_level`` for both sides; ``last``: the
    drill's last position."""
    you = position.seat
    i = SEATS.index(you)
    lines: list[RenderableType] = []
    level = f"mc:{playout_level}"
    lines.append(Text(pgettext('drill.played.title', 'After your word ({word}) the bot plays both sides ({level}):').format(word=word_text(answer.chosen), level=level_text(level)),
                      style="bold"))

    def hand(k: int) -> str:
        cards = (*deal.first[k], *(deal.extra[k] or ())) if deal.trump is not None else deal.first[k]
        return " ".join(card_text(c) for c in sorted_cards(mask_of(cards), deal.trump))

    lines.append(Text(DRILL_HANDS.format(who=you_word(), cards=hand(i))))
    lines.append(Text(DRILL_HANDS.format(who=bot_word(), cards=hand(1 - i))))
    words = " ".join(f"{who(seat == you)}: {action_text(action)}" for seat, action in deal.bids)
    lines.append(Text(pgettext('drill.bidding', 'Bidding: {words}').format(words=words)))
    result = deal.result()
    if result.outcome == "thrown_in":
        lines.append(Text(pgettext('drill.thrown', 'The deal is thrown in: nothing is scored.')))
    else:
        for event in deal.events:
            if event.kind == "trump":
                lines.append(Text(log_line(event, you) or ""))
        won = sum(1 for t in deal.tricks if t.winner == you)
        lines.append(Text(pgettext('drill.tricks', 'Tricks ({you} won {n}):').format(you=named(True), n=won)))
        cells = [f"{k}. {card_text(t.cards[0])} {card_text(t.cards[1])} "
                 f"{named(t.winner == you)}" for k, t in enumerate(deal.tricks, start=1)]
        for k in range(0, len(cells), TRICKS_PER_LINE):
            lines.append(Text("  " + " · ".join(c.ljust(16) for c in cells[k:k + TRICKS_PER_LINE]).rstrip()))
        lines.append(deal_score_table(result, you))
        lines.append(Text(summary_rule_words()[result.outcome]))
    lines.append(Text((pgettext('drill.next.end', "{key}: the drill's result") if last else pgettext('drill.next', '{key}: next position')
                       ).format(key=keys.name(keys.GO_ON)), style="dim"))
    return Group(*lines)


def end_text(drill: Drill, scores: list[Score]) -> RenderableType:
    """The drill's result: each pass's score, each answer of the last, and what to do next."""
    lines: list[RenderableType] = [Text(pgettext('drill.end.title', 'The drill is over'), style="bold")]
    for r, score in enumerate(scores, start=1):
        # Issue 11: one definition of a mistake (the coach's verdict) for the count and the marks;
        # a different word within the noise is counted and marked apart.
        mistakes = npgettext('count.drill_mistakes', '{n} mistake', '{n} mistakes', score.mistakes).format(n=score.mistakes) + DRILL_MISTAKE_MARK
        if score.close_calls:
            mistakes += " · " + npgettext('count.drill_close_calls', '{n} other word within the noise', '{n} other words within the noise', score.close_calls).format(n=score.close_calls) + DRILL_CLOSE_MARK
        lines.append(Text(pgettext('drill.end.pass', 'Pass {round}: agreed {agreed} of {decisions} · {loss:.1f} points lost per decision · {mistakes}').format(
            round=r, agreed=score.agreed, decisions=score.decisions, loss=i18n.Number(score.loss_per_decision or 0.0),
            mistakes=mistakes)))
    for k, a in enumerate(scores[-1].answers, start=1):
        mark = DRILL_MISTAKE_MARK if a.mistake else DRILL_CLOSE_MARK if a.missed else ""
        lines.append(Text(pgettext('drill.end.row', '{n}. {kind}: you {word}, bot {best}, lost {loss:.1f}{mark}').format(
            n=k, kind=situation_names_words()[a.position.kind], word=word_text(a.chosen),
            best=word_text(a.best), loss=i18n.Number(a.loss), mark=mark),
            style="red" if a.mistake else "yellow" if a.missed else ""))
    missed = len(scores[-1].missed())
    if missed:
        lines.append(Text(npgettext('count.drill_missed', '{again}: drill the {n} missed position again · {stats}: statistics · {quit}: quit', '{again}: drill the {n} missed positions again · {stats}: statistics · {quit}: quit', missed).format(
            n=missed, again=keys.DRILL_AGAIN, stats=keys.STATS, quit=keys.QUIT), style="bold"))
    else:
        lines.append(Text(pgettext('drill.end.clean', 'No missed positions. {stats}: statistics · {quit}: quit').format(
            stats=keys.STATS, quit=keys.QUIT), style="bold"))
    if drill.fixed is None:
        again = pgettext('drill.end.seed', 'The same positions again: klabber drill --rules {preset} --seed {seed} --count {count}').format(
            preset=drill.preset, seed=drill.seed, count=drill.count)
        if drill.situation is not None:  # options, the same in every language
            again += f" --situation {drill.situation}"
        if drill.margin != DEFAULT_MARGIN:
            again += f" --margin {drill.margin}"
        lines.append(literal(again, style="dim"))
    else:
        lines.append(Text(pgettext('deck.end', 'Your mistakes come back on their days: klabber drill --mistakes'), style="dim"))
    return Group(*lines)


def head_lines(drill: Drill, state: str, again: bool, index: int, total: int, round_: int,
               score: Score) -> tuple[str, str]:
    """The drill's two head lines: what is drilled and where (``again``: a pass over missed positions),
    and the running score."""
    if state == "end":
        where = pgettext('drill.end.title', 'The drill is over')
    elif not again:
        where = pgettext('drill.where', 'position {n} of {count}').format(n=index + 1, count=total)
    else:
        where = pgettext('drill.where.again', 'missed position {n} of {count} (pass {round})').format(n=index + 1, count=total, round=round_)
    head = (pgettext('drill.head', 'Bidding drill · {preset} · seed {seed} · {where}').format(
                preset=preset_name(drill.preset), seed=drill.seed, where=where)
            if drill.fixed is None else
            pgettext('deck.title', 'Your mistakes · {preset} · {where}').format(preset=preset_name(drill.preset), where=where))
    if score.decisions:
        line = pgettext('drill.score', 'Agreed with the bot: {agreed} of {decisions} · {loss:.1f} points lost per decision').format(agreed=score.agreed, decisions=score.decisions,
                                       loss=i18n.Number(score.loss_per_decision or 0.0))
    else:
        line = pgettext('drill.score.none', 'Agreed with the bot: no decisions yet')
    return head, line
