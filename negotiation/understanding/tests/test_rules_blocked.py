"""A place the writer's organisation or machines block, and a place replaced by another.

In the standard view 1 is Zoom and 2 Office 3F; in ZH 1 is 腾讯会议. The blocked place is
a no, where or by whom is only the reason; "Teams instead of Zoom" is settled only by a no
to Zoom elsewhere in the reply. Each rule with near misses that must stay unclear.
"""

import pytest

from negotiation.understanding.rules_blocked import spell_blocked
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD, ZH


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("Zoom is blocked on our corporate laptops.", STD, {"-location": {"1"}}),
        ("Our firm blocks Zoom.", STD, {"-location": {"1"}}),
        ("A works. Zoom isn't allowed at my company.", STD, {"time": {"A"}, "-location": {"1"}}),
        (
            "A works. Zoom is blocked on our laptops but the office is fine.",
            STD,
            {"time": {"A"}, "location": {"2"}, "-location": {"1"}},
        ),
        ("能不能改成飞书？我们单位电脑打不开腾讯会议。", ZH, {"-location": {"1"}}),
        # Near misses: a day named, asked, only some days, 公司 with no other place.
        ("Zoom is blocked on Tuesday.", STD, "unclear"),
        ("Is Zoom blocked for you? A works.", STD, "unclear"),
        ("Our company blocks Zoom on Tuesdays.", STD, "unclear"),
        ("B，我们公司腾讯会议用不了", ZH, "unclear"),
    ],
)
def test_a_place_the_organisation_blocks_is_a_no_to_it(text, view, expected):
    assert reading(text, view) == expected


def test_the_blocker_is_taken_out_only_beside_a_place_option():
    assert spell_blocked("The printer is blocked on our network.", STD) == (
        "The printer is blocked on our network."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Thursday is fine, but can we do it on Teams instead of Zoom? Our firm blocks Zoom.",
            {"time": {"C"}, "-location": {"1"}},
        ),
        (
            "Webex instead of Zoom please, our firewall blocks Zoom. C.",
            {"time": {"C"}, "-location": {"1"}},
        ),
        # Near misses: no word against the replaced place; a no to another place.
        ("Thursday works, but Teams instead of Zoom?", "unclear"),
        ("A. Could we use Teams instead of Zoom? Zoom is fine too though.", "unclear"),
        ("Teams instead of Zoom? The office is blocked. A.", "unclear"),
    ],
)
def test_a_place_replaced_is_settled_only_by_a_no_to_it(text, expected):
    assert reading(text, STD) == expected
