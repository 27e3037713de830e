"""The one-statement reading of options and votes says what the ORM's two queries say."""

import pytest
from django.db import connection, transaction
from django.db.models import Exists, OuterRef
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from negotiation.models import Meeting, MeetingOption, Vote, WebhookSubscription
from negotiation.services.state_read import (
    meeting_in_thread_read,
    options_and_votes,
    participants_present,
    people_options_votes,
)
from negotiation.webhooks.services import webhook_subscription_create
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob and Carol next week, Zoom or the office."


def options_by_item(meeting) -> dict[str, list[MeetingOption]]:
    """The ORM's reading: live options per item, times by start, places as added."""
    result: dict[str, list[MeetingOption]] = {"time": [], "location": []}
    for option in MeetingOption.objects.filter(meeting=meeting, withdrawn=False).order_by("id"):
        result[option.item].append(option)
    result["time"].sort(key=lambda o: (o.start, o.id))
    return result


def votes_by_participant(meeting) -> dict[int, dict[int, bool]]:
    """The ORM's reading: {participant id: {option id: accepted}}, withdrawn options too."""
    result: dict[int, dict[int, bool]] = {}
    rows = Vote.objects.filter(option__meeting=meeting).values_list(
        "participant_id", "option_id", "accepted"
    )
    for participant_id, option_id, accepted in rows:
        result.setdefault(participant_id, {})[option_id] = accepted
    return result


def _fields(options: dict[str, list[MeetingOption]]) -> dict:
    return {
        item: [{f.attname: getattr(o, f.attname) for f in o._meta.concrete_fields} for o in rows]
        for item, rows in options.items()
    }


def _voted_meeting(mailflow, judged):
    """The request's meeting with `judged(bob, carol, times, places)` voted, its last time withdrawn."""
    make_team()
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    bob = meeting.participants.get(email="bob@example.com")
    carol = meeting.participants.get(email="carol@example.com")
    times = list(meeting.options.filter(item=MeetingOption.Item.TIME).order_by("start"))
    places = list(meeting.options.filter(item=MeetingOption.Item.LOCATION))
    now = timezone.now()
    Vote.objects.bulk_create(
        Vote(hub_id=meeting.hub_id, participant=p, option=o, accepted=a, answered_at=now)
        for p, o, a in judged(bob, carol, times, places)
    )
    MeetingOption.objects.filter(id=times[-1].id).update(withdrawn=True)
    return meeting, bob, carol, times, places


def test_options_and_votes_in_one_statement_are_the_orms_reading(db, mailflow):
    meeting, bob, carol, times, places = _voted_meeting(
        mailflow,
        lambda bob, carol, times, places: [
            (bob, times[0], True),
            (bob, times[1], False),
            (carol, places[1], True),
            # A vote on an option withdrawn later is still one of the person's judgements.
            (carol, times[-1], False),
        ],
    )
    assert len(times) >= 2 and len(places) == 2

    with CaptureQueriesContext(connection) as queries:
        options, votes = options_and_votes(meeting.id)

    assert len(queries.captured_queries) == 1
    assert votes == votes_by_participant(meeting)
    assert votes[carol.id] == {places[1].id: True, times[-1].id: False}
    assert _fields(options) == _fields(options_by_item(meeting))
    assert times[-1].id not in {o.id for o in options[MeetingOption.Item.TIME]}
    assert all(o.start.tzinfo is not None for o in options[MeetingOption.Item.TIME])


def test_a_meeting_with_no_options_reads_empty(db, mailflow):
    make_team()
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    assert options_and_votes(meeting.id + 1000) == ({"time": [], "location": []}, {})


def _judged_meeting(mailflow):
    """A meeting with votes on times and places, one person dropped, one option withdrawn."""
    meeting, _, carol, _, _ = _voted_meeting(
        mailflow,
        lambda bob, carol, times, places: [
            (bob, times[0], True),
            (bob, places[0], False),
            (carol, times[-1], True),
        ],
    )
    meeting.participants.filter(id=carol.id).update(dropped=True, declined=True)
    return meeting


def test_people_options_and_votes_in_one_statement_are_the_two_readings(db, mailflow):
    meeting = _judged_meeting(mailflow)

    with CaptureQueriesContext(connection) as queries:
        people, options, votes = people_options_votes(meeting)

    assert len(queries.captured_queries) == 1
    assert [_row(p) for p in people] == [_row(p) for p in participants_present(meeting)]
    assert all(p.meeting is meeting for p in people)
    separate_options, separate_votes = options_and_votes(meeting.id)
    assert _fields(options) == _fields(separate_options) == _fields(options_by_item(meeting))
    assert votes == separate_votes == votes_by_participant(meeting)
    # Converted as the ORM converts: aware datetimes, real booleans.
    assert all(o.start.tzinfo is not None for o in options[MeetingOption.Item.TIME])
    assert all(isinstance(p.required, bool) and isinstance(p.declined, bool) for p in people)


def test_people_options_and_votes_of_a_meeting_with_no_options(db, mailflow):
    meeting = _judged_meeting(mailflow)
    meeting.options.all().delete()
    people, options, votes = people_options_votes(meeting)
    assert [p.email for p in people] == ["alice@example.com", "bob@example.com"]
    assert (options, votes) == ({"time": [], "location": []}, {})


def test_the_people_still_in_the_meeting_are_the_orms_reading(db, mailflow):
    make_team()
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    meeting.participants.filter(email="carol@example.com").update(dropped=True)
    orm = list(meeting.participants.present().order_by("-is_initiator", "id"))

    with CaptureQueriesContext(connection) as queries:
        people = participants_present(meeting)
        initiator_meeting = people[0].meeting

    assert len(queries.captured_queries) == 1
    assert [p.email for p in people][0] == "alice@example.com" and people[0].is_initiator
    assert "carol@example.com" not in {p.email for p in people}
    assert [_row(p) for p in people] == [_row(p) for p in orm]
    assert initiator_meeting is meeting


def _row(person) -> dict:
    return {f.attname: getattr(person, f.attname) for f in person._meta.concrete_fields}


def _locked_by_the_orm(meeting):
    """The ORM's reading: the meeting locked with its hub and initiator, and hub_hooks."""
    hooks = WebhookSubscription.objects.filter(hub_id=OuterRef("hub_id"), active=True)
    return (
        Meeting.objects.select_for_update(of=("self",))
        .select_related("hub", "initiator")
        .annotate(hub_hooks=Exists(hooks))
        .get(pk=meeting.pk)
    )


@pytest.mark.parametrize("subscribed", [False, True])
def test_the_meeting_of_a_thread_is_the_orms_reading(db, mailflow, subscribed):
    meeting = _judged_meeting(mailflow)
    meeting.draft = {"unknown": ["Dora"], "sender_check": True}
    meeting.save(update_fields=["draft"])
    if subscribed:
        webhook_subscription_create(
            hub=meeting.hub, url="https://h.example.com/", event_types=["meeting.confirmed"]
        )
    with transaction.atomic():
        orm = _locked_by_the_orm(meeting)
        with CaptureQueriesContext(connection) as queries:
            read = meeting_in_thread_read(meeting.hub_id, meeting.session_id)

    assert len(queries.captured_queries) == 1
    assert _row(read) == _row(orm) and read.draft == {"unknown": ["Dora"], "sender_check": True}
    assert _row(read.hub) == _row(orm.hub) and _row(read.initiator) == _row(orm.initiator)
    assert read.hub_hooks is orm.hub_hooks is subscribed
    assert meeting_in_thread_read(meeting.hub_id, "no-such-session") is None
    assert meeting_in_thread_read(meeting.hub_id + 1000, meeting.session_id) is None


def test_the_meeting_of_a_thread_is_locked_on_postgresql(db, mailflow):
    meeting = _judged_meeting(mailflow)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        meeting_in_thread_read(meeting.hub_id, meeting.session_id)
    sql = queries.captured_queries[0]["sql"]
    if connection.vendor == "postgresql":
        # Only the meeting's row: locking the hub would serialise all its meetings.
        assert sql.endswith("FOR UPDATE OF m")
    else:
        assert "FOR UPDATE" not in sql


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_whoever_waited_for_the_meeting_lock_reads_the_votes_committed_under_it(
    transactional_db, mailflow
):
    # A statement's snapshot is taken when it starts: people and votes read in the same
    # statement that waited for the meeting's lock would miss the votes the holder
    # committed meanwhile (two last replies, each blind to the other, and the meeting
    # never confirmed). So the lock is one statement and the reading another.
    import threading
    import time

    from django.db import connections

    meeting = _judged_meeting(mailflow)
    bob = meeting.participants.get(email="bob@example.com")
    unjudged = MeetingOption.objects.filter(meeting=meeting, withdrawn=False).exclude(
        votes__participant=bob
    )[0]
    locked, seen = threading.Event(), []

    def holder():
        try:
            with transaction.atomic():
                meeting_in_thread_read(meeting.hub_id, meeting.session_id)
                Vote.objects.create(
                    hub_id=meeting.hub_id,
                    participant=bob,
                    option=unjudged,
                    accepted=True,
                    answered_at=timezone.now(),
                )
                locked.set()
                time.sleep(0.5)  # the waiter is blocked on the meeting's row by now
        finally:
            connections.close_all()

    def waiter():
        try:
            locked.wait(10)
            with transaction.atomic():
                read = meeting_in_thread_read(meeting.hub_id, meeting.session_id)
                seen.append(people_options_votes(read)[2])
        finally:
            connections.close_all()

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert seen and seen[0][bob.id][unjudged.id] is True
