"""An apology before a new answer, said by name: "Zoom. Sorry, the office."

The change-of-mind words know "A. Sorry, C." (an apology right before a bare label ends
its sentence); said by the option's name instead ("Sorry, the office", 不好意思，是周三), or
with a Chinese apology before a label (「A。不好意思，是C」), it was read as one more yes.
The option is spelt as "sorry, <its label>" when it is exactly one option and nothing
else, so the apology takes the first answer back the same way, wherever it stands:
"Wednesday. Sorry, Tuesday. Zoom." changed its mind about the day before naming the place. "Sorry, the office
is better", "sorry, not Zoom" or two options after it stay as written.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

# After the end of a sentence or a comma ("Wednesday, sorry, Tuesday"), the apology and
# the one sentence it opens.
_SORRY_TAIL = re.compile(
    r"(?<=[.!。！，,])\s*"
    r"(?P<sorry>sorry|不好意思|抱歉|对不起)\s*[,:—–\-，]+\s*(?:应该)?是?\s*"
    r"(?P<tail>[^.!?。！？\n,，]+?)(?P<end>\s*[.!。！]*\s*$|\s*[.!。！]+\s*(?=\S))",
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
    for m in _SORRY_TAIL.finditer(body):
        if not body[: m.start()].strip():
            continue  # nothing before it to take back: "Sorry, the office." is a plain yes
        refs = find_refs(m["tail"], view)
        ids = {(item, oid) for _, item, oid in refs.hits}
        if len(ids) != 1 or refs.unmatched or refs.places or refs.problems or refs.loose:
            continue
        if set(re.findall(r"[a-z]+|[\u4e00-\u9fff]", refs.rest.lower())) - _BESIDE:
            continue  # "Sorry, the office is better": a verdict of its own, read as written
        ((_, oid),) = ids
        return f"{body[: m.start()]} sorry, {oid}{m['end']}{body[m.end() :]}"
    return body
