"""Held-out set 7: written blind and measured before any rule saw it; now a development set.

240 replies (220 texts and 20 `.eml` files shaped as Gmail, Outlook in English and
German, Outlook on the web in Chinese, Apple Mail, Thunderbird, mutt, QQ Mail, Foxmail,
163, Yahoo and Proton Mail send them) by a writer who read neither the rules nor any
other corpus, on 2026-11-26, about 15 to each kind of the issue's list. It took held-out
set 6's place as the unseen one when set 6 became a development set. Measured first, on
the engine of that morning: 58.8 % exact and 5 wrong, three of them the writer's labels.
Only the wrong lines are read by the owner, who passed the real ones on, described. After
that day's rounds (written from set 6 and the older development sets, and the colour
marks "A 🟢 B 🔴" read per option): 61.7 %, 4 wrong, the three labels and a no left
unsaid in a change of mind. Then it became a development set: a round of general
mechanisms written from all the development sets (typos of small words and day names, the
reason for a no in brackets or as a bare noun, short answers in Portuguese, Spanish,
Italian and Japanese, "that same day", the reason closing a change of mind): 70.0 %, the
same 4 wrong. Then the owner's decision that a bare rank ("the first one") ranks the
times, letter ranges with any dash ("A–C") and clauses in scripts the rules do not read
asked about: 71.2 %, the same 4 wrong. Then a round on asides (a statement about
something else beside the answer, a "because" reason that names nothing of the meeting,
a greeting opening the first line, how one takes part, "should be fine" as a yes, an
"all" of one kind beside an option of the other, which read "any time is fine on Zoom"
as Zoom alone): 72.5 %, the same 4 wrong. Round 9 (proposals: a reason naming an
option beside a new time, foreign asks for a new time, a full day "slammed"): 72.9 %,
the same 4 wrong. Round 10 (corrections: what happened to the option taken back as the
reason, "hmm, no", an answer of an earlier mail taken back): 74.5 % exact, the same 4
wrong. Languages round (six European languages and Chinese): 75.8 %, the same 4 wrong.
Round 11 (declines said casually or by leaving, a place the writer's organisation
blocks, a place replaced beside a no to it): 77.0 % exact, the same 4 wrong. Case 96
relabelled by the owner as the issue reads it (a decline that says none of those work is
a decline, not a no to each): 77.5 %, 3 wrong. Round 12 (signature lines, a clock judged
easier than the option before it, a week a reason names beside a new time): 78.3 % exact,
3 wrong. Then working remotely kept as the reason of a change of mind (case 120): 78.7 %,
2 wrong (both labels). Round corrections17 ("in person, either place", "I keep mixing
them up" after a correction, "location-wise"): 79.5 % from that round alone. Round
proposals17 (a zone in brackets after "the 8am one", "at the moment", a lone number as an
hour): 80.0 %. The test
fails when a new wrong reading appears or an exact reading is lost, and asks for the list
to shrink when one is fixed. The goal (issue 13) is 90 % exact and none wrong.
Round places18 (a room by its floor proposed in Chinese, 5楼大会议室): 80.4 % from that round
alone. Round conflicts18 (a conflict stated for an option's day is a no to that day's
options, owner's decision): 80.8 % from that round alone.
Round languages18 (Chinese "the two 10am ones"): 81.2 % with the rounds beside it.
Round corrections19 (an apology before one option wherever it stands, a second look at the
calendar, a no turned into a yes that keeps the rest, handing the meeting on as a decline,
letters that are words, "same place" after a change, "don't count me out"): 82.9 % with the
rounds beside it.
Round questions20 (questions beside votes: a lead-in, context, a no of other people inside,
能带…吗; a picture of the place and a yes mark between a label and a place): 85.4 %.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout7")

# By case number (the n-th case of replies.yaml), as first measured.
KNOWN_WRONG = {
    117: "label: 'can't do any of those' of the four-time invitation refuses A-C, not D",
    170: "label: 'can't do any of them' of the four-time invitation refuses A-C, not D",
}


def test_held_out_set_7_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 240
    report = run_blind(CASES)
    print("\nheld-out set 7, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.854
