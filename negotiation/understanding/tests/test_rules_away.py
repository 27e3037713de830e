"""Where the writer travels to is part of the absence; an offered place stays."""

import pytest

from negotiation.understanding.rules_away import drop_away_reason, drop_destination
from negotiation.understanding.tests.views import standard_view


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tuesday I'm travelling to Berlin", "Tuesday I'm travelling"),
        ("Tuesday I'm away in New York", "Tuesday I'm away"),
        ("on a business trip to Rome Tuesday", "on a business trip Tuesday"),
        ("周二我去北京出差", "周二我出差"),
        # Left as written: an offered place, out of town, no capitals, nothing away.
        ("Tuesday I'm travelling to Zoom", "Tuesday I'm travelling to Zoom"),
        ("周二我在外地出差", "周二我在外地出差"),
        ("travelling to the office", "travelling to the office"),
        ("Tuesday I'm in Berlin", "Tuesday I'm in Berlin"),
    ],
)
def test_the_destination_of_an_absence_is_dropped(text, expected):
    assert drop_destination(text, standard_view()) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "B works, but I'm travelling so it'll have to be a video call.",
            "B works, it'll have to be a video call.",
        ),
        ("B works. I'm abroad, so Zoom please.", "B works. Zoom please."),
        # Left: no way of meeting after it, or a day before the absence.
        (
            "B works, but I'm travelling so I can't come.",
            "B works, but I'm travelling so I can't come.",
        ),
        ("Tuesday I'm travelling so video", "Tuesday I'm travelling so video"),
    ],
)
def test_an_absence_given_as_the_reason_for_meeting_online_is_taken_out(text, expected):
    assert drop_away_reason(text, standard_view()) == expected
