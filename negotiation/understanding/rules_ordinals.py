"""Options named by their place in the list: "the first one", "the last two", 前两个, 第二个地点.

An ordinal points at times when a time word stands with it ("the first two times",
第一个时间), at places with a place word ("the second place", 第一个地点); "the first one"
or 第一个 alone could be either list, so it is asked about (an OrdinalRef with no ids)
unless the invitation has only one list. Only unmistakable shapes are read: "the first" or "first one/two/option",
never a bare "first" ("First, A works") or a bare number ("option two" could be B or 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from negotiation.understanding.types import Item, MeetingView

_EN_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4}
# "the middle one" is resolved against the list's length; -2 would be "the last but one".
_MIDDLE = "middle"
_EN_COUNT = {"two": 2, "three": 3}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "1": 1, "2": 2, "3": 3, "4": 4}

_NOUN = r"(?:ones?|options?|times?|slots?|dates?|days?|places?|locations?|venues?)"
_PLACE_NOUN = re.compile(r"place|location|venue|地点|地方", re.I)
_TIME_NOUN = re.compile(r"time|slot|date|day|时间", re.I)
_EN = re.compile(
    rf"\b(?:the\s+)?(?P<which>first|last|earliest|latest|second|third|fourth|fifth|middle)"
    rf"(?:\s+(?P<count>two|three))?(?:\s+(?P<noun>{_NOUN}))?\b",
    re.I,
)
_ZH = re.compile(
    r"(?:第(?P<nth>[一二三四五1-5])|(?P<edge>前|后|最后)(?P<count>[一二两三1-3])?)"
    r"个?(?P<noun>时间|地点|地方|选项)?"
)


# What may follow "the first" when no noun does: the end, a connector or a verdict.
# "the first week of April" is no option.
_FOLLOWERS = re.compile(
    r"\s*(?:$|[,.;:!?)/&+]|(?:and|or|works?|is|are|please|would|fine|ok|okay|for|suits?|"
    r"then|both|too|also|sounds?|looks?|good|great)\b)",
    re.I,
)


@dataclass(frozen=True)
class OrdinalRef:
    start: int
    end: int
    item: Item
    ids: tuple[str, ...]


def find_ordinals(text: str, view: MeetingView) -> list[OrdinalRef]:
    """Every ordinal reference in a clause, with the option ids it points at."""
    found = []
    for m in _EN.finditer(text):
        has_the = m[0].lower().startswith("the")
        if re.search(r"\b(?:my|our|your|his|her|their)\s+$", text[: m.start()], re.I):
            continue  # "A is my second choice": a rank of preference, not an option
        if not (has_the or m["noun"] or m["count"]):
            continue  # "First, A works": a word of order, not an option
        if m["which"].lower() in ("earliest", "latest", "last") and not (has_the or m["noun"]):
            continue
        if not m["noun"] and not _FOLLOWERS.match(text, m.end()):
            continue
        if m["count"] and m["which"].lower() not in ("first", "last", "earliest", "latest"):
            continue  # "the middle two", "the second two": left unread, so asked about
        item = _item(m["noun"] or "", view)
        indexes = _en_indexes(m["which"].lower(), _EN_COUNT.get((m["count"] or "").lower(), 1))
        ref = _ref(m.start(), m.end(), item, indexes, view)
        if ref:
            found.append(ref)
    for m in _ZH.finditer(text):
        if m["edge"] == "前" and not m["count"]:
            continue  # 前 alone is "before"
        if m["edge"] == "后" and not m["count"]:
            continue
        item = _item(m["noun"] or "", view)
        if m["nth"]:
            indexes = [_ZH_DIGITS[m["nth"]] - 1]
        else:
            count = _ZH_DIGITS[m["count"]] if m["count"] else 1
            indexes = list(range(count)) if m["edge"] == "前" else [-(i + 1) for i in range(count)]
        ref = _ref(m.start(), m.end(), item, indexes, view)
        if ref:
            found.append(ref)
    return found


def _item(noun: str, view: MeetingView) -> Item | None:
    if _PLACE_NOUN.search(noun):
        return "location"
    if _TIME_NOUN.search(noun):
        return "time"
    lists = [item for item in ("time", "location") if view.ids(item)]
    return lists[0] if len(lists) == 1 else None  # "the first one": which list?


def _en_indexes(which: str, count: int) -> list[int] | str:
    if which in ("last", "latest"):
        return [-(i + 1) for i in range(count)]
    if which == "earliest":
        return list(range(count))
    if which == _MIDDLE:
        return _MIDDLE
    start = _EN_ORDINALS[which]
    return list(range(start, start + count)) if which == "first" else [start]


def _ref(
    start: int, end: int, item: Item | None, indexes: list[int] | str, view: MeetingView
) -> OrdinalRef | None:
    if item is None:
        return OrdinalRef(start, end, "time", ())
    ids = view.ids(item)
    if item == "time":
        # Times are listed in order; "earliest" and "first" mean the same.
        ids = tuple(
            o.id for o in sorted((o for o in view.options if o.item == "time"), key=_start_key)
        )
    if indexes == _MIDDLE:  # "the middle one": only when there is exactly one middle
        if len(ids) % 2 == 0:
            return None
        indexes = [len(ids) // 2]
    if not ids or any(i >= len(ids) or -i > len(ids) for i in indexes):
        return None
    return OrdinalRef(start, end, item, tuple(dict.fromkeys(ids[i] for i in indexes)))


def _start_key(option) -> str:
    return option.start.isoformat() if option.start else option.id
