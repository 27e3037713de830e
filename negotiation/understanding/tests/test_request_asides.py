"""People named only in passing, and mail that asks for nothing (request_asides)."""

import pytest

from negotiation.understanding.request_asides import asks_nothing, either_person, named_aside
from negotiation.understanding.request_left_out import left_out_after


def _aside(body: str, name: str) -> bool:
    start = body.index(name)
    return named_aside(body, start, start + len(name))


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Will's son was in my daughter's class", "Will"),
        ("Carol's daughter was at our party", "Carol"),
        ("Bob says hi, by the way", "Bob"),
        ("Dave sends his regards", "Dave"),
        ("the plants are thriving (thanks, Will).", "Will"),
        ("New colleagues: welcome Dan Park and Will Turner.", "Will Turner"),
    ],
)
def test_a_name_in_passing_is_an_aside(body, name):
    assert _aside(body, name)


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Bob's free Thursday", "Bob"),
        ("Will's birthday lunch with Bob", "Will"),
        ("thanks, Will and Bob are both needed", "Will"),
        ("a welcome lunch for Dan Park", "Dan Park"),
        ("Meeting with Dave on Friday", "Dave"),
    ],
)
def test_a_guest_is_no_aside(body, name):
    assert not _aside(body, name)


def test_should_not_be_in_this_one_leaves_the_person_out():
    body = "Carol said Erin should not be in this one"
    start = body.index("Erin")
    assert left_out_after(body, start, start + 4)
    body = "Erin should be in this one"
    assert not left_out_after(body, 0, 4)


def test_one_of_two_people_asks_back_but_one_of_two_places_does_not():
    assert either_person("Dan Lee or Dan Park, whichever is free, on Thursday")
    assert either_person("Bob or Carol, whoever is around")
    assert not either_person("on Zoom or in Room 4B, whichever is free")
    assert not either_person("Zoom or Teams, whichever is free")


def test_mail_that_asks_for_nothing():
    assert asks_nothing("I'll answer him myself, no need to do anything.")
    assert asks_nothing("FYI only. No action needed.")
    assert not asks_nothing("No need to book a room, Bob and Carol on Friday.")
