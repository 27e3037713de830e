"""A day and what narrows it stay one clause across a comma; anything more stays apart."""

import pytest

from negotiation.understanding.rules_qualifiers import join_qualifiers


@pytest.mark.parametrize(
    ("clauses", "joined"),
    [
        (["Thursday", " in the morning"], ["Thursday  in the morning"]),
        (["this coming Thursday", " mornings please"], ["this coming Thursday  mornings please"]),
        (["Tuesday", " next week"], ["Tuesday  next week"]),
        (["next week", " Tuesday or Wednesday"], ["next week  Tuesday or Wednesday"]),
        (["周四", "上午"], ["周四 上午"]),
        # Near misses: a thought of its own, a negation, no day before the comma.
        (["Not Thursday", " mornings are fine"], ["Not Thursday", " mornings are fine"]),
        (
            ["Thursday", " mornings are better for Bob"],
            ["Thursday", " mornings are better for Bob"],
        ),
        (["A works", " in the morning"], ["A works", " in the morning"]),
        (["Thursday", " not in the morning"], ["Thursday", " not in the morning"]),
    ],
)
def test_a_bare_qualifier_after_a_day_is_joined_to_it(clauses, joined):
    assert join_qualifiers(clauses) == joined
