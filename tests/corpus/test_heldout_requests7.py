"""Held-out requests, set 7: written blind as a development set, 2026-11-26 (stop 33).

200 requests by a writer who read neither the rules nor any other corpus (only set 6's
header and the harness, for the format), 25 to each of eight kinds: topics said many
ways, requests missing something the hub must ask, people in their forms (and people
named who are not to be invited), dates and times, chatty mail, forwarded threads, other
languages (half Chinese) and near misses; 77 marked as judgement calls. Measured first,
on the engine of that morning (commit ffb5e33): 62.0 % exact and 26 wrong, where the
unseen requests 5 and 1 read 81.9 % and 76.7 % with none and four (listed labels): the
fresh set found what those two no longer could (a day named inside the topic offered, a
person named in small talk invited, hours given as "14-17h" widened to the whole day,
"the last Tuesday of the month"). Written to be worked from. The test fails when a new
wrong reading appears or an exact reading is lost, and asks for the list to shrink when
one is fixed. Round requests21 read past days ("last Tuesday's session", "it's only
Monday!"), a day inside the topic ("the Monday standup retro"), "14-17h", "the last Tuesday
of the month" and "any day but Wednesday, mornings": 64.0 % exact, 18 wrong. Round requests22
left out people named only in passing (small talk, thanks, a welcome, family, "X should
not be in this one") and asked back on "Dan Lee or Dan Park, whichever is free" and on
mail that asks for nothing, read "un déjeuner" as lunch and "周一（3月9日）" as that one
day: 67.0 % exact, 9 wrong (the owner of a thing discussed is invited again: leaving him
out cost an unseen request its guest).
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests7" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number and kind, as first measured: each offers a day or time outside the
# request, or invites someone not asked for.
KNOWN_WRONG: dict[int, str] = {
    # The owner of the thing discussed ("to discuss Dave's proposal") is invited: a label
    # question. Round 22 left him out, and an unseen request lost its guest by that rule.
    8: "topic",
    15: "topic",
    22: "topic",
    65: "people",
    100: "times",
    101: "chatty",
    139: "forwarded",
    144: "forwarded",
    145: "forwarded",
}


def test_held_out_requests_7_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 200
    report = run_requests(CASES)
    print("\nheld-out requests 7, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.67
