"""Whether a request changes its mind: "instead" of an earlier mail scrapped is no change."""

import pytest

from negotiation.understanding.request_changes import changes_mind
from negotiation.understanding.tests.views import request_context

CTX = request_context()


@pytest.mark.parametrize(
    "text",
    [
        "Scrap my earlier mail. New plan: Carol and me, Tuesday 17 March at 10 instead.",
        "Please ignore my previous email. Budget with Carol, Tuesday 17 March at 10 instead.",
    ],
)
def test_instead_of_a_mail_scrapped_is_a_new_request(text):
    assert not changes_mind(text, CTX)


@pytest.mark.parametrize(
    "text",
    [
        # Moves what the last mail said: which meeting?
        "Re: my last mail, can we meet with Bob on Tuesday instead?",
        # A day said before "instead" in this mail.
        "Budget with Carol on Monday at 3. New plan: Tuesday at 10 instead.",
    ],
)
def test_instead_of_something_said_is_a_change(text):
    assert changes_mind(text, CTX)


def test_an_apology_before_anything_is_said_takes_nothing_back():
    text = "hi, sorry for the junk above. Bob and Carol, Friday at 9, budget, 30 min."
    assert not changes_mind(text, CTX)


def test_an_apology_after_a_day_may_take_it_back():
    assert changes_mind("Budget with Bob on Friday. Sorry, I meant Thursday.", CTX)
