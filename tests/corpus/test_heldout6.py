"""Held-out set 6: written blind, measured before any rule saw it; kept unseen.

240 replies (220 texts and 20 `.eml` files shaped as Gmail, Outlook, Apple Mail,
Thunderbird, mutt, QQ Mail, Foxmail and 163 send them) by a writer who read neither the
rules nor any other corpus, on 2026-11-26, about 15 to each kind of the issue's list
(corrections, proposals, ordinals, other languages and near misses as many as everyday
mail), a fifth in Chinese. Measured first, on the engine of that morning: 60.0 % exact
and 5 wrong, far below the older unseen sets (77-81 %): the kinds the rules are weakest
at weigh as much here as the easy ones. Only the wrong lines are read by the owner, who
passes their patterns on, described, to helpers who never open the set. The test fails
when a new wrong reading appears or an exact reading is lost, and asks for the list to
shrink when one is fixed. The goal (issue 13) is 90 % exact and none wrong.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout6")

# By case number (the n-th case of replies.yaml), as first measured.
KNOWN_WRONG = {
    2: "a place said in passing beside a day ('I'll be in the office anyway') left out",
    72: "a place proposed in a Chinese question (能不能换个地方，楼下的星巴克？) left out",
    101: "'can't make it in person on Wednesday, but I'll dial in' read as a no to Wednesday",
    105: "a Chinese day range (周一到周四都在出差) refuses the named days, not the one between",
    142: "'Wednesday there is good' after a question naming the place: 'there' left out",
}


def test_held_out_set_6_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 240
    report = run_blind(CASES)
    print("\nheld-out set 6, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.600
