"""Clock times a request says in words: "half past two", "quarter to four", "ten thirty".

Each is rewritten as the digits the clock rules read ("2:30", "3:45", "10:30"); whether
"2:30" is in the afternoon is then theirs to tell, as for digits written by the member.
Near misses: "half an hour", "a quarter of an hour" and "half past the hour" are no time.
Reply reading does not use this module.
"""

from __future__ import annotations

import re

_NUMBERS = {
    w: n
    for n, w in enumerate(
        re.findall(r"\w+", "zero one two three four five six seven eight nine ten eleven twelve")
    )
    if n
}
_HOUR = r"(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|1[0-2]|[1-9])"
_SPOKEN = re.compile(
    rf"\b(?:(half|quarter|a\s+quarter|twenty|ten|five)\s+(past|after|to|till|before)\s+{_HOUR}"
    rf"|{_HOUR}\s+(thirty|fifteen|forty-?five|o'?\s?clock))\b(?!\s*(?:hours?|hrs?|min|weeks?|days?))",
    re.I,
)
_MINUTES = {"half": 30, "quarter": 15, "a quarter": 15, "twenty": 20, "ten": 10, "five": 5}
_TAIL = {"thirty": 30, "fifteen": 15, "fortyfive": 45, "forty-five": 45}


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _digits(m: re.Match[str]) -> str:
    if m[1]:
        hour, minutes = _number(m[3]), _MINUTES[re.sub(r"\s+", " ", m[1].lower())]
        if m[2].lower() in ("to", "till", "before"):
            hour, minutes = (hour - 2) % 12 + 1, 60 - minutes
        return f"{hour}:{minutes:02d}"
    hour = _number(m[4])
    tail = m[5].lower().replace(" ", "").replace("'", "")
    return f"{hour}:00" if tail == "oclock" else f"{hour}:{_TAIL[tail]:02d}"


def spoken_times(text: str) -> str:
    """The text with its clock times in words as digits."""
    return _SPOKEN.sub(_digits, text)
