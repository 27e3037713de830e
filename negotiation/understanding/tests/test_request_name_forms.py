"""Other ways a request names people: initials, "both Dans", long forms, lists of surnames."""

import pytest

from negotiation.understanding.request_name_forms import (
    ambiguous_first_names,
    every_of_first_name,
    initialled_first_names,
    long_form_names,
    surname_lists,
)
from negotiation.understanding.types import PersonRef

PEOPLE = [
    PersonRef("Bob Jones", "bob@example.com", "member"),
    PersonRef("Carol White", "carol@example.com", "member"),
    PersonRef("Will Turner", "will@example.com", "member"),
    PersonRef("Dan Lee", "dan.lee@example.com", "member"),
    PersonRef("Dan Park", "dan.park@example.com", "member"),
    PersonRef("Dave Brown", "dave@partner.org", "contact"),
]


def _emails(found) -> list[str]:
    return sorted(p.email for p, _, _ in found)


@pytest.mark.parametrize(
    ("text", "emails"),
    [
        ("Erin S. and Dan P. for an hour", ["dan.park@example.com"]),
        ("Dan L, Thursday", ["dan.lee@example.com"]),
        ("Dan Smith, Thursday", []),  # no Dan of that initial
        ("Dan I think, Thursday", []),  # a word, not an initial after a dot
    ],
)
def test_initialled_first_names(text, emails):
    assert _emails(initialled_first_names(text, PEOPLE)) == emails


@pytest.mark.parametrize(
    ("text", "emails"),
    [
        ("Both Dans please", ["dan.lee@example.com", "dan.park@example.com"]),
        ("the two Dans and Carol", ["dan.lee@example.com", "dan.park@example.com"]),
        ("the Daves", []),  # one Dave only: nothing to read as "both"
    ],
)
def test_every_of_first_name(text, emails):
    assert _emails(every_of_first_name(text, PEOPLE)) == emails


@pytest.mark.parametrize(
    ("text", "emails"),
    [
        ("Robert Jones and David Brown", ["bob@example.com", "dave@partner.org"]),
        ("William Turner", ["will@example.com"]),
        ("Robert Smith", []),  # no Jones: nobody the hub knows
        ("Roberta Jones", []),  # no long form of Bob
    ],
)
def test_long_form_names(text, emails):
    assert _emails(long_form_names(text, PEOPLE)) == emails


@pytest.mark.parametrize(
    ("text", "emails"),
    [
        (
            "Turner, Park and White: Wednesday 4pm",
            ["carol@example.com", "dan.park@example.com", "will@example.com"],
        ),
        ("Jones & Brown, Friday", ["bob@example.com", "dave@partner.org"]),
        ("Carol and Turner", []),  # one surname only: no list of surnames
        ("at the corner of Park and White", []),  # a place
        ("Park and Green, Friday", []),  # Green is nobody's surname
    ],
)
def test_surname_lists(text, emails):
    assert _emails(surname_lists(text, PEOPLE)) == emails


def test_a_shared_first_name_alone_is_asked_about():
    assert [n for n, _, _ in ambiguous_first_names("Can Dan join? Bob too.", PEOPLE, [])] == ["Dan"]
    # "my Dan (Dan Lee, not Park)": the bracket says which.
    text = "my Dan (Dan Lee, not Park)"
    covered = [(text.index("Dan Lee"), text.index("Dan Lee") + 7)]
    assert ambiguous_first_names(text, PEOPLE, covered) == []
    assert ambiguous_first_names("Will, dan and Bob", PEOPLE, []) == []  # lower case
