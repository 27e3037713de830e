"""A subject line is the request's topic only when it names something."""

from datetime import UTC, datetime

import pytest

from mailbridge.types import IncomingMail, MailKind
from negotiation.handlers.commands import request_text, telling_subject


def _mail(subject: str, text: str = "Set up a call with Bob on Tuesday") -> IncomingMail:
    return IncomingMail(
        inbound_id=1,
        hub_id=1,
        kind=MailKind.MEMBER_COMMAND,
        sender="alice@example.com",
        sender_name="Alice",
        subject=subject,
        text=text,
        full_text=text,
        received_at=datetime(2026, 3, 2, 8, tzinfo=UTC),
        message_id="<m@example.com>",
    )


@pytest.mark.parametrize(
    "subject", ["Meeting request", "Re: Quick question", "question", "会议", "SCHEDULING"]
)
def test_a_subject_that_names_no_meeting_is_not_its_topic(subject):
    assert telling_subject(_mail(subject)) == ""
    assert request_text(_mail(subject)) == "Set up a call with Bob on Tuesday"


@pytest.mark.parametrize("subject", ["Budget review", "Question about the Q3 budget", "预算会议"])
def test_a_subject_that_names_something_is_read_with_the_body(subject):
    assert telling_subject(_mail(subject)) == subject
    assert request_text(_mail(subject)).startswith(subject + "\n")
