"""Meetings at the issue's size: 200 meetings, 20 hubs, 5,000 replies (a tenth duplicates).

The bench's bulk fixtures give each meeting three participants; a load of 4,500
distinct replies for 200 meetings needs about 22 each. `world_build` creates the
bench meetings and widens them with more members, each with an invitation already
sent, so every meeting is confirmed by its last reply like the bench's are.
"""

import random
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import transaction

from bench.drive import replies_for
from bench.fixtures import PARTICIPANTS, fixtures_build, invitation_sent, invitations
from hubs.models import Member
from mailbridge.models import OutboundMessage, ReplyToken
from negotiation.models import Meeting, Participant

BATCH = 2_000


@dataclass(frozen=True)
class World:
    """What a load run posts and what it must end with."""

    payloads: list[bytes]
    duplicates: int
    sessions: set[str]
    participants: int

    @property
    def unique(self) -> int:
        return len(self.payloads) - self.duplicates


def _sizes(meetings: int, messages: int) -> list[int]:
    # `messages` counts the duplicates (a tenth of them): spread the distinct replies
    # evenly, so meeting sizes differ by at most one participant.
    distinct = max(messages - messages // 10, meetings * PARTICIPANTS)
    base, extra = divmod(distinct, meetings)
    return [base + (1 if n < extra else 0) for n in range(meetings)]


def _widen(sizes: list[int], tag: str) -> None:
    meetings = list(
        Meeting.objects.filter(hub__slug__startswith=f"bench-{tag}-")
        .select_related("hub")
        .order_by("id")
    )
    widest = max(sizes)
    hubs = {m.hub_id: m.hub for m in meetings}
    now = datetime.now(UTC)
    with transaction.atomic():
        Member.objects.bulk_create(
            (
                Member(hub=hub, email=f"p{j:02d}@{hub.slug}.bench.test", name=f"Person {j}")
                for hub in hubs.values()
                for j in range(PARTICIPANTS, widest)
            ),
            batch_size=BATCH,
        )
        people, invites, tokens = [], [], []
        for meeting, size in zip(meetings, sizes, strict=True):
            hub = meeting.hub
            for j in range(PARTICIPANTS, size):
                email = f"p{j:02d}@{hub.slug}.bench.test"
                token, invitation = invitation_sent(meeting, recipient=email, index=j, now=now)
                tokens.append(token)
                people.append(
                    Participant(
                        hub=hub,
                        meeting=meeting,
                        email=email,
                        name=f"Person {j}",
                        kind=Participant.Kind.MEMBER,
                        time_zone="UTC",
                    )
                )
                invites.append(invitation)
        Participant.objects.bulk_create(people, batch_size=BATCH)
        OutboundMessage.objects.bulk_create(invites, batch_size=BATCH)
        ReplyToken.objects.bulk_create(tokens, batch_size=BATCH)


def world_build(*, hubs: int, meetings: int, messages: int, seed: int) -> World:
    """Create the meetings; return every reply plus a tenth duplicated, shuffled."""
    tag = f"r{seed}"
    sizes = _sizes(meetings, messages)
    fixtures_build(hubs=min(hubs, meetings), meetings=meetings, tag=tag)
    _widen(sizes, tag)
    replies = replies_for(invitations())
    rng = random.Random(seed)
    duplicates = rng.sample(replies, len(replies) // 9)
    payloads = [r.payload for r in replies] + [r.payload for r in duplicates]
    rng.shuffle(payloads)
    return World(
        payloads=payloads,
        duplicates=len(duplicates),
        sessions={r.session_id for r in replies},
        participants=sum(sizes),
    )
