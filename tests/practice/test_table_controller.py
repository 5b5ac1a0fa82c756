"""Issue 22: the table's flow and the coach's verdict pipeline without a screen (no Pilot, no Textual).

Each test builds a ``Session`` from a seed (or a deal from named cards), drives ``TableController``
by the same steps the screen takes, and answers for the bot with the greedy bot, which is quick and
deterministic."""

from __future__ import annotations

from typing import Any

from ai.registry import make_bot
from engine.actions import PASS, Action
from engine.deal import Deal
from engine.match import Match
from engine.rules import RuleSet
from klabber_tui.practice import coaching
from klabber_tui.practice.session import WATCH_DELAY, Pace, Session, Settings
from klabber_tui.practice.table import (
    PLAYER_STATES,
    Applied,
    AskBella,
    Prepared,
    Refused,
    TableController,
    TableState,
    VerdictPipeline,
    bids_to_judge_again,
)
from tests.support.fixtures import as_a_ui_test

pytestmark = as_a_ui_test  # its own data folder and a terminal, as in tests/ui (tests/support/fixtures.py)

ELDER_SEED = 7  # the player is the elder of the first deal: the player bids first
GREEDY = make_bot("greedy")


def controller(seed: int = ELDER_SEED, *, drawing: bool = False, **settings: Any) -> TableController:
    ctl = TableController(Settings(level="greedy", **settings))
    ctl.new_session(Session.new(ctl.settings, "You", seed=seed), drawing=drawing)
    return ctl


def bot_moves(ctl: TableController) -> Any:
    """Ask the bot as the screen's worker does and hand its answer back; the step it made."""
    turn = ctl.bot_turn()
    assert turn is not None
    return ctl.bot_answered(turn.position, GREEDY.choose(turn.view, turn.seed, turn.standing))


def player_moves(ctl: TableController) -> Any:
    """The player takes when it may, else passes, names the first suit, plays the first legal card."""
    legal = ctl.legal()
    if ctl.state is TableState.PLAY:
        card = next(c for c in ctl.cards() if c in ctl.playable())
        return ctl.play(card)
    for action in (Action("take"), Action("refuse"), Action("pass")):
        if action in legal:
            return ctl.decide(action)
    return ctl.decide(sorted(legal, key=str)[0])


def run(ctl: TableController, until: Any, limit: int = 400) -> None:
    """Step the table (bot, player, held tricks, bella) until ``until()`` holds."""
    for _ in range(limit):
        if until():
            return
        state = ctl.state
        if state is TableState.BOT:
            bot_moves(ctl)
        elif state is TableState.HOLD:
            assert ctl.release_hold()
        elif state is TableState.BELLA:
            ctl.answer_bella(True)
        elif state in PLAYER_STATES:
            step = player_moves(ctl)
            assert not isinstance(step, Refused), step
        else:
            raise AssertionError(f"stuck in {state}")
    raise AssertionError("the table never got there")


def test_the_states_of_a_match_from_the_draw_to_its_end() -> None:
    ctl = TableController(Settings(level="greedy", target=100))
    assert ctl.state is TableState.NO_MATCH and ctl.legal() == () and ctl.cards() == []
    ctl.new_session(Session.new(ctl.settings, "You", seed=3), drawing=True)
    assert ctl.state is TableState.DRAWING
    assert ctl.cards() == [] and ctl.bot_turn() is None and ctl.legal() == ()  # nothing before the draw
    ctl.draw_closed()
    assert ctl.state in (TableState.BOT, TableState.BIDDING_ROUND_ONE)
    seen: set[TableState] = set()

    def over() -> bool:
        seen.add(ctl.state)
        if ctl.state is TableState.DEAL_OVER:
            assert ctl.legal() == () and ctl.undo() is None  # nothing to do but read the summary
            ctl.summary_closed()
        return ctl.state is TableState.MATCH_OVER

    run(ctl, over, limit=4000)
    assert ctl.session is not None and ctl.session.match.is_over
    assert {TableState.BOT, TableState.HOLD, TableState.PLAY, TableState.BIDDING_ROUND_ONE,
            TableState.DEAL_OVER} <= seen


def test_a_finished_trick_is_held_and_the_bot_waits_for_it() -> None:
    ctl = controller()
    run(ctl, lambda: ctl.state is TableState.HOLD)
    assert ctl.hold is not None and ctl.bot_turn() is None and ctl.forced_card() is None
    assert ctl.hold_delay() is None  # the pace "key": until Enter
    assert ctl.release_hold() and ctl.hold is None and not ctl.release_hold()
    ctl.settings.pace = Pace.HALF_SECOND
    assert ctl.hold_delay() == 0.5
    ctl.settings.pace = Pace.KEY
    assert ctl.session is not None
    ctl.session.watch = True
    assert ctl.hold_delay() == WATCH_DELAY  # watching, the tricks go by themselves


def test_the_step_that_completes_a_trick_says_so() -> None:
    ctl = controller()
    steps: list[Any] = []

    def record() -> bool:
        return ctl.state is TableState.HOLD

    for _ in range(200):
        if record():
            break
        step = bot_moves(ctl) if ctl.state is TableState.BOT else player_moves(ctl)
        steps.append(step)
    last = steps[-1]
    assert isinstance(last, Applied) and last.trick is not None and last.trick == ctl.hold
    assert last.trick.cards[1] == last.action.card  # the card just played is the trick's second


def test_an_answer_of_the_bot_for_another_position_is_dropped() -> None:
    ctl = controller(seed=1)  # the player deals first: the bot bids first
    turn = ctl.bot_turn()
    assert turn is not None and ctl.bot_turn() is None  # asked once per position
    assert ctl.bot_answered((turn.position[0], turn.position[1] + 1), PASS) is None
    assert ctl.session is not None and ctl.session.deal.actions == []
    step = ctl.bot_answered(turn.position, GREEDY.choose(turn.view, turn.seed, turn.standing))
    assert isinstance(step, Applied) and step.seat == ctl.session.bot_seat
    assert ctl.bot_answered(turn.position, PASS) is None  # a second answer for it changes nothing


def test_a_refused_move_changes_nothing_and_says_why() -> None:
    ctl = controller()
    assert ctl.state is TableState.BIDDING_ROUND_ONE
    step = ctl.decide(Action.name(0))
    assert isinstance(step, Refused) and step.error.code
    assert ctl.session is not None and ctl.session.deal.actions == []


def test_undo_takes_back_the_players_bid_and_the_bots_answer() -> None:
    ctl = controller()
    assert ctl.undo() is None  # nothing of the player's yet
    first = ctl.state
    ctl.decide(Action("pass"))
    assert ctl.state is TableState.BOT
    bot_moves(ctl)
    assert ctl.session is not None and len(ctl.session.deal.actions) == 2
    assert ctl.undo()
    assert ctl.state is first and ctl.session.deal.actions == [] and ctl.waiting is None
    assert ctl.session.practice  # an undo makes the match practice


def test_undo_during_a_held_trick_lets_it_go() -> None:
    ctl = controller()
    run(ctl, lambda: ctl.state is TableState.HOLD and ctl.session is not None and ctl.session.can_undo())
    assert ctl.undo()
    assert ctl.hold is None and ctl.state in PLAYER_STATES


def test_a_forced_card_is_offered_only_when_it_is_the_only_one() -> None:
    ctl = controller()
    forced = 0
    for _ in range(200):
        if ctl.state is TableState.DEAL_OVER:
            break
        card = ctl.forced_card()
        if ctl.state is TableState.PLAY:
            playable = ctl.playable()
            only = len(playable) == 1 and Action("exchange") not in ctl.legal()
            assert (card is not None) == only and (card is None or card in playable)
            forced += card is not None
        else:
            assert card is None
        state = ctl.state
        if state is TableState.BOT:
            bot_moves(ctl)
        elif state is TableState.HOLD:
            ctl.release_hold()
        elif state is TableState.BELLA:
            ctl.answer_bella(True)
        else:
            player_moves(ctl)
    assert forced >= 1  # the last trick always has one card left
    ctl = controller(autoplay_forced=False)
    run(ctl, lambda: ctl.state is TableState.PLAY and len(ctl.playable()) == 1)
    assert ctl.forced_card() is None  # the setting is off: the player plays it


def test_the_cursor_starts_on_a_card_that_may_be_played() -> None:
    # Issue 22: "▶1✗" on A♦ when 10♠ was led. Before every step the cursor is put on the first card
    # (where a card played earlier leaves it); after every step that asks the player for a card it
    # is on a card the rules allow.
    ctl = controller(autoplay_forced=False)
    checked = 0
    for _ in range(300):
        if ctl.state is TableState.DEAL_OVER:
            break
        if ctl.state is TableState.PLAY:
            assert ctl.cards()[ctl.selected] in ctl.playable()
            checked += 1
        ctl.selected = 0
        state = ctl.state
        if state is TableState.BOT:
            bot_moves(ctl)
        elif state is TableState.HOLD:
            ctl.release_hold()
        elif state is TableState.BELLA:
            ctl.answer_bella(True)
        else:
            player_moves(ctl)
    assert checked >= 8


def _bella_table() -> TableController:
    """The player (elder) holds trump K and Q (hearts) and takes; bella must be announced."""
    rules = RuleSet.from_preset("klaberjass", {"bella_announce": "required"})
    ctl = TableController(Settings(level="greedy"))
    session = Session(Match(rules, ELDER_SEED), ("You", "greedy"), "greedy")
    assert session.seat == "elder"
    session.match.deal = Deal.from_hands(rules, ["KH", "QH", "AS", "7C", "8D", "KS"],
                                         ["AC", "TC", "QD", "9S", "8C", "KD"], "7H",
                                         ["TS", "7D", "8H"], ["JC", "7S", "9D"], "AH")
    ctl.new_session(session)
    return ctl


def test_bella_is_asked_and_the_answer_is_played() -> None:
    ctl = _bella_table()
    assert isinstance(ctl.decide(Action("take")), Applied)
    run(ctl, lambda: ctl.state is TableState.PLAY and any(a.bella for a in ctl.legal()))
    card = next(a.card for a in ctl.legal() if a.bella and a.card is not None)
    step = ctl.play(card)
    assert isinstance(step, AskBella) and step.card == card and ctl.state is TableState.BELLA
    assert ctl.legal() and ctl.playable() == frozenset()  # no card while the question is open
    applied = ctl.answer_bella(True)
    assert isinstance(applied, Applied) and applied.action == Action.play(card, bella=True)
    assert ctl.pending_bella is None and ctl.state is not TableState.BELLA


# -- the verdict pipeline --------------------------------------------------------------------------

class Handle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


def cancelled(prepared: Prepared) -> bool:
    assert isinstance(prepared.worker, Handle)
    return prepared.worker.cancelled


def _prepared(ctl: TableController) -> Prepared:
    session = ctl.session
    assert session is not None
    view = coaching.bid_to_judge(session)
    assert view is not None
    return Prepared(view, coaching.standing_now(session), "easy", session.rules.preset, session.practice,
                    worker=Handle())


ADVICE: Any = object()  # the pipeline carries the coach's advice without reading it


def test_a_verdict_is_ready_when_both_the_evaluation_and_the_bid_are_there_in_either_order() -> None:
    ctl = controller()
    pipeline = VerdictPipeline()
    prepared = _prepared(ctl)
    pipeline.prepare((1, 0), prepared)
    assert pipeline.ready_for((1, 0), prepared.view, prepared.standing, "easy") is prepared
    assert pipeline.chose((1, 0), Action("pass"), 1, 2) is None  # still evaluating: the bid waits
    assert pipeline.evaluated((1, 0), prepared, ADVICE, None) is prepared  # now it is delivered
    assert (1, 0) not in pipeline
    other = _prepared(ctl)
    pipeline.prepare((1, 0), other)
    assert pipeline.evaluated((1, 0), other, ADVICE, None) is None  # evaluated first: kept for the bid
    assert pipeline.chose((1, 0), Action("take"), 1, None) is other and other.chosen == Action("take")


def test_an_evaluation_of_a_decision_left_unanswered_is_dropped_and_its_answer_goes_nowhere() -> None:
    ctl = controller()
    pipeline = VerdictPipeline()
    left, answered = _prepared(ctl), _prepared(ctl)
    pipeline.prepare((1, 0), answered)
    pipeline.chose((1, 0), Action("pass"), 1, 2)
    pipeline.prepare((1, 2), left)
    newer = _prepared(ctl)
    pipeline.prepare((1, 4), newer)  # the player was asked again: the unanswered one goes
    assert cancelled(left) and not cancelled(answered)
    assert pipeline.evaluated((1, 2), left, ADVICE, None) is None
    assert pipeline.evaluated((1, 0), answered, ADVICE, None) is answered  # the bid made still gets its verdict


def test_an_undo_drops_the_decisions_taken_back_and_their_log_lines() -> None:
    ctl = controller()
    pipeline = VerdictPipeline()
    early, late = _prepared(ctl), _prepared(ctl)
    pipeline.prepare((1, 0), early)
    pipeline.chose((1, 0), Action("pass"), 1, 1)
    pipeline.evaluated((1, 0), early, ADVICE, None)
    assert pipeline.place(early, ADVICE, 1) and pipeline.lines == {(1, 1): ADVICE}
    pipeline.prepare((1, 2), late)
    pipeline.chose((1, 2), Action("pass"), 1, 3)  # still evaluating
    pipeline.drop(after=(1, 2), events=2)  # back to the second bid: the first stands
    assert cancelled(late) and (1, 2) not in pipeline
    assert pipeline.lines == {(1, 1): ADVICE} and pipeline.last is not None
    pipeline.drop(after=(1, 0), events=0)  # back to the first bid: its line and ``v`` go too
    assert pipeline.lines == {} and pipeline.last is None
    pipeline.drop()
    assert pipeline.lines == {} and pipeline.last is None


def test_a_verdict_of_a_deal_that_is_over_is_not_a_log_line() -> None:
    ctl = controller()
    pipeline = VerdictPipeline()
    prepared = _prepared(ctl)
    prepared.chosen, prepared.deal_number, prepared.log_at = Action("pass"), 1, None
    assert not pipeline.place(prepared, ADVICE, 2) and pipeline.lines == {}
    assert pipeline.last == (prepared, ADVICE)  # ``v`` still opens it


def test_on_resume_the_bids_already_made_are_judged_again_as_they_were() -> None:
    # Issue 22: the verdict of the last bid was gone after quitting and resuming.
    ctl = controller()
    asked: list[tuple[tuple[int, int], Any, int]] = []
    session = ctl.session
    assert session is not None

    def bids_done() -> bool:
        if ctl.state in PLAYER_STATES and (view := coaching.bid_to_judge(session)) is not None:
            asked.append((session.position(), view, len(session.deal.actions)))
        return session.deal.stage == "play" or ctl.state is TableState.DEAL_OVER

    run(ctl, bids_done)
    assert asked
    resumed = Session.from_save(session.to_save())
    again = bids_to_judge_again(resumed)
    assert [key for key, _ in again] == [key for key, _, _ in asked]
    for (key, prepared), (_, view, k) in zip(again, asked):
        assert prepared.view == view and prepared.chosen == session.deal.actions[k][1]
        assert prepared.record is False and prepared.log_at is not None  # on the table: a line under the bid
        assert prepared.standing == coaching.standing_now(resumed)


def test_on_resume_after_a_deal_the_last_deals_bids_are_judged_again() -> None:
    ctl = controller()
    run(ctl, lambda: ctl.state is TableState.DEAL_OVER)
    session = ctl.session
    assert session is not None
    resumed = Session.from_save(session.to_save())
    again = bids_to_judge_again(resumed)  # the new deal has none yet: the finished deal's
    assert again and all(p.deal_number == 1 and p.log_at is None and not p.record for _, p in again)
    assert all(p.view.seat == session.last.human_seat for _, p in again)  # type: ignore[union-attr]


def test_v_opens_the_latest_decisions_verdict_whatever_order_they_come_in() -> None:
    ctl = controller()
    pipeline = VerdictPipeline()
    first, second = _prepared(ctl), _prepared(ctl)
    for key, prepared in (((1, 0), first), ((1, 2), second)):
        pipeline.prepare(key, prepared)
        pipeline.chose(key, Action("pass"), 1, key[1] + 1)
    late: Any = object()
    assert pipeline.evaluated((1, 2), second, late, None) is second
    pipeline.place(second, late, 1)
    assert pipeline.evaluated((1, 0), first, ADVICE, None) is first
    pipeline.place(first, ADVICE, 1)  # the earlier bid's verdict came last
    assert pipeline.last == (second, late) and pipeline.lines == {(1, 1): ADVICE, (1, 3): late}


def works(ctl: TableController, action: str, parameters: tuple[object, ...] = (), *, on_top: bool = True) -> bool:
    """The table screen's ``check_action``: a page's key as its registry line says, any other as the controller."""
    from klabber_tui.ui.pages import TABLE, page_for

    page = page_for(TABLE, action)
    return page.when(ctl, on_top) if page is not None else ctl.enabled(action, parameters, on_top=on_top)


def test_which_keys_work_follows_the_state_of_the_table() -> None:
    """Issue 22: the screen's check_action is the controller's ``enabled`` (issue 30: for a page's key,
    its line of the page registry): a key works when its action can do something now, and only with
    the table on top (settings, help and q always)."""
    ctl = TableController(Settings(level="greedy"))
    assert not works(ctl, "bid", ("take",)) and not works(ctl, "undo") and works(ctl, "help")  # no match yet
    ctl.new_session(Session.new(ctl.settings, "You", seed=ELDER_SEED), drawing=True)
    assert not works(ctl, "bid", ("take",)) and not works(ctl, "play_index", (1,))  # the draw is on screen
    ctl.draw_closed()
    assert ctl.state is TableState.BIDDING_ROUND_ONE  # the elder: round one, take or pass
    assert works(ctl, "bid", ("take",)) and works(ctl, "bid", ("pass",)) and works(ctl, "coach")
    assert not works(ctl, "bid", ("take",), on_top=False) and works(ctl, "settings", on_top=False)
    assert not any(works(ctl, "name_suit", (suit,)) for suit in range(4))  # naming is round two's
    assert not works(ctl, "play_index", (1,)) and not works(ctl, "choose") and not works(ctl, "answer", (True,))
    assert not works(ctl, "last_trick") and not works(ctl, "undo") and not works(ctl, "review")
    assert works(ctl, "quit_game") and works(ctl, "help")
    run(ctl, lambda: ctl.state is TableState.HOLD)  # the first trick, held in view
    assert works(ctl, "choose") and works(ctl, "last_trick") and works(ctl, "undo")
    assert not works(ctl, "play_index", (1,)) and not works(ctl, "coach")
    assert ctl.release_hold()
    run(ctl, lambda: ctl.state is TableState.PLAY)
    assert works(ctl, "play_index", (1,)) and works(ctl, "cursor", (1,)) and works(ctl, "coach")
    assert not works(ctl, "bid", ("pass",))
    run(ctl, lambda: ctl.state is TableState.DEAL_OVER, limit=1000)
    assert not works(ctl, "undo") and not works(ctl, "choose") and works(ctl, "help")
    ctl.summary_closed()
    run(ctl, lambda: ctl.state in PLAYER_STATES)
    assert works(ctl, "review")  # the last deal is there to review
    assert ctl.session is not None
    ctl.session.watch = True
    assert not works(ctl, "review") and not works(ctl, "coach")  # watching: nobody's decision


def test_the_answer_keys_work_on_bellas_question_and_the_cards_wait() -> None:
    ctl = _bella_table()
    assert not ctl.enabled("answer", (True,))
    assert isinstance(ctl.decide(Action("take")), Applied)
    run(ctl, lambda: ctl.state is TableState.PLAY and any(a.bella for a in ctl.legal()))
    card = next(a.card for a in ctl.legal() if a.bella and a.card is not None)
    assert isinstance(ctl.play(card), AskBella)
    assert ctl.enabled("answer", (True,)) and ctl.enabled("answer", (False,)) and ctl.enabled("choose")
    assert not ctl.enabled("play_index", (1,)) and not ctl.enabled("exchange")  # bella's question first
