"""The marks mail programs put before a subject they answer or forward."""

from __future__ import annotations

import re

# "Re:", "Fwd:", German "AW:"/"WG:", and Chinese programs' 回复：/答复：/转发： with a
# full-width colon; several may stand in a row ("Re: Fwd: Budget").
_MARKS = re.compile(r"^\s*(?:(?:re|fwd?|aw|wg|回复|答复|转发)\s*[:：]\s*)+", re.I)


def without_reply_marks(subject: str) -> str:
    """The subject without its leading reply and forward marks."""
    return _MARKS.sub("", subject)
