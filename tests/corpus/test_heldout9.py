"""Held-out set 9: written blind as a development set for the hardest kinds.

240 replies by a writer who read neither the rules nor any other corpus, on 2026-11-26,
weighted to what the unseen sets read worst: 30 each of proposals, corrections, near
misses, chatty everyday mail, places and declines, 15 each of typos, clock times,
ordinals and other languages (thirteen of them). Written to be worked from, unlike sets
3, 5 and 8. Measured first, on the engine of that morning: 31.7 % exact, 9 wrong. The
test fails when a new wrong reading appears or an exact reading is lost, and asks for
the list to shrink when one is fixed. Round 7 (corrections with a reason, a clock time
that fits two options, an aside's "all day"): 35.0 % exact, 2 wrong (both labels).
Round 8 (a day proposed with its clock in the next sentence, "start" as a proposal word):
35.4 % exact, 2 wrong. Round 9 (a reason naming an option beside a new time refuses it,
owner's decision; asks for a new time in German, French, Spanish and Italian; a time
moved by minutes; a yes to a day with a no to its hour beside a new time that day):
37.9 % exact, 2 wrong. Round 10 (corrections: what happened to the option taken back as
the reason, "hmm, no" and "it isn't" taking an answer back, an answer of an earlier mail
taken back, a struck day): 40.8 % exact, 2 wrong. Languages round (German, French,
Spanish, Italian, Portuguese, Dutch and Chinese verdicts, dates, errands): 43.3 %, 2 wrong.
Round 11 (declines said casually or by leaving, a pass on some options, a place the
writer's organisation blocks): 46.2 % exact, 2 wrong. The owner then relabelled case 171
as the issue reads it (a decline that says none of the slots work is a decline, not a no
to each): 46.7 %, 1 wrong. Round 12 (a part of the day after a clause naming a day,
being somewhere that day, signature lines, a clock asked alone after an option's hour was
refused, "the only gap I have"): 48.3 % exact, 1 wrong. Round corrections17 ("in person,
either place", "I keep mixing them up" after a correction, "location-wise"): 49.1 %
from that round alone, 1 wrong. Round everyday17 (small talk around the verdicts set aside:
late to answer, how the week went, courtesies, a greeting with a name, a sign-off run
into the last line): 50.8 % with the rounds beside it, 1 wrong. Round proposals17 (a
courtesy condition after a new time, where the writer is "at the moment", a lone number
as the hour of the one option at it) counts 3 of those cases, proposals and clock times.
Round places18 ("3F" alone, "whatever's easiest", being in the office anyway as the
reason of a change of mind): 51.6 % from that round alone. Round conflicts18 (a conflict
stated for an option's day, a part of it or an hour is a no to what it covers, owner's
decision): one more case, 52.0 % from that round alone.
Round languages18 (Polish, Russian, Swedish, Turkish, Vietnamese and Korean verdicts;
Chinese "away, so only online"): 55.0 % with the rounds beside it, 1 wrong.
Round everyday19 ("9:00 am" with its minutes, an open range said as the only one free,
"Good afternoon." as a greeting, small talk about where the writer types from): 58.7 % with
the rounds beside it, 1 wrong.
Round corrections19 (an apology before one option wherever it stands, a second look at the
calendar, "no, sorry, not C", handing the meeting on as a decline, letters that are words:
"C you", "B2B") reads six of the cases in that 58.7 % (71, 90, 92, 95, 152, 174).
Round vocabulary20 (everyday words by kind as fillers: discourse markers, affect,
politeness, intensifiers, the writer's own preference) reads cases 16 and 30: 62.0 % with
the rounds beside it, 1 wrong.
Round questions20 (a lead-in before a question, a statement giving a question its context,
"woudl", "Mon 9a", 可疑/回忆 typed by sound): 62.0 %, the same 1 wrong.
"""

from pathlib import Path

from tests.corpus.blind_loader import blind_cases, run_blind
from tests.corpus.known_wrong import known_wrong_check, reply_case_number

CASES = blind_cases(Path(__file__).parent / "heldout9")

# By case number (the n-th case of replies.yaml), as first measured.
KNOWN_WRONG = {
    231: "label: 'Terça no café, pode ser?' (is that OK?) read as a question as well",
}


def test_held_out_set_9_is_measured_and_does_not_get_worse():
    assert len(CASES) >= 240
    report = run_blind(CASES)
    print("\nheld-out set 9, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    known_wrong_check(report.wrong_cases, KNOWN_WRONG, reply_case_number)
    assert sum(report.exact.values()) / len(CASES) >= 0.620
