"""Held-out set 6: written blind, measured before any rule saw it; kept unseen.

240 replies (220 texts and 20 `.eml` files shaped as Gmail, Outlook, Apple Mail,
Thunderbird, mutt, QQ Mail, Foxmail and 163 send them) by a writer who read neither the
rules nor any other corpus, on 2026-11-26, about 15 to each kind of the issue's list
(corrections, proposals, ordinals, other languages and near misses as many as everyday
mail), a fifth in Chinese. Measured first, on the engine of that morning: 60.0 % exact
and 5 wrong, far below the older unseen sets (77-81 %): the kinds the rules are weakest
at weigh as much here as the easy ones. A round of rules written from the older
development sets that day left it at 60.0 %, and the unseen sets 3 and 5 where they
were: so it became a development set itself (its fresh failures are what real mail
looks like), and held-out set 7, written blind the same day, took its place as the
unseen one. The test fails when a new wrong reading appears or an exact reading is lost,
and asks for the list to shrink when one is fixed. The goal (issue 13) is 90 % exact and
none wrong.
Round places18 ("3F" alone for Office 3F, "whatever is easiest"): 83.7 % from that round
alone.
Round languages18 (Chinese "away, so only online", "the two 10am ones"): 84.5 % with
the rounds beside it.
Round corrections19 (someone else taking the slot as the reason of a change of mind): 85.0 %.
Round questions20 (a statement giving a question its context, a sad face after crosses): 86.6 %.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout6")

# By case number (the n-th case of replies.yaml). Measured first at 60.0 % and 5 wrong
# (a place said in passing beside a day, a place proposed inside a Chinese question, "can't
# make it in person on Wednesday, but I'll dial in" read as a no to Wednesday, 周一到周四
# refusing only its ends, "Wednesday there" after a question naming the place). Then the
# set became a development set: a helper read all of it and worked by pattern (runs of
# days, not in person but remotely, "there", on site anyway, a verdict in brackets, reasons
# with a day as subject, slots taken or gone): 72.5 %, none wrong.
# A round on proposals (a bare clock asked for after a no to one option's day, a new time
# on the replaced option's own day, reasons naming days beside a no to every time, an
# apology for answering late): 74.6 %, none wrong.
# A round of general mechanisms (typos, reasons for a no, lexicons, "that same day", the
# reason closing a change of mind): 77.5 %, none wrong. Later rounds: 79.6 %. A round
# on asides (a statement about something else beside the answer, a "because" reason that
# names nothing of the meeting, a greeting opening the first line, "should be fine" as a
# yes, an "all" of one kind beside an option of the other): 80.4 %, none wrong.
# Round 11 (a place the writer's organisation blocks, a place replaced beside a no to it):
# 81.2 %, none wrong.
# Round 12 (a new time proposed with a place offered, a clock inside a part of
# the day): 81.6 %, none wrong.
# Round proposals17 (a courtesy condition after a new time, "at the moment" in London,
# a lone number as the hour of the one option at it, "instead of 10" with plain words
# after it): 82.9 % with the rounds beside it, none wrong.
KNOWN_WRONG: dict[int, str] = {}


def test_held_out_set_6_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 240
    report = run_blind(CASES)
    print("\nheld-out set 6, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.866
