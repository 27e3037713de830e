"""The rules engine against the labelled reply corpus: report the rate, never be confidently wrong."""

from mailbridge.replies import strip_reply
from negotiation.understanding.rules import understand_reply
from tests.corpus.corpus_loader import answer_as_expectation, load_replies, parse_expectation

VIEWS, CASES = load_replies()


def run_corpus() -> tuple[int, list[str], list[str]]:
    """(exact matches, confident-wrong descriptions, missed-but-silent descriptions)."""
    exact, wrong, silent = 0, [], []
    for view_name, text, spec in CASES:
        view = VIEWS[view_name]
        expected = parse_expectation(spec)
        got = answer_as_expectation(understand_reply(strip_reply(text), view), view.reader_tz)
        if got == expected:
            exact += 1
        elif got.unclear:
            silent.append(f"{view_name}: {text!r} expected {spec!r}")
        else:
            wrong.append(f"{view_name}: {text!r} expected {spec!r}, got {got}")
    return exact, wrong, silent


def test_corpus_is_large_enough():
    assert len(CASES) >= 200
    assert len({text for _, text, _ in CASES}) >= 200 - 10  # a few texts on purpose in two views


def test_rules_engine_is_never_confidently_wrong_on_the_reply_corpus():
    exact, wrong, silent = run_corpus()
    rate = exact / len(CASES)
    print(
        f"\nreply corpus: {len(CASES)} cases, exact match {exact} ({rate:.1%}), "
        f"confident-wrong {len(wrong)}, silent misses {len(silent)}"
    )
    for line in silent:
        print("  silent:", line)
    assert not wrong, "confident wrong answers:\n" + "\n".join(wrong)
    assert rate >= 0.997
