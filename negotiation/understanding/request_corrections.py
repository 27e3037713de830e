"""Corrections a request makes of itself, read when what stays is plain.

"Thursday the 12th (sorry, I meant Friday the 13th)", "Tuesday at 10 ... No wait, make it
11", "45 minutes (make that 40)", "Dave (sorry, not Dave, I meant Erin)", 周三，哦不对，周四下午,
"Correction: 10am London time": one thing said, then the thing that replaces it, of the
same kind (a day, an hour, a length, a person). The request is read as if the writer had
written the second in place of the first. "Actually scratch Will", "On reflection drop
Carol and Will, and add Dan Lee": people taken off (and added), nothing else changed.

The hub still asks whenever the correction is not plain: what replaces what is unclear
(two people named before "make it Erin"), the new thing is of no kind or of several, or
the mail names a thing of that kind again after the correction ("Make it 3pm actually.
Ugh, no, 3 is the all-hands. Back to 2"), which may take it back once more.
"""

from __future__ import annotations

import re
from datetime import date
from zoneinfo import ZoneInfo

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_stance import CHANGE_OF_MIND
from negotiation.understanding.request_changes import changes_mind
from negotiation.understanding.request_details import find_duration, find_locations
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.request_restated import restated
from negotiation.understanding.request_second_thoughts import second_thought_at
from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.rules_zones import find_zone
from negotiation.understanding.types import RequestContext

_CHANGE = compile_all(CHANGE_OF_MIND)
# What the new thing follows: "I meant", "make it", "Correction:", 哦不对，, 我的意思是.
_INTRODUCER = re.compile(
    r"\b(?:i\s+meant(?:\s+to\s+say)?|i\s+mean|meant|make\s+(?:it|that)|correction\s*:"
    r"|should\s+(?:be|have\s+said|say))\s*[:,]?\s*"
    r"|(?:哦|噢|啊|呃)?(?:不对|说错了|搞错了|写错了)\s*[，,、]\s*(?:是)?|我的意思是\s*[:：,，]?\s*",
    re.I,
)
# Words that carry no meaning of their own before the correction: "(sorry, I meant ...)",
# "No wait, ...", "oops,".
_FILLER = re.compile(
    r"(?:[\s,;:(—–-]*(?:sorry|oops|whoops|oh|no|wait|ah|um|hmm|uh|err?|哦|噢|啊|呃))*[\s,;:(—–-]*$",
    re.I,
)
_Y_END = re.compile(r"[,.;!?)，。；！？\n]|\s[-–—]\s")
_TRAILING = re.compile(r"(?:\s+(?:instead|then|actually|please|pls|thanks|thx))+\s*$", re.I)
# "Actually scratch Will", "drop Carol and Will": people taken off.
_TAKE_OFF = re.compile(
    r"\b(?:scratch|drop|remove|uninvite|lose|skip|leave\s+out|take\s+off|cross\s+off)\s+", re.I
)
_ADD = re.compile(r"\b(?:and\s+)?(?:add|invite|include|bring\s+in|loop\s+in)\s+", re.I)
_CLOCK = re.compile(
    r"(?<![\d:.])\d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.|h\b|uhr|点(?:半)?))?"
    r"(?![\d:]|(?:st|nd|rd|th)\b|[日号月])",
    re.I,
)
_LENGTH = re.compile(
    r"\b\d+(?:\.\d+)?\s*-?\s*(?:minutes?|mins?|hours?|hrs?|h)\b|\bhalf\s+an\s+hour\b"
    r"|\b(?:an?|one)\s+hour\b|\d+\s*分钟|(?:一个|两个)?(?:半)?小时",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?。！？\n]")
# After a correction, words that may take it back again: "Ugh, no, 3 is the all-hands. Back
# to 2 like I first said", "no wait", 还是.
_AGAIN = re.compile(
    r"\b(?:no|nope|nah|ugh|back\s+to|like\s+I\s+(?:first\s+)?said|as\s+I\s+(?:first\s+)?said"
    r"|original(?:ly)?|first\s+(?:one|time|plan)|as\s+before|after\s+all)\b|还是|原来",
    re.I,
)


def corrected(body: str, ctx: RequestContext) -> str | None:
    """The request with its plain corrections made, or None when one is not plain."""
    today = ctx.message_date.astimezone(ZoneInfo(ctx.sender_tz)).date()
    for _ in range(4):
        if not changes_mind(body, ctx):
            return body
        marks = [m for m in (_CHANGE.search(body), second_thought_at(body)) if m]
        if not marks:
            return None
        m = min(marks, key=lambda mark: mark.start())
        new = _back_to_first(body, _region_start(body, m.start()), ctx, today) or _one(
            body, m.start(), m.end(), ctx, today
        )
        if new is None:
            # "Thursday or Friday... no, actually just Thursday", "Day after instead, same
            # time": the time first said, replaced by the one the mail settles on.
            new = restated(body, _region_start(body, m.start()), ctx, today)
        if new is None:
            return None
        body = new
    return None


def _one(body: str, at: int, after: int, ctx: RequestContext, today: date) -> str | None:
    """The body with the correction whose marker is at `at` made, or None."""
    start = _region_start(body, at)
    bracket = body[start:at].lstrip().startswith("(")
    stop = body.find(")", at) if bracket else -1
    sentence_end = _SENTENCE_END.search(body, after)
    limit = stop if stop >= 0 else (sentence_end.start() if sentence_end else len(body))
    removal = _removal(body[start:limit], body[:start], ctx, today)
    if removal is not None:
        return body[:start] + removal + " " + body[limit + (stop >= 0) :].lstrip(".")
    place = _place_only(body, start, limit, (at, after), ctx, today)
    if place is not None:
        return place
    intro = None
    for found in _INTRODUCER.finditer(body, start, limit):
        intro = found
    if intro is None:
        return None
    y_end_m = _Y_END.search(body, intro.end())
    y_end = min(y_end_m.start() if y_end_m else len(body), limit if stop >= 0 else len(body))
    y_text = _TRAILING.sub("", body[intro.end() : y_end]).strip()
    if not y_text:
        return None
    end = stop + 1 if stop >= 0 else y_end
    before, rest = body[:start], body[end:]
    if _AGAIN.search(rest):
        return None
    replaced = _replace(before, y_text, rest, ctx, today, body[start:end])
    if replaced is None:
        return None
    return replaced + " " + rest


def _region_start(body: str, at: int) -> int:
    """Where the correction starts: its bracket, its clause, or its sentence."""
    filler = _FILLER.search(body, 0, at)
    start = filler.start() if filler else at
    opened = body.rfind("(", 0, at)
    if opened >= 0 and ")" not in body[opened:at] and at - opened <= 40:
        return opened
    if (
        start > 0
        and body[start - 1] in ",，、"
        or (filler and re.match(r"\s*(?:[,，;]|\s[—–-])", filler[0]))
    ):
        return start  # "周三，哦不对，周四": only the clause
    # The sentence, or what follows a label ("Correction: ..."; not the colon of 10:00).
    ends = [m.end() for m in re.finditer(r"[.!?\n。！？]|:(?!\d)", body[:start])]
    return ends[-1] if ends else 0


def _kind(y_text: str, before: str, ctx: RequestContext, today: date) -> str | None:
    """What the new thing is: a day, an hour, a length or people; None when unclear."""
    specs = request_specs(y_text, today)
    people = find_participants(y_text, ctx)[0]
    length = find_duration(y_text)
    bare = re.fullmatch(r"(?:at\s+)?\d{1,2}(?:[:.]\d{2})?", y_text, re.I)
    if bare:
        if _LENGTH.search(before[-30:]) and _LENGTH.search(before.rstrip(" ,;(")[-20:]):
            return "length"
        return "hour"
    kinds = [
        kind
        for kind, said in (
            ("day", any(s.has_day for s in specs)),
            ("hour", specs and not any(s.has_day for s in specs)),
            ("people", bool(people)),
            ("length", length is not None),
            # "10am London time": the zone of the hour, no place.
            ("place", bool(find_locations(y_text)) and not find_zone(y_text)[0]),
        )
        if said
    ]
    return kinds[0] if len(kinds) == 1 else None


def _replace(
    before: str, y_text: str, rest: str, ctx: RequestContext, today: date, region: str
) -> str | None:
    """`before` with the thing the correction replaces written as `y_text`, or None."""
    kind = _kind(y_text, before, ctx, today)
    if kind == "day":
        specs = [s for s in request_specs(before, today) if s.has_day and not s.problem]
        later = [s for s in request_specs(rest, today) if s.has_day]
        y_timed = any(s.has_time for s in request_specs(y_text, today))
        if not specs or later or (specs[-1].has_time and not y_timed):
            return None
        x = specs[-1]
        return before[: x.start] + y_text + before[x.end :]
    if kind == "hour":
        specs = [s for s in request_specs(before, today) if s.has_time and not s.problem]
        if not specs or any(s.has_time for s in request_specs(rest, today)):
            return None
        if re.search(r"\d", rest):
            return None  # "3 is the all-hands": an hour said again, which the rules do not read
        # The last clock said (a spec may join a day to an hour said after it).
        clocks = list(_CLOCK.finditer(before, specs[-1].start))
        if not clocks:
            return None
        clock = clocks[-1]
        hour = re.sub(r"^at\s+", "", y_text, flags=re.I)
        new_before = before[: clock.start()] + hour + before[clock.end() :]
        # The day the hour was said with stays; the hour is the new one, and only it.
        wanted = request_specs("at " + hour, today)
        timed = [s for s in request_specs(new_before, today) if s.has_time]
        days = [s for s in request_specs(before, today) if s.has_day]
        new_days = [s for s in request_specs(new_before, today) if s.has_day]
        if len(wanted) != 1 or not timed or timed[-1].times != wanted[0].times:
            return None
        if [(s.dates, s.weekdays) for s in days] != [(s.dates, s.weekdays) for s in new_days]:
            return None
        return new_before
    if kind == "length":
        lengths = list(_LENGTH.finditer(before))
        if not lengths or find_duration(rest) is not None:
            return None
        x = lengths[-1]
        unit = re.sub(r"^[\d.\s-]+", "", x[0]) if re.fullmatch(r"\d+", y_text) else ""
        new_x = f"{y_text} {unit}".strip()
        if find_duration(new_x) is None:
            return None
        return before[: x.start()] + new_x + before[x.end() :]
    if kind == "people":
        return _person_replaced(before, y_text, rest, ctx, region)
    return None


def _mentions(text: str, ref) -> list[re.Match[str]]:
    names = [ref.name, ref.name.split()[0]] if ref.name else []
    if ref.email:
        names.append(ref.email)
    found = []
    for name in filter(None, names):
        found += re.finditer(rf"(?<![\w@.]){re.escape(name)}(?![\w@])", text)
    return found


def _person_replaced(
    before: str, y_text: str, rest: str, ctx: RequestContext, region: str
) -> str | None:
    """ "Dave (sorry, not Dave, I meant Erin)", "Will's on holiday, so make it Dan": the person
    the correction names again is the one replaced."""
    new = {p.email or p.name for p in find_participants(y_text, ctx)[0]}
    # Named in the correction ("not Dave", "Will's on holiday"), and named before it.
    again = [
        p
        for p in find_participants(before, ctx)[0]
        if (p.email or p.name) not in new and _mentions(region, p)
    ]
    if not again:
        # "Carol and Dave (oops, I meant Erin)": the name right before the correction.
        tail = before.rstrip(" ,;-–—")
        again = [
            p
            for p in find_participants(before, ctx)[0]
            if any(m.end() == len(tail) for m in _mentions(tail, p))
        ]
    if len(again) != 1 or _mentions(rest, again[0]):
        return None
    mentions = sorted(_mentions(before, again[0]), key=lambda m: m.start())
    if not mentions:
        return None
    x = mentions[-1]
    return before[: x.start()] + y_text + before[x.end() :]


def _removal(sentence: str, before: str, ctx: RequestContext, today: date) -> str | None:
    """ "Actually scratch Will, he's on leave", "drop Carol and Will ..., and add Dan Lee":
    the sentence as "without Will" (and "with Dan Lee"), when it says nothing else."""
    off = _TAKE_OFF.search(sentence)
    if not off or request_specs(sentence, today) or find_locations(sentence):
        return None
    if find_duration(sentence) is not None:
        return None
    added = _ADD.search(sentence, off.end())
    taken_text = sentence[off.end() : added.start() if added else len(sentence)]
    taken_text = re.split(r"[,;]\s*(?!and\b)(?=[a-z])|\s[-–—]\s", taken_text)[0]
    taken = find_participants(taken_text, ctx)[0]
    named_before = {p.email or p.name for p in find_participants(before, ctx)[0]}
    if not taken or any((p.email or p.name) not in named_before for p in taken):
        return None
    new = ""
    if added:
        add_text = re.split(r"[,;.]", sentence[added.end() :])[0]
        if not find_participants(add_text, ctx)[0]:
            return None
        new = " with " + add_text + "."
    names = " and ".join(p.name for p in taken)
    return f" without {names}." + new


def _says_more(text: str, ctx: RequestContext, today: date) -> bool:
    """Whether the text names a day or hour, a person or a length."""
    return bool(
        request_specs(text, today)
        or find_participants(text, ctx)[0]
        or find_duration(text) is not None
    )


def _place_only(
    body: str, start: int, limit: int, mark: tuple[int, int], ctx: RequestContext, today: date
) -> str | None:
    """ "Zoom is fine. On second thought, let's do it in person, Room 4B.": a correction that
    names only a place replaces the places said before; the rest of the request stays.
    None when the earlier place is said with other things ("with Bob in Room 3") or a place
    is named again after it."""
    region = body[start:limit]
    if not find_locations(region) or _says_more(region, ctx, today):
        return None
    if find_locations(body[limit:]):
        return None
    before = body[:start]
    for clause in re.finditer(r"[^.,;!?\n。，；]+", before):
        if not find_locations(clause[0]):
            continue
        if _says_more(clause[0], ctx, today):
            return None
        before = before[: clause.start()] + " " * len(clause[0]) + before[clause.end() :]
    at, after = mark
    return before + body[start:at] + " " * (after - at) + body[after:]


# "Back to 2 like I first said", "back to Thursday as originally planned": the first answer.
_BACK_TO_FIRST = re.compile(
    r"\bback\s+to\s+(?:the\s+)?(?P<y>[^.,;!?\n]{1,30}?)\s*,?\s*(?:like|as)\s+(?:I\s+)?"
    r"(?:first|originally|initially)\s*(?:said|wrote|asked|suggested|planned|had\s+it)?\b",
    re.I,
)


def _back_to_first(body: str, start: int, ctx: RequestContext, today: date) -> str | None:
    """ "Thursday at 2. Make it 3pm actually. Ugh, no, 3 is the all-hands. Back to 2 like I
    first said.": the request as first written, when every change after it was of a day or
    an hour, the one gone back to was said first, and nothing follows."""
    backs = list(_BACK_TO_FIRST.finditer(body, start))
    if not backs:
        return None
    back = backs[-1]
    first, middle, rest = body[:start], body[start : back.start()], body[back.end() :]
    if _says_more(rest, ctx, today) or find_locations(rest) or find_locations(middle):
        return None
    if find_participants(middle, ctx)[0] or find_duration(middle) is not None:
        return None
    y = back["y"].strip()
    wanted = request_specs(y if re.search(r"[a-z]{3}", y, re.I) else f"at {y}", today)
    said = request_specs(first, today)
    if len(wanted) != 1 or not said:
        return None
    one = wanted[0]
    if one.has_day and not any((s.dates, s.weekdays) == (one.dates, one.weekdays) for s in said):
        return None
    if one.times and not any(s.times and one.times <= s.times for s in said):
        return None
    if not one.has_day and not one.times:
        return None
    return first + " " + rest
