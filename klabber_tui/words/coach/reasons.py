"""The coach's reasons of issue 24 in words: the facts that argue for or against a choice
(``ai.coach.Fact``), what the cards have shown, and a fact against the best choice written as the
trade-off it is: one claim and its number, then its price ("All counted, taking comes out about 53
points ahead of the schmeiss; its price: when it fails, you end 43 points worse than by passing").

``klabber_tui.words.coach.facts.fact_text`` asks here first (``reason_words``) and words the older facts itself.
Every message is a literal at its use site with a context that says what it is (the rules of
``klabber_tui.words.i18n``); a sentence made of parts joins whole clauses, each translated alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.actions import Action
from engine.cards import ACE, SEVEN, SUIT_SYMBOLS, TEN, card
from klabber_tui.words.i18n import npgettext, percent, pgettext, signed


def _signed(points: int) -> str:
    """``+12``, ``−34`` (the minus sign, docs/russian.md), ``0``."""
    return signed(f"{points:+d}") if points else "0"


def _voiced(bot: bool, yours: str, the_bots: str) -> str:
    """The words of a reason of the player's decision, or of the bot's (the review, issue 24): the
    two wordings of one reason, each a message of its own."""
    return the_bots if bot else yours


def _lower_first(sentence: str) -> str:
    """A reason set inside another after a colon: its capital dropped ("When it fails" → "when it
    fails"), unless the first word is a card, a symbol or an initialism ("J♣", "OK")."""
    if len(sentence) > 1 and sentence[0].isupper() and sentence[1].islower():
        return sentence[0].lower() + sentence[1:]
    return sentence


def _clauses(*parts: str) -> str:
    """Whole clauses, each translated alone, as one sentence."""
    return "; ".join(p for p in parts if p)


def _stock(bot: bool) -> str:
    return _voiced(bot, pgettext("coach.reason.stock", "{cards} must be in the stock: its play proved it holds none "
                                                       "of them"),
                   pgettext("coach.bot_reason.stock", "{cards} must be in the stock: your play proved you hold none "
                                                      "of them"))


def _trumps_parts(f: Any, cards: Callable[[int], str], bot: bool) -> list[str]:
    """Where the other trumps are besides those he may hold: shown in his hand, in the stock."""
    parts = []
    if f.his:
        parts.append(_voiced(bot, pgettext("coach.reason.trumps_his", "it has shown {cards}"),
                             pgettext("coach.bot_reason.trumps_his", "you have shown {cards}")).format(cards=cards(f.his)))
    if f.stock:
        parts.append(_stock(bot).format(cards=cards(f.stock)))
    return parts


def reason_words(fact: Any, fact_text: Callable[[Any], str], cards: Callable[[int], str],
                 gerund: Callable[[Action], str], bot: bool = False) -> str | None:
    """The words of ``fact`` when this module words its key (None: ``words.coach.facts.fact_text`` does), a
    trade-off set beside what speaks against the runner-up. ``words.coach.facts.fact_text`` gives the words of
    another fact, of cards and of a choice (so that this module does not import it back). ``bot``:
    the decision was the bot's, so the bot is the one who holds and the player is "you"."""
    from dataclasses import replace

    if getattr(fact, "trade_off", False):
        # Issue 31: one claim and its number first (the choice is still the better one, by so much),
        # then its price, named as such: never two clauses pulling two ways ("X, but Y").
        price = _lower_first(fact_text(replace(fact, trade_off=False)))
        if fact.versus is None:
            return pgettext("coach.reason.trade_off_forced", "There is no other choice; its price: {price}").format(
                price=price)
        versus = gerund(fact.versus)
        choice = gerund(fact.action)
        if fact.again:  # the claim was made by the first price: this one is only labelled as one
            return pgettext("coach.reason.trade_off_again", "{price}: a price of {choice}").format(
                price=fact_text(replace(fact, trade_off=False)), choice=choice)
        if fact.versus_bust is not None:
            return _voiced(bot, pgettext("coach.reason.trade_off_fails",
                                         "The lesser risk all the same: {versus} fails {bust} of the time; the price "
                                         "of {choice}: {price}"),
                           pgettext("coach.bot_reason.trade_off_fails",
                                    "The lesser risk all the same: with {versus} the bot fails {bust} of the time; "
                                    "the price of {choice}: {price}")).format(
                price=price, versus=versus, choice=choice, bust=percent(fact.versus_bust))
        n = abs(fact.versus_points or 0)
        if n == 0:
            return pgettext("coach.reason.trade_off_even",
                            "All counted, {choice} is worth no less than {versus}; its price: {price}").format(
                price=price, versus=versus, choice=choice)
        return npgettext("coach.reason.trade_off_worth",
                         "All counted, {choice} comes out about {n} point ahead of {versus}; its price: {price}",
                         "All counted, {choice} comes out about {n} points ahead of {versus}; its price: {price}",
                         n).format(price=price, versus=versus, choice=choice, n=n)
    f = fact
    key = f.key
    # Read as words.coach.facts.fact_text reads a fact: a field a fact of another kind lacks is not there.
    raw_suit, raw_prob, raw_points, raw_action = (getattr(f, name, None) for name in ("suit", "prob", "points", "action"))
    suit = SUIT_SYMBOLS[raw_suit] if raw_suit is not None else ""
    prob = percent(raw_prob) if raw_prob is not None else ""
    points = int(round(float(raw_points))) + 0 if raw_points is not None else 0
    action = gerund(raw_action) if raw_action is not None else ""
    if key == "trump_points":
        if not f.held:
            return _voiced(bot, pgettext("coach.reason.trump_count_none",
                                         "Trump {suit}: you hold no trump; your hand counts {value} by the rule of "
                                         "thumb, where {threshold} takes"),
                           pgettext("coach.bot_reason.trump_count_none",
                                    "Trump {suit}: the bot holds no trump; its hand counts {value} by the rule of "
                                    "thumb, where {threshold} takes")).format(suit=suit, value=f.value,
                                                                                threshold=f.threshold)
        return _voiced(bot, pgettext("coach.reason.trump_count",
                                     "Trump {suit}: you hold {cards}; with bella and the side aces and tens your hand "
                                     "counts {value} by the rule of thumb, where {threshold} takes"),
                       pgettext("coach.bot_reason.trump_count",
                                "Trump {suit}: the bot holds {cards}; with bella and the side aces and tens its hand "
                                "counts {value} by the rule of thumb, where {threshold} takes")).format(
            suit=suit, cards=cards(f.held), value=f.value, threshold=f.threshold)
    if key == "side_aces":
        if not f.held:
            return pgettext("coach.reason.side_aces_none", "No side ace or ten to add to the count")
        return pgettext("coach.reason.side_aces", "Side aces and tens: {cards} add {points} to the count").format(
            cards=cards(f.held), points=points)
    if key in ("jass_shown", "menel_shown") and f.unseen:
        dix = card(SEVEN, f.suit)
        if key == "jass_shown":
            words = _voiced(bot, pgettext("coach.reason.jass_turned", "The turn-up is the jass ({shown}): the bot may "
                                                                      "hold the dix ({dix}) and exchange it for the jass"),
                            pgettext("coach.bot_reason.jass_turned", "The turn-up is the jass ({shown}): you may hold "
                                                                     "the dix ({dix}) and exchange it for the jass"))
        else:
            words = _voiced(bot, pgettext("coach.reason.menel_turned", "The turn-up is the menel ({shown}): the bot may "
                                                                       "hold the dix ({dix}) and exchange it for the "
                                                                       "menel"),
                            pgettext("coach.bot_reason.menel_turned", "The turn-up is the menel ({shown}): you may hold "
                                                                      "the dix ({dix}) and exchange it for the menel"))
        return words.format(shown=cards(f.shown), dix=cards(1 << dix))
    if key == "you_lead":
        return _voiced(bot, pgettext("coach.reason.you_lead", "You are the elder: you lead to the first trick"),
                       pgettext("coach.bot_reason.you_lead", "The bot is the elder: it leads to the first trick"))
    if key == "other_leads":
        return _voiced(bot, pgettext("coach.reason.other_leads", "The bot is the elder: it leads to the first trick"),
                       pgettext("coach.bot_reason.other_leads", "You are the elder: you lead to the first trick"))
    if key in ("pass_other_takes", "pass_other_names"):
        n = abs(points)
        if key == "pass_other_takes" and bot:
            words = npgettext("coach.bot_reason.pass_other_takes",
                              "After the bot's pass you take {suit} in about {prob} of the hands it sees you may hold; "
                              "your contract leaves the bot {signed} point on average",
                              "After the bot's pass you take {suit} in about {prob} of the hands it sees you may hold; "
                              "your contract leaves the bot {signed} points on average", n)
        elif key == "pass_other_takes":
            words = npgettext("coach.reason.pass_other_takes",
                              "After your pass the bot takes {suit} in about {prob} of the hands it may hold; its "
                              "contract leaves you {signed} point on average",
                              "After your pass the bot takes {suit} in about {prob} of the hands it may hold; its "
                              "contract leaves you {signed} points on average", n)
        elif bot:
            words = npgettext("coach.bot_reason.pass_other_names",
                              "After the bot's pass you name a suit in about {prob} of the hands it sees you may hold; "
                              "your contract leaves the bot {signed} point on average",
                              "After the bot's pass you name a suit in about {prob} of the hands it sees you may hold; "
                              "your contract leaves the bot {signed} points on average", n)
        else:
            words = npgettext("coach.reason.pass_other_names",
                              "After your pass the bot names a suit in about {prob} of the hands it may hold; its "
                              "contract leaves you {signed} point on average",
                              "After your pass the bot names a suit in about {prob} of the hands it may hold; its "
                              "contract leaves you {signed} points on average", n)
        return words.format(suit=suit, prob=prob, signed=_signed(points))
    if key == "pass_throws_in":
        n = abs(points)
        if bot:
            words = npgettext("coach.bot_reason.pass_throws_in",
                              "The bot's pass throws the deal in: nothing is scored, where {other} leaves it {signed} "
                              "point",
                              "The bot's pass throws the deal in: nothing is scored, where {other} leaves it {signed} "
                              "points", n)
        else:
            words = npgettext("coach.reason.pass_throws_in",
                              "Your pass throws the deal in: nothing is scored, where {other} leaves you {signed} point",
                              "Your pass throws the deal in: nothing is scored, where {other} leaves you {signed} points",
                              n)
        return words.format(other=gerund(f.other), signed=_signed(points))
    if key == "accept_throws_in":
        n = abs(points)
        if bot:
            words = npgettext("coach.bot_reason.accept_throws_in",
                              "Accepting throws the deal in: nothing is scored, where refusing leaves the bot {signed} "
                              "point",
                              "Accepting throws the deal in: nothing is scored, where refusing leaves the bot {signed} "
                              "points", n)
        else:
            words = npgettext("coach.reason.accept_throws_in",
                              "Accepting throws the deal in: nothing is scored, where refusing leaves you {signed} point",
                              "Accepting throws the deal in: nothing is scored, where refusing leaves you {signed} points",
                              n)
        return words.format(signed=_signed(points))
    if key == "refuse_you_make":
        return _voiced(bot, pgettext("coach.reason.refuse_you_make", "Refusing and naming {suit}, you make it {prob} of "
                                                                     "the time"),
                       pgettext("coach.bot_reason.refuse_you_make", "Refusing and naming {suit}, the bot makes it {prob} "
                                                                    "of the time")).format(suit=suit, prob=prob)
    if key == "schmeiss_means_trap":
        return _voiced(bot, pgettext("coach.reason.schmeiss_trap",
                                     "A dealer's schmeiss can be a trap: refused, he is the maker in {suit}; about "
                                     "{prob} of the hands he may hold would take {suit} by the rule of thumb "
                                     "({threshold})"),
                       pgettext("coach.bot_reason.schmeiss_trap",
                                "A dealer's schmeiss can be a trap: refused, you are the maker in {suit}; about "
                                "{prob} of the hands the bot sees you may hold would take {suit} by the rule of thumb "
                                "({threshold})")).format(suit=suit, prob=prob, threshold=f.threshold)
    if key == "schmeiss_means_elder":
        return _voiced(bot, pgettext("coach.reason.schmeiss_elder",
                                     "An elder's schmeiss is mostly a weak hand, or one that keeps {suit} from a "
                                     "strong dealer; about {prob} of the hands he may hold would take {suit} by the "
                                     "rule of thumb ({threshold})"),
                       pgettext("coach.bot_reason.schmeiss_elder",
                                "An elder's schmeiss is mostly a weak hand, or one that keeps {suit} from a strong "
                                "dealer; about {prob} of the hands the bot sees you may hold would take {suit} by the "
                                "rule of thumb ({threshold})")).format(suit=suit, prob=prob, threshold=f.threshold)
    if key == "schmeiss_means_naming":
        return _voiced(bot, pgettext("coach.reason.schmeiss_naming",
                                     "His schmeiss bets you cannot make a suit: refused, you name the trump and must "
                                     "make it; about {prob} of the hands he may hold would take {suit} by the rule of "
                                     "thumb ({threshold})"),
                       pgettext("coach.bot_reason.schmeiss_naming",
                                "Your schmeiss bets the bot cannot make a suit: refused, it names the trump and must "
                                "make it; about {prob} of the hands the bot sees you may hold would take {suit} by the "
                                "rule of thumb ({threshold})")).format(suit=suit, prob=prob, threshold=f.threshold)
    # -- what the cards have shown ---------------------------------------------------------------
    if key == "other_void":
        return _voiced(bot, pgettext("coach.reason.other_void", "The bot trumped instead of following {suit} (trick "
                                                                "{shown}): it holds no {suit}"),
                       pgettext("coach.bot_reason.other_void", "You trumped instead of following {suit} (trick "
                                                               "{shown}): you hold no {suit}")
                       ).format(suit=suit, shown=cards(f.shown))
    if key == "other_void_no_trump":
        return _voiced(bot, pgettext("coach.reason.other_void_no_trump",
                                     "The bot followed neither {suit} nor a trump (trick {shown}): it holds no {suit} "
                                     "and no trump"),
                       pgettext("coach.bot_reason.other_void_no_trump",
                                "You followed neither {suit} nor a trump (trick {shown}): you hold no {suit} and no "
                                "trump")).format(suit=suit, shown=cards(f.shown))
    if key == "other_no_higher":
        return _voiced(bot, pgettext("coach.reason.other_no_higher",
                                     "The bot did not beat your card though it had to (trick {shown}): it holds no "
                                     "higher {suit}"),
                       pgettext("coach.bot_reason.other_no_higher",
                                "You did not beat the bot's card though you had to (trick {shown}): you hold no higher "
                                "{suit}")).format(suit=suit, shown=cards(f.shown))
    if key == "other_no_bella_king":
        return _voiced(bot, pgettext("coach.reason.other_no_bella_king",
                                     "The bot played the trump queen without bella ({shown}): it does not hold the "
                                     "king"),
                       pgettext("coach.bot_reason.other_no_bella_king",
                                "You played the trump queen without bella ({shown}): you do not hold the king")
                       ).format(shown=cards(f.shown))
    if key == "other_holds_run":
        if bot:
            words = npgettext("coach.bot_reason.other_holds_run", "Of the sequences you showed, {cards} is still in "
                                                                  "your hand",
                              "Of the sequences you showed, {cards} are still in your hand", f.count or 0)
        else:
            words = npgettext("coach.reason.other_holds_run", "Of the sequences the bot showed, {cards} is still in "
                                                              "its hand",
                              "Of the sequences the bot showed, {cards} are still in its hand", f.count or 0)
        return words.format(cards=cards(f.his))
    if key == "other_took_turn_up":
        return _voiced(bot, pgettext("coach.reason.other_took_turn_up", "The bot exchanged the dix ({shown}) for the "
                                                                        "turn-up: it holds {cards}"),
                       pgettext("coach.bot_reason.other_took_turn_up", "You exchanged the dix ({shown}) for the "
                                                                       "turn-up: you hold {cards}")
                       ).format(shown=cards(f.shown), cards=cards(f.his))
    if key == "other_holds_bella":
        return _voiced(bot, pgettext("coach.reason.other_holds_bella", "The bot has shown {cards} (bella): still in "
                                                                       "its hand"),
                       pgettext("coach.bot_reason.other_holds_bella", "You have shown {cards} (bella): still in your "
                                                                      "hand")).format(cards=cards(f.his))
    if key == "dialogue_none":
        return _voiced(bot, pgettext("coach.reason.dialogue_none", "In the declarations the bot had no sequence at "
                                                                   "the first lead"),
                       pgettext("coach.bot_reason.dialogue_none", "In the declarations you had no sequence at the "
                                                                  "first lead"))
    if key == "dialogue_value":
        if bot:
            words = npgettext("coach.bot_reason.dialogue_value", "In the declarations your best sequence was worth "
                                                                 "{n} point",
                              "In the declarations your best sequence was worth {n} points", points)
        else:
            words = npgettext("coach.reason.dialogue_value", "In the declarations the bot's best sequence was worth "
                                                             "{n} point",
                              "In the declarations the bot's best sequence was worth {n} points", points)
        return words.format(n=points)
    if key == "dialogue_lower":
        if bot:
            words = npgettext("coach.bot_reason.dialogue_lower",
                              "In the declarations you answered “good”: your best sequence was worth less than {n} "
                              "point",
                              "In the declarations you answered “good”: your best sequence was worth less than {n} "
                              "points", points)
        else:
            words = npgettext("coach.reason.dialogue_lower",
                              "In the declarations the bot answered “good”: its best sequence was worth less than {n} "
                              "point",
                              "In the declarations the bot answered “good”: its best sequence was worth less than {n} "
                              "points", points)
        return words.format(n=points)
    if key == "dialogue_equal":
        if bot:
            words = npgettext("coach.bot_reason.dialogue_equal",
                              "In the declarations you asked “how high?”: your best sequence was worth {n} point too",
                              "In the declarations you asked “how high?”: your best sequence was worth {n} points too",
                              points)
        else:
            words = npgettext("coach.reason.dialogue_equal",
                              "In the declarations the bot asked “how high?”: its best sequence was worth {n} point "
                              "too",
                              "In the declarations the bot asked “how high?”: its best sequence was worth {n} points "
                              "too", points)
        return words.format(n=points)
    if key == "hidden_split":
        n = f.count or 0
        if bot:
            split = npgettext("coach.bot_reason.hidden_split",
                              "Besides what you have shown, you hold {n} card of these {m}: {cards}",
                              "Besides what you have shown, you hold {n} cards of these {m}: {cards}", n)
        else:
            split = npgettext("coach.reason.hidden_split",
                              "Besides what it has shown, the bot holds {n} card of these {m}: {cards}",
                              "Besides what it has shown, the bot holds {n} cards of these {m}: {cards}", n)
        parts = [split.format(n=n, m=f.unseen.bit_count(), cards=cards(f.unseen))]
        if f.stock:
            parts.append(_stock(bot).format(cards=cards(f.stock)))
        return _clauses(*parts)
    if key == "trumps_unseen":
        if not (f.unseen or f.his or f.stock):
            return _voiced(bot, pgettext("coach.reason.trumps_all_seen", "You have seen every trump: none is left for "
                                                                         "the bot"),
                           pgettext("coach.bot_reason.trumps_all_seen", "The bot has seen every trump: none is left "
                                                                        "for you"))
        n = f.unseen.bit_count()
        if n and bot:
            head = npgettext("coach.bot_reason.trumps_may_hold", "Trumps you may hold: {n} the bot has not seen yet "
                                                                 "({cards})",
                             "Trumps you may hold: {n} the bot has not seen yet ({cards})", n
                             ).format(n=n, cards=cards(f.unseen))
        elif n:
            head = npgettext("coach.reason.trumps_may_hold", "Trumps the bot may hold: {n} not seen yet ({cards})",
                             "Trumps the bot may hold: {n} not seen yet ({cards})", n).format(n=n, cards=cards(f.unseen))
        elif f.his:
            head = _voiced(bot, pgettext("coach.reason.trumps_only_his", "The bot holds no trump but those it has "
                                                                         "shown"),
                           pgettext("coach.bot_reason.trumps_only_his", "You hold no trump but those you have shown"))
        else:
            head = _voiced(bot, pgettext("coach.reason.trumps_none_his", "The bot can hold no trump"),
                           pgettext("coach.bot_reason.trumps_none_his", "You can hold no trump"))
        return _clauses(head, *_trumps_parts(f, cards, bot))
    if key == "draws_trumps":
        n = f.unseen.bit_count()
        if not f.count:
            head = _voiced(bot, pgettext("coach.reason.draws_no_trump", "Leading a trump draws nothing: the bot can "
                                                                        "hold no trump"),
                           pgettext("coach.bot_reason.draws_no_trump", "Leading a trump draws nothing: you can hold "
                                                                       "no trump"))
        elif n and bot:
            head = npgettext("coach.bot_reason.draws_trumps", "Leading a trump draws your trumps: you may hold {n} the "
                                                              "bot has not seen yet ({cards})",
                             "Leading a trump draws your trumps: you may hold {n} the bot has not seen yet ({cards})",
                             n).format(n=n, cards=cards(f.unseen))
        elif n:
            head = npgettext("coach.reason.draws_trumps", "Leading a trump draws the bot's trumps: it may hold {n} "
                                                          "not seen yet ({cards})",
                             "Leading a trump draws the bot's trumps: it may hold {n} not seen yet ({cards})", n
                             ).format(n=n, cards=cards(f.unseen))
        else:
            head = _voiced(bot, pgettext("coach.reason.draws_shown_trumps", "Leading a trump draws the trumps the bot "
                                                                            "has shown"),
                           pgettext("coach.bot_reason.draws_shown_trumps", "Leading a trump draws the trumps you have "
                                                                           "shown"))
        return _clauses(head, *_trumps_parts(f, cards, bot))
    if key == "lead_beaten":
        if not f.count:
            head = _voiced(bot, pgettext("coach.reason.lead_master", "Leading {held}: nothing the bot may hold can beat "
                                                                     "it"),
                           pgettext("coach.bot_reason.lead_master", "Leading {held}: nothing you may hold can beat it"))
        else:
            head = _voiced(bot, pgettext("coach.reason.lead_beaten", "Leading {held}: the bot can beat it in about "
                                                                     "{prob} of the hands it may hold"),
                           pgettext("coach.bot_reason.lead_beaten", "Leading {held}: you can beat it in about {prob} "
                                                                    "of the hands the bot sees you may hold"))
        parts = [head.format(held=cards(f.held), prob=prob)]
        if f.his:
            parts.append(_voiced(bot, pgettext("coach.reason.higher_his", "it has shown {cards}"),
                                 pgettext("coach.bot_reason.higher_his", "you have shown {cards}")
                                 ).format(cards=cards(f.his)))
        if f.unseen:
            parts.append(_voiced(bot, pgettext("coach.reason.higher_unseen", "{cards} not seen yet, and it may hold "
                                                                             "them"),
                                 pgettext("coach.bot_reason.higher_unseen", "{cards} not seen by the bot yet, and you "
                                                                            "may hold them")
                                 ).format(cards=cards(f.unseen)))
        if f.stock:
            parts.append(pgettext("coach.reason.higher_stock", "{cards} in the stock").format(cards=cards(f.stock)))
        return _clauses(*parts)
    if key == "bares_ten" and f.his:
        return _voiced(bot, pgettext("coach.reason.bares_ten_his", "After {action}, your {ten} is alone in its suit "
                                                                   "while the bot holds {ace}"),
                       pgettext("coach.bot_reason.bares_ten_his", "After {action}, the bot's {ten} is alone in its "
                                                                  "suit while you hold {ace}")).format(
            action=action, ten=cards(1 << card(TEN, f.suit)), ace=cards(1 << card(ACE, f.suit)))
    return None
