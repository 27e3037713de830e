"""Held-out set 4: written blind and measured before any rule saw it; now a development set.

197 replies by a writer who read neither the rules nor any other corpus, weighted to
the kinds held-out set 3 found weakest (ordinals, proposals, corrections, questions,
other languages). Measured first at 55.8 % exact and 8 wrong, and the same after a
round of rules written against the other sets. Two of the 8 recorded a yes the writer
did not give; the others left out part of what was said (a no the reply implies, a
place it names in passing), which the harness counts as wrong too. The test fails when
a new one appears or an exact reading is lost, and asks for the list to shrink when one
is fixed. The goal (issue 13) is 90 % exact and none wrong.
Round places18 (a floor alone for its place, a proposed place's reason naming the
writer's office, rooms by a number no option has): 87.3 % from that round alone.
Round languages18 (Chinese "away, so only online"): 87.8 % with the rounds beside it.
Round everyday19 (an open range said as the only one free, 只有晚上八点以后才有空): 88.3 %.
Round questions20 ("Quick q —" before a question beside a vote): 88.8 %.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout4")

# By case number (the n-th case of replies.yaml). Measured first at 55.8 % and 8 wrong;
# the owner read those 8 and gave their patterns, described, to a helper who never
# opened this set ("Declining Wednesday; the rest are fine", a Chinese change of mind,
# "only free in the afternoons", "all of them work. either place", "meet pls", a
# question a correction answers itself): 60.4 %, 1 left. Then a helper worked from the
# whole set, by pattern, on its unclear kinds (other languages, ranks): 66.0 %, still 1
# wrong. Then ranks within one day, "Scratch D", "en persona, Room 401": 68.5 %, still 1
# wrong. Then a terse reason inside a change of mind ("Wait, no — dentist on Tuesday.
# Thursday then."): 69.0 %, still 1 wrong. Then a round on its weak kinds by pattern
# (proposals on an option's day, questions beside answers, other languages, "too early"):
# 76.1 %, still 1 wrong. Then a round on proposals, places, clocks and ranks by pattern
# (a count that spans the places, "if that's easier for the others", "I'm WFH", "10pm ET"
# from NYC, "rather than" as "instead of", 有课): 80.7 %, still 1 wrong. Then a round by
# pattern (a clash with a bare noun, 其他时间都不行 beside a proposal, 7点（我这边）, "X will
# join instead", a place proposed in Chinese): 82.2 %, still 1 wrong. That one was the
# harness's: it read "place=Teams -loc=1" as a place named "Teams -loc=1" (fixed in
# corpus_loader.parse_expectation): 82.7 %, none wrong. Held-out sets 3, 5 and 6 are
# the unseen ones. Round 12 ("good in principle but 2pm clashes", a clock asked after an
# hour refused): 85.7 %, 1 wrong (the label below). Round corrections17 ("face to face -
# the café or the room, whichever", "I keep mixing them up"): 86.8 %, 1 wrong.
KNOWN_WRONG: dict[int, str] = {
    # Owner, round 7: a change of mind that gives a reason makes the first choice a no
    # (sets 7 and 9 label it so); this label keeps only the new place.
    62: "label: 'Cafe Central - no wait, make that Zoom, I've got a cold': the café's no",
}


def test_held_out_set_4_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 190
    report = run_blind(CASES)
    print("\nheld-out set 4, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.888
