"""rules.md §6.4: bella (trump K and Q in one hand, 20) per `bella_order` and
`bella_announce`, and clobber's trump run with marriage (`trump_run_with_marriage`).

Hands B (turn-up 7H, the elder takes: hearts trump, elder maker):
  Elder  KH QH AC 9C TD 8S | 7D JS 9H     (H K,Q,9 - no J: no run, no trump run;
                                            C A,9 / D T,7 / S J,8: no run)
  Dealer AH 8H KC 7C AD 9D | AS TS 8C     (H A,8 / C K,8,7 / D A,9 / S A,T: no run)
Queen first:  T1 E QH, D AH (the dealer must beat the queen where he can: AH)
                  dealer wins 3 + 11 = 14;
              T2 D 8H, E KH (K beats 8; the elder must beat where he can)  elder 0 + 4 = 4.
King first:   T1 E KH, D AH   dealer 4 + 11 = 15;
              T2 D 8H, E QH   elder 0 + 3 = 3.
These plays are legal under every must_overtake value."""
import pytest

from tests.support.records import acts, in_progress, legal, new_deal, plays, record, settled
from engine.deal import IllegalAction
from tests.support.records import replay_dict
from engine.record import RecordError

B_ELDER = "KH QH AC 9C TD 8S | 7D JS 9H"
B_DEALER = "AH 8H KC 7C AD 9D | AS TS 8C"
QUEEN_FIRST = "E take; E play QH{w}; D play AH; D play 8H; E play KH{k}"
KING_FIRST = "E take; E play KH{k}; D play AH; D play 8H; E play QH{w}"
EVERY_ELDER_PLAY = plays("KH", "QH", "AC", "9C", "TD", "8S", "7D", "JS", "9H")


def replay_b(preset, spec, options=None, w="", k=""):
    rec = record(preset, B_ELDER, B_DEALER, "7H", acts(spec.format(w=w, k=k)), options=options)
    return replay_dict(rec)


def refused_at(preset, spec, options=None, w="", k=""):
    rec = record(preset, B_ELDER, B_DEALER, "7H", acts(spec.format(w=w, k=k)), options=options)
    with pytest.raises(RecordError) as info:
        replay_dict(rec)
    return str(info.value)


@pytest.mark.parametrize("preset,announced,bella", [
    ("clobber", True, 20), ("clobber", False, 20),          # automatic: the word changes nothing
    ("klaberjass", True, 20), ("klaberjass", False, 0),     # required: unannounced is lost
    ("klaberass", True, 20), ("klaberass", False, 0),
    ("kalabriasz", True, 20), ("kalabriasz", False, 20),    # either order, automatic: scores on K
])
def test_queen_then_king(preset, announced, bella):
    """rules.md §6.4: the queen is played while the king is still held.
    elder: cards 4, bella 20 or 0; dealer: cards 14 (see the module docstring)."""
    out = replay_b(preset, QUEEN_FIRST, w=" bella" if announced else "")
    assert out == in_progress("H", "elder", settled(4, bella=bella), settled(14))


@pytest.mark.parametrize("preset,bella", [
    ("clobber", 0), ("klaberjass", 0), ("klaberass", 0),   # queen_first: the king is gone
    ("kalabriasz", 20),                                    # either: scores on the second card
])
def test_king_then_queen(preset, bella):
    """rules.md §6.4: queen_first scores only if the queen comes while the king is held;
    kalabriasz (either) scores as the second card of the pair is played.
    elder: cards 3, dealer: cards 15."""
    assert replay_b(preset, KING_FIRST) == in_progress("H", "elder", settled(3, bella=bella),
                                                       settled(15))


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_bella_scores_as_the_queen_is_played(preset):
    """rules.md §6.4 queen_first: it scores as the queen is played (deal-record.md: bella
    counts once it has scored) - even before the trick is complete."""
    rec = record(preset, B_ELDER, B_DEALER, "7H", acts("E take; E play QH bella"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(0, bella=20), settled(0))


def test_kalabriasz_bella_not_yet_scored_after_the_first_card():
    """rules.md §6.4 either: after the queen alone nothing has scored yet (T1 complete:
    dealer 14; bella comes with the king)."""
    rec = record("kalabriasz", B_ELDER, B_DEALER, "7H", acts("E take; E play QH; D play AH"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(0), settled(14))


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_required_bella_refused_on_the_king_first(preset):
    """deal-record.md / rules.md §6.4: where announcing is required, `bella` is allowed only on
    the card at which bella scores; with queen_first that is never the king."""
    assert "actions[1]" in refused_at(preset, KING_FIRST, k=" bella")


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_required_bella_refused_on_the_queen_after_the_king(preset):
    """rules.md §6.4: the queen played after the king scores nothing under queen_first, so the
    announcement is refused on it (actions[4])."""
    assert "actions[4]" in refused_at(preset, KING_FIRST, w=" bella")


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_required_bella_refused_on_other_cards(preset):
    """deal-record.md: `bella` is refused on any card where it would not score (AC)."""
    rec = record(preset, B_ELDER, B_DEALER, "7H", acts("E take; E play AC bella"))
    with pytest.raises(RecordError) as info:
        replay_dict(rec)
    assert "actions[1]" in str(info.value)


@pytest.mark.parametrize("preset", ["clobber", "kalabriasz"])
def test_automatic_bella_word_allowed_anywhere(preset):
    """rules.md §6.4 automatic: the word `bella` is allowed on any card and changes nothing.
    T1 E AC bella, D KC (cannot beat the ace): elder 11 + 4 = 15, bella 0."""
    rec = record(preset, B_ELDER, B_DEALER, "7H", acts("E take; E play AC bella; D play KC"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(15), settled(0))


@pytest.mark.parametrize("preset,offered", [
    ("klaberjass", True), ("klaberass", True), ("clobber", False), ("kalabriasz", False),
])
def test_legal_actions_offer_the_announcement(preset, offered):
    """deal-record.md: `play QX bella` appears beside `play QX` where bella must be announced
    and would score on that card.  The elder leads with K and Q of trumps in hand."""
    deal = new_deal(preset, B_ELDER, B_DEALER, "7H", actions="E take")
    expected = EVERY_ELDER_PLAY | ({"play QH bella"} if offered else set())
    assert legal(deal, "elder") == expected


def test_required_announcement_not_offered_once_the_king_is_gone():
    """rules.md §6.4 (klaberjass): after the king is played the queen scores nothing.
    King first, then D leads 8H: the elder must beat it (QH or 9H, §7 trump)."""
    deal = new_deal("klaberjass", B_ELDER, B_DEALER, "7H",
                    actions="E take; E play KH; D play AH; D play 8H")
    assert legal(deal, "elder") == plays("QH", "9H")
    with pytest.raises(IllegalAction):
        deal.apply("elder", "play QH bella")
    assert legal(deal, "elder") == plays("QH", "9H")


# --- option overrides ---------------------------------------------------------------------

def test_either_order_with_required_announcement():
    """rules.md §6.4: `either` scores as the second card of the pair is played; where
    announcing is required the announcement goes with that second card.
    klaberjass + bella_order=either: king first, `play QH bella` on the second card -> 20."""
    opts = {"bella_order": "either"}
    assert replay_b("klaberjass", KING_FIRST, opts, w=" bella") == in_progress(
        "H", "elder", settled(3, bella=20), settled(15))
    # unannounced: lost
    assert replay_b("klaberjass", KING_FIRST, opts) == in_progress(
        "H", "elder", settled(3), settled(15))
    # on the first card of the pair it would not score: refused
    assert "actions[1]" in refused_at("klaberjass", QUEEN_FIRST, opts, w=" bella")
    # and the legal actions offer it on the second card only
    deal = new_deal("klaberjass", B_ELDER, B_DEALER, "7H", options=opts, actions="E take")
    assert legal(deal, "elder") == EVERY_ELDER_PLAY
    deal = new_deal("klaberjass", B_ELDER, B_DEALER, "7H", options=opts,
                    actions="E take; E play KH; D play AH; D play 8H")
    assert legal(deal, "elder") == plays("QH", "9H") | {"play QH bella"}


def test_clobber_with_required_announcement():
    """rules.md §11 `bella_announce` = required on clobber: an unannounced bella is lost."""
    opts = {"bella_announce": "required"}
    assert replay_b("clobber", QUEEN_FIRST, opts) == in_progress(
        "H", "elder", settled(4), settled(14))
    assert replay_b("clobber", QUEEN_FIRST, opts, w=" bella") == in_progress(
        "H", "elder", settled(4, bella=20), settled(14))


def test_kalabriasz_with_queen_first():
    """rules.md §11 `bella_order` = queen_first on kalabriasz: king first scores nothing."""
    assert replay_b("kalabriasz", KING_FIRST, {"bella_order": "queen_first"}) == in_progress(
        "H", "elder", settled(3), settled(15))


def test_klaberass_automatic_announcement():
    """rules.md §11 `bella_announce` = automatic on klaberass: scores without the word."""
    assert replay_b("klaberass", QUEEN_FIRST, {"bella_announce": "automatic"}) == in_progress(
        "H", "elder", settled(4, bella=20), settled(14))


# --- clobber's trump run with marriage ----------------------------------------------------
# Elder  KH QH JH AC 9C TD | 7D 8S AS   (hearts K-Q-J: a natural run of 3 = 20; C A,9 /
#                                        D T,7 / S A,8: no run)

@pytest.mark.parametrize("preset,bella", [
    ("clobber", 20), ("klaberjass", 0), ("klaberass", 0), ("kalabriasz", 0),
])
def test_trump_run_counts_when_the_declared_run_lost(preset, bella):
    """rules.md §6.4 (clobber only): K-Q-J of trumps score 20 as a trump run, from the first
    lead, unless a declared run of his containing them scored.  Here the dealer's clubs
    K-Q-J-T (50; 9C is the elder's) beat the elder's K-Q-J (20), so the elder's run did not
    score and clobber adds the trump run, 20, to "bella".
    Dealer KC QC JC TC AD 9D | 8H 9H 7S (D A,9 / H 9,8 - 7H is the turn-up / S 7: no run).
    Stopped after the first lead AC: elder 0 + bella; dealer sequences 50."""
    rec = record(preset, "KH QH JH AC 9C TD | 7D 8S AS", "KC QC JC TC AD 9D | 8H 9H 7S", "7H",
                 acts("E take; E play AC"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(0, bella=bella),
                                           settled(sequences=50))


def test_trump_run_is_separate_from_bella():
    """rules.md §6.4 (clobber): the trump run is scored in addition to bella's 20 (000:
    "отдельно").  Same hands as above:
      T1 E AC, D TC (cannot beat A)         elder 11 + 10 = 21
      T2 E QH (king held: bella 20), D 9H   dealer 3 + 14 = 17  (menel beats the queen)
    elder: cards 21, bella 20 (trump run) + 20 (bella) = 40, total 61;
    dealer: cards 17, sequences 50, total 67."""
    rec = record("clobber", "KH QH JH AC 9C TD | 7D 8S AS", "KC QC JC TC AD 9D | 8H 9H 7S", "7H",
                 acts("E take; E play AC; D play TC; E play QH; D play 9H"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(21, bella=40),
                                           settled(17, sequences=50))


def test_trump_run_not_added_when_the_declared_run_scored():
    """rules.md §6.4: "unless a declared run of his containing them already scored in §6.2".
    Dealer KC QC TC 8C AD 9D | 8H 9H 7S has no run (J of clubs unseen), so the elder's
    K-Q-J of hearts scores as a sequence (20) and no trump run is added.
      T1 E AC, D 8C    elder 11
      T2 E QH (bella 20), D 8H (Q beats 8)   elder 3
    elder: cards 14, sequences 20, bella 20, total 54; dealer 0."""
    rec = record("clobber", "KH QH JH AC 9C TD | 7D 8S AS", "KC QC TC 8C AD 9D | 8H 9H 7S", "7H",
                 acts("E take; E play AC; D play 8C; E play QH; D play 8H"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(14, sequences=20, bella=20),
                                           settled(0))


def test_trump_run_of_four_is_fifty():
    """rules.md §6.4: 50 if the natural-order run that contains K, Q, J has 4+ cards.
    Elder KH QH JH TH AC 8D | 7D 8S AS: hearts K-Q-J-T (50).
    Dealer KC QC JC TC 9C AD | 8H 9H 7S: clubs K-Q-J-T-9 (50, 5 cards) - longer, so in
    clobber (longer_sequence_wins) the dealer scores 50 and the elder's run scores nothing;
    the elder's trump run is then worth 50 (natural run K-Q-J-T has 4 cards)."""
    rec = record("clobber", "KH QH JH TH AC 8D | 7D 8S AS", "KC QC JC TC 9C AD | 8H 9H 7S", "7H",
                 acts("E take; E play AC"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(0, bella=50),
                                           settled(sequences=50))


@pytest.mark.parametrize("preset,options,bella", [
    ("clobber", {"trump_run_with_marriage": False}, 0),
    ("klaberjass", {"trump_run_with_marriage": True}, 20),
])
def test_trump_run_option_override(preset, options, bella):
    """rules.md §11 `trump_run_with_marriage`, on and off, with the hands of the first
    trump-run test (elder's K-Q-J loses to the dealer's fifty)."""
    rec = record(preset, "KH QH JH AC 9C TD | 7D 8S AS", "KC QC JC TC AD 9D | 8H 9H 7S", "7H",
                 acts("E take; E play AC"), options=options)
    assert replay_dict(rec) == in_progress("H", "elder", settled(0, bella=bella),
                                           settled(sequences=50))


# Trump run completed by the dix exchange (clobber: dix_deadline last_card).
# Turn-up JH, the elder takes.  Elder KH QH 7H AC 9C TD | 8D 8S AS (H K,Q,7 / C A,9 / D T,8 /
# S A,8: no run).  Dealer KC QC 8C AD 9D 9S | 8H 9H TS (C K,Q,8 / D A,9 / S T,9 / H 9,8 - 7H
# is the elder's: no run).
X_ELDER = "KH QH 7H AC 9C TD | 8D 8S AS"
X_DEALER = "KC QC 8C AD 9D 9S | 8H 9H TS"


def test_exchange_after_the_first_lead_completes_the_trump_run():
    """rules.md §6.4: the trump run counts from the first lead "or from a later exchange
    that completes it"; §5: an exchange after the first lead does not count for sequences.
      T1 E AC, D 8C: elder 11.  Then E exchanges 7H for JH: K-Q-J of trumps -> 20 in bella.
    elder: cards 11, sequences 0, bella 20, total 31; dealer 0."""
    rec = record("clobber", X_ELDER, X_DEALER, "JH",
                 acts("E take; E play AC; D play 8C; E exchange"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(11, bella=20), settled(0))


def test_exchange_before_the_first_lead_makes_a_declared_run():
    """rules.md §5: an exchange before the first lead counts for the declarations (000's
    fourth example): K-Q-J of hearts is then a sequence (20, the dealer has none) and, having
    scored as a declared run, adds no trump run (§6.4).  Elder leads AC: elder sequences 20."""
    rec = record("clobber", X_ELDER, X_DEALER, "JH", acts("E take; E exchange; E play AC"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(0, sequences=20), settled(0))
