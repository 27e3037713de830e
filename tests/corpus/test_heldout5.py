"""Held-out set 5: written blind, measured before any rule saw it; kept unseen.

212 replies spread evenly over 14 kinds (everyday, labels, days, clock times and zones,
places, negation, declines, proposals, corrections, questions, ordinals, quoted history,
signatures, near misses), a quarter in Chinese, by a writer who read neither the rules
nor any other corpus, on 2026-11-25 after that day's rounds of rules: 76.4 % exact and
3 wrong at its first measurement. Only those three lines were read by the owner, who
gave two of their patterns, described, to a helper who never opened the set (a clock time
said of one option that fits two; a P.S. below the signature): 76.9 %, 1 left; then
77.8 % after a round on other languages and ordinals written from held-out set 4; then
78.3 % and none wrong after a helper, reading only that line, made "the 3rd" asked about
when its date and its rank name different options. On 2026-11-26 two of its labels were
changed by the owner's decision, made for every corpus alike, that a bare rank ("second
one", 选最后一个) ranks the times (the writers of sets 6 and 7 read it so; this one asked
back): still 81.1 %, none wrong. Round 10 of the reply rules (corrections, from the
development sets): 82.5 %; 83.0 % after the languages round. The test fails when a new wrong
reading appears or an exact reading is lost, and asks for the list to shrink when one is
fixed. The goal (issue 13) is 90 % exact and none wrong.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout5")

# By case number (the n-th case of replies.yaml); empty now, and kept so a new one is named.
KNOWN_WRONG: dict[int, str] = {}


def test_held_out_set_5_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 200
    report = run_blind(CASES)
    print("\nheld-out set 5, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.83
