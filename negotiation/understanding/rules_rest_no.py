"""A no to "the other times" beside a yes or a proposal: 其他时间都不行, "other times don't work".

"改到周三下午两点行吗？其他时间都冲突了" proposes one time and refuses every offered one;
"B可以，其他时间都不行" takes B and refuses the rest. The other times are known only
once the whole reply is read (the proposal may come after), so the clause leaves a mark
and rules_reply settles it before reading_finish: with no time accepted or proposed beside it, "other than
what?" is asked about.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from negotiation.understanding.types import MeetingView

if TYPE_CHECKING:
    from negotiation.understanding.rules_reading import Reading

# Said of times only: "the rest" or 其他都 could be the places too, so they are not read here.
_OTHER_TIMES = re.compile(
    r"(?:其他|其它|别的|其余|剩下)的?(?:时间|时段|几个时间|那几个时间)"
    r"|\b(?:all\s+)?(?:the\s+)?other\s+(?:times|days|slots|dates|time\s+slots)\b",
    re.I,
)


def other_times_refused(plain: str, negative: bool, is_question: bool, reading: Reading) -> bool:
    """Mark a clause that refuses the other times, and nothing else; True when it did."""
    # rules_stance imports rules_reading, which imports this module.
    from negotiation.understanding.rules_stance import unknown_words

    if not negative or is_question or not _OTHER_TIMES.search(plain):
        return False
    if unknown_words(_OTHER_TIMES.sub(" ", plain)):
        return False  # "other times clash with Bob's trip": whose, and which, is asked
    reading.rest_refused = True
    reading.last_verdict = False
    return True


def settle_other_times(reading: Reading, view: MeetingView) -> None:
    """Refuse every time not accepted, or ask when nothing says which times are the others."""
    if not reading.rest_refused:
        return
    accepted = reading.accepted["time"]
    proposed = any(p.item == "time" for p in reading.proposals)
    if not (accepted or proposed) or any(x.startswith("!") for x in accepted):
        reading.problems.append("a no to the other times beside no time")
        return
    reading.rejected["time"] |= set(view.ids("time")) - accepted
