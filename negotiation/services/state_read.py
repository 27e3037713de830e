"""A meeting, its people, options and judgements, read as the mail job reads them per reply.

Through the ORM each query is compiled afresh, and Django's compiling costs more than
the database's answering (issue 19): 1.1 ms for options and votes against 0.25 ms here,
and the meeting's lock with its hub and initiator was 16 % of the job's profile. The SQL
is written once per process and run through `raw()` or wide_rows, which still convert
every column as the ORM does. negotiation/tests/services/test_state_read.py holds every
reading to the ORM's.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from django.db import connection

from hubs.models import Hub, Member
from negotiation.models import Meeting, MeetingOption, Participant, Vote, WebhookSubscription
from negotiation.services.wide_rows import Layout

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
    rows = MeetingOption.objects.raw(_sql(connection.vendor), [meeting_id])
    return _gathered((row, row.vote_participant, row.vote_accepted) for row in rows)


def _gathered(
    rows: Iterable[tuple[MeetingOption, int | None, object]],
) -> tuple[dict[str, list[MeetingOption]], dict[int, dict[int, bool]]]:
    """Options in display order and the votes, from (option, voter, accepted) rows."""
    # One row per option and vote; withdrawn options count only for their votes.
    options: dict[str, list[MeetingOption]] = {TIME: [], LOCATION: []}
    votes: dict[int, dict[int, bool]] = {}
    seen: set[int] = set()
    for option, voter, accepted in rows:
        if voter is not None:
            votes.setdefault(voter, {})[option.id] = bool(accepted)
        if option.id in seen or option.withdrawn:
            continue
        seen.add(option.id)
        options[option.item].append(option)
    options[TIME].sort(key=lambda o: (o.start, o.id))
    options[LOCATION].sort(key=lambda o: o.id)
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


# A row is a participant, an option or a vote (NULLs in the others' columns).
_PEOPLE_OPTIONS = Layout(
    [Participant, MeetingOption],
    extra=[
        Vote._meta.get_field("option"),
        Vote._meta.get_field("participant"),
        Vote._meta.get_field("accepted"),
    ],
)


@functools.cache
def _people_and_options_sql(vendor: str) -> str:
    # The two readings above in one statement: a UNION ALL of rows as wide as all three
    # (PostgreSQL types each branch's NULL by the other branches' columns). The first
    # column says which branch a row comes from. A vote is a row of its own, three
    # columns wide, not its option's columns again: a meeting of twenty people would
    # otherwise convert each option's columns, and build the option, once per vote.
    q = connection.ops.quote_name
    wide = _PEOPLE_OPTIONS
    people, options = wide.columns("p", 0), wide.columns("o", 1)
    votes = [f"v.{q('option_id')}", f"v.{q('participant_id')}", f"v.{q('accepted')}"]
    # A column NULL in the first two branches would be typed text before the third is
    # met (PostgreSQL resolves a UNION's types pairwise): the votes' NULLs say their type.
    typed = [
        f"CAST(NULL AS {f.db_type(connection)})" if vendor == "postgresql" else "NULL"
        for f in wide.extra
    ]
    first = ", ".join(["0", *people, *["NULL"] * len(options), *typed])
    second = ", ".join(["1", *["NULL"] * len(people), *options, *typed])
    third = ", ".join(["2", *["NULL"] * (len(people) + len(options)), *votes])
    return (
        f"SELECT {first} FROM {q(Participant._meta.db_table)} p"
        f" WHERE p.{q('meeting_id')} = %s AND p.{q('dropped')} = %s"
        f" UNION ALL SELECT {second} FROM {q(MeetingOption._meta.db_table)} o"
        f" WHERE o.{q('meeting_id')} = %s"
        f" UNION ALL SELECT {third} FROM {q(Vote._meta.db_table)} v"
        f" INNER JOIN {q(MeetingOption._meta.db_table)} o ON o.{q('id')} = v.{q('option_id')}"
        f" WHERE o.{q('meeting_id')} = %s"
    )


def people_options_votes(
    meeting: Meeting,
) -> tuple[list[Participant], dict[str, list[MeetingOption]], dict[int, dict[int, bool]]]:
    """Return participants_present and options_and_votes of the meeting in one statement."""
    wide = _PEOPLE_OPTIONS
    sql = _people_and_options_sql(connection.vendor)
    people: list[Participant] = []
    options: dict[int, MeetingOption] = {}
    judged: list[tuple[int, int, object]] = []
    parts = {0: (0,), 1: (1,), 2: (2,)}  # people, options, votes (the extra fields)
    for row in wide.rows(sql, [meeting.pk, False, meeting.pk, meeting.pk], parts=parts):
        if row[0] == 0:
            person = wide.instance(row, 0)
            person.meeting = meeting
            people.append(person)
        elif row[0] == 1:
            option = wide.instance(row, 1)
            options[option.id] = option
        else:
            judged.append(tuple(wide.extras(row)))
    people.sort(key=lambda p: (not p.is_initiator, p.id))
    rows = [(option, None, None) for option in options.values()]
    rows += [(options[option_id], voter, accepted) for option_id, voter, accepted in judged]
    return (people, *_gathered(rows))


# A meeting, its hub and its initiator, then whether the hub has webhook subscriptions.
_THREAD = Layout([Meeting, Hub, Member])


@functools.cache
def _thread_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    wide, hooks = _THREAD, WebhookSubscription._meta
    columns = ", ".join(["0", *wide.columns("m", 0), *wide.columns("h", 1), *wide.columns("i", 2)])
    # Only the meeting's row is locked (the ORM's select_for_update(of=("self",))).
    lock = " FOR UPDATE OF m" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {columns}, EXISTS (SELECT 1 FROM {q(hooks.db_table)} s"
        f" WHERE s.{q('hub_id')} = m.{q('hub_id')} AND s.{q('active')} = %s)"
        f" FROM {q(Meeting._meta.db_table)} m"
        f" INNER JOIN {q(Hub._meta.db_table)} h ON h.{q('id')} = m.{q('hub_id')}"
        f" INNER JOIN {q(Member._meta.db_table)} i ON i.{q('id')} = m.{q('initiator_id')}"
        f" WHERE m.{q('hub_id')} = %s AND m.{q('session_id')} = %s{lock}"
    )


def meeting_in_thread_read(hub_id: int, session_id: str) -> Meeting | None:
    """Lock the hub's meeting of this session; with its hub, initiator and `hub_hooks`."""
    wide = _THREAD
    for row in wide.rows(_thread_sql(connection.vendor), [True, hub_id, session_id]):
        meeting = wide.instance(row, 0)
        meeting.hub = wide.instance(row, 1)
        meeting.initiator = wide.instance(row, 2)
        meeting.hub_hooks = bool(wide.extras(row)[0])
        return meeting  # (hub, session_id) is unique: one row at most
    return None
