"""A match's report in words (issue 31): ``practice.report``'s model as a Rich renderable, the page's
and ``klabber report``'s. Every sentence goes through the catalogue; numbers through ``i18n.decimal``
with the language's own minus sign (``signed``: U+2212 in Russian, its catalogue's message).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from klabber_tui.practice.report import Costly, Judged, Report
from klabber_tui.words import keys
from klabber_tui.words.cards import outcome_words
from klabber_tui.words.coach.verdicts import coach_action_text
from klabber_tui.words.i18n import decimal, npgettext, pgettext
from klabber_tui.words.table.phrases import shown_name, who

CHART_WIDTH = 40  # the chart's bars, in cells, up to the larger of the target and the highest total


def minus_sign() -> str:
    """The current language's minus sign, as its translator wrote it."""
    # TRANSLATORS: the sign of a negative number: "-" or the typographic minus "−" (U+2212).
    return pgettext("number.minus_sign", "-")


def signed(value: float, places: int = 1) -> str:
    """``value`` with its sign, ``+31.5`` or ``−31,5``, in the current language."""
    text = decimal(value, places, sign=True)
    return minus_sign() + text[1:] if text.startswith("-") else text


def headline(report: Report) -> str:
    """The result in one line: who won, or the match so far."""
    you, bot = report.totals
    bot_name = shown_name(report.names[1]) if report.names[1] else who(False)
    if not report.over:
        line = pgettext("report.so_far", "The match so far, deal {n}: you {a}, {bot} {b} (to {target}).").format(
            n=len(report.deals) + 1, a=you, b=bot, bot=bot_name, target=report.target)
    elif report.winner == 0:
        line = pgettext("report.won", "You won {a} to {b} (to {target}).").format(a=you, b=bot, target=report.target)
    else:
        line = pgettext("report.lost", "{bot} won {b} to {a} (to {target}).").format(bot=bot_name, a=you, b=bot,
                                                                                 target=report.target)
    if report.practice:
        line += " " + pgettext("report.practice", "A practice match: undo was used.")
    return line


def _maker(maker: str | None) -> str:
    return "—" if maker is None else who(maker == "player")


def deals_table(report: Report) -> Table:
    """Per deal: the maker, the outcome, what each side scored, the running totals, the cards' worth."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
    for k, name in enumerate((pgettext("report.column.deal", "deal"), pgettext("report.column.maker", "maker"),
                              pgettext("report.column.outcome", "outcome"), who(True), who(False),
                              pgettext("report.column.totals", "totals"),
                              pgettext("report.column.cards_worth", "cards worth to you"))):
        table.add_column(name, justify="left" if k in (1, 2) else "right", no_wrap=True)
    for line in report.deals:
        table.add_row(str(line.number), _maker(line.maker), outcome_words().get(line.outcome, line.outcome),
                      str(line.points[0]), str(line.points[1]), f"{line.totals[0]}–{line.totals[1]}",
                      "—" if line.value is None else signed(line.value))
    return table


def chart(report: Report, width: int = CHART_WIDTH) -> Text:
    """Each deal's running totals as two bars, one a side, with the target as a line ``│`` across
    them: a small text plot (the ASCII mode turns its blocks into ``#`` and ``|``)."""
    top = max([report.target, *(max(line.totals) for line in report.deals)])
    mark = round(report.target * width / top)
    you, bot = who(True, watching=False), who(False)
    label = max(len(you), len(bot))
    out = Text()
    out.append(pgettext("report.chart.title", "Running totals, deal by deal; │ is the target, {target}.").format(
        target=report.target) + "\n")
    for line in report.deals:
        for side, name, style in ((0, you, "green"), (1, bot, "red")):
            cells = round(max(line.totals[side], 0) * width / top)
            bar = ["█" if k < cells else " " for k in range(width + 1)]
            bar[mark] = "│" if cells <= mark else "┃"
            prefix = f"{line.number:>3} " if side == 0 else "    "
            out.append(f"{prefix}{name:<{label}} ")
            out.append("".join(bar), style=style)
            out.append(f" {line.totals[side]}\n")
    return out


def judged_line(title: str, judged: Judged) -> str:
    """One kind of decision: counted, agreed, mistakes, points lost per decision with the coach's own
    uncertainty."""
    if not judged.decisions:
        return pgettext("report.judged.none", "{title}: no decision judged.").format(title=title)
    count = npgettext("report.judged.count", "{title}: {n} decision, {agreed} as the coach would;",
                      "{title}: {n} decisions, {agreed} as the coach would;",
                      judged.decisions).format(title=title, n=judged.decisions, agreed=judged.agreed)
    count += " " + npgettext("report.judged.mistakes", "{n} mistake.", "{n} mistakes.", judged.mistakes).format(
        n=judged.mistakes)
    per = judged.per_decision or 0.0
    if judged.per_decision_se is None:
        lost = pgettext("report.judged.lost", "Points lost: {lost} in all; per decision, {per}.").format(
            lost=decimal(judged.lost), per=decimal(per))
    else:
        lost = pgettext("report.judged.lost_se", "Points lost: {lost} in all; per decision, {per} ± {se}.").format(
            lost=decimal(judged.lost), per=decimal(per), se=decimal(judged.per_decision_se))
    return f"{count} {lost}"


def luck_lines(report: Report) -> list[str]:
    """Luck beside judgement: two numbers, each named, never added."""
    if report.luck is None:
        luck = pgettext("report.luck.none", "Luck (what the cards dealt were worth): not recorded for this match.")
    else:
        luck = npgettext("report.luck", "Luck, what the cards dealt were worth as the coach saw them at your first choice: "
                         "you {you}, {bot} {them} ({n} deal).",
                         "Luck, what the cards dealt were worth as the coach saw them at your first choice: "
                         "you {you}, {bot} {them} ({n} deals).", report.luck_deals).format(
            you=signed(report.luck), them=signed(-report.luck), bot=who(False).lower(), n=report.luck_deals)
    judgement = pgettext("report.judgement", "Judgement, what your decisions cost against the coach's best: {lost} points.").format(
        lost=decimal(report.judgement))
    return [luck, judgement]


def costly_line(place: int, costly: Costly) -> str:
    """One of the costliest decisions, with the key that opens its deal's what-if page."""
    action = "?" if costly.action is None else coach_action_text(costly.action)
    kind = pgettext("report.kind.bid", "bid") if costly.kind == "bid" else pgettext("report.kind.card", "card")
    if costly.se is None:
        cost = decimal(costly.loss)
    else:
        cost = f"{decimal(costly.loss)} ± {decimal(costly.se)}"  # numbers and a sign: no words to translate
    return pgettext("report.costly", "{key}: deal {deal}, {kind} “{action}”: {cost} points lost.").format(
        key=keys.name(keys.CARDS[place]), deal=costly.deal, kind=kind, action=action, cost=cost)


def report_body(report: Report, *, offer_keys: bool = True, head: bool = True,
                suggest_key: str | None = None) -> RenderableType:
    """The whole report: its headline (unless ``head`` is False: the match's end says the result
    itself), the deals, the chart, the judgement, luck, the costliest."""
    parts: list[RenderableType] = [Text(headline(report)), Text("")] if head else []
    if report.deals:
        parts += [deals_table(report), Text(""), chart(report)]
    parts.append(Text(judged_line(pgettext("report.bidding", "Bidding"), report.bids)))
    parts.append(Text(judged_line(pgettext("report.card_play", "Card play"), report.cards)))
    parts += [Text(line) for line in luck_lines(report)]
    if not report.complete:
        parts.append(Text(pgettext("report.incomplete", "Recorded by an earlier version: the coach's uncertainty and "
                                                        "the cards' worth are missing where it did not keep them.")))
    if report.ladder is not None:
        from klabber_tui.words.ladder import placement_text

        parts += [Text(""), Text(placement_text(report.ladder))]
    if report.suggestion is not None and suggest_key is not None:  # at the match's end, with its key
        from klabber_tui.words.ladder import suggestion_text

        parts.append(Text(suggestion_text(report.suggestion, suggest_key), style="bold"))
    if report.costliest:
        parts.append(Text(""))
        title = (pgettext("report.costliest.keys", "The costliest decisions (the key opens what if on its deal):")
                 if offer_keys else pgettext("report.costliest", "The costliest decisions:"))
        parts.append(Text(title))
        parts += [Text(costly_line(k, c)) for k, c in enumerate(report.costliest)]
    return Group(*parts)


def practise_line(due: int) -> str:
    """Issue 31, item 3: the offer to practise this match's bidding mistakes now."""
    if not due:
        return no_mistakes_to_practise()
    return npgettext("report.practise", "{key}: practise this match's {n} bidding mistake now (the deck keeps it: "
                     "klabber drill --mistakes asks it later too).",
                     "{key}: practise this match's {n} bidding mistakes now (the deck keeps them: "
                     "klabber drill --mistakes asks them later too).", due).format(key=keys.name(keys.MATCH_MISTAKES), n=due)


def no_mistakes_to_practise() -> str:
    return pgettext("report.practise.none", "No bidding mistake of this match is due in the deck.")


def match_line(save: dict) -> str:
    """A finished match in the list of them: its date, its players' score and who won."""
    from engine.match import Match

    match = Match.from_dict(save["match"])
    you, bot = match.totals
    date = save.get("date") if isinstance(save.get("date"), str) else "?"
    line = pgettext("matches.line", "{date} · {preset} to {target} · you {a}, bot {b}").format(
        date=date, preset=match.rules.preset, target=match.target, a=you, b=bot)
    if save.get("practice"):
        line += " · " + pgettext("matches.practice", "practice")
    return line
