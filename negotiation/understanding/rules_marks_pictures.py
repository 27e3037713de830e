"""Emoji beside per-option marks that add nothing to the verdict: pictures and sad faces.

"B ✅ (☕ Cafe Central)", "B 👌 office 🏢": a picture of the place only illustrates the
word beside it. "A ❌ B ❌ C ❌ 😭 sorry": a sad face on a line of crosses is how the no
feels, not a mark of its own. A sad face beside a yes, or beside an option alone, stays
unread (rules_marks_kinds); a picture with no place word beside it stays as it is.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_marks_kinds import ANY_MARK, BARE_LABEL, MARK, OPAQUE, is_yes

# Pictures of where or how people meet: never a verdict.
_PICTURE = r"[☕🏢🏠🏡🏬🏛🏫💻🖥📍📞☎🎥📹🍵🏙]\ufe0f?"
_PLACE_WORD = (
    r"(?:office|caf[eé]|coffee|zoom|teams|meet|room|building|floor|online|video|call|phone"
    r"|home|remote\w*|in\s+person|\d+\s*F|\d+楼|会议室|腾讯会议)"
)
_PICTURE_BEFORE = re.compile(
    rf"{_PICTURE}[ \t]*(?=[(\[]?[ \t]*(?:the\s+)?(?:[A-Za-z]+\s+)?{_PLACE_WORD})", re.I
)
_PICTURE_AFTER = re.compile(rf"(?<![\w])({_PLACE_WORD}[)\]]?)[ \t]*{_PICTURE}", re.I)
# Only the faces whose meaning beside an option is open (rules_marks_kinds): 😞 is a no.
_SAD = re.compile(r"[😢😭😕]\ufe0f?")
_SAD_AFTER_MARK = re.compile(f"({MARK.pattern})[ \t]*{_SAD.pattern}")
# "B 👌 office": one yes mark after a bare label, then more words on the same line.
_PLACE_NEXT = re.compile(
    rf"^[ \t(\[]*(?:(?:at|in|on|via)\s+)?(?:the\s+)?{_PLACE_WORD}(?![\w'’])", re.I
)
_LABEL_YES = re.compile(r"^(?P<label>[^\n]*?)(?P<mark>" + MARK.pattern + r")[ \t]+(?=\S)")


def drop_pictures(text: str) -> str:
    """Take out a picture standing right beside the place word it illustrates."""
    return _PICTURE_AFTER.sub(r"\1 ", _PICTURE_BEFORE.sub(" ", text))


def drop_sad_beside_no(line: str) -> str:
    """ "A ❌ B ❌ 😭 sorry": a sad face right after a cross on a line of crosses ends it."""
    marks = [m[0] for m in MARK.finditer(line)]
    if not marks or any(is_yes(m) for m in marks):
        return line
    return _SAD_AFTER_MARK.sub(r"\1\n", line)


def split_label_yes(line: str) -> str:
    """ "B 👌 office" -> "B 👌" and "office" on a line of their own."""
    found = _LABEL_YES.match(line)
    if not found or not BARE_LABEL.match(found["label"]) or not is_yes(found["mark"]):
        return line
    rest = line[found.end() :]
    marked = ANY_MARK.search(rest) or OPAQUE.search(rest)
    if not found["label"].strip() or not _PLACE_NEXT.match(rest) or marked:
        # A mark that opens the line, more marks after it ("B 👍 office 😭"), or anything
        # but a place next ("A 👍 for me", "B 👍 A"): read as before.
        return line
    return line[: found.end()].rstrip() + "\n" + rest
