from datetime import timedelta

from django.utils import timezone

from negotiation.models import Event, MeetingOption
from negotiation.services.options import MAX_TIME_OPTIONS, options_add
from negotiation.understanding.types import ProposedOption
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob next week, Zoom."


def test_a_proposal_beyond_the_last_label_is_recorded_not_dropped(db, mailflow):
    make_team(max_rounds=40)
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    bob = meeting.participants.get(email="bob@example.com")
    taken = set(
        meeting.options.filter(item=MeetingOption.Item.TIME).values_list("label", flat=True)
    )
    start = timezone.now() + timedelta(days=30)
    MeetingOption.objects.bulk_create(
        MeetingOption(
            hub_id=meeting.hub_id,
            meeting=meeting,
            item=MeetingOption.Item.TIME,
            label=label,
            start=start + timedelta(hours=i),
            end=start + timedelta(hours=i + 1),
        )
        for i, label in enumerate(sorted(set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") - taken))
    )
    assert meeting.options.filter(item=MeetingOption.Item.TIME).count() == MAX_TIME_OPTIONS
    late = start + timedelta(days=1)

    outcome = options_add(
        meeting=meeting,
        proposer=bob,
        now=timezone.now(),
        proposals=[ProposedOption(item="time", start=late, end=late + timedelta(hours=1))],
    )

    assert (outcome.added, outcome.limit_hit) == ([], False)
    event = Event.objects.get(meeting=meeting, kind="options_full")
    assert event.actor == "bob@example.com" and event.detail == {"dropped": [str(late)]}
