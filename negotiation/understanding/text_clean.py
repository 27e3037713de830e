"""Reduce an email's new text (quotes already removed) to the lines that can carry an answer."""

import re
import unicodedata

from negotiation.understanding.lexicon_email_lines import (
    GREETING_LINE,
    GREETING_OPENING,
    SIGNOFF_LINE,
)

_WS = re.compile(r"[ \t\u00a0\u3000]+")
# "Answers inline below in CAPS.": a note on where the answers are, no answer itself
# (the mail bridge has brought the inline answers up, each under its option's label).
_INLINE_NOTE = re.compile(
    r"^(?:see\s+)?(?:my\s+)?(?:answers?|replies|comments?|responses?)\s+(?:are\s+)?"
    r"(?:inline|in\s+line|below)(?:\s+below)?"
    r"(?:\s+in\s+(?:caps|capitals|bold|red|blue|green))?\s*[.!:]*$",
    re.I,
)
# "Forwarding back with my answer: D at Room 401.": how the answer travels, then the answer.
_SENT_BACK = re.compile(
    r"^(?:forwarding|sending)\s+(?:this\s+|it\s+)?back\s+with\s+(?=my\s+(?:answers?|reply)\s*:)",
    re.I,
)

# "Next Friday (the 22nd)": the day of the month pins the weekday, so "next" goes and the
# aside joins it ("Friday the 22nd"); a day of the month that is no Friday stays unclear.
_DAY_OF_MONTH_ASIDE = re.compile(
    r"\b(?:(?:next|this|coming)\s+)?((?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)"
    r"\s*(?:\(\s*|,\s*)(the\s+\d{1,2}(?:st|nd|rd|th))\b\s*(?:\)\s*|,\s*)?",
    re.I,
)


# 3月11日（周三）下午两点: the weekday in brackets checks the date, as 3月11日周三 does;
# in brackets it would stand apart from the date and the time after it.
_ZH_DATE_WEEKDAY = re.compile(
    r"(\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{1,2}/\d{1,2})\s*\(\s*((?:周|星期|礼拜)[一二三四五六日天])\s*\)"
)


def normalise(text: str) -> str:
    """NFKC (full-width letters, digits and punctuation become ASCII) and tidy whitespace."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2013", "-").replace("\u2014", "-")
    return _WS.sub(" ", text)


def new_text_lines(text: str) -> list[str]:
    """The lines that can carry an answer: no greeting or sign-off lines.

    `text` is the sender's new text: the mail bridge removed quoted history and the
    signature (mailbridge.replies), the one place that knows how mail clients quote.
    """
    lines = [_SENT_BACK.sub("", raw.strip()) for raw in normalise(text).split("\n")]
    # A sign-off line ends the message: what follows is the sender's name or a signature.
    for index, line in enumerate(lines):
        if SIGNOFF_LINE.match(line) and index > 0:
            lines = lines[:index]
            break
    if lines:
        lines[0] = GREETING_OPENING.sub("", lines[0], count=1)
    return [
        line
        for line in lines
        if line
        and not GREETING_LINE.match(line)
        and not SIGNOFF_LINE.match(line)
        and not _INLINE_NOTE.match(line)
    ]


def clean_body(text: str) -> str:
    """The new text as one string, one line per surviving line."""
    text = _ZH_DATE_WEEKDAY.sub(r"\1\2", "\n".join(new_text_lines(text)))
    return _DAY_OF_MONTH_ASIDE.sub(r"\1 \2 ", text)


# The scripts the lexicons read: Latin (English and the European languages), Han (Chinese)
# and kana (Japanese). A letter of any other script (Korean, Cyrillic, Arabic...) is a
# clause the rules cannot read.
_KNOWN_SCRIPTS = ("LATIN", "CJK", "HIRAGANA", "KATAKANA")


def unread_script(text: str, names: tuple[str, ...] = ()) -> str | None:
    """The first word in a script the rules do not read, or None.

    Whole-reply accountability: "Tuesday works. 줌으로 해주세요" ("on Zoom please") must be
    asked about, never recorded as the Tuesday alone. Option names ("Кафе Пушкин") are read.
    """
    for name in names:
        if name:
            text = text.replace(name, " ")
    for word in re.findall(r"[^\W\d_]+", text):
        for char in word:
            if not any(unicodedata.name(char, "").startswith(s) for s in _KNOWN_SCRIPTS):
                return word
    return None
