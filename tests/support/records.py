"""Test-side helpers for the hand-worked rule tests in tests/engine/test_rules_*.py.

These helpers only *build* records and check that a record is well formed
(distinct cards, 6 + 3 per hand, a played card comes from the player's own
hand and is played once).  They never decide a trick, a sequence or a score:
every expected number in those tests is worked out by hand from
/work/shared/rules.md, with the arithmetic written next to it.
"""
from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The clone layout: shared/ is a sibling of the repository directory.
SHARED = REPO.parent / "shared"

RANKS = "789TJQKA"
SUITS = "CDHS"
DECK = frozenset(r + s for s in SUITS for r in RANKS)
PRESETS = ("clobber", "klaberjass", "klaberass", "kalabriasz")
SEATS = {"E": "elder", "D": "dealer"}


def replay_dict(obj) -> dict:
    """Validate and replay a decoded record; what ``klabber replay --json`` prints for it."""
    from engine.record import parse_record, replay, result_json

    return result_json(replay(parse_record(obj)))


def hand(spec: str) -> dict:
    """'JH AH AC KC TD QS | 9C 8D 7S' -> {'first': [...6], 'extra': [...3]}.

    Without '|' only the first six cards are given (no extra)."""
    if "|" in spec:
        first, extra = spec.split("|")
        return {"first": first.split(), "extra": extra.split()}
    return {"first": spec.split()}


def acts(*specs: str) -> list:
    """acts('E take; E play JH', 'D play TH') -> [['elder','take'], ...].

    Each step is 'E ...' or 'D ...'; steps are separated by ';' or newlines."""
    out = []
    for spec in specs:
        for step in spec.replace("\n", ";").split(";"):
            step = step.strip()
            if not step:
                continue
            seat, action = step.split(" ", 1)
            out.append([SEATS[seat], action.strip()])
    return out


def record(rules: str, elder: str, dealer: str, turn_up: str, actions: list,
           bottom: str | None = None, options: dict | None = None,
           check: bool = True, **extra_keys) -> dict:
    rec = {"format": "klabber-deal/1", "rules": rules,
           "elder": hand(elder), "dealer": hand(dealer), "turn_up": turn_up,
           "actions": actions}
    if bottom is not None:
        rec["bottom"] = bottom
    if options is not None:
        rec["options"] = dict(options)
    rec.update(extra_keys)
    if check:
        check_record(rec)
    return rec


def check_record(rec: dict) -> None:
    """Well-formedness only (canonical spelling assumed): no scoring here."""
    named = []
    for seat in ("elder", "dealer"):
        h = rec[seat]
        assert len(h["first"]) == 6, (seat, h)
        if "extra" in h:
            assert len(h["extra"]) == 3, (seat, h)
        named += h["first"] + h.get("extra", [])
    named.append(rec["turn_up"])
    if "bottom" in rec:
        named.append(rec["bottom"])
    assert all(c in DECK for c in named), [c for c in named if c not in DECK]
    assert len(named) == len(set(named)), sorted(c for c in named if named.count(c) > 1)
    holdings = {s: set(rec[s]["first"]) | set(rec[s].get("extra", [])) for s in ("elder", "dealer")}
    played = set()
    for seat, action in rec["actions"]:
        if action == "exchange":
            holdings[seat].add(rec["turn_up"])
        if action.startswith("play "):
            card = action.split()[1]
            assert card in holdings[seat], (seat, action)
            assert card not in played, (seat, action)
            played.add(card)


def side(cards: int, last_trick: int, sequences: int, bella: int, total: int, scored: int) -> dict:
    # self-check of the hand arithmetic: total is the sum of the four parts
    assert total == cards + last_trick + sequences + bella, (cards, last_trick, sequences, bella, total)
    return {"cards": cards, "last_trick": last_trick, "sequences": sequences,
            "bella": bella, "total": total, "scored": scored}


def result(outcome: str, trump, maker, elder: dict, dealer: dict) -> dict:
    return {"outcome": outcome, "trump": trump, "maker": maker, "elder": elder, "dealer": dealer}


ZERO = side(0, 0, 0, 0, 0, 0)
THROWN_IN = result("thrown_in", None, None, ZERO, ZERO)


def in_progress(trump, maker, elder: dict, dealer: dict) -> dict:
    return result("in_progress", trump, maker, elder, dealer)


def settled(cards: int = 0, sequences: int = 0, bella: int = 0) -> dict:
    """One seat's numbers in an in-progress deal: last_trick 0, scored 0."""
    return side(cards, 0, sequences, bella, cards + sequences + bella, 0)


# --- the Deal API -------------------------------------------------------------

def new_deal(preset: str, elder: str, dealer: str, turn_up: str,
             options: dict | None = None, bottom: str | None = None, actions: str = ""):
    from engine.deal import Deal
    from engine.rules import RuleSet
    e, d = hand(elder), hand(dealer)
    rules = RuleSet.from_preset(preset, options)
    deal = Deal.from_hands(rules, e["first"], d["first"], turn_up,
                           elder_extra=e.get("extra"), dealer_extra=d.get("extra"),
                           bottom=bottom)
    run(deal, actions)
    return deal


def run(deal, spec: str) -> None:
    for seat, action in acts(spec):
        deal.apply(seat, action)


def legal(deal, seat: str) -> set:
    """The seat's legal actions in the record's words, to compare with words worked out by hand."""
    lst = deal.legal_actions(seat)
    assert len(lst) == len(set(lst)), lst
    return {str(a) for a in lst}


def plays(*cards: str) -> set:
    return {"play " + c for c in cards}


# --- deal A: the shared full deal of the scoring and bidding tests -------------
# rules.md §1 points: trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3, plain J 2, others 0.
#
# Elder  JH AH AC KC TD QS | 9C 8D 7S      Dealer 9H TH TC AD AS QC | KD 7C 8S
# turn-up 8H, bottom 7D.  Unseen: 7H KH QH JC 8C JD 9D QD KS JS TS 9S (12 cards).
# No sequences (§6.1): elder H J,A / C A,K,9 / D T,8 / S Q,7;
#                      dealer H T,9 / C T,Q,7 / D A,K / S A,8 - no three in a row.
# No bella: KH and QH are unseen.  The dix 7H is unseen (no exchange possible).
A_ELDER = "JH AH AC KC TD QS | 9C 8D 7S"
A_DEALER = "9H TH TC AD AS QC | KD 7C 8S"
A_TURN_UP, A_BOTTOM = "8H", "7D"

# Hearts trump (line 1).  Every follower follows suit; a lower card is only played
# when he holds no higher card of the suit, so it is legal under every must_overtake.
#  T1 E leads JH, D TH (cannot beat the jass)    E wins 20+10 = 30
#  T2 E leads AH, D 9H (menel beats the ace)     D wins 11+14 = 25
#  T3 D leads AD, E 8D                           D wins 11+0  = 11
#  T4 D leads KD, E TD (10 beats K)              E wins 4+10  = 14
#  T5 E leads AC, D 7C                           E wins 11+0  = 11
#  T6 E leads KC, D TC (10 beats K)              D wins 4+10  = 14
#  T7 D leads QC, E 9C                           D wins 3+0   = 3
#  T8 D leads AS, E 7S                           D wins 11+0  = 11
#  T9 D leads 8S, E QS                           E wins 0+3   = 3, and the last trick 10
#  elder cards 30+14+11+3 = 58, last 10, total 68
#  dealer cards 25+11+14+3+11 = 64, total 64            (58 + 64 = 122 card points in play)
A_PLAY_HEARTS = """E play JH; D play TH; E play AH; D play 9H; D play AD; E play 8D;
D play KD; E play TD; E play AC; D play 7C; E play KC; D play TC; D play QC; E play 9C;
D play AS; E play 7S; D play 8S; E play QS"""

# Spades trump (named in round two).  Hearts are plain now: JH 2, AH 11, 9H 0, TH 10;
# spades are trumps: QS 3, 7S 0, AS 11, 8S 0.
#  T1 E leads AH, D 9H                           E wins 11+0  = 11
#  T2 E leads JH, D TH (plain 10 beats J)        D wins 2+10  = 12
#  T3 D leads AD, E 8D                           D wins 11
#  T4 D leads KD, E TD                           E wins 14
#  T5 E leads AC, D 7C                           E wins 11
#  T6 E leads KC, D TC                           D wins 14
#  T7 D leads QC, E 9C                           D wins 3
#  T8 D leads AS (trump), E 7S (cannot beat A)   D wins 11
#  T9 D leads 8S, E QS (trump Q beats 8)         E wins 3, and the last trick 10
#  elder cards 11+14+11+3 = 39, last 10, total 49
#  dealer cards 12+11+14+3+11 = 51, total 51            (39 + 51 = 90)
A_PLAY_SPADES = """E play AH; D play 9H; E play JH; D play TH; D play AD; E play 8D;
D play KD; E play TD; E play AC; D play 7C; E play KC; D play TC; D play QC; E play 9C;
D play AS; E play 7S; D play 8S; E play QS"""
