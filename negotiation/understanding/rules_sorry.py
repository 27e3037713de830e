"""An apology before a new answer at the end of a reply, said by name: "Zoom. Sorry, the office."

The change-of-mind words know "A. Sorry, C." (an apology right before a bare label ends
the reply); said by the option's name instead ("Sorry, the office", 不好意思，是周三), or
with a Chinese apology before a label (「A。不好意思，是C」), it was read as one more yes.
The option is spelt as "sorry, <its label>" when it is exactly one option and nothing
else, so the apology takes the first answer back the same way. "Sorry, the office
is better", "sorry, not Zoom" or two options after it stay as written.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

# After the end of a sentence (or a comma in Chinese), the apology and what ends the reply.
_SORRY_TAIL = re.compile(
    r"(?:(?<=[.!。！])\s*|(?<=[，,])\s*(?=不好意思|抱歉|对不起))"
    r"(?P<sorry>sorry|不好意思|抱歉|对不起)\s*[,:—–\-，]+\s*(?:应该)?是?\s*"
    r"(?P<tail>[^.!?。！？\n,，]+?)(?P<end>\s*[.!。！]*\s*)$",
    re.I,
)
# 「A，是C」: after a bare label, 是 and another label of its list end the reply ("A, it's
# C"); "A，是C吗" asks, 「A，是1」 mixes lists, so neither is touched.
_ZH_IS = re.compile(
    r"(?<![A-Za-z])(?P<first>[A-H])\s*[，,]\s*是\s*(?P<second>[A-H])\s*[。.!！]*\s*$"
)
# What may stand beside the name: "Sorry, the office then", "sorry, on Zoom please".
_BESIDE = frozenset({"the", "then", "instead", "please", "in", "on", "at", "via"})


def spell_sorry_option(body: str, view: MeetingView) -> str:
    """Write "Sorry, <one option's name>" ending the reply as "Sorry, <its label>"."""
    zh = _ZH_IS.search(body)
    if zh and zh["first"] != zh["second"]:
        return body[: zh.start()] + zh["first"] + "。 sorry, " + zh["second"] + "."
    m = _SORRY_TAIL.search(body)
    if not m or not body[: m.start()].strip():
        return body  # nothing before it to take back: "Sorry, the office." is a plain yes
    refs = find_refs(m["tail"], view)
    ids = {(item, oid) for _, item, oid in refs.hits}
    if len(ids) != 1 or refs.unmatched or refs.places or refs.problems or refs.loose:
        return body
    if set(re.findall(r"[a-z]+|[\u4e00-\u9fff]", refs.rest.lower())) - _BESIDE:
        return body  # "Sorry, the office is better": a verdict of its own, read as written
    ((_, oid),) = ids
    return f"{body[: m.start()]} sorry, {oid}{m['end']}"
