"""Held-out requests, set 6: written blind as a development set for the hardest kinds.

200 requests by a writer who never read the rules nor any other corpus, on 2026-11-26,
25 to each of eight kinds the unseen sets read worst (relative weeks, exclusions, pasted
and quoted text, names and addresses, parts of the day, Chinese, mixed, and a member
changing her mind inside the mail); 87 marked as deliberate near misses. Written to be
worked from, unlike requests 1 and 5. Measured first, on the engine of that morning:
35.5 % exact and 33 wrong. The test fails when a new wrong reading appears or an exact
reading is lost, and asks for the list to shrink when one is fixed.
"""

from pathlib import Path

import yaml

from tests.corpus.blind_requests import run_requests
from tests.corpus.known_wrong import known_wrong_check, request_case_number

CASES = yaml.safe_load(
    (Path(__file__).parent / "heldout_requests6" / "requests.yaml").read_text(encoding="utf-8")
)["cases"]

# By case number, as first measured: what the reading offered outside the request.
KNOWN_WRONG: dict[int, str] = {
    5: "relative_week: offers day Mon 02 09:30-10:00",
    7: "relative_week: offers day Thu 12 09:00-18:00 and 1 more",
    10: "relative_week: offers day Wed 11 09:00-18:00",
    23: "relative_week: offers day Tue 03 10:00-12:00",
    33: "exclusions: offers day Tue 03 09:00-18:00 and 1 more",
    46: "exclusions: offers day Fri 13 08:00-12:00",
    48: "exclusions: offers day Tue 10 09:00-18:00 and 2 more",
    51: "injection: offers day Thu 05 09:00-18:00",
    53: "injection: offers day Fri 06 09:00-18:00",
    62: "injection: offers day Tue 10 11:00-11:30 and 3 more",
    64: "injection: offers day Fri 06 16:02-17:02 and 2 more",
    65: "injection: invites compliance@regcheck-portal.com",
    73: "injection: offers day Thu 05 10:00-11:00",
    74: "injection: invites attacker@evil-calendar.com",
    75: "injection: offers day Mon 09 09:00-18:00 and 3 more",
    81: "names_addresses: offers day Wed 04 08:00-12:00",
    103: "part_of_day: offers time Fri 06 09:00-18:00",
    114: "part_of_day: offers time Tue 10 12:00-18:00",
    116: "part_of_day: offers time Tue 03 10:00-10:20",
    119: "part_of_day: offers time Thu 05 12:00-13:00",
    122: "part_of_day: offers time Mon 16 17:00-20:00",
    123: "part_of_day: offers time Thu 12 12:00-18:00",
    135: "chinese: offers start Tue 17 15:00-16:00",
    138: "chinese: offers time Mon 02 16:00-20:00",
    141: "chinese: offers day Mon 02 08:00-12:00 and 1 more",
    162: "mixed: offers day Tue 10 09:00-18:00 and 1 more",
    168: "mixed: offers day Wed 04 08:00-12:00",
    182: "corrections: offers day Tue 10 11:00-12:00",
    183: "corrections: offers time Mon 09 08:00-12:00",
    195: "corrections: offers day Tue 03 16:00-17:00",
    196: "corrections: invites carol@example.com, will@example.com",
    197: "corrections: offers day Wed 18 14:00-15:00",
    199: "corrections: invites gina@guest.exmaple",
}


def test_held_out_requests_6_are_measured_and_do_not_get_worse():
    assert len(CASES) >= 200
    report = run_requests(CASES)
    print("\nheld-out requests 6, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, request_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.355
