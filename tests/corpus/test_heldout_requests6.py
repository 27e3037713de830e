"""Held-out requests, set 6: written blind as a development set for the hardest kinds.

200 requests by a writer who never read the rules nor any other corpus, on 2026-11-26,
25 to each of eight kinds the unseen sets read worst (relative weeks, exclusions, pasted
and quoted text, names and addresses, parts of the day, Chinese, mixed, and a member
changing her mind inside the mail); 87 marked as deliberate near misses. Written to be
worked from, unlike requests 1 and 5. Measured first, on the engine of that morning:
35.5 % exact and 33 wrong; after round 5 of the request rules, 44.0 % and 1 wrong (a
conflict between labels, settled in round 6: "early next week" is Monday and Tuesday);
after round 6, 46.0 % and none; after round 7 (topics: words that only say when, set-aside
sentences, landmarks, lengths spent on a subject, terse parts line by line), 55.0 % and
none. Round 8 (exclusions spanning weeks, names said other ways, plain corrections read):
63.5 % exact, 0 wrong. Round 9 (days only described beside days offered, venues and places
said as such, topics in mixed and terse text): 72.0 % exact, 0 wrong. Round 10 (spans and
deadlines of days, people described, the quoted part read for topic and names): 77.5 %
exact, 0 wrong. Round 11 (topics: the object of the work, a kind held for something,
headings, asides and glosses, 的会 and 周会 in Chinese): 79.0 % exact, 0 wrong. Round
requests17 (a bare hour range after a day, "Wednesday onwards", "X only if she wants to
come" as optional): 80.5 % exact, 0 wrong. Round requests18 (a reason's days never
offered, "not this week — next", corrections of the place alone or back to the first,
week numbers, "the next few days"): 83.5 % exact, 0 wrong. Round requests19 (a reason is
never the topic, a busy part of a day refused, second thoughts settled on one time, "any
day that week"): 87.0 % exact, 0 wrong. Round requests20 (people named only as away not
invited, a day "instead" of a refused one, a week's mornings refused, a guest's days out
when asked to "find something", a bracketed instruction ending with its bracket): 88.0 %
exact, 0 wrong. The test
fails when a new wrong reading appears or an exact reading
is lost, and asks for the list to shrink when one is fixed.
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests6" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number: what the reading offered outside the request. Round 5 fixed 32 of 33;
# round 6 the last (case 10: the owner reads "early next week" as Monday and Tuesday).
KNOWN_WRONG: dict[int, str] = {}


def test_held_out_requests_6_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 200
    report = run_requests(CASES)
    print("\nheld-out requests 6, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.88
