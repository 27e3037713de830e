"""A clock time that fits several options ("10点可以" with A and C both at 10:00).

Issue 13: a time that matches exactly one option is that option; one that matches none is
a counter-proposal; anything in between asks. A day beside it may narrow it to one
("Monday works, 10am"); "the one at 10" picks one without saying which. Only plurals and
words that take every one of them ("both 10am ones", "any of the 10 o'clock slots",
"上午10点都可以", "10am, either one") say all of them: rules_clause asks about the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.types import OptionView

_NOUN = r"(?:one|slot|time|option|meeting|session|call|appointment)"
# Right before the time: "the one at", "that one @", "the", "that"; a word that takes
# any of them ("any", "either", "both") in front of it makes it no pick.
_BEFORE = re.compile(
    rf"(?<![\w-])(?:(?:the|that|this)\s+{_NOUN}\s+(?:at\s+|@\s*)?|(?:the|that|this)\s+)$"
    r"|那(?:个|個|场|場|次|一个)\s*$",
    re.I,
)
_ANY_BEFORE = re.compile(
    r"\b(?:any|either|each|every|whichever|both|all)\b(?:\s+of)?\s*\S*\s*$", re.I
)
# Right after the time: a singular noun ("10am one", "10 o'clock slot"), 「(的)那个」.
_AFTER = re.compile(rf"^\s*(?:{_NOUN}\b(?!s)|的?\s*那(?:个|個|场|場|次|一个))", re.I)
_ALL_AFTER = re.compile(r"^\s*(?:的?\s*)?(?:那)?[个個场場次]?\s*(?:都|全|均)")
_PLURAL_AFTER = re.compile(rf"^\s*{_NOUN}s\b", re.I)
# Anywhere in the sentence: a word that takes every option the time fits ("10am, either
# one", "both days at 10", "两个10点都行"); "10am works" alone says none of them.
SEVERAL = re.compile(
    r"\b(?:both|either|each|every|all\s+of|any\s+of|whichever)\b|都|两个|两天|俩|均", re.I
)


def said_of_all(text: str, start: int, end: int) -> bool:
    """True when the time at text[start:end] is named with every option it fits."""
    before, after = text[:start], text[end:]
    return bool(
        _ALL_AFTER.match(after) or _ANY_BEFORE.search(before[-24:]) or _PLURAL_AFTER.match(after)
    )


def said_of_one(text: str, start: int, end: int) -> bool:
    """True when the time at text[start:end] is named as one option, not as all that fit it."""
    before, after = text[:start], text[end:]
    if _ALL_AFTER.match(after) or _ANY_BEFORE.search(before[-24:]):
        return False
    noun_after = bool(_AFTER.match(after))
    one_before = _BEFORE.search(before[-24:])
    if one_before and one_before[0].strip().lower() in ("the", "that", "this"):
        # "the 10am" alone is no pick ("the 10am works for me"): it needs the noun after.
        return noun_after
    return bool(one_before) or noun_after


def narrow_to_one(
    clause: str,
    spec: TimeSpec,
    specs: list[TimeSpec],
    matched: list[OptionView],
    fits: Callable[[TimeSpec, OptionView], bool],
) -> list[OptionView] | None:
    """The options a time fits, narrowed to one by a day beside it.

    None when it is said of one option and still fits several: the reader must ask. A time
    said of none in particular that still fits several is returned whole, for the clause
    to ask about unless its sentence says all of them.
    """
    one = said_of_one(clause, spec.start, spec.end)
    if (
        len(matched) < 2
        or (spec.has_day and not spec.broad)
        or said_of_all(clause, spec.start, spec.end)
        or not (one or spec.times is not None)  # "mornings": a part of the day, all of them
    ):
        return matched
    days = [s for s in specs if s is not spec and s.has_day and not s.problem]
    narrowed = [o for o in matched if any(fits(day, o) for day in days)]
    if len(narrowed) == 1:
        return narrowed
    return None if one else matched


def clock_left_open(
    clause: str,
    spec: TimeSpec,
    specs: list[TimeSpec],
    matched: list[OptionView],
    fits: Callable[[TimeSpec, OptionView], bool],
) -> bool:
    """True when a clock time with no day fits several options and nothing in the clause
    says which: "10点可以", "Zoom at 10am". "Monday and Thursday, 10am" names each."""
    if len(matched) < 2 or spec.has_day or spec.broad or spec.times is None:
        return False
    if said_of_all(clause, spec.start, spec.end):
        return False
    days = [s for s in specs if s is not spec and s.has_day and not s.problem]
    return {o.id for o in matched} != {o.id for o in matched if any(fits(d, o) for d in days)}


def open_clock_problems(open_clocks: list[int], sentence: str) -> list[str]:
    """The problem of a clock time left open, unless its sentence says all it fits."""
    if not open_clocks or SEVERAL.search(sentence):
        return []
    return ["a clock time that fits several options, none named"]
