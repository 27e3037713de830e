"""Held-out set 8: written blind, measured before any rule saw it; kept unseen.

240 replies (220 texts and 20 `.eml` files shaped as Gmail, Outlook desktop in English and
French, Outlook on the web, Apple Mail on iOS, Thunderbird with format=flowed, K-9 in
German, Fastmail, GMX, Yahoo, QQ Mail in GB18030, 163 in GBK and Foxmail in GB2312 send
them) by a writer who read neither the rules nor any other corpus, on 2026-11-26, about
15 to each kind of the issue's list. It took held-out set 7's place as the unseen one
when set 7 became a development set. Measured first, on the engine of that morning
(commit 7cfbc6f): 61.7 % exact and 3 wrong. Only the wrong lines are read by the owner,
who passed them on, described, to a helper who never opened the set: a letter range with
an en dash, a clause in a script the rules cannot read dropped beside the times read
(now unclear), 'any of them' after times: 64.6 %, the last one left. Round 10
of the reply rules (corrections, from the development sets): 66.2 %; 68.3 % after the languages
round (six European languages and Chinese), 69.6 % after round 11 (declines, a place
the writer's organisation blocks); 70.4 % after round 17 (chatty mail's small talk and
sign-offs, proposals with a courtesy condition, a lone hour, corrections and places);
71.2 % after round 18 (places, conflicts stated for a day, eight more languages); 71.7 %
after round 19 (chatter, 'only free after 12', changes of mind, letters that are words);
72.5 % after round 20 (questions, emoji, typos, everyday vocabulary), with one wrong reading
it showed fixed generally: 'so it'll have to be a video call' read as a yes without the no to
the places in person ('it has to be X' is now X and a no to the rest of its list, asked when
not spelt out).
The test fails when a new wrong reading appears or an exact reading is lost, and asks for
the list to shrink when one is fixed. The goal (issue 13) is 90 % exact and none wrong.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout8")

# By case number (the n-th case of replies.yaml), as first measured: 25 (an en dash range)
# and 198 (Korean beside the times) fixed since.
KNOWN_WRONG = {
    # The team corpus and the development sets label a bare "any of them" as every
    # option, 13 to 1 (counted in round 13): this label is the exception.
    217: "label: 'A-OK with any of them' labelled the times only; the corpora read all options",
}


def test_held_out_set_8_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 240
    report = run_blind(CASES)
    print("\nheld-out set 8, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.725
