"""Reply and forward marks come off a subject, in the languages mail programs write them."""

import pytest

from negotiation.understanding.subject_marks import without_reply_marks


@pytest.mark.parametrize(
    ("subject", "bare"),
    [
        ("Re: Budget review", "Budget review"),
        ("RE: Fwd: FW: Budget review", "Budget review"),
        ("AW: WG: Budgetplanung", "Budgetplanung"),
        ("回复：年度预算", "年度预算"),
        ("转发: 展会安排", "展会安排"),
        ("答复：Q1 review", "Q1 review"),
    ],
)
def test_leading_marks_come_off(subject, bare):
    assert without_reply_marks(subject) == bare


@pytest.mark.parametrize("subject", ["Review: Q1 numbers", "Fwding plans", "Reach out re: Bob"])
def test_words_that_only_start_like_a_mark_stay(subject):
    assert without_reply_marks(subject) == subject
