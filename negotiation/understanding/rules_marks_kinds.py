"""What each mark beside an option means, and the lines that only explain the marks.

A green light is a yes like a tick ("A 🟢 B 🔴"), a red one a no like a cross; amber, a
shrug or a question mark is a maybe, which the hub asks about. A mark whose meaning is
not settled (a heart, a blue dot) beside an option is asked about too, never read as a
yes. A legend ("🟢 = works, 🔴 = doesn't") is dropped when it says what the marks
already mean, and asked about when it says anything else.
"""

from __future__ import annotations

import re

YES_MARKS = "✅✔☑✓👍🆗🙂😊👌🙆🟢💚🟩"
NO_MARKS = "❌✖✗✘❎👎🚫⛔🙁☹😞🙅🆖🔴🟥"
MAYBE_MARKS = "🟡🟠🟨🟧🤷"
# Neither a yes nor a no in everyday mail: a heart may be a yes or only warmth, a circle
# in a colour of its own means what the writer's legend said, ⭕ is a yes in Japan, a
# sad face or crossed fingers beside an option may be a no or a hope.
OPAQUE_MARKS = "❤♥🧡💛💙💜🖤🤍🤎💔🔵⚪⚫🟣🟤🟦🟪🟫⬜⬛⭕😢😭😕😬🤞"
# A skin tone ("👍🏽"), a gender ("🤷‍♀️") and the emoji presentation selector ride along.
_TAIL = "[\U0001f3fb-\U0001f3ff]?(?:\u200d[\u2640\u2642])?\ufe0f?"
MARK = re.compile(f"[{YES_MARKS}{NO_MARKS}]{_TAIL}")
MAYBE = re.compile(f"[{MAYBE_MARKS}]{_TAIL}")
OPAQUE = re.compile(f"[{OPAQUE_MARKS}]{_TAIL}")
ANY_MARK = re.compile(f"[{YES_MARKS}{NO_MARKS}{MAYBE_MARKS}]{_TAIL}")
QUESTION_MARKS = re.compile("[❓❔]\ufe0f?")


class MarksError(ValueError):
    """The marks cannot be tied to options one by one."""


def is_yes(mark: str) -> bool:
    return mark[0] in YES_MARKS


# An option said the short way: a label, a place number, a day ("Tue"), "option B".
_LABEL = (
    r"(?:(?:option|slot|time|place|loc(?:ation)?)\s*)?"
    r"(?:[A-Ha-h]|[1-9]|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?)(?!\w)"
)
BARE_LABEL = re.compile(
    rf"^[\s:：.\-–—|/()]*{_LABEL}(?:[\s:：.\-–—|/()]+{_LABEL})*[\s:：.\-–—|/()]*$", re.I
)
_LIST_SEP = r"\s*(?:[,/&+、，]|\band\b)\s*"
_MARK_ANY = f"(?:[{YES_MARKS}{NO_MARKS}]{_TAIL})"
# "❌: C, D", "✅ A / B", "C, D ❌": one mark for a list of options.
_GROUP = re.compile(
    rf"^\s*(?:(?P<before>{_MARK_ANY})\s*[:：\-–—]?\s*(?P<list1>{_LABEL}(?:{_LIST_SEP}{_LABEL})+)"
    rf"|(?P<list2>{_LABEL}(?:{_LIST_SEP}{_LABEL})+)\s*[:：\-–—]?\s*(?P<after>{_MARK_ANY}))"
    r"\s*[.!]?\s*$",
    re.I,
)
# "A | ✅", "B: ❌" on a line of its own: the separator only ties the mark to the label.
_PAIRED = re.compile(rf"^(\s*{_LABEL})\s*[|:：\-–—]\s*({_MARK_ANY})\s*$", re.I)

_ANY = f"(?:{_MARK_ANY}|{MAYBE.pattern}|{OPAQUE.pattern})"
_SAYS = r"(?:=|:|：|->|→|means)"
_MEANING = rf"(?:(?!{_ANY})[^,;/|\n()])+"  # "works", up to the next mark or comma
_LEGEND_PAIR = re.compile(rf"({_ANY})\s*{_SAYS}\s*({_MEANING})", re.I)
_LEGEND_LINE = re.compile(rf"^\W*(?:{_ANY}\s*{_SAYS}\s*{_MEANING}(?:[,;/|()]\s*)?)+\W*$", re.I)
# "Key: 🟢 free 🔴 busy": after the word legend or key, no "=" is needed.
_KEY_LINE = re.compile(r"^\W*(?:legend|key|colou?rs?)\s*[:：]\s*(?=\S)", re.I)
_KEY_PAIR = re.compile(rf"({_ANY})\s*{_SAYS}?\s*({_MEANING})", re.I)
_MEANS_MAYBE = re.compile(
    r"\b(?:maybe|perhaps|possibly|tentative\w*|not\s+sure|unsure|if\s+(?:needed|necessary|"
    r"must|need\s+be)|might|could)\b|也许|可能|待定",
    re.I,
)
_MEANS_NO = re.compile(
    r"\b(?:no|nope|not|doesn'?t|don'?t|can'?t|cannot|won'?t|busy|unavailable|impossible|bad"
    r"|out|conflict)\b|不行|不可以|没空|没时间",
    re.I,
)
_MEANS_YES = re.compile(
    r"\b(?:yes|ok|okay|works?|good|fine|free|available|can|possible|best|great|perfect"
    r"|preferred|prefer|go)\b|可以|行|有空",
    re.I,
)


def _meaning(words: str) -> str | None:
    """ "yes", "no" or "maybe" for what a legend says a mark means; None for anything else."""
    if _MEANS_MAYBE.search(words):
        return "maybe"
    if _MEANS_NO.search(words):
        return "no"
    return "yes" if _MEANS_YES.search(words) else None


def _kind(mark: str) -> str | None:
    if MAYBE.fullmatch(mark):
        return "maybe"
    return ("yes" if is_yes(mark) else "no") if MARK.fullmatch(mark) else None


def drop_legend(line: str) -> str:
    """ "🟢 = works, 🔴 = doesn't": dropped when it agrees with the marks' own meaning."""
    key = _KEY_LINE.match(line)
    if key:
        pairs = _KEY_PAIR.findall(line[key.end() :])
        if not pairs:
            return line
    elif _LEGEND_LINE.match(line):
        pairs = _LEGEND_PAIR.findall(line)
    else:
        return line
    if all(BARE_LABEL.match(words) or re.match(rf"\s*{_LABEL}\b", words) for _, words in pairs):
        return line  # "🟢: A" names an option: no legend
    for mark, words in pairs:
        meaning = _meaning(words)
        if meaning is None or meaning != _kind(mark):
            # "🔴 = free", "💙 = works": marks that mean what the writer says
            raise MarksError("a legend for the marks the rules do not read that way")
    return ""


def tie_pair(line: str) -> str:
    """ "A | ✅", "B: ❌": the bar or colon between a label and its mark is no boundary."""
    paired = _PAIRED.match(line)
    return f"{paired[1]} {paired[2]}" if paired else line


def group_pairs(line: str) -> list[tuple[str, bool]] | None:
    """ "❌: C, D" -> [("C", False), ("D", False)]; None when the line is no such list."""
    group = _GROUP.match(line)
    if not group:
        return None
    listed = (group["list1"] or group["list2"]).strip()
    if is_yes(group["before"] or group["after"]):
        return [(listed, True)]  # "A and 1 ok." reads as it is written
    # "not C, D" would leave D out of the no: each label gets its own.
    return [(label.strip(), False) for label in re.split(_LIST_SEP, listed, flags=re.I)]
