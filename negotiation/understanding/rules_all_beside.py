"""An "all" of one kind said in the clause that names an option of the other kind.

"any time is fine on Zoom", "free for all three slots and will join in person": every
time, and Zoom. Read alone, the clause kept only the option named, and the "all" was
lost: a confident wrong reading. An "all" of no kind ("A or B, either works") is about
the options named, and read as before.
"""

from __future__ import annotations

from negotiation.understanding.rules_reading import Reading
from negotiation.understanding.rules_refs import Refs
from negotiation.understanding.types import MeetingView


def read_all_beside(refs: Refs, scoped: set[str], view: MeetingView, reading: Reading) -> None:
    """Accept every option of each kind the "all" names, when the clause names none of
    that kind ("第一个和第三个时间都可以", "A or C, either slot": all of those named, read
    as before)."""
    named = {item for _, item, _ in refs.hits}
    if not scoped or scoped & named or refs.unmatched:
        return
    if any(reading.accepted[item] or reading.rejected[item] for item in scoped):
        # "A or C, either time works on Zoom": either of those named before, or all?
        reading.problems.append("'all' of a kind beside some of its options")
        return
    for item in scoped:
        reading.accepted[item] |= set(view.ids(item))
    reading.scoped_all |= scoped
