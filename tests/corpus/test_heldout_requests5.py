"""Held-out requests, set 5: written blind, measured before any rule saw them; kept unseen.

160 requests by a writer who never read the rules nor any other corpus, on 2026-11-26,
about 11 to each of 15 kinds (38 marked as deliberate near misses). It took held-out
requests 4's place as the unseen set when set 4 became a development set. Measured first,
on the engine of that morning (commit 7cfbc6f): 70.6 % exact, 24.4 % partial, 7 wrong.
Only the wrong lines are read by the owner. After a round written from held-out requests
3 and 4 (which rose to 96.9 % each): 71.2 %, the same 7. After a round written from
requests 6 and the seven wrong readings' patterns, described: 73.1 %, one left; 74.4 %
after one more round; 76.9 % after round 8 (exclusions over several weeks, names and
their forms, plain corrections); 78.1 % and none wrong after round 9 (days and weeks only
described, as in "this week and next are mad", dropped beside the days offered; venues,
topics); 81.2 % after round 11 (topics: what the meeting works on, a kind of meeting held
for something, headings, Chinese topics); 81.9 % after round 17 (a bare hour range after a
day, 'Wednesday onwards', more ways to mark someone optional). The test fails when a new wrong reading appears or an exact
reading is lost, and asks for the list to shrink when one is fixed.
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests5" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number. The 7 of the first measurement were passed on, described, to a helper
# who never opened the set; 28, 74, 122, 125, 142 and 145 are fixed, then 24 (weeks only
# described beside the week offered).
KNOWN_WRONG: dict[int, str] = {}


def test_held_out_requests_5_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 160
    report = run_requests(CASES)
    print("\nheld-out requests 5, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.818
