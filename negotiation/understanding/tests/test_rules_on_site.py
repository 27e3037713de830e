"""Being on site said beside a yes: "I'll be in the office anyway", or said last."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_on_site import take_on_site
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, Unclear

VIEW = standard_view()  # A Tue 10:00, B Wed 14:00, C Thu 09:30; 1 Zoom, 2 Office 3F


def test_the_office_said_last_is_taken_out():
    assert take_on_site("Wednesday works, I'll be in the office.")[1] == "the office"
    assert take_on_site("Tuesday works. I'm in the office")[1] is None  # may be today
    assert take_on_site("I'll be in the office 2 days")[1] is None


def test_the_office_said_last_is_a_yes_to_it():
    result = understand_reply("Wednesday afternoon works, I will be in the office", VIEW)
    assert isinstance(result, Answer)
    assert result.accepted == {"time": frozenset({"B"}), "location": frozenset({"2"})}


@pytest.mark.parametrize(
    "text",
    ["Zoom on Tuesday, I'll be in the office", "Tuesday doesn't work, I'll be in the office"],
)
def test_the_office_beside_an_online_place_or_no_time_is_asked(text):
    assert isinstance(understand_reply(text, VIEW), Unclear)
