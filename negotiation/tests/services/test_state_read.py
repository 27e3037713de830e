"""The one-statement reading of options and votes says what the ORM's two queries say."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from negotiation.models import MeetingOption, Vote
from negotiation.services.state_read import options_and_votes, participants_present
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


def test_options_and_votes_in_one_statement_are_the_orms_reading(db, mailflow):
    make_team()
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    bob = meeting.participants.get(email="bob@example.com")
    carol = meeting.participants.get(email="carol@example.com")
    times = list(meeting.options.filter(item=MeetingOption.Item.TIME).order_by("start"))
    places = list(meeting.options.filter(item=MeetingOption.Item.LOCATION))
    assert len(times) >= 2 and len(places) == 2
    now = timezone.now()
    judged = [(bob, times[0], True), (bob, times[1], False), (carol, places[1], True)]
    # A vote on an option withdrawn later is still one of the person's judgements.
    judged.append((carol, times[-1], False))
    Vote.objects.bulk_create(
        Vote(hub_id=meeting.hub_id, participant=p, option=o, accepted=a, answered_at=now)
        for p, o, a in judged
    )
    MeetingOption.objects.filter(id=times[-1].id).update(withdrawn=True)

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
