"""The blind request corpus, read as production reads a member's mail (no model).

Never wrong: no one invited who was not named, no window on a day or at a time of day
outside what was asked. `pytest tests/corpus -s` prints the report per kind.
Round 10 (spans and deadlines of days, people described, the quoted part read for topic
and names): 97.3 % exact, 0 wrong.
"""

from tests.corpus.blind_requests import blind_requests, run_requests

CASES = blind_requests()


def test_blind_request_corpus_is_large_enough():
    assert len(CASES) >= 180


def test_blind_requests_never_invite_anyone_or_offer_any_time_not_asked_for():
    report = run_requests(CASES)
    print("\nblind request corpus, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    # What each case that is not exact lacks, to group the misses by cause.
    print("\n".join(f"  partial: {c}" for c in report.partial_cases))
    print("\n".join(f"  unclear: {c}" for c in report.unclear_cases))
    assert not report.wrong_cases, "\n".join(report.wrong_cases)
    exact = sum(report.exact.values()) / len(CASES)
    # A floor that follows the rules as they improve. Lowered once, from 0.973: the owner
    # reads "early next week" as Monday and Tuesday, and this set's label (Mon-Wed, "at the
    # widest") is now a partial reading, not a lost one.
    assert exact >= 0.973
