"""Held-out requests, set 3: written blind, measured before any rule saw them; kept unseen.

160 requests by a writer who never read the rules nor any other corpus, on 2026-11-26,
about 11 to each kind (everyday, dates, lengths, exclusions, injection, English and
Chinese mixed, Chinese, names with addresses, optional guests, parts of the day, places,
relative weeks, clock times, topics in the subject line, requests to ask back). Measured
first, on the engine of that morning: 61.9 % exact and 8 wrong. Only the wrong lines are
read by the owner, who passes their patterns on, described, to helpers who never open the
set. The test fails when a new wrong reading appears or an exact reading is lost, and asks
for the list to shrink when one is fixed.
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests3" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number, as first measured; all eight fixed by pattern since (a day named for
# another event, addresses only mailed to or given as a member's other one, a bound inside
# a part of the day, 午饭, "Friday evening, the 13th").
KNOWN_WRONG: dict[int, str] = {}


def test_held_out_requests_3_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 160
    report = run_requests(CASES)
    print("\nheld-out requests 3, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.968
