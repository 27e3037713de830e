"""Held-out requests: written blind from a brief, measured before any rule saw them; kept unseen.

The blind request corpus (tests/corpus/blind/requests.yaml) was read by the person who
improved the request rules, so it no longer measures requests the team never saw; this
set does (150 cases, 2026-11-25, by a writer who never read the rules). Like held-out
set 3 it is not yet clean: the test fails when a new wrong reading appears or an exact
reading is lost, and asks for the list below to shrink when one is fixed. 77.3 % after
round 21 (2026-11-26, stop 33: written from held-out requests 7's wrong readings).
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number, measured first at 50.0 % exact and 13 wrong. Four are the writer's
# ranges against the product's ("evening" 17-20 against 18-22, "lunch" 11:30-14:00
# against 12:00-14:00, "after 3pm" to 20:00 against 18:00) or a text/plain body whose
# HTML markup the reader sees as text (as HTML, mailbridge/html_text.py drops the hidden
# span); the others are the rules' to fix, by pattern, by someone who has not seen them.
# Fixed that way (dotted dates, days that belong to something else, "before Friday",
# parts of a day, people left out, addresses in pasted text): 54.7 %, 6 left. A seventh
# appeared ("except Friday, Will" left Will out and lost the refused Friday) and was fixed
# by its pattern, with near misses in tests/corpus/requests.yaml. The two real ones left
# (35 and 68) were fixed by the rules written against held-out requests set 2 (parts of a
# day kept with their week or day), by someone who never saw this set: 56.7 %, 4 left;
# a second such round (optional guests, topics, names, subject lines such as "Meeting
# request" that name no topic): 61.3 %, the same 4; 68.0 % once a request labelled unclear
# counts as exact when the hub asks back; 69.3 % after a round on held-out requests 2
# (slash dates, lists of hours, ranges refused, a part of the day said first); 70.7 % after
# rounds on held-out requests 3. A fifth appeared on the way ("this week's too packed,
# let's do the week of the 23rd" offered this week) and was fixed by its pattern. 76.7 %
# after the topic round of stop 32 (what the meeting works on, kinds of meeting held for
# something, headings, Chinese topics), written from the team's own paraphrases.
KNOWN_WRONG = {
    32: "label: evening 18-22; the product's evening is 17-20",
    33: "label: lunch 12-14; the product's lunch is 11:30-14:00",
    66: "label: 'after 3pm' ends at 18:00; the product's window runs to 20:00",
    134: "label: HTML markup in a text/plain body is text the member wrote",
}


def test_held_out_requests_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 150
    report = run_requests(CASES)
    print("\nheld-out requests, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.773
