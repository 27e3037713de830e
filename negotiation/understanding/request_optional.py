"""Whether a request marks a person optional: "(optional)", "Optional: X", "X if he can"."""

from __future__ import annotations

import re

_OPTIONAL_AFTER = re.compile(
    r"^[>)]?\s*(?:\((?:optional|opt\.?|if\s+(?:free|available|possible))"
    r"(?:\s+(?:attendee|guest|participant))?\)|"
    # "Bob and Erin are optional": the names listed before "are optional" are.
    r"(?:(?:\s*(?:,|\band\b|&)\s*(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)*\s*are|\s*(?:is|as))"
    r"\s+(?:both\s+)?(?:an?\s+)?optional\b|"
    # "Carol optional", "Carol gerne optional dazu"; "Bob optional: Dave" labels Dave.
    r"\s+(?:gerne\s+)?optional\b(?!\s*:)|"
    # "Dave too if he's free", "Carol if she's around", "Erin only if she wants to come",
    # "(and Dan if he fancies it)".
    r",?(?:\s+(?:too|as\s+well|only))?\s+if\s+(?:he|she|they)(?:\s+|['’](?:s|re)\s+)"
    r"(?:can|wants?|likes?|is\s+free|are\s+free|free|around|available|ha(?:s|ve)\s+time"
    r"|fanc(?:y|ies)|feels?\s+like)\b|"
    # "张伟 can drop in if he has time", "Bob may pop by".
    r"\s+(?:can|may|could|might)\s+(?:drop|pop|swing|stop)\s+(?:in|by)\b|"
    # "Loop in Dave as well if possible".
    r"(?:\s+(?:too|as\s+well|also))?,?\s+if\s+(?:available|free|possible)\b|\s+(?:can|may)\s+join\s+if\b|"
    r"\s+is\s+welcome\s+to\s+join\b|\s*[-–—(,]?\s*(?:is\s+)?(?:a\s+)?nice[\s-]to[\s-]have\b|"
    # 李娜有空的话也可以来, Erin如果方便也可以参加.
    r"\s*(?:如果|要是)?(?:有空|方便|有时间)(?:的话)?[，,]?\s*也?(?:可以)?(?:来|参加|加入)|"
    # "Bob can join optionally", "Carol may attend optionally".
    r"[（(]?可选[）)]?|(?:\s+(?:can|may|could)\s+(?:join|come|attend|dial\s+in))?\s*optionally)",
    re.I,
)
# "Optional: carol@example.com, dave@partner.org": the label holds to the end of its
# sentence (a dot inside an address ends nothing); "Zhang Wei (optional)" and "Dave as
# optional" are no label.
_OPTIONAL_BEFORE = re.compile(
    r"(?:(?<!\()(?<!\bas\s)(?<!\bis\s)(?<!\bare\s)(?<!\ban\s)\boptional(?:ly)?\b(?!\s*\))\s*:?|可选\s*[:：]?)(?:[^.\n;!?。；]|\.(?=\w))*$"
    r"|\b(?:and|or)\s+maybe\s+$"
    # "Nice to have: Will.", "If possible: Dave": a label as "Optional:" is.
    r"|\b(?:nice[\s-]to[\s-]have|if\s+(?:possible|available))\s*:(?:[^.\n;!?。；]|\.(?=\w))*$"
    # "feel free to loop in Carol": an invitation to add her, not a need.
    r"|\bfeel\s+free\s+to\s+(?:loop\s+in|add|invite|include|bring(?:\s+along)?|cc)\s+$",
    re.I,
)


def is_optional(body: str, start: int, end: int) -> bool:
    """Whether the person named at body[start:end] is marked optional around the name."""
    return bool(_OPTIONAL_AFTER.match(body[end:]) or _OPTIONAL_BEFORE.search(body[:start]))
