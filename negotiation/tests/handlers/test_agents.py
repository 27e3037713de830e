from django.utils import timezone

from negotiation.handlers.agents import rounds_started
from negotiation.services.events_log import event_write
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of, to
from tests.scenarios.test_meeting_agent_loops import counter_with_a_new_time
from tests.scenarios.test_meeting_agents import AGENT, REQUEST, agent_sends, session_of


def test_rounds_started_counts_only_rounds_the_agents_protocol_mail_started(db, mailflow):
    team = make_team(max_rounds=40)
    team.dave.has_agent, team.dave.agent_email = True, AGENT
    team.dave.save()
    chat = Chat(mailflow)
    invitations = chat.write("alice@example.com", REQUEST)
    request_row = chat.last_row
    meeting = meeting_of(invitations[0])
    dave = meeting.participants.get(email="dave@example.org")
    assert rounds_started(meeting, dave) == 0

    first = to(invitations, AGENT)
    row, _ = agent_sends(chat, first, counter_with_a_new_time(session_of(first), AGENT))
    assert rounds_started(meeting, dave) == 1

    # A round the person behind the agent started by writing is theirs, not the agent's;
    # another agent's round is that agent's.
    now = timezone.now()
    event_write(
        meeting=meeting,
        kind="options_added",
        actor=dave.address,
        now=now,
        inbound_id=request_row.id,
    )
    event_write(
        meeting=meeting,
        kind="options_added",
        actor="erin-agent@example.net",
        now=now,
        inbound_id=row.id,
    )
    assert rounds_started(meeting, dave) == 1
