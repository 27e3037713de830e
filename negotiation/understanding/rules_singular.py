"""A clock time said of one option ("the one at 10", "上午10点那个") when it fits several.

"10am works" with two ten o'clock options is a yes to both; "the one at 10" picks one
of them without saying which, so a careful reader asks back. Plurals and words that take
any of them ("both 10am ones", "any of the 10 o'clock slots", "上午10点都可以") stay a yes
to all.
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
    """The options a time fits, narrowed to one by a day beside it when said of one option.

    None when it is said of one option and still fits several: the reader must ask.
    """
    if (
        len(matched) < 2
        or (spec.has_day and not spec.broad)
        or not said_of_one(clause, spec.start, spec.end)
    ):
        return matched
    days = [s for s in specs if s is not spec and s.has_day and not s.problem]
    narrowed = [o for o in matched if any(fits(day, o) for day in days)]
    return narrowed if len(narrowed) == 1 else None
