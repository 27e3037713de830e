"""The blind request corpus, read as production reads a member's mail (no model).

Not yet at the standard (0 wrong): this test holds the line where it is, so no change
makes it worse, and prints what is left (README, "Understanding"). Lower the ceiling
as the request rules improve; it must reach 0.
"""

from tests.corpus.blind_requests import blind_requests, run_requests

CASES = blind_requests()
# Windows outside what was asked or people not named, today: see the printed list.
WRONG_CEILING = 14


def test_blind_request_corpus_is_large_enough():
    assert len(CASES) >= 180


def test_blind_requests_get_no_worse():
    report = run_requests(CASES)
    print("\nblind request corpus, through read_message and the rules (no model):")
    print("\n".join(report.lines()))
    for line in report.wrong_cases:
        print("  wrong:", line)
    assert len(report.wrong_cases) <= WRONG_CEILING, "\n".join(report.wrong_cases)
