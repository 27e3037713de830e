"""A struck option: "B and D. Scratch D, just remembered a conflict." is a no to D.

"Scratch that" takes back a whole answer (a change of mind); "scratch D" names the one
option it takes back, and leaves the rest of the answer standing. The sentence is cut out
before the reply is read, and the option becomes a no afterwards. Only a label of an
option, alone or with a reason about the writer after it, is read this way; anything else
in that sentence leaves the reply to the rules as it was.
"""

from __future__ import annotations

import re
from dataclasses import replace

from negotiation.understanding.rules_reasons import why_not
from negotiation.understanding.types import Answer, MeetingView, Unclear

_VERB = r"(?:scratch|strike|cross\s+(?:out|off))"
_LABELS = r"(?P<labels>[A-H](?:\s*(?:,|&|and)\s*[A-H])*)"
# Starts a sentence ("Scratch D", "Oh, strike B"); "don't scratch D" and "scratch D?" are no.
_STRUCK = re.compile(
    rf"(?:^|(?<=[.!;\n。！；]))(?P<lead>\s*(?:(?:oh|hmm+|ok(?:ay)?|sorry|actually)\W+)*)"
    rf"(?i:{_VERB})\s+{_LABELS}(?![\w'’-])(?P<tail>[^.!?;\n。！？；]*)(?P<end>[.!;\n。！；]|$)"
)
_ZH_STRUCK = re.compile(
    r"(?:^|(?<=[.!;\n。！；，,]))\s*(?:把\s*)?(?:划掉|去掉|删掉)\s*"
    r"(?P<labels>[A-H](?:\s*[、,，和]\s*[A-H])*)(?![\w])(?P<tail>)(?P<end>[。！；.!;\n]|$)"
)
# "just remembered a conflict": how the reason is found, before the reason itself.
_NOTICED = re.compile(
    r"^\W*(?:i\s+)?(?:just\s+)?(?:saw|realised|realized|noticed|remembered|checked)\s+(?:that\s+)?",
    re.I,
)
_CLASH = re.compile(
    r"^(?:a\s+|another\s+)?(?:conflict|clash)(?:\s+(?:that\s+day|then|with\s+\w+(?:\s+\w+)?))?$"
    r"|^something\s+came\s+up$",
    re.I,
)


def take_struck(text: str, view: MeetingView) -> tuple[str, set[str] | None]:
    """The reply without its "scratch D" sentence, and the options struck (None if none)."""
    times = set(view.ids("time"))
    for pattern in (_STRUCK, _ZH_STRUCK):
        m = pattern.search(text)
        if not m:
            continue
        labels = set(re.findall(r"[A-H]", m["labels"]))
        if not labels <= times or not _is_reason(m["tail"]):
            return text, None
        if pattern.search(text, m.end()):
            return text, None  # two strikes: read by the rules, or asked about
        return text[: m.start()] + " " + text[m.end() :], labels
    return text, None


def apply_struck(result: Answer | Unclear, struck: set[str]) -> Answer | Unclear:
    """Turn the struck options into a no, whatever the rest of the reply said about them."""
    if isinstance(result, Unclear):
        return result
    accepted, rejected = dict(result.accepted), dict(result.rejected)
    accepted["time"] = frozenset(accepted.get("time", frozenset()) - struck)
    rejected["time"] = frozenset(rejected.get("time", frozenset()) | struck)
    if not accepted["time"]:
        del accepted["time"]
    return replace(result, accepted=accepted, rejected=rejected)


def _is_reason(tail: str) -> bool:
    tail = tail.strip(" ,，-—–:")
    if not tail:
        return True
    tail = _NOTICED.sub("", tail).strip()
    return bool(_CLASH.match(tail) or why_not(tail))
