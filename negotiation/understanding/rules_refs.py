"""Find the options one clause of a reply refers to: labels, quoted values, days and times."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from zoneinfo import ZoneInfo

from negotiation.understanding.lexicon_labels import LABEL_FOLLOWERS, LABEL_LEADERS
from negotiation.understanding.rules_bare_hour import bare_hour
from negotiation.understanding.rules_date_rank import rank_and_date_differ
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.rules_ordinals import find_ordinals
from negotiation.understanding.rules_places import find_places, fold, mask
from negotiation.understanding.rules_singular import clock_left_open, narrow_to_one
from negotiation.understanding.rules_zones import find_zone
from negotiation.understanding.types import Item, MeetingView, OptionView

_ABBREVIATIONS = re.compile(r"\b(?:e\.g\.|i\.e\.|p\.s\.|ps:|etc\.|a\.k\.a\.|n\.b\.)", re.I)
_TOKEN = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*\d*|\d+(?:\.\d+)?|[\u4e00-\u9fff]|[^\sA-Za-z\d]")
_UNITS = frozenset(
    [
        "min",
        "mins",
        "minute",
        "minutes",
        "hour",
        "hours",
        "hr",
        "hrs",
        "h",
        "people",
        "persons",
        "ppl",
        "pax",
        "x",
        "st",
        "nd",
        "rd",
        "th",
        "pm",
        "am",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "times",
        "more",
        "others",
        "of",
        "colleagues",
        "guests",
        "seconds",
        "sec",
        "分钟",
        "小时",
        "个",
        "人",
        "位",
        "次",
        "号",
        "点",
        "月",
        "日",
        "天",
        "周",
        "楼",
        "层",
        "%",
    ]
)
_CONNECTORS = frozenset(
    [
        ",",
        "/",
        "&",
        "+",
        "and",
        "or",
        "-",
        "和",
        "或",
        "及",
        "与",
        "、",
        "以及",
        "还是",
        "跟",
        ";",
        ":",
        ".",
        "!",
        "(",
        ")",
        "以",
        "及",
        "。",
    ]
)


@dataclass
class Refs:
    """What one clause points at; positions let the caller see negation scope."""

    hits: list[tuple[int, Item, str]] = field(default_factory=list)  # (position, item, id)
    unmatched: list[TimeSpec] = field(default_factory=list)  # day/time not among the options
    places: list[tuple[int, str]] = field(default_factory=list)  # place names not among the options
    problems: list[str] = field(default_factory=list)
    pairs: list[tuple[str, str]] = field(default_factory=list)  # "A1": (time id, place id)
    label_only: bool = False  # nothing but labels and connectors
    # Where a part of the day or a whole week stands alone ("mornings", "next week"):
    # a qualifier that may narrow a day named elsewhere in the reply.
    loose: set[int] = field(default_factory=set)
    guessed: set[int] = field(default_factory=set)  # bare ordinals read as times
    dated: set[int] = field(default_factory=set)  # "the third": the 3rd of the month too
    resolved: set[int] = field(default_factory=set)  # bare ordinals only the times can hold
    rest: str = ""  # the clause with every recognised reference blanked out
    # Clock times with no day that fit several options, none named ("10点可以"): asked
    # about unless the sentence says all of them (rules_singular).
    open_clocks: list[int] = field(default_factory=list)

    @property
    def ids(self) -> set[tuple[Item, str]]:
        return {(item, oid) for _, item, oid in self.hits}

    @property
    def positions(self) -> list[int]:
        return (
            [pos for pos, _, _ in self.hits]
            + [s.start for s in self.unmatched]
            + [p for p, _ in self.places]
        )


def _label_context(tokens: list[str], index: int, label_like: set[int]) -> bool:
    before = tokens[index - 1].lower() if index > 0 else ""
    after = tokens[index + 1].lower() if index + 1 < len(tokens) else ""
    if before in LABEL_LEADERS or (index - 1) in label_like:
        return True
    if not after or after in LABEL_FOLLOWERS or after in _CONNECTORS or (index + 1) in label_like:
        return True
    if re.fullmatch(r"[\u4e00-\u9fff]", after) or re.fullmatch(r"[\u4e00-\u9fff]", before or "x"):
        return True
    return not before and not after


def find_refs(clause: str, view: MeetingView) -> Refs:
    """Options, proposals and problems that one clause mentions."""
    refs = Refs()
    tz = ZoneInfo(view.reader_tz)
    now = view.message_date.astimezone(tz)
    original = _ABBREVIATIONS.sub(lambda m: " " * len(m[0]), clause)
    text = fold(original)
    place_options = tuple(o for o in view.options if o.item == "location")
    time_options = tuple(o for o in view.options if o.item == "time")

    text, places = find_places(text, place_options)
    refs.hits += places.hits
    for pos, name in places.places:
        written = original[pos : pos + len(name)]  # "Café Einstein" as written, not folded
        refs.places.append((pos, written if fold(written) == name else name))
    refs.problems += places.problems

    zone_name, zone_spans, zone_problem = find_zone(text, more_places=True)
    for span in zone_spans:
        text = mask(text, *span)
    if zone_problem:
        refs.problems.append(zone_problem)
    zone = ZoneInfo(zone_name) if zone_name else tz
    specs = find_time_specs(text, now.astimezone(zone).date(), in_week=True)
    # Clock times with no day: what they fit, and whether that falls on several dates.
    clocks: list[tuple[int, set[str], bool]] = []  # (a bare "10:00 works" still reads both)
    if _weekday_and_date_disagree(specs):
        refs.problems.append("weekday and date disagree")
    for spec in specs:
        text = mask(text, spec.start, spec.end)
        if spec.problem:
            refs.problems.append(spec.problem)
            continue
        if zone_name and spec.has_time:
            spec = replace(spec, zone=zone_name)
        matched = [o for o in time_options if _fits(spec, o, view)]
        if not matched:
            refs.unmatched.append(spec)
            continue
        if rank_and_date_differ(fold(original), spec, matched, view):
            refs.problems.append("a day of the month that could be an option's rank")
            continue
        dates = {o.start.astimezone(tz).date() for o in matched if o.start}
        if len(dates) > 1 and spec.has_day and not spec.broad:
            refs.problems.append("a day that fits options on different dates")
            continue
        one = narrow_to_one(text, spec, specs, matched, lambda s, o: _fits(s, o, view))
        if one is None:
            refs.problems.append("a clock time that fits several options, said of one")
            continue
        if clock_left_open(text, spec, specs, one, lambda s, o: _fits(s, o, view)):
            refs.open_clocks.append(spec.start)
        matched = one
        if spec.qualifier and spec.dates and len(spec.dates) > len(dates) and not spec.broad:
            # "next Thursday" on a Monday: this week's (an option) or next week's (none).
            refs.problems.append("a day that may be another week's")
            continue
        refs.hits += [(spec.start, "time", o.id) for o in matched]
        if not spec.has_day and spec.has_time and not spec.broad:
            clocks.append((spec.start, {o.id for o in matched}, len(dates) > 1))
        if not spec.has_day and spec.times is None or spec.broad and spec.weekdays is None:
            refs.loose.add(spec.start)

    for ordinal in find_ordinals(text, view):
        if not ordinal.ids:
            refs.problems.append("an ordinal that could be a time or a place")
        refs.hits += [(ordinal.start, ordinal.item, oid) for oid in ordinal.ids]
        if ordinal.guessed:
            refs.guessed.add(ordinal.start)
        if ordinal.dated:
            refs.dated.add(ordinal.start)
        if ordinal.resolved:
            refs.resolved.add(ordinal.start)
        text = mask(text, ordinal.start, ordinal.end)

    quoted_values = len(refs.hits)
    text = _find_labels(text, view, refs)
    _clock_beside_label(original, refs, quoted_values, clocks)
    # "A at 10": the label beside the clock says which; the clock is no longer open.
    still = {pos for pos, item, _ in refs.hits if item == "time"}
    refs.open_clocks = [pos for pos in refs.open_clocks if pos in still]
    refs.rest = text
    leftover = re.sub(r"[\s,/&+;:.!()\-和或及与、]|\band\b|\bor\b|以及|还是", "", text, flags=re.I)
    refs.label_only = (
        not leftover
        and bool(refs.hits)
        and not quoted_values
        and not refs.unmatched
        and not refs.places
    )
    return refs


# "A at 10", "A 10:00", "A十点", "A @ 3pm": a label and the clock written right after it.
_LABEL_TO_CLOCK = re.compile(r"[\s,:@]*(?:at|um|à|a\s+las|在)?[\s,:@]*", re.I)


def _clock_beside_label(
    original: str, refs: Refs, labels_from: int, clocks: list[tuple[int, set[str], bool]]
) -> None:
    """A clock written right after a time label restates that label's option, or is asked.

    "A at 10" with A on Monday and C on Thursday, both at 10:00, was a yes to A and C, and
    "A at 3pm" with B at 15:00 a yes to A and B.
    """
    labels = [(pos, oid) for pos, item, oid in refs.hits[labels_from:] if item == "time"]
    for start, fits, _ in clocks:
        beside = [
            oid
            for pos, oid in labels
            if pos < start and _LABEL_TO_CLOCK.fullmatch(original[pos + len(oid) : start])
        ]
        if not beside:
            continue
        if set(beside) <= fits:
            refs.hits = [h for h in refs.hits if not (h[0] == start and h[1] == "time")]
        else:
            refs.problems.append("a clock time beside a label it does not fit")


def _fits(spec: TimeSpec, option: OptionView, view: MeetingView) -> bool:
    """True when the option's start is a day and time the spec names."""
    zone = ZoneInfo(spec.zone or view.reader_tz)
    return option.start is not None and spec.matches(option.start.astimezone(zone))


def _weekday_and_date_disagree(specs: list[TimeSpec]) -> bool:
    """ "Tuesday the 4th" when the 4th is a Wednesday: two days side by side that differ."""
    for first, second in zip(specs, specs[1:], strict=False):
        pair = (first, second) if first.weekdays is not None else (second, first)
        days, dates = pair
        if second.start - first.end > 8 or days.weekdays is None or days.dates is not None:
            continue
        if (
            dates.dates
            and dates.weekdays is None
            and not any(d.weekday() in days.weekdays for d in dates.dates)
        ):
            return True
    return False


def _find_labels(text: str, view: MeetingView, refs: Refs) -> str:
    """Record label tokens ("A", "b2", "3") and return the text with them blanked out."""
    time_ids = {i.upper() for i in view.ids("time")}
    place_ids = set(view.ids("location"))
    matches = list(_TOKEN.finditer(text))
    tokens = [m[0] for m in matches]
    # The "s" a masked day leaves of "Thursday's" ("'s a no") is no label beside "a".
    label_like = {
        i
        for i, t in enumerate(tokens)
        if ((len(t) == 1 and t.isalpha() and t.upper() != "I") or re.fullmatch(r"[A-Za-z]\d|\d", t))
        and text[max(matches[i].start() - 1, 0) : matches[i].start()] not in ("'", "’")
    }
    used: list[tuple[int, int]] = []
    for index, (m, token) in enumerate(zip(matches, tokens, strict=True)):
        pos = m.start()
        if re.fullmatch(r"[A-Za-z]\d", token):
            letter, digit = token[0].upper(), token[1]
            if letter in time_ids and digit in place_ids:
                refs.hits += [
                    (pos, "time", _orig_id(view, "time", letter)),
                    (pos, "location", digit),
                ]
                refs.pairs.append((letter, digit))
                used.append(m.span())
            elif _label_context(tokens, index, label_like):
                refs.problems.append(f"no option {token}")
            continue
        if len(token) == 1 and token.isalpha():
            upper = token.upper()
            if upper == "I" and "I" not in time_ids:
                continue
            if not _label_context(tokens, index, label_like):
                continue
            if token == "a" and not _lowercase_a_is_label(tokens, index, label_like):
                continue
            if upper in time_ids:
                refs.hits.append((pos, "time", _orig_id(view, "time", upper)))
                used.append(m.span())
            elif token.isupper() or upper in "BCDEFGH":
                refs.problems.append(f"no option {upper}")
            continue
        if token.isdigit():
            after = tokens[index + 1].lower() if index + 1 < len(tokens) else ""
            if after in _UNITS or after.startswith(("min", "hour", "hr")):
                continue
            if token in place_ids:
                refs.hits.append((pos, "location", token))
                used.append(m.span())
            elif hour := bare_hour(text, matches, index, view):  # "9 works": no place 9, A at 9am
                refs.hits.append((pos, "time", hour))
                used.append(m.span())
            elif len(token) <= 2:
                refs.problems.append(f"no option {token}")
            continue
    _letter_ranges(text, view, refs, {start for start, _ in used})
    for span in used:
        text = mask(text, *span)
    return text


# "Options A-C", "A–C", "A through C" (dashes are hyphens once normalised): a range of
# letters names every option between its ends, not its two ends alone.
_LETTER_RANGE = re.compile(r"\b(?P<first>[A-Z])\s*(?:-|\bthrough\b|\bthru\b)\s*(?P<last>[A-Z])\b")


def _letter_ranges(text: str, view: MeetingView, refs: Refs, read: set[int]) -> None:
    time_ids = {i.upper() for i in view.ids("time")}
    for m in _LETTER_RANGE.finditer(text):
        first, last = m["first"], m["last"]
        if m.start("first") not in read or m.start("last") not in read:
            continue  # the ends must both be options read as labels
        if first > last:  # "C-A": the two ends, or all between them? Asked about.
            refs.problems.append("a range of options written backwards")
        for code in range(ord(first) + 1, ord(last)):
            if chr(code) in time_ids:
                refs.hits.append((m.start(), "time", _orig_id(view, "time", chr(code))))
            else:
                refs.problems.append(f"no option {chr(code)}")


def _lowercase_a_is_label(tokens: list[str], index: int, label_like: set[int]) -> bool:
    """Lower-case "a" is usually the article: a label only beside other labels or after "option"."""
    before = tokens[index - 1].lower() if index > 0 else ""
    after = tokens[index + 1].lower() if index + 1 < len(tokens) else ""
    if before in ("option", "choose", "pick", "select", "选", "选择") or (index - 1) in label_like:
        return True
    if (index + 1) in label_like or (
        after in _CONNECTORS and index + 2 < len(tokens) and (index + 2) in label_like
    ):
        return True
    return all(i in label_like or t in _CONNECTORS for i, t in enumerate(tokens))


def _orig_id(view: MeetingView, item: Item, upper: str) -> str:
    for oid in view.ids(item):
        if oid.upper() == upper:
            return oid
    return upper
