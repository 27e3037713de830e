"""A meeting's people, options and judgements, read as the mail job reads them per reply.

Through the ORM each query is compiled afresh, and Django's compiling costs more than
the database's answering (issue 19): 1.1 ms for options and votes against 0.25 ms here.
The SQL is written once per process and run through `raw()`, which still converts
every column as the ORM does. negotiation/tests/services/test_state_read.py holds both
readings to the ORM's.
"""

from __future__ import annotations

import functools

from django.db import connection

from negotiation.models import Meeting, MeetingOption, Participant, Vote

TIME = MeetingOption.Item.TIME
LOCATION = MeetingOption.Item.LOCATION


@functools.cache
def _sql(vendor: str) -> str:
    # One row per option and vote (an option nobody judged yet comes once, with NULLs).
    # Withdrawn options come too: a vote on one is still part of the person's judgements.
    q = connection.ops.quote_name
    option, vote = MeetingOption._meta, Vote._meta
    columns = ", ".join(f"o.{q(f.column)}" for f in option.concrete_fields)
    return (
        f"SELECT {columns}, v.{q('participant_id')} AS vote_participant,"
        f" v.{q('accepted')} AS vote_accepted"
        f" FROM {q(option.db_table)} o"
        f" LEFT JOIN {q(vote.db_table)} v ON v.{q('option_id')} = o.{q('id')}"
        f" WHERE o.{q('meeting_id')} = %s ORDER BY o.{q('id')}"
    )


def options_and_votes(
    meeting_id: int,
) -> tuple[dict[str, list[MeetingOption]], dict[int, dict[int, bool]]]:
    """Return (options per item in display order, {participant id: {option id: accepted}})."""
    options: dict[str, list[MeetingOption]] = {TIME: [], LOCATION: []}
    votes: dict[int, dict[int, bool]] = {}
    seen: set[int] = set()
    for row in MeetingOption.objects.raw(_sql(connection.vendor), [meeting_id]):
        if row.vote_participant is not None:
            votes.setdefault(row.vote_participant, {})[row.id] = bool(row.vote_accepted)
        if row.id in seen or row.withdrawn:
            continue
        seen.add(row.id)
        options[row.item].append(row)
    options[TIME].sort(key=lambda o: (o.start, o.id))
    return options, votes


@functools.cache
def _participants_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    person = Participant._meta
    columns = ", ".join(f"p.{q(f.column)}" for f in person.concrete_fields)
    return (
        f"SELECT {columns} FROM {q(person.db_table)} p"
        f" WHERE p.{q('meeting_id')} = %s AND p.{q('dropped')} = %s"
        f" ORDER BY p.{q('is_initiator')} DESC, p.{q('id')}"
    )


def participants_present(meeting: Meeting) -> list[Participant]:
    """Return the meeting's participants still in it, the initiator first, then as added."""
    people = list(
        Participant.objects.raw(_participants_sql(connection.vendor), [meeting.pk, False])
    )
    for person in people:
        # As meeting.participants would: the meeting is known, not read again.
        person.meeting = meeting
    return people
