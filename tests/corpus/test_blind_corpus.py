"""The blind corpus through the product's own mail path: never confidently wrong.

Written from a brief by someone who had not read the rules (tests/corpus/blind/), so it
measures the engine on mail its authors never saw. `pytest tests/corpus -s` prints the
report per kind; the cases it leaves unclear stay in: they measure what is left to do.
Round questions20 (the meeting's length asked, a yes mark between a label and a place):
96.5 %.
"""

from tests.corpus.blind_loader import HELDOUT2, blind_cases, by_kind, run_blind

CASES = blind_cases()


def test_blind_corpus_is_large_and_covers_every_kind():
    kinds = by_kind(CASES)
    assert len(CASES) >= 480
    assert sum(1 for case in CASES if case.name.endswith(".eml")) >= 70
    assert all(count >= 10 for count in kinds.values()), kinds


def test_rules_are_never_confidently_wrong_on_mail_they_never_saw():
    report = run_blind(CASES)
    print("\nblind corpus, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    assert not report.wrong_cases, "confident wrong answers:\n" + "\n".join(report.wrong_cases)
    exact = sum(report.exact.values()) / len(CASES)
    # A floor, not the goal (90 %): a change that makes the engine silent more often fails.
    assert exact >= 0.965


HELDOUT2_CASES = blind_cases(HELDOUT2)


def test_the_second_held_out_set_is_never_read_confidently_wrong():
    # Written later by another helper; see the header of tests/corpus/heldout2/replies.yaml.
    assert len(HELDOUT2_CASES) >= 290
    report = run_blind(HELDOUT2_CASES)
    print("\nheld-out set 2, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    assert not report.wrong_cases, "confident wrong answers:\n" + "\n".join(report.wrong_cases)
    # Round 10 (corrections: an answer of an earlier mail taken back): 80.0 % exact, 0 wrong.
    # Round 11 (a place the writer's organisation blocks, beside a place proposed): 80.3 %
    # exact, 0 wrong. Round proposals17 (a courtesy condition after a new time, "if Alice
    # can stay a bit later"): 80.6 %, 0 wrong.
    assert sum(report.exact.values()) / len(HELDOUT2_CASES) >= 0.806
