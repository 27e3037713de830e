"""Held-out set 10: written blind, measured before any rule saw it; kept unseen.

160 replies (10 to each of 16 kinds: labels, days, clock times, ordinals, negation,
declines, corrections, proposals, places, questions, everyday mail, emoji, typos, other
languages, Chinese and near misses; four views) by a writer who read neither the rules nor
any other corpus, on 2026-11-26, from a brief that gave only the invitations, the label
language and the house's decisions. Measured first on the engine of that morning (commit
d8e0bc7): 63.7 % exact and 7 wrong. Only the wrong lines were read by the owner: three
were cases the writer had flagged as unsure, relabelled by the issue's own rules (a day
said to work is a yes to both its options; a time that is no option is a counter-proposal;
a bare "1" is place 1's label); two were "others fine" and "otherwise flexible" after a
refusal, silently dropped, now read as the rest (or asked when there is no refusal to be
the rest of): 66.9 %, two left, both a change of mind whose reason is working remotely,
fixed then (the reason kept for the change of mind instead of taken out first): 68.1 %,
none wrong. Round 17 (chatty mail's small talk and sign-offs, proposals with a courtesy
condition, a lone hour, corrections and places): 70.0 % and one wrong, a clock on a day
beside 'I have my 1:1 then' read as a yes to the whole day and to place 1; fixed
generally (an hour is never read alone before 'on <day>'; a one-on-one is a meeting,
never place 1): 70.0 %, none wrong. 71.9 % after rounds 18-20 (places, conflicts,
languages, changes of mind, questions, emoji, typos, everyday vocabulary). The test fails when a new wrong reading appears
or an exact reading is lost, and asks for the list to shrink when one is fixed. The goal
(issue 13) is 90 % exact and none wrong.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout10")

# By case number (the n-th case of replies.yaml), as first measured.
KNOWN_WRONG: dict[int, str] = {}


def test_held_out_set_10_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 160
    report = run_blind(CASES)
    print("\nheld-out set 10, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.718
