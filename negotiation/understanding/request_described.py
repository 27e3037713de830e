"""Days a request only describes: "this week and next are mad", "Monday's a circus".

"The week after next works better for the audit, this week and next are chaos" offers the
week after next alone: the two weeks before it are said with a word the rules do not know
("mad", "chaos", "a zoo"), which is why she asks for the other week, not a second offer.
A day or week that is the subject of "is/are ..." without a word that offers it ("fine",
"free", "open", "an option", "possible too") is described; when the request offers other
days that share none of its days, the described ones are left out.

Near misses: "this week and next are open too" (an offer), "next week is Carol's first
week back; Tuesday or Thursday works" (the days offered are in the week described, so it
stays as their week), "Monday is a zoo" alone (nothing else offered: read as before).
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.rules_dates import resolve_dates
from negotiation.understanding.rules_dates_spec import TimeSpec

# What joins the days of one subject: "this week and next", "Monday, Tuesday".
_JOIN = re.compile(r"^\s*(?:,|/|&|\+|\band\b|\bor\b|和|或|、|，)?\s*$", re.I)
# Where a subject may start: the clause's start, a stop, or a word that opens a clause.
_OPENS = re.compile(
    r"(?:^|[,;:(\[—–，；：。（]|\s-|\b(?:as|since|because|cos|and|but|though|although|while|whereas"
    r"|plus|also|both|so|sadly|unfortunately)\b)\s*(?:both\s+)?"
    # "the week of the 9th is insane": the week named by a day in it.
    r"(?:the\s+)?(?:(?:week\s+(?:of|commencing|starting|beginning)|w/c)\s+(?:the\s+)?)?$",
    re.I,
)
_COPULA = re.compile(
    r"\s*(?:[’']s|[’']re|\bis|\bare|\bwas|\bwere|\b(?:will|would)\s+be|[’']ll\s+be"
    r"|\blook(?:s|ing)?|\bseems?|\bfeels?)\b"
    # 这周和下周都很乱, 周二太赶: a degree word says the day is described.
    r"|\s*(?:都|也)?(?:是)?(?:很|太|非常|特别|超级?|比较|挺|有点|有些|真的?|实在)",
    re.I,
)
# The predicate ends at the next stop or a word that opens another clause.
_PREDICATE = re.compile(
    r"[^,;:.!?\n()—–，；：。！？（]*?(?=[,;:.!?\n()—–，；：。！？（]|\s-\s|\b(?:so|but)\b|但|所以|$)",
    re.I,
)
# Words that make the predicate an offer, or that say the day is still possible.
_OFFERING = re.compile(
    r"\b(?:fine|ok|okay|good|great|nice|free|open|possible|possibilit\w+|available|best|better"
    r"|ideal|perfect|doable|workable|feasible|viable|clear|quiet(?:er)?|calm(?:er)?|light(?:er)?"
    r"|easy|easier|empty|emptier|relaxed|flexible|convenient|safe(?:r|st)?|prefer\w*|works?"
    r"|suits?|fallback|backup|option|alternative|choice|pick|plan|target|one|go(?:er)?|yes"
    r"|in\s+play|on\s+the\s+table|fair\s+game|ours|yours|mine)\b"
    r"|好|可以|行|方便|空|闲|合适|没问题|松",
    re.I,
)


def described(clause: str, specs: list[TimeSpec]) -> set[int]:
    """The indexes of the specs said only as the subject of a description."""
    out: set[int] = set()
    first = 0
    for i, spec in enumerate(specs):
        # "Tuesday or Wednesday, this week is a mess": a list holds days or weeks, not both.
        last = (
            i + 1 == len(specs)
            or not _JOIN.match(clause[spec.end : specs[i + 1].start])
            or spec.broad != specs[i + 1].broad
        )
        if not last:
            continue
        run, first = range(first, i + 1), i + 1
        if not _OPENS.search(clause[: specs[run[0]].start]):
            continue
        copula = _COPULA.match(clause, spec.end)
        if not copula:
            continue
        predicate = _PREDICATE.match(clause, copula.end())
        if predicate and predicate[0].strip() and not _OFFERING.search(predicate[0]):
            out.update(run)
    return out


def _meets(one: TimeSpec, other: TimeSpec, today: date) -> bool:
    """Whether two specs may name a same day (a bare weekday meets any week holding it)."""
    if one.dates is not None and other.dates is not None:
        return bool(resolve_dates(one, today) & resolve_dates(other, today))
    weekdays = [
        set(s.weekdays or ()) if s.dates is None else {d.weekday() for d in resolve_dates(s, today)}
        for s in (one, other)
    ]
    return bool(weekdays[0] & weekdays[1])


def without_described(
    allowed: list[TimeSpec], described_ids: set[int], today: date
) -> list[TimeSpec] | None:
    """The days offered without those only described, when others are offered apart.

    None (the hub asks) when what is described may hold what is offered or be left out
    of it: a day described in a week offered ("next week; Monday is a bank holiday"), or
    a week described beside bare weekdays ("this week is a mess, Tuesday or Wednesday").
    """
    said = [s for s in allowed if id(s) in described_ids and s.has_day]
    offered = [s for s in allowed if id(s) not in described_ids and s.has_day]
    if not said or not offered:
        return allowed
    weeks = [s for s in offered if s.broad]
    days = [s for s in offered if not s.broad]
    dated = weeks + [s for s in days if s.dates is not None]
    dropped = set()
    for spec in said:
        if spec.broad:
            if any(_meets(spec, o, today) for o in dated):
                continue  # "the week of the 16th is sprint week; the 17th works"
            if not dated:
                return None
        elif any(_meets(spec, o, today) for o in days):
            continue  # the same day said twice
        elif not days and any(_meets(spec, w, today) for w in weeks):
            return None
        dropped.add(id(spec))
    return [s for s in allowed if id(s) not in dropped]
