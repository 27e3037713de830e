"""Held-out requests, set 2: written blind from a brief, then used to improve the rules.

175 requests by a writer who never read the rules (tests/corpus/heldout_requests2/),
measured before any rule saw them: 40.0 % exact and 17 wrong readings (days named with
their date offered in another week, parts of a day dropped, addresses in pasted text
invited, a guest's "his time" read as Berlin's). The request rules were then improved
against it, by pattern, with near misses in tests/corpus/requests.yaml, in two rounds:
66.9 %, then 86.3 %, then (slash dates, bare hours, lists of hours) 96.6 %, none wrong.
Since then it is a development set: tests/corpus/heldout_requests/ stays the unseen one.
Round 10 (spans and deadlines of days, people described, the quoted part read for topic
and names): 97.7 % exact, 0 wrong.
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests2" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]


def test_second_held_out_request_set_never_invites_or_offers_what_was_not_asked():
    assert len(CASES) >= 170
    report = run_requests(CASES)
    print("\nheld-out requests 2 (used for development), through read_message and the rules:")
    print("\n".join(report.lines()))
    assert not report.wrong_cases, "\n".join(report.wrong_cases)
    assert sum(report.exact.values()) / len(CASES) >= 0.977
