"""Names a request lists: the writer's own clause after the list is no one's name."""

import pytest

from negotiation.understanding.request_names import listed_names


@pytest.mark.parametrize(
    "text",
    [
        "Roadmap review with Carol Wednesday, I'm at the dentist in the morning.",
        "Sync with Bob, we're out Friday.",
        "Lunch with Dave, he's in town Tuesday.",
    ],
)
def test_a_pronoun_with_its_verb_ends_the_list(text):
    assert all("'" not in name for name, _, _ in listed_names(text))


def test_names_after_a_comma_are_still_listed():
    assert [n for n, _, _ in listed_names("Sync with Bob, Sam Lee and Carol on Friday.")] == [
        "Bob",
        "Sam Lee",
        "Carol",
    ]
