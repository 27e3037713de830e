"""Held-out requests, set 4: written blind, measured before any rule saw them; now development.

160 requests by a writer who never read the rules nor any other corpus, on 2026-11-26,
about 11 to each kind. It took held-out requests 3's place as an unseen set when set 3
became a development set. Measured first, on the engine of that morning: 74.4 % exact and
7 wrong. Only the wrong lines are read by the owner. The test fails when a new wrong
reading appears or an exact reading is lost, and asks for the list to shrink when one is
fixed.
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests4" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number. The 7 of the first measurement (a span of days someone is away, 'keep
# Friday free', addresses in a pasted footer, in a bracketed note to the hub and in a third
# party's PS, hours in Beijing time, 'Monday week') were passed on, described, to a
# helper who never opened the set: 81.2 %, none wrong; 82.5 % after a round written from
# held-out requests 3 (relative weeks, month ends, streets and rooms as places, meals).
# 96.9 %, none wrong, after round 4 (the set open to it): a sync or check-in as the title,
# purpose verbs ("to present X"), initials, romanised and titled names, lower-case names
# in lists, "from 9 to 13 March", refusals of a call app, 帮忙, undecided requests asked back.
# Round 10 (spans and deadlines of days, people described, the quoted part read for topic
# and names): 97.5 % exact, 0 wrong. Round 11 (topics: a kind held for something, a
# subject line's heading and detail): 98.7 % exact, 0 wrong.
KNOWN_WRONG: dict[int, str] = {}


def test_held_out_requests_4_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 160
    report = run_requests(CASES)
    print("\nheld-out requests 4, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.987
