"""The one time the writer has: "That's the only gap I have this week", "my only free slot is ...".

Said of a new time ("Tomorrow at 4pm? That's the only gap I have."), every option is a
no; said of options ("A. It's the only one I can do."), the other options of that list
are. It is spelt out as the plain verdict ("None of the times work.", "not B or C.")
only when what it points at is nothing but new exact times, or nothing but time
options; anything else stays as written and is asked about.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates import exact_start
from negotiation.understanding.rules_refs import Refs, find_refs
from negotiation.understanding.types import MeetingView

_ONLY = (
    r"(?:the\s+|my\s+)?only\s+(?:free\s+|open\s+)?(?:gap|time|slot|window|opening|one|day"
    r"|availability|option)(?:\s+(?:i\s+(?:have|can\s+(?:do|make)|'?ve\s+got)|that\s+works"
    r"|(?:that\s+)?i'?m\s+free))?(?:\s+(?:left|free|open))?(?:\s+(?:this|that|next|all)\s+week)?"
)
# "That's the only gap I have this week.": a sentence of its own, after what it means.
_AFTER = re.compile(
    rf"(?P<lead>^|(?<=[.!?;\n]))(?P<said>\s*(?:that'?s|that\s+is|it'?s|it\s+is|this\s+is)\s+"
    rf"{_ONLY}\s*(?:[.!]+|$))",
    re.I | re.M,
)
# "The only gap I have this week is tomorrow at 4pm.": what it means follows "is".
_BEFORE = re.compile(
    rf"(?P<lead>^|(?<=[.!?;\n]))(?P<said>\s*{_ONLY}\s+(?:is|would\s+be)\s+)"
    r"(?P<what>[^.!?;\n]+)(?P<end>[.!?]*)",
    re.I | re.M,
)


def spell_only_gap(body: str, view: MeetingView) -> str:
    """Spell "that's the only gap I have" as the no it says to the options left over."""
    m = _AFTER.search(body)
    if m:
        previous = re.split(r"(?<=[.!?;\n])", body[: m.start()].rstrip())
        what = next((s for s in reversed(previous) if s.strip()), "")
        verdict = _verdict(what, view)
        if verdict:
            return body[: m.start("said")] + f" {verdict} " + body[m.end() :]
        return body
    m = _BEFORE.search(body)
    if m:
        verdict = _verdict(m["what"], view)
        if verdict:
            said = f" {m['what'].strip()}{m['end'] or '.'} {verdict} "
            return body[: m.start("said")] + said + body[m.end() :]
    return body


def _verdict(what: str, view: MeetingView) -> str | None:
    """ "None of the times work." after new times only; "not B or C." after options only."""
    refs = find_refs(what, view)
    if refs.problems or refs.places or any(item != "time" for _, item, _ in refs.hits):
        return None
    if refs.unmatched and not refs.hits and _all_exact(refs, view):
        return "None of the times work."
    named = {oid for _, _, oid in refs.hits}
    rest = [oid for oid in view.ids("time") if oid not in named]
    if named and not refs.unmatched and rest:
        return "not " + " or ".join(rest) + "."
    return None


def _all_exact(refs: Refs, view: MeetingView) -> bool:
    now = view.message_date.astimezone(ZoneInfo(view.reader_tz))
    return all(exact_start(spec, now) is not None for spec in refs.unmatched)
