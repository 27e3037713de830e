"""An occasion ("last time") is no rank; "the last time" and a list of ranks are."""

import pytest

from negotiation.understanding.rules_ordinals import find_ordinals
from negotiation.understanding.tests.views import standard_view


@pytest.mark.parametrize(
    "text",
    [
        "Tuesday last time",
        "Tuesday, like last time",
        "the last time we met",
        "same as the last time",
    ],
)
def test_last_time_as_an_occasion_is_no_rank(text):
    assert find_ordinals(text, standard_view()) == []


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("the last time works", ("C",)),
        ("last time slot please", ("C",)),
        ("first place, last time", ("C",)),
    ],
)
def test_last_time_as_a_rank_names_the_last_time(text, ids):
    times = [r for r in find_ordinals(text, standard_view()) if r.item == "time"]
    assert [r.ids for r in times] == [ids]
