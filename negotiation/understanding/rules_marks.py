"""Rewrite what people type instead of words before the rules read a reply.

Two habits: a mark beside each option ("✅ A / ❌ B", "A 🟢 B 🔴", "A ✔\\nB ✘"), where
the mark belongs to the option it stands next to, never to the whole line (what each mark
means: rules_marks_kinds); and day names typed in a hurry ("Tuesdy", "Wendesday"), fixed
only when one day name is that close.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_marks_kinds import (
    ANY_MARK,
    BARE_LABEL,
    MARK,
    MAYBE,
    NO_MARKS,
    OPAQUE,
    QUESTION_MARKS,
    YES_MARKS,
    MarksError,
    drop_legend,
    group_pairs,
    is_yes,
    tie_pair,
)
from negotiation.understanding.rules_marks_pictures import (
    drop_pictures,
    drop_sad_beside_no,
    split_label_yes,
)

__all__ = ["NO_MARKS", "YES_MARKS", "MarksError", "rewrite_marks"]

# Any other pictograph ("😅", "🙏") ends a sentence: "Never on a Wednesday 😅 A or C".
_OTHER_EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF]\ufe0f?")
# A picture beside options alone ("A ☕", "B ✈️ C", "1 💻"): a place, a trip, a way of
# meeting? It is asked about, never dropped; a friendly face ("A 😅") adds nothing.
_FRIENDLY = "😀😃😄😁😆😅😉🙏🎉👋🤗😇🥳😎💯🙌👏✨🤝📍"  # 📍 only says "the place:"
_TONES = "".join(chr(c) for c in range(0x1F3FB, 0x1F400))  # a skin tone rides on its mark
# What separates one marked option from the next: a line, a slash or a bar, a comma.
_SEGMENT = re.compile(r"\s[/|]\s|[,;，；、]")
_FACES = "🙁☹😞"  # "None of them work.\n😞": a sad face alone is no cross
_SAME_MARK_AGAIN = re.compile(rf"({MARK.pattern})(?:\s*\1)+")
# "I'm 🟢 for Tuesday", "we're 👍 with B": the mark is the word "ok".
_I_AM_MARK = re.compile(
    rf"\b(I['’]?m|I\s+am|we['’]?re|we\s+are)\s*[{YES_MARKS}][^\s\w]*\s*(?=(?:for|with|on)\b)",
    re.I,
)

# "+1" typed as a vote ("+1 for C", "+1 to that"); a phone number ("+1 212 555 0101")
# is no vote and no option 1 either.
_PHONE = re.compile(r"(?<![\w+])\+\s?\d[\d\s().-]{6,}\d")
_PLUS_ONE = re.compile(r"(?<![\w+])\+\s?1(?![\w.,:/-]?\d)")
_AGREES_WITH = re.compile(r"^\s*(?:for|to|on|from\s+me|here)\b", re.I)
_COMPANION = re.compile(r"\b(?:(?-i:a)|my|our|your|with|bring|plus)\s*$", re.I)

DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WORD = re.compile(r"[A-Za-z]{5,}")


def rewrite_marks(text: str) -> str:
    """Turn per-option marks into words: "✅ A ❌ B" -> "A ok. not B."

    Raises MarksError when a mark cannot be tied to one side (a line that begins and
    ends with marks, marks in the middle of a sentence), when a mark is a maybe, when
    one option is marked both ways, or when a mark the rules do not read stands by an
    option.
    """
    text = _PLUS_ONE.sub(_plus_one, _PHONE.sub(" telephone ", text))
    text = _I_AM_MARK.sub(r"\1 ok ", QUESTION_MARKS.sub("?", text))
    lines = drop_pictures(text).split("\n")
    text = "\n".join(split_label_yes(drop_sad_beside_no(line)) for line in lines)
    if not ANY_MARK.search(text):
        for segment in _SEGMENT.split(text.replace("\n", ",")):
            _check_opaque(segment)
        return _OTHER_EMOJI.sub("\n", text)
    out: list[str] = []
    seen: dict[str, bool] = {}
    for line in text.split("\n"):
        line = tie_pair(drop_legend(_SAME_MARK_AGAIN.sub(r"\1", line)))
        if MAYBE.search(line):
            raise MarksError("a mark that says maybe")
        grouped = group_pairs(line)
        segments = [line] if grouped is not None else _SEGMENT.split(line)
        bare = [s for s in segments if MARK.search(s) and not MARK.sub("", s).strip()]
        if bare and any(s.strip() and not MARK.search(s) for s in segments):
            raise MarksError("marks on a line apart from the options they go with")
        if any(not is_yes(m[0]) and m[0][0] not in _FACES for s in bare for m in MARK.finditer(s)):
            # "A B C\n🟢 🔴 🟢": marks in a row of their own, under options the rules
            # cannot line them up with; ticks alone ("👍") only agree with the words.
            raise MarksError("crosses apart from the options they go with")
        for segment in segments:
            _check_opaque(segment)
            pairs = grouped if grouped is not None else _segment_pairs(segment)
            if pairs is None:
                out.append(segment)
                continue
            for words, yes in pairs:
                key = re.sub(r"[\W_]+", " ", words).strip().lower()
                if seen.setdefault(key, yes) != yes:
                    raise MarksError("one option marked both ways")
            out.append(" ".join(f"{w} ok." if yes else f"not {w}." for w, yes in pairs))
    return _OTHER_EMOJI.sub("\n", "\n".join(part for part in out if part.strip()))


def _check_opaque(segment: str) -> None:
    """ "A ❤️", "B 🔵": a mark the rules cannot read beside an option is asked about."""
    if OPAQUE.search(segment) and (
        MARK.search(segment) or BARE_LABEL.match(OPAQUE.sub(" ", segment))
    ):
        raise MarksError("a mark the rules do not read beside an option")
    unread = [
        m
        for m in _OTHER_EMOJI.finditer(segment)
        if m[0][0] not in _FRIENDLY + _TONES and not ANY_MARK.match(m[0])
    ]
    if unread and BARE_LABEL.match(_OTHER_EMOJI.sub(" ", segment)):
        raise MarksError("a picture the rules do not read beside an option")


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


def _segment_pairs(segment: str) -> list[tuple[str, bool]] | None:
    """The options of a segment with their marks; None when it has no mark."""
    marks = list(MARK.finditer(segment))
    if not marks:
        return None
    words = MARK.sub(" ", segment).strip()
    if not words:
        # Marks alone ("❌❌❌") carry no option: the words elsewhere have to say which.
        return []
    if "?" in words:
        raise MarksError("a question beside a mark")  # "🔴 urgent: can we move it?"
    leading = MARK.match(segment.lstrip()) is not None
    trailing = any(m.end() == len(segment.rstrip()) for m in marks)
    kinds = {is_yes(m[0]) for m in marks}
    if len(kinds) > 1 or (len(marks) > 1 and leading != trailing):
        # "A ✅ B ❌" on one line: each mark goes with the words before (or after) it.
        return _split_marked(segment, before=not leading)
    if not (leading or trailing):
        raise MarksError("a mark in the middle of a sentence")
    return [(_strip_label(words), kinds.pop())]


def _strip_label(words: str) -> str:
    return words.strip(" /|():：-–—")


def _split_marked(segment: str, *, before: bool) -> list[tuple[str, bool]]:
    """ "A ✅ B ❌" (marks after their option) or "✅ A ❌ B" (before) -> [(A, yes), (B, no)]."""
    parts = []
    pieces = re.split(f"({MARK.pattern})", segment)
    # pieces: text, mark, text, mark, ...; pair each mark with its neighbour.
    for index in range(1, len(pieces), 2):
        words = _strip_label(pieces[index - 1] if before else pieces[index + 1])
        if not words:
            raise MarksError("a mark with no option beside it")
        parts.append((words, is_yes(pieces[index])))
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
    # does not. Or it starts like one and only its last key slipped ("Tuesdat"): seven
    # letters or more, so "sundae" stays, and never a plural ("Mondays").
    if lower in DAY_NAMES:
        return word
    if not lower.endswith(("y", "ya")):
        slipped = [
            day
            for day in DAY_NAMES
            if len(lower) == len(day) >= 7 and lower[:-1] == day[:-1] and not lower.endswith("s")
        ]
        return slipped[0] if len(slipped) == 1 else word
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
