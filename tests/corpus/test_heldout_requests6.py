"""Held-out requests, set 6: written blind as a development set for the hardest kinds.

200 requests by a writer who never read the rules nor any other corpus, on 2026-11-26,
25 to each of eight kinds the unseen sets read worst (relative weeks, exclusions, pasted
and quoted text, names and addresses, parts of the day, Chinese, mixed, and a member
changing her mind inside the mail); 87 marked as deliberate near misses. Written to be
worked from, unlike requests 1 and 5. Measured first, on the engine of that morning:
35.5 % exact and 33 wrong; after round 5 of the request rules, 44.0 % and 1 wrong (a
conflict between labels, below). The test fails when a new wrong reading appears or an exact
reading is lost, and asks for the list to shrink when one is fixed.
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests6" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number: what the reading offered outside the request. Round 5 fixed the other 32.
# Case 10 is a conflict between labels: this writer reads "early next week" as Mon-Tue,
# the blind writer (blind/requests.yaml, "taken as Mon-Wed at the widest") and the team
# corpus as Mon-Wed; narrowing it would lose the blind set's exact reading.
KNOWN_WRONG: dict[int, str] = {
    10: "relative_week: offers day Wed 11 09:00-18:00",
}


def test_held_out_requests_6_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 200
    report = run_requests(CASES)
    print("\nheld-out requests 6, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.44
