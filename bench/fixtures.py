"""Open meetings created in bulk (bulk_create), so 100 and 100,000 are built the same way.

Each meeting has an initiator and two other members as required participants, two
time options (A, B) and one place (1), and an invitation already sent to everyone
with its reply token, as the product sends it (so replies thread to it through their
Reply-To address). `prevoted=True` records everyone's "A and 1" except the
last participant's, so that person's reply is the one that confirms the meeting.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import transaction

from hubs.models import Hub, Member
from mailbridge.addresses import new_token, plus_address
from mailbridge.models import OutboundMessage, ReplyToken
from negotiation.models import Meeting, MeetingOption, Participant, Vote

PARTICIPANTS = 3
BATCH = 2_000


@dataclass(frozen=True)
class Invitation:
    """What a participant needs to reply in a meeting thread."""

    meeting_id: int
    session_id: str
    hub_email: str
    participant: str
    subject: str
    message_id: str
    reply_to: str


def _chunks(items, size=BATCH):
    for i in range(0, len(items), size):
        yield items[i : i + size]


def fixtures_build(*, hubs: int, meetings: int, prevoted: bool = False, tag: str = "b") -> None:
    """Create `hubs` hubs with members and `meetings` open meetings spread over them."""
    now = datetime.now(UTC)
    start = (now + timedelta(days=7)).replace(hour=15, minute=0, second=0, microsecond=0)
    with transaction.atomic():
        hub_rows = Hub.objects.bulk_create(
            Hub(
                name=f"Bench hub {tag}{i}",
                slug=f"bench-{tag}-{i}",
                email=f"hub-{tag}{i}@bench.test",
            )
            for i in range(hubs)
        )
        members = []
        for hub in hub_rows:
            members += [
                Member(hub=hub, email=f"p{j}@{hub.slug}.bench.test", name=f"Person {j}")
                for j in range(PARTICIPANTS)
            ]
        Member.objects.bulk_create(members, batch_size=BATCH)
        initiators = {
            m.hub_id: m for m in Member.objects.filter(hub__in=hub_rows, email__startswith="p0@")
        }
    for chunk_no, numbers in enumerate(_chunks(range(meetings))):
        with transaction.atomic():
            _meetings_create(
                hub_rows, initiators, list(numbers), start, now, prevoted, tag, chunk_no
            )


def _meetings_create(hub_rows, initiators, numbers, start, now, prevoted, tag, chunk_no):
    meetings = Meeting.objects.bulk_create(
        Meeting(
            hub=hub_rows[n % len(hub_rows)],
            initiator=initiators[hub_rows[n % len(hub_rows)].id],
            topic=f"Bench meeting {n}",
            status=Meeting.Status.NEGOTIATING,
            deadline=now + timedelta(hours=72),
        )
        for n in numbers
    )
    participants, options, outbound, tokens = [], [], [], []
    for meeting in meetings:
        hub = meeting.hub
        for j in range(PARTICIPANTS):
            participants.append(
                Participant(
                    hub=hub,
                    meeting=meeting,
                    email=f"p{j}@{hub.slug}.bench.test",
                    name=f"Person {j}",
                    kind=Participant.Kind.MEMBER,
                    is_initiator=j == 0,
                    time_zone="UTC",
                )
            )
        for label, hours in (("A", 0), ("B", 24)):
            options.append(
                MeetingOption(
                    hub=hub,
                    meeting=meeting,
                    item=MeetingOption.Item.TIME,
                    label=label,
                    start=start + timedelta(hours=hours),
                    end=start + timedelta(hours=hours + 1),
                )
            )
        options.append(
            MeetingOption(
                hub=hub, meeting=meeting, item=MeetingOption.Item.LOCATION, label="1", place="Zoom"
            )
        )
        for j in range(PARTICIPANTS):
            token, invitation = invitation_sent(
                meeting, recipient=f"p{j}@{hub.slug}.bench.test", index=j, now=now
            )
            tokens.append(token)
            outbound.append(invitation)
    Participant.objects.bulk_create(participants, batch_size=BATCH)
    MeetingOption.objects.bulk_create(options, batch_size=BATCH)
    OutboundMessage.objects.bulk_create(outbound, batch_size=BATCH)
    ReplyToken.objects.bulk_create(tokens, batch_size=BATCH)
    if prevoted:
        _votes_create([m.id for m in meetings], now)


def invitation_sent(
    meeting: Meeting, *, recipient: str, index: int, now: datetime
) -> tuple[ReplyToken, OutboundMessage]:
    """Return the unsaved reply token and sent invitation of one participant."""
    # As the product sends it: a reply token in the Reply-To address.
    hub = meeting.hub
    token = ReplyToken(
        hub=hub, token=new_token(), thread_key=meeting.session_id, recipient=recipient
    )
    invitation = OutboundMessage(
        hub=hub,
        to_email=recipient,
        from_email=hub.email,
        reply_to=plus_address(hub.email, token.token),
        reply_token=token.token,
        subject=f"[AIMP:{meeting.session_id}] v1 {meeting.topic}",
        text="invitation",
        message_id=f"<inv-{meeting.session_id}-{index}@bench.test>",
        thread_key=meeting.session_id,
        kind="meeting:invitation",
        status=OutboundMessage.Status.SENT,
        sent_at=now,
    )
    return token, invitation


def _votes_create(meeting_ids, now):
    people = Participant.objects.filter(meeting_id__in=meeting_ids).exclude(
        email__startswith=f"p{PARTICIPANTS - 1}@"
    )
    by_meeting: dict[int, list[MeetingOption]] = {}
    for option in MeetingOption.objects.filter(meeting_id__in=meeting_ids):
        by_meeting.setdefault(option.meeting_id, []).append(option)
    votes = []
    for person in people:
        for option in by_meeting[person.meeting_id]:
            votes.append(
                Vote(
                    hub_id=person.hub_id,
                    participant=person,
                    option=option,
                    accepted=option.label in ("A", "1"),
                    answered_at=now,
                )
            )
    Vote.objects.bulk_create(votes, batch_size=BATCH)
    Participant.objects.filter(id__in=[p.id for p in people]).update(last_answered_at=now)


def invitations(*, meeting_ids=None, last_only: bool = False, limit: int | None = None):
    """Return the Invitation of every participant (or only the last) of the given meetings."""
    rows = OutboundMessage.objects.filter(kind="meeting:invitation").order_by("id")
    if meeting_ids is not None:
        sessions = Meeting.objects.filter(id__in=meeting_ids).values_list("session_id", flat=True)
        rows = rows.filter(thread_key__in=list(sessions))
    if last_only:
        rows = rows.filter(to_email__startswith=f"p{PARTICIPANTS - 1}@")
    rows = rows.select_related("hub")
    if limit is not None:
        rows = rows[:limit]
    meeting_by_session = dict(
        Meeting.objects.filter(session_id__in=[r.thread_key for r in rows]).values_list(
            "session_id", "id"
        )
    )
    return [
        Invitation(
            meeting_id=meeting_by_session[r.thread_key],
            session_id=r.thread_key,
            hub_email=r.hub.email,
            participant=r.to_email,
            subject=r.subject,
            message_id=r.message_id,
            reply_to=r.reply_to or r.hub.email,
        )
        for r in rows
    ]
