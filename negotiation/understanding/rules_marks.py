"""Rewrite what people type instead of words before the rules read a reply.

Two habits: a tick or a cross beside each option ("✅ A / ❌ B", "A ✔\\nB ✘"), where the
mark belongs to the option it stands next to, never to the whole line; and day names
typed in a hurry ("Tuesdy", "Wendesday"), fixed only when one day name is that close.
"""

from __future__ import annotations

import re

YES_MARKS = "✅✔☑✓👍🆗🙂😊👌"
NO_MARKS = "❌✖✗✘❎👎🚫⛔🙁☹😞"
_MARK = re.compile(f"[{YES_MARKS}{NO_MARKS}]\ufe0f?")
# Any other pictograph ("😅", "🙏") ends a sentence: "Never on a Wednesday 😅 A or C".
_OTHER_EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF]\ufe0f?")
# What separates one marked option from the next: a line, a slash or a bar, a comma.
_SEGMENT = re.compile(r"\n|\s[/|]\s|[,;，；、]")

# "+1" typed as a vote ("+1 for C", "+1 to that"); a phone number ("+1 212 555 0101")
# is no vote and no option 1 either.
_PHONE = re.compile(r"(?<![\w+])\+\s?\d[\d\s().-]{6,}\d")
_PLUS_ONE = re.compile(r"(?<![\w+])\+\s?1(?![\w.,:/-]?\d)")
_AGREES_WITH = re.compile(r"^\s*(?:for|to|on|from\s+me|here)\b", re.I)
_COMPANION = re.compile(r"\b(?:(?-i:a)|my|our|your|with|bring|plus)\s*$", re.I)

DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WORD = re.compile(r"[A-Za-z]{5,}")


class MarksError(ValueError):
    """The marks cannot be tied to options one by one."""


def rewrite_marks(text: str) -> str:
    """Turn per-option ticks and crosses into words: "✅ A ❌ B" -> "A ok. not B."

    Raises MarksError when a mark cannot be tied to one side (a line that begins and
    ends with marks, marks in the middle of a sentence).
    """
    text = _PLUS_ONE.sub(_plus_one, _PHONE.sub(" telephone ", text))
    if not _MARK.search(text):
        return _OTHER_EMOJI.sub("\n", text)
    out = []
    for segment in _SEGMENT.split(text):
        out.append(_rewrite_segment(segment))
    return _OTHER_EMOJI.sub("\n", "\n".join(part for part in out if part.strip()))


def _plus_one(match: re.Match[str]) -> str:
    """ "+1 for C" agrees (it is no place 1); "A + 1" and "A+1" still list time A and place 1."""
    line = match.string[: match.start()].rpartition("\n")[2]
    if _COMPANION.search(line):
        return " plusone guest "  # "bringing a +1": a guest, which the rules ask about
    after = match.string[match.end() :]
    if re.search(r"[A-Za-z0-9)]\s*$", line) and not _AGREES_WITH.match(after):
        # "C +1" may be a vote for C or C with place 1: asked about.
        return " plusone " if line[-1:].isspace() and match[0] == "+1" else match[0]
    return " ok "


def _rewrite_segment(segment: str) -> str:
    marks = list(_MARK.finditer(segment))
    if not marks:
        return segment
    words = _MARK.sub(" ", segment).strip()
    if not words:
        # Marks alone ("❌❌❌") carry no option: the words elsewhere have to say which.
        return ""
    kinds = {m[0][0] in YES_MARKS for m in marks}
    leading = segment.lstrip().startswith(tuple(m[0] for m in marks))
    trailing = segment.rstrip().endswith(tuple(m[0] for m in marks))
    if len(kinds) > 1:
        # "A ✅ B ❌" on one line: each mark goes with the words before (or after) it.
        return ". ".join(_split_marked(segment, before=not leading)) + "."
    yes = kinds.pop()
    if not (leading or trailing):
        raise MarksError("a mark in the middle of a sentence")
    return f"{words} ok." if yes else f"not {words}."


def _split_marked(segment: str, *, before: bool) -> list[str]:
    """ "A ✅ B ❌" (marks after their option) or "✅ A ❌ B" (before) -> ["A ok", "not B"]."""
    parts = []
    pieces = re.split(f"([{YES_MARKS}{NO_MARKS}]\ufe0f?)", segment)
    # pieces: text, mark, text, mark, ...; pair each mark with its neighbour.
    for index in range(1, len(pieces), 2):
        words = (pieces[index - 1] if before else pieces[index + 1]).strip(" /|()")
        if not words:
            raise MarksError("a mark with no option beside it")
        parts.append(f"{words} ok" if pieces[index][0] in YES_MARKS else f"not {words}")
    leftover = pieces[-1] if before else pieces[0]
    if leftover.strip(" /|.()"):
        raise MarksError("words beside the marks that belong to none")
    return parts


# Contractions typed without their apostrophe ("I cant do A"): read as the negations they
# are. Only these forms; "want", "event", "cent" never match.
_BARE_CONTRACTION = re.compile(
    r"\b(ca|do|does|did|wo|is|are|was|were|could|would|should|have|has)nt\b", re.I
)


def restore_apostrophes(text: str) -> str:
    """Write "cant", "dont", "wont"... as "can't", "don't", "won't"."""
    return _BARE_CONTRACTION.sub(lambda m: f"{m[1]}n't", text)


def fix_day_typos(text: str) -> str:
    """Replace a misspelt English day name by the one day name it is closest to."""
    return _WORD.sub(_fix_word, text)


def _fix_word(match: re.Match[str]) -> str:
    word = match[0]
    lower = word.lower()
    # A day name typed in a hurry still ends like one ("Tuesdy", "Wendesday"); "sundae"
    # does not.
    if lower in DAY_NAMES or not lower.endswith(("y", "ya")):
        return word
    close = [
        day for day in DAY_NAMES if damerau_levenshtein(lower, day) <= (1 if len(lower) < 7 else 2)
    ]
    # Only words that start like a day name ("tu", "we", "th"...) are candidates, so an
    # ordinary word two edits from a day ("sundae", "mundane") is left alone.
    close = [
        day
        for day in close
        # "Teusday": the second and third letters swapped still start like the day.
        if day[:2] == lower[:2]
        or day[0] == lower[0] == "w"
        or day[:3] == lower[0] + lower[2] + lower[1]
    ]
    return close[0] if len(close) == 1 else word


def damerau_levenshtein(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (a swap of neighbours counts one)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            row.append(min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]
