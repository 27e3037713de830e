"""A meeting of the Family hub to write events for, and a real receiver to post them to."""

import pytest
from django.utils import timezone

from negotiation.models import Meeting, Participant
from negotiation.tests.webhooks.receiver import Receiver


@pytest.fixture
def meeting(hub, member):
    meeting = Meeting.objects.create(
        hub=hub, initiator=member, topic="Budget review", status=Meeting.Status.NEGOTIATING
    )
    Participant.objects.create(
        hub=hub, meeting=meeting, email=member.email, name="Alice", kind="member", is_initiator=True
    )
    Participant.objects.create(
        hub=hub, meeting=meeting, email="bob@example.com", name="Bob", kind="contact"
    )
    return meeting


@pytest.fixture
def receiver():
    r = Receiver().start()
    yield r
    r.stop()


@pytest.fixture
def now():
    return timezone.now()
