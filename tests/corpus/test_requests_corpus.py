"""The rules engine against the labelled request corpus: no invented participant or day."""

from mailbridge.replies import strip_reply
from negotiation.understanding.rules import understand_request
from tests.corpus.corpus_loader import load_requests, request_as_expectation

CTX, CASES = load_requests()


def _days(windows: frozenset[str]) -> set[str]:
    return {w.split()[0] for w in windows}


def run_corpus():
    exact, wrong, misses = 0, [], []
    for text, expected in CASES:
        got = request_as_expectation(understand_request(strip_reply(text), CTX), CTX.sender_tz)
        if got == expected:
            exact += 1
            continue
        invented = set(got.participants) - set(expected.participants)
        invented_people = {p.rstrip("*") for p in invented} - {
            p.rstrip("*") for p in expected.participants
        }
        invented_days = _days(got.windows) - _days(expected.windows)
        if not got.unclear and (invented_people or invented_days):
            wrong.append(
                f"{text!r}: invented {sorted(invented_people)} {sorted(invented_days)}; got {got}"
            )
        else:
            misses.append(f"{text!r}:\n      expected {expected}\n      got      {got}")
    return exact, wrong, misses


def test_request_corpus_is_large_enough():
    assert len(CASES) >= 60


def test_rules_engine_never_invents_participants_or_days():
    exact, wrong, misses = run_corpus()
    rate = exact / len(CASES)
    print(
        f"\nrequest corpus: {len(CASES)} cases, exact match {exact} ({rate:.1%}), "
        f"confident-wrong {len(wrong)}, partial or silent {len(misses)}"
    )
    for line in misses:
        print("  partial:", line)
    assert not wrong, "invented participants or days:\n" + "\n".join(wrong)
    assert rate >= 0.97
