"""Options named by their place in the list: "the first one", "the last two", 前两个, 第二个地点.

An ordinal points at times when a time word stands with it ("the first two times",
第一个时间) or when it can only rank times ("the earliest one"), at places with a place
word ("the second place", 第一个地点). "The first one" or 第一个 alone could be either
list (blind labellers disagreed): it is marked guessed, and the reply reads it as a time
only when the place is answered apart ("the first two work, second place"); a place word
next to it makes it an OrdinalRef with no ids, asked about. Only unmistakable shapes are read: "the first" or "first one/two/option",
never a bare "first" ("First, A works") or a bare number ("option two" could be B or 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_places import find_places, fold
from negotiation.understanding.types import Item, MeetingView

_EN_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4}
# "the middle one" is resolved against the list's length; -2 would be "the last but one".
_MIDDLE = "middle"
_EN_COUNT = {"two": 2, "three": 3}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "1": 1, "2": 2, "3": 3, "4": 4}

# "the second to last", "the last but one", "the penultimate one": one before the end.
_LAST_BUT_ONE = r"(?:second|next)[\s-]+to[\s-]+last|last\s+but\s+one|penultimate"
_NOUN = r"(?:ones?|options?|times?|slots?|dates?|days?|places?|locations?|venues?)"
_PLACE_NOUN = re.compile(r"place|location|venue|地点|地方", re.I)
_TIME_NOUN = re.compile(r"time|slot|date|day|时间", re.I)
# Place words beside a bare ordinal make it a place's rank as likely as a time's.
_WHERE = re.compile(r"\b(?:where|room|venue|location|online|in\s+person)\b|哪里|线上|线下", re.I)
_EN = re.compile(
    rf"\b(?:the\s+)?(?P<which>{_LAST_BUT_ONE}|first|last|earliest|latest|second|third|fourth|"
    rf"fifth|middle)"
    rf"(?:\s+(?P<count>two|three))?(?:\s+(?P<noun>{_NOUN}))?\b",
    re.I,
)
# 最后那个时间, 最早的那个: "that one" may stand between the rank and its noun; 最早 and 最晚
# (earliest, latest) rank only times.
_ZH = re.compile(
    r"(?:(?P<back>倒数)?第(?P<nth>[一二三四五1-5])|(?P<edge>前|后|最后)(?P<count>[一二两三1-3])?"
    r"|最(?P<temporal>早|晚)的?(?=[那这]?个))"
    r"(?:[那这](?=个))?个?(?P<noun>时间|地点|地方|选项)?"
)


# What may follow "the first" when no noun does: the end, a connector or a verdict.
# "the first week of April" is no option.
_FOLLOWERS = re.compile(
    r"\s*(?:$|[,.;:!?)/&+]|(?:and|or|works?|is|are|please|would|fine|ok|okay|for|suits?|"
    r"then|both|too|also|sounds?|looks?|good|great|doesn['’]?t|does\s+not|won['’]?t|isn['’]?t|"
    r"can['’]?t|clash(?:es)?)\b)",
    re.I,
)


@dataclass(frozen=True)
class OrdinalRef:
    start: int
    end: int
    item: Item
    ids: tuple[str, ...]
    guessed: bool = False  # no time or place word: the times by default
    # No time or place word, yet only the times are long enough ("the third" of three
    # times and two places): a time, and it says the bare ordinals beside it rank times.
    resolved: bool = False
    dated: bool = False  # "the third" alone, when the 3rd is a time option's day


# "Tuesday, like last time", "the last time we met": an occasion, never an option. Without
# "the" it is a rank only in a list of ranks ("first place, last time").
_WHO_AFTER = re.compile(r"\s+(?:we|i|you|they|he|she|it|this|that)\b", re.I)
_LIKE_BEFORE = re.compile(r"\b(?:like|as|than|since|from|unlike)\s+(?:the\s+)?$", re.I)
_OTHER_RANK = re.compile(
    r"\b(?:first|second|third|fourth|fifth|middle|1st|2nd|3rd|4th|5th)\b|第|最", re.I
)


def _past_time(text: str, m: re.Match[str], has_the: bool) -> bool:
    if m["which"].lower() != "last" or m["count"]:
        return False
    if not re.fullmatch(r"times?", m["noun"] or "", re.I):
        return False
    if re.match(r"\s+slots?\b", text[m.end() :], re.I):
        return False  # "last time slot": the last option
    if _WHO_AFTER.match(text, m.end()) or _LIKE_BEFORE.search(text[: m.start()]):
        return True
    return not has_the and not _OTHER_RANK.search(text[: m.start()] + " " + text[m.end() :])


def find_ordinals(text: str, view: MeetingView) -> list[OrdinalRef]:
    """Every ordinal reference in a clause, with the option ids it points at."""
    found = []
    for m in _EN.finditer(text):
        has_the = m[0].lower().startswith("the")
        if re.search(r"\b(?:my|our|your|his|her|their)\s+$", text[: m.start()], re.I):
            continue  # "A is my second choice": a rank of preference, not an option
        if not (has_the or m["noun"] or m["count"] or _paired(text, m)):
            continue  # "First, A works": a word of order, not an option
        if _past_time(text, m, has_the):
            continue  # "Tuesday, like last time": a meeting before, never a rank
        if m["which"].lower() in ("earliest", "latest", "last") and not (
            has_the or m["noun"] or _paired(text, m)
        ):
            continue
        if not m["noun"] and not _FOLLOWERS.match(text, m.end()):
            continue
        if m["count"] and m["which"].lower() not in ("first", "last", "earliest", "latest"):
            continue  # "the middle two", "the second two": left unread, so asked about
        temporal = m["which"].lower() in ("earliest", "latest")
        noun = m["noun"] if not _bare(m["noun"]) else _implied_noun(text, m) or m["noun"]
        item = _item(noun or "", view, text)
        if temporal:  # "the earliest place" ranks no place: asked about
            item = None if _PLACE_NOUN.search(noun or "") else "time"
        indexes = _en_indexes(m["which"].lower(), _EN_COUNT.get((m["count"] or "").lower(), 1))
        guessed = _bare(noun) and not temporal  # nothing but a time is "the earliest"
        # "the third" alone may be a date (the 3rd); "the third one" is an option.
        ranked = bool(m["noun"] or m["count"]) or m["which"].lower() == _MIDDLE
        ref = _ref(m.start(), m.end(), item, indexes, view, guessed=guessed, ranked=ranked)
        if ref and ref.guessed and not ranked and _an_options_day(m["which"].lower(), view):
            # "the third doesn't work" when the 3rd is an option's day: which is meant?
            ref = replace(ref, dated=True)
        if ref:
            found.append(ref)
    for m in _ZH.finditer(text):
        if m["edge"] == "前" and not m["count"]:
            continue  # 前 alone is "before"
        if m["edge"] == "后" and not m["count"]:
            continue
        noun = m["noun"] if not _bare(m["noun"]) else _implied_noun(text, m) or m["noun"]
        item = _item(noun or "", view, text)
        if m["temporal"]:
            # 最早的那个地点: no place is early; asked about.
            item = None if _PLACE_NOUN.search(noun or "") else "time"
            ref = _ref(m.start(), m.end(), item, [0] if m["temporal"] == "早" else [-1], view)
            if ref:
                found.append(ref)
            continue
        if m["nth"]:
            nth = _ZH_DIGITS[m["nth"]]
            indexes = [-nth] if m["back"] else [nth - 1]  # 倒数第二个: the last but one
        else:
            count = _ZH_DIGITS[m["count"]] if m["count"] else 1
            indexes = list(range(count)) if m["edge"] == "前" else [-(i + 1) for i in range(count)]
        # 第三个 is an option; 第三 alone may begin 第三周 (the third week).
        ranked = "个" in m[0] or bool(m["noun"])
        ref = _ref(m.start(), m.end(), item, indexes, view, guessed=_bare(noun), ranked=ranked)
        if ref:
            found.append(ref)
    return found


_KIND = r"(?P<noun>times?|slots?|dates?|days?|places?|locations?|venues?|时间|地点)"
# Where a bare ordinal takes its list from the words around it: "the first and third
# times", "the second for the place", "time: the second one".
_SHARED_NOUN = re.compile(
    rf"\s*(?:,|and|or|&|和|或)\s*(?:the\s+)?(?:first|second|third|fourth|fifth|last|middle)"
    rf"\s+{_KIND}\b",
    re.I,
)
_FOR_NOUN = re.compile(rf"\s+for\s+(?:the\s+)?{_KIND}\b", re.I)
# "time: the second one", 地点选第二个 ("for the place, pick the second").
_NOUN_BEFORE = re.compile(rf"(?:^|[\s(，,]){_KIND}\s*(?:[:=：]|(?<=[点间])[选要用就定]?)\s*$", re.I)


def _implied_noun(text: str, ordinal: re.Match[str]) -> str | None:
    for m in (_SHARED_NOUN.match(text, ordinal.end()), _FOR_NOUN.match(text, ordinal.end())):
        if m:
            return m["noun"]
    before = _NOUN_BEFORE.search(text[: ordinal.start()])
    return before["noun"] if before else None


_BARE_PAIR = re.compile(
    r"^(?:first|last|second|third|middle)\s+(?:and|or|&)\s+(?:the\s+)?"
    r"(?:first|last|second|third|middle)\b",
    re.I,
)


def _an_options_day(which: str, view: MeetingView) -> bool:
    """True when "the second" could as well be the 2nd of the month, a time option's day."""
    if which not in _EN_ORDINALS:
        return False
    zone = ZoneInfo(view.reader_tz)
    days = {o.start.astimezone(zone).day for o in view.options if o.item == "time" and o.start}
    return _EN_ORDINALS[which] + 1 in days


def _paired(text: str, m: re.Match) -> bool:
    """ "first and last", "second or third": two order words joined name two options."""
    if _BARE_PAIR.match(text, m.start()):
        return True
    before = text[: m.start()]
    return bool(re.search(r"\b(?:first|last|second|third|middle)\s+(?:and|or|&)\s+$", before, re.I))


def _item(noun: str, view: MeetingView, clause: str) -> Item | None:
    if _PLACE_NOUN.search(noun):
        return "location"
    if _TIME_NOUN.search(noun):
        return "time"
    lists = [item for item in ("time", "location") if view.ids(item)]
    if len(lists) == 1:
        return lists[0]
    if _PLACE_NOUN.search(clause) or _WHERE.search(clause):
        return None  # "the first one for the meeting room": which list?
    return "time" if view.ids("time") else None


def _bare(noun: str | None) -> bool:
    """No time or place word: "the first", "the first one", "second option", 第一个."""
    return not (noun and (_PLACE_NOUN.search(noun) or _TIME_NOUN.search(noun)))


def guess_is_unsafe(sentence: str, view: MeetingView) -> bool:
    """True when a bare ordinal ("the first one") follows a place in its sentence."""
    place_options = tuple(o for o in view.options if o.item == "location")
    for ref in find_ordinals(sentence, view):
        if ref.ids and not ref.guessed:
            continue
        before = sentence[: ref.start]
        # "Zoom, the first one", "for the place, the first one": the rank of a place.
        if _PLACE_NOUN.search(before) or _WHERE.search(before):
            return True
        if find_places(fold(before), place_options)[1].hits:
            return True
    return False


def _en_indexes(which: str, count: int) -> list[int] | str:
    if which not in _EN_ORDINALS and which not in ("last", "latest", "earliest", _MIDDLE):
        return [-2]  # the last but one
    if which in ("last", "latest"):
        return [-(i + 1) for i in range(count)]
    if which == "earliest":
        return list(range(count))
    if which == _MIDDLE:
        return _MIDDLE
    start = _EN_ORDINALS[which]
    return list(range(start, start + count)) if which == "first" else [start]


def _ref(
    start: int,
    end: int,
    item: Item | None,
    indexes: list[int] | str,
    view: MeetingView,
    *,
    guessed: bool = False,
    ranked: bool = False,
) -> OrdinalRef | None:
    if item is None:
        return OrdinalRef(start, end, "time", ())
    resolved = False
    if guessed and ranked:
        # A bare ordinal ("the first one") names a list's option only when one list alone
        # can hold it: the only list of several, or the only one with a middle or a third.
        holders = [i for i in ("time", "location") if _holds(view.ids(i), indexes)]
        if len(holders) == 2 and len(indexes) >= len(view.ids("location")):
            # "the first two" of three times and two places: both places would be "both";
            # a count that spans the places ranks the times. Never the other way round:
            # the times are the list a bare rank defaults to.
            holders = ["time"]
        if len(holders) == 1:
            item, guessed, resolved = holders[0], False, True
        elif not holders:
            return None
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
    ids = tuple(dict.fromkeys(ids[i] for i in indexes))
    return OrdinalRef(start, end, item, ids, guessed and len(view.ids("location")) > 0, resolved)


def _holds(ids: tuple[str, ...], indexes: list[int] | str) -> bool:
    """True when a list of several options has the option(s) at these indexes."""
    if len(ids) < 2:
        return False
    if indexes == _MIDDLE:
        return len(ids) % 2 == 1
    return all(i < len(ids) and -i <= len(ids) for i in indexes)


def _start_key(option) -> str:
    return option.start.isoformat() if option.start else option.id


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}
_ALL_N = re.compile(
    r"\b(?:all|each\s+of\s+the)\s+(?P<n>two|three|four|five)\b"
    r"(?:\s+(?P<noun>times?|slots?|dates?|days?|options?|places?|locations?|venues?|of\s+them))?",
    re.I,
)


def spell_all_of_count(text: str, view: MeetingView) -> str:
    """ "all three work": "all times work" when exactly the times are three; else as written.

    "none of the three" likewise, when only one list has three options.
    """

    def spelt(m: re.Match[str]) -> str:
        n, noun = _COUNTS[m["n"].lower()], (m["noun"] or "").lower()
        if _PLACE_NOUN.search(noun):
            items = ["location"]
        elif _TIME_NOUN.search(noun):
            items = ["time"]
        else:  # "all three", "all three options": the times, the invitation's first list
            items = ["time"]
        if len(items) != 1 or len(view.ids(items[0])) != n:
            return m[0]  # "all three" of four times, or two lists of three: as written
        return "all times" if items[0] == "time" else "all places"

    def none_of(m: re.Match[str]) -> str:
        # "none of the three": the one list with three options, when only one has three.
        n = _COUNTS[m["n"].lower()]
        lists = [item for item in ("time", "location") if len(view.ids(item)) == n]
        if len(lists) != 1:
            return m[0]
        return f"{m['head']} of the {'times' if lists[0] == 'time' else 'places'}"

    return _NONE_N.sub(none_of, _ALL_N.sub(spelt, text))


_OF_THEM = re.compile(
    r"\b(?P<head>any|all|each|either|both|none|neither)\s+of\s+(?:them|these|those)\b", re.I
)
_TIME_LIST = re.compile(r"\b(?:times|slots|dates|days)\b|时间", re.I)
_PLACE_LIST = re.compile(r"\b(?:places|locations|venues|rooms)\b|地点", re.I)


def spell_them(text: str) -> str:
    """ "Thanks for the times. A-OK with any of them": "them" is the list named before it.

    Only when one list alone was named before; "any of them" with none named is every
    option of both lists, and after both lists ("the times and places") it stays as written.
    """

    def spelt(m: re.Match[str]) -> str:
        before = text[: m.start()]
        times, places = _TIME_LIST.search(before), _PLACE_LIST.search(before)
        if bool(times) == bool(places):
            return m[0]
        return f"{m['head']} of the {'times' if times else 'places'}"

    return _OF_THEM.sub(spelt, text)


_NONE_N = re.compile(
    r"\b(?P<head>none|neither)\s+of\s+the\s+(?P<n>two|three|four|five)\b(?!\s+(?:of\s+)?[a-z])",
    re.I,
)
_DIGIT_ORDINAL = re.compile(
    r"\b([1-5])(?:st|nd|rd|th)(?=\s+(?:to[\s-]+last\b|(?:time|slot|option|place|location|venue|one)s?\b))",
    re.I,
)
_WORDS = ("first", "second", "third", "fourth", "fifth")


def spell_digit_ordinals(text: str) -> str:
    """ "2nd time slot" as "second time slot"; "the 2nd" alone stays a date.

    "the last but one" as "the second to last": its "but" is no contrast between clauses.
    """
    text = _LAST_BUT.sub("second to last", text)
    return _DIGIT_ORDINAL.sub(lambda m: _WORDS[int(m[1]) - 1], text)


_LAST_BUT = re.compile(r"\blast\s+but\s+one\b", re.I)
