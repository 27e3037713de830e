"""votes_write's one statement leaves the rows bulk_create(update_conflicts=True) leaves."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from negotiation.models import MeetingOption, Vote
from negotiation.services.votes import votes_write
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob and Carol next week, Zoom or the office."


def _rows(participant) -> list[tuple]:
    return sorted(
        Vote.objects.filter(participant=participant).values_list(
            "hub_id", "option_id", "accepted", "answered_at", "source_inbound_id"
        )
    )


@pytest.mark.django_db
def test_a_second_judgement_replaces_the_first_as_the_orm_upsert_does(mailflow):
    make_team()
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    bob = meeting.participants.get(email="bob@example.com")
    carol = meeting.participants.get(email="carol@example.com")
    first, second = list(meeting.options.filter(item=MeetingOption.Item.TIME))[:2]
    then, now = timezone.now(), timezone.now() + timedelta(minutes=3)

    def orm(participant, changes, at, inbound_id):
        Vote.objects.bulk_create(
            [
                Vote(
                    hub_id=participant.hub_id,
                    participant=participant,
                    option=option,
                    accepted=accepted,
                    answered_at=at,
                    source_inbound_id=inbound_id,
                )
                for option, accepted in changes.items()
            ],
            update_conflicts=True,
            unique_fields=["participant", "option"],
            update_fields=["hub", "accepted", "answered_at", "source_inbound_id"],
        )

    votes_write(bob, {first: True, second: False}, then, 7)
    orm(carol, {first: True, second: False}, then, 7)
    with CaptureQueriesContext(connection) as queries:
        written = votes_write(bob, {second: True}, now, 8)
    orm(carol, {second: True}, now, 8)

    assert written == {second.id: True}
    assert len(queries.captured_queries) == 1
    assert _rows(bob) == _rows(carol)
    assert _rows(bob) == sorted(
        [(meeting.hub_id, first.id, True, then, 7), (meeting.hub_id, second.id, True, now, 8)]
    )
