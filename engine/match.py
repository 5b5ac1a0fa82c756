"""A match to the target and its score sheet (rules.md §2, §4.5, §9).

Players are 0 and 1 (the interface names them). Each deal's shuffle comes from the match seed and
the deal's number, so a match is reproduced from its seed and its actions alone; it is saved as its
settings plus the deal records (``to_dict``/``from_dict``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .cards import draw_strength
from .deal import Deal, shuffled_deck
from .record import RecordError, parse_record, record_of, replay
from .actions import DEALER, ELDER, Seat
from .rules import RuleError, RuleSet
from .scoring import THROWN_IN

MATCH_FORMAT = "klabber-match/1"


def deal_seed(match_seed: int, number: int) -> int:
    """The shuffle seed of deal ``number`` (1-based) of a match: stable and independent per deal."""
    return random.Random(f"klabber:{match_seed}:{number}").getrandbits(63)


def draw_for_dealer(match_seed: int) -> tuple[tuple[int, int], ...]:
    """Each player draws a card; equal ranks draw again (§2). Returns every pair drawn."""
    deck = list(range(32))
    random.Random(f"klabber-draw:{match_seed}").shuffle(deck)
    draws = []
    for k in range(0, 32, 2):
        pair = (deck[k], deck[k + 1])
        draws.append(pair)
        if draw_strength(pair[0]) != draw_strength(pair[1]):
            break
    return tuple(draws)


def first_dealer_from(draws: tuple[tuple[int, int], ...]) -> int:
    """The lower card deals (§2: plain trick order, ace high)."""
    a, b = draws[-1]
    return 0 if draw_strength(a) < draw_strength(b) else 1


@dataclass(frozen=True)
class SheetRow:
    """One deal on the score sheet (§9)."""

    number: int
    dealer: int
    trump: int | None
    maker: int | None
    points: tuple[int, int]  # what each player scored in this deal
    outcome: str
    totals: tuple[int, int]


class Match:
    """Deals to the target with dealer rotation, throw-ins and the end rule of §9."""

    def __init__(self, rules: RuleSet, seed: int, draws: tuple[tuple[int, int], ...] | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.draws = draws or draw_for_dealer(seed)
        self.dealer = first_dealer_from(self.draws)
        self.rows: list[SheetRow] = []
        self.records: list[dict[str, Any]] = []  # finished deals
        self.winner: int | None = None
        self.deal = self._new_deal()

    @property
    def target(self) -> int:
        return int(self.rules.target)

    @property
    def number(self) -> int:
        """The current deal's number, from 1; once the match is over, the last deal's (issue 13)."""
        return len(self.rows) + (0 if self.is_over else 1)

    @property
    def totals(self) -> tuple[int, int]:
        return self.rows[-1].totals if self.rows else (0, 0)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def seat_of(self, player: int) -> Seat:
        return DEALER if player == self.dealer else ELDER

    def player_at(self, seat: Seat) -> int:
        return self.dealer if seat == DEALER else 1 - self.dealer

    def _new_deal(self) -> Deal:
        return Deal.from_deck(self.rules, shuffled_deck(deal_seed(self.seed, self.number)))

    @property
    def deck_seed(self) -> int:
        return deal_seed(self.seed, self.number)

    def finish_deal(self, meta: dict[str, str | int | float] | None = None) -> SheetRow:
        """Write the finished current deal on the sheet, decide the match, and deal the next one.

        A match that ends here keeps its last deal and its seats: there is no next deal to rotate to,
        and the table must go on showing the deal as the player played it (issue 13).
        """
        deal = self.deal
        if not deal.is_over:
            raise ValueError("the deal is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        result = deal.result()
        points = [0, 0]
        for seat in (ELDER, DEALER):
            points[self.player_at(seat)] = result.seat(seat).scored
        before = self.totals
        totals = (before[0] + points[0], before[1] + points[1])
        maker = None if result.maker is None else self.player_at(result.maker)
        row = SheetRow(self.number, self.dealer, result.trump, maker, (points[0], points[1]),
                       result.outcome, totals)
        self.rows.append(row)
        self.records.append(record_of(deal, {**(meta or {}), "deal": row.number}))
        self.winner = self._decide(totals, maker, points[maker] if maker is not None else 0)
        if self.winner is not None:
            return row
        if result.outcome != THROWN_IN or self.rules.redeal_dealer == "other":
            self.dealer = 1 - self.dealer
        self.deal = self._new_deal()
        return row

    def _decide(self, totals: tuple[int, int], maker: int | None, maker_points: int = 0) -> int | None:
        """§9: first to the target; both past it, the higher total; equal, play on. Under 002's
        variant the maker's score is added first: he wins if it takes him to the target (a maker
        who scored nothing this deal adds nothing, so the usual rule decides)."""
        target = self.target
        if maker is not None and self.rules.maker_counts_first and maker_points > 0 and totals[maker] >= target:
            return maker
        reached = [p for p in (0, 1) if totals[p] >= target]
        if len(reached) == 1:
            return reached[0]
        if len(reached) == 2 and totals[0] != totals[1]:
            return 0 if totals[0] > totals[1] else 1
        return None

    # -- saving --------------------------------------------------------------------------------

    def to_dict(self, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """Settings plus deal records; the deal in progress is the last record."""
        current = [] if self.is_over else [record_of(self.deal, {"deal": self.number})]
        return {
            "format": MATCH_FORMAT,
            "rules": self.rules.preset,
            "options": self.rules.overrides(),
            "seed": self.seed,
            "meta": dict(meta or {}),
            "deals": self.records + current,
        }

    @classmethod
    def from_dict(cls, obj: Any) -> Match:
        """Rebuild a match by replaying its records; any inconsistency is a ValueError with the reason."""
        if not isinstance(obj, dict) or obj.get("format") != MATCH_FORMAT:
            raise ValueError(f"not a saved match (expected format {MATCH_FORMAT!r})")
        try:
            rules = RuleSet.from_preset(obj["rules"], obj.get("options") or {})
        except (KeyError, RuleError) as error:
            raise ValueError(f"bad rules in the saved match: {error}") from None
        seed = obj.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the saved match has no whole-number 'seed'")
        match = cls(rules, seed)
        deals = obj.get("deals")
        if not isinstance(deals, list):
            raise ValueError("the saved match has no 'deals' list")
        for k, record_obj in enumerate(deals):
            try:
                record = parse_record(record_obj)
                deal = replay(record)
            except RecordError as error:
                raise ValueError(f"deal {k + 1} of the saved match: {error}") from None
            if record.rules != rules or deal.first != match.deal.first or deal.turn_up_card != match.deal.turn_up_card:
                raise ValueError(f"deal {k + 1} of the saved match does not follow from its seed")
            match.deal = deal
            if deal.is_over and not match.is_over:
                meta = {key: v for key, v in record.meta.items() if key != "deal"}
                match.finish_deal(meta)
            elif k != len(deals) - 1:
                raise ValueError(f"deal {k + 1} of the saved match is unfinished but is not the last")
        return match
