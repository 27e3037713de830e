"""A meeting's fields written by fields_save are what save(update_fields=...) writes."""

from datetime import timedelta

import pytest
from django.db import DatabaseError, connection
from django.test.utils import CaptureQueriesContext

from negotiation.models import Meeting, MeetingOption
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob and Carol next week, Zoom or the office."


def _fields(meeting) -> dict:
    row = Meeting.objects.get(pk=meeting.pk)
    return {f.attname: getattr(row, f.attname) for f in Meeting._meta.concrete_fields}


@pytest.mark.django_db
def test_a_confirmation_writes_the_row_save_with_update_fields_writes(mailflow):
    make_team()
    chat = Chat(mailflow)
    mine = meeting_of(chat.write("alice@example.com", REQUEST)[0])
    orm = meeting_of(chat.write("alice@example.com", REQUEST.replace("budget", "hiring"))[0])
    picks = {}
    for meeting in (mine, orm):
        options = meeting.options.order_by("id")
        picks[meeting.pk] = (
            options.filter(item=MeetingOption.Item.TIME).first(),
            options.filter(item=MeetingOption.Item.LOCATION).first(),
        )
    before = _fields(mine)["updated_at"]

    with CaptureQueriesContext(connection) as queries:
        mine.confirm(time=picks[mine.pk][0], place=picks[mine.pk][1])
    orm.status, orm.version = Meeting.Status.CONFIRMED, orm.version + 1
    orm.chosen_time, orm.chosen_place = picks[orm.pk]
    orm.save(update_fields=["status", "version", "chosen_time", "chosen_place", "updated_at"])

    assert len(queries.captured_queries) == 1
    a, b = _fields(mine), _fields(orm)
    assert a["updated_at"] > before and a["updated_at"] == mine.updated_at
    assert a["chosen_time_id"] == picks[mine.pk][0].pk and a["status"] == "confirmed"
    for name in (
        "id",
        "session_id",
        "topic",
        "chosen_time_id",
        "chosen_place_id",
        "updated_at",
        "created_at",
        "request_text",
        "draft",
        "deadline",
        "remind_after",
    ):
        a.pop(name, None), b.pop(name, None)
    assert a == b


@pytest.mark.django_db
def test_a_meeting_deleted_meanwhile_fails_as_save_does(mailflow):
    make_team()
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    Meeting.objects.filter(pk=meeting.pk).delete()
    with pytest.raises(DatabaseError):
        meeting.extend_window(deadline=meeting.deadline + timedelta(days=1))
