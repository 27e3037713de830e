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
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_retract import plain_statement
from negotiation.understanding.types import Answer, MeetingView, Unclear

_VERB = r"(?:scratch|strike|cross\s+(?:out|off))"
# "scratch Wednesday", "strike the Monday one": a day names the options on it.
_DAY = r"(?i:(?:the\s+)?(?:mon|tues|wednes|thurs|fri)day(?:\s+(?:one|slot|option))?)"
_LABELS = rf"(?P<labels>[A-H](?:\s*(?:,|&|and)\s*[A-H])*|{_DAY}(?:\s*(?:,|&|(?i:and))\s*{_DAY})*)"
# Starts a sentence ("Scratch D", "Oh, strike B"); "don't scratch D" and "scratch D?" are no.
_STRUCK = re.compile(
    rf"(?:^|(?<=[.!;\n。！；]))(?P<lead>\s*(?i:(?:oh|hmm+|ok(?:ay)?|sorry|actually|wait|hang\s+on|hold\s+on)\W+)*)"
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
        labels = _struck_ids(m["labels"], view)
        if not labels or not labels <= times or not _is_reason(m["tail"], view):
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


def _struck_ids(labels: str, view: MeetingView) -> set[str]:
    """The time ids struck: the labels, or every option on the days named (none when a
    day names no option or something else is named)."""
    if re.fullmatch(r"[A-H](?:\s*(?:,|&|and)\s*[A-H])*", labels):
        return set(re.findall(r"[A-H]", labels))
    refs = find_refs(labels, view)
    if refs.unmatched or refs.places or refs.problems or refs.loose:
        return set()
    if any(item != "time" for _, item, _ in refs.hits):
        return set()
    return {oid for _, _, oid in refs.hits}


def _is_reason(tail: str, view: MeetingView) -> bool:
    tail = tail.strip(" ,，-—–:")
    if not tail:
        return True
    tail = _NOTICED.sub("", tail).strip()
    # "it's my daughter's recital": what is on then, said of the day struck.
    return bool(_CLASH.match(tail) or why_not(tail) or plain_statement(tail, view))
