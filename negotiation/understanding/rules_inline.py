"""Answers written under one option of a quoted invitation ("C: B for me"), checked.

The mail path writes an inline answer as "<label>: <answer>" (mailbridge.replies), the
label being the quoted option just above it. An answer that names another option of the
same list ("B for me" under C, typed after the whole list) was not about the line above
it: read as both, it would record a yes to C nobody gave. It is asked about.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

# "A: yes" at a line's start; "A: yes, B: no" gives each label its own part of the line.
_LABEL_COLON = re.compile(r"(?:^|(?<=[\s,;，；、]))([A-Za-z]|\d{1,2})\s*[:：]", re.M)


def other_option_under_label(text: str, view: MeetingView) -> bool:
    """True when the words after "<label>:" name another option of that label's list."""
    for line in text.splitlines():
        marks = list(_LABEL_COLON.finditer(line))
        if not marks or line[: marks[0].start()].strip():
            continue
        for m, following in zip(marks, [*marks[1:], None], strict=True):
            label = m[1].upper()
            item = next((o.item for o in view.options if o.id.upper() == label), None)
            if item is None:
                continue
            said = line[m.end() : following.start() if following else len(line)]
            named = {oid.upper() for _, i, oid in find_refs(said, view).hits if i == item}
            if named - {label}:
                return True
    return False
