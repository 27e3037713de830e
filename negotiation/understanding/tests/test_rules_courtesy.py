"""A courtesy condition after a proposed exact time is dropped; any other stays a hedge."""

import pytest

from negotiation.understanding.rules_courtesy import drop_courtesy
from negotiation.understanding.tests.views import standard_view

# A Tue 10:00, B Wed 14:00, C Thu 09:30, all Berlin; 1 Zoom, 2 Office 3F.
VIEW = standard_view()


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        ("Friday at 11 would be perfect, if that works for you.", "Friday at 11 would be perfect."),
        ("How about Friday at 10, if that's ok with everyone?", "How about Friday at 10?"),
        ("Tuesday at 4pm, if that isn't too late for you.", "Tuesday at 4pm."),
        ("Thursday 3pm is ideal if Alice can stay a bit longer.", "Thursday 3pm is ideal."),
        ("Friday at 2pm if you are free", "Friday at 2pm"),
    ],
)
def test_a_courtesy_after_a_new_time_is_dropped(sentence, kept):
    assert drop_courtesy(sentence, VIEW) == kept


@pytest.mark.parametrize(
    "sentence",
    [
        "B works if that works for you.",  # an option: asks the organiser
        "Thursday would be perfect if that works for you.",  # no exact time
        "Friday at 10 if my flight lands on time.",  # the writer's own condition
        "Friday at 10 if I can get out of the dentist.",
        "Friday at 10 if that works for you, otherwise B.",  # more after it
    ],
)
def test_other_conditions_stay(sentence):
    assert drop_courtesy(sentence, VIEW) == sentence
