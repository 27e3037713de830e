"""A person marked optional by the words around the name."""

import pytest

from negotiation.understanding.request_optional import is_optional


def _optional(body: str, name: str) -> bool:
    start = body.index(name)
    return is_optional(body, start, start + len(name))


@pytest.mark.parametrize(
    ("body", "name", "optional"),
    [
        ("Carol and Will, plus Erin only if she wants to come.", "Erin", True),
        ("Carol, Will (and Dan Lee if he fancies it): offsite.", "Dan Lee", True),
        ("Carol, and Bob if he feels like it.", "Bob", True),
        ("Dave too if he's free.", "Dave", True),
        ("Carol; Bob only if he has the numbers.", "Bob", False),
        ("Carol only if Bob can't make it.", "Carol", False),
        ("Carol and Will, plus Erin.", "Erin", False),
    ],
)
def test_is_optional(body, name, optional):
    assert _optional(body, name) is optional
