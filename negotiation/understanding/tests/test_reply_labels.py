"""The label shortcut reads exactly what the whole engine reads, and nothing more."""

import itertools

import pytest

from negotiation.understanding.reply_labels import labels_alone
from negotiation.understanding.rules import reply_read, understand_reply
from tests.corpus.corpus_loader import load_replies

VIEWS, CASES = load_replies()
SEPARATORS = [",", ", ", " and ", "&", " & ", "+", "/", " / ", " ", "", ";", " or ", "-", " – "]
ENDINGS = ["", ".", "!", "\n", "?"]
FOREIGN = ["D", "3", "I", "Z", "a"]


def _agrees(text, view):
    fast = labels_alone(text, view)
    return fast is None or fast == reply_read(text, view)


def test_every_corpus_text_the_shortcut_reads_is_read_the_same_by_the_engine():
    taken = 0
    for view_name, text, _spec in CASES:
        view = VIEWS[view_name]
        if labels_alone(text, view) is not None:
            taken += 1
            assert labels_alone(text, view) == reply_read(text, view), text
    assert taken >= 10  # the corpus holds plain label replies; the shortcut must see them


@pytest.mark.parametrize("view_name", ["std", "four", "weeks"])
def test_every_short_list_of_labels_is_read_as_the_engine_reads_it(view_name):
    view = VIEWS[view_name]
    labels = [o.id for o in view.options] + FOREIGN
    taken = 0
    for label, ending in itertools.product(labels, ENDINGS):
        assert _agrees(label + ending, view), label + ending
    for (first, second), sep in itertools.product(itertools.permutations(labels, 2), SEPARATORS):
        text = first + sep + second
        taken += labels_alone(text, view) is not None
        assert _agrees(text, view), text
    for trio in itertools.combinations([o.id for o in view.options] + ["D"], 3):
        for sep in (", ", " and ", " "):
            text = trio[0] + sep + trio[1] + " and " + trio[2] + "."
            assert _agrees(text, view), text
    assert taken > 100


@pytest.mark.parametrize(
    "text",
    [
        "A-C",  # a range: the engine reads B too
        "A or B?",  # a question
        "a and 1",  # lower case: an article, perhaps
        "A and 4",  # no place 4
        "Not A",
        "A and 1 please",
        "ABC",
        "A1, C2",  # pairs: A with 1 or C with 2, asked
        "A and 1\n\nOn Tue, Bob wrote:\n> A: Tuesday",
        "A " * 50,
    ],
)
def test_anything_but_a_bare_list_of_the_meetings_labels_goes_to_the_engine(text):
    assert labels_alone(text, VIEWS["std"]) is None


def test_a_bare_list_is_a_sure_yes_to_each_label_and_nothing_else():
    answer = understand_reply("B, C and 2.", VIEWS["std"])
    assert answer.accepted == {"time": frozenset({"B", "C"}), "location": frozenset({"2"})}
    assert answer.rejected == {} and answer.proposals == () and not answer.declined
    assert answer.plain_labels and answer.confidence == 1.0
