"""Held-out set 3: written blind, measured before any rule saw it; kept unseen.

It is not yet clean: the first measurement found confident wrong readings, listed here.
The test fails when a new one appears or an exact reading is lost, and asks for the
list to shrink when one is fixed (so the list stays the truth). The goal (issue 13) is
90 % exact and none wrong.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

HELDOUT3 = Path(__file__).parent / "heldout3"
CASES = blind_cases(HELDOUT3)

# By case number (the n-th case of replies.yaml), with what went wrong. Measured first at
# 64.3 % exact and 11 wrong; five were fixed by rules written from their patterns alone
# (by someone who did not see this set): 66.1 %, 6 left, three of them questions the hub
# forwards where the writer expected "unclear". A second round of rules from the patterns
# of the other corpora (the writers again did not see this set): 72.6 %, then 72.9 % and
# 73.5 % after two more rounds, the same 6; 74.0 % then 74.3 % after three more (2026-11-25).
# Then the owner gave three of them, described, to a helper who read only those lines (a
# generic place word for the one offered place of its kind; an answer under a quoted
# option laid out with spaces): 74.9 %, 4 left. Then a helper worked from the dev sets
# only (blind, 2 and 4): 75.5 %, the same 4. After the rounds of 2026-11-26 (written from
# sets 6 and 7; one helper's run of the whole corpus folder showed it one case, after
# which it dropped the rule that case would have confirmed): 79.9 %, the same 4; 80.8 %
# after the rounds of the day after (corrections, from the development sets), 81.4 %
# after its languages round, 82.6 % after round 12 (a part of the day goes with the day
# just named, being elsewhere is no yes, example clocks, signatures). Case 308 relabelled
# by the owner's rule on a change of mind with a reason (working from home: the café
# taken back is refused), which the engine then read so: 82.6 %, the same 4. Round 13
# (someone's own place proposed by a common noun: "at my place instead"): 82.9 %, 3 left.
# Stop 33's rounds 17-20 (chatter, places, conflicts, languages, changes of mind, questions,
# emoji, typos, everyday vocabulary): 84.7 %, the same 3.
KNOWN_WRONG = {
    286: "an unrelated question: forwarded as a question, labelled unclear",
    293: "sure, whatever: read as yes to everything, labelled unclear",
    295: "The usual?: forwarded as a question, labelled unclear",
}


def test_held_out_set_3_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 330
    report = run_blind(CASES)
    print("\nheld-out set 3, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.846
