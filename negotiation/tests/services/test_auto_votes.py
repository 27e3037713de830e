from negotiation.services.auto_votes import AUTO_FLAG, auto_members, auto_state
from negotiation.services.state import meeting_state
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob, Carol and Dave next week, Zoom."


def test_the_flag_rides_on_the_participants_query(db, mailflow, django_assert_num_queries):
    team = make_team()
    meeting = meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])
    team.bob.auto_accept = True
    team.bob.save()

    plain = meeting_state(meeting)
    with django_assert_num_queries(2):  # as many as meeting_state: participants, options + votes
        state = auto_state(meeting)
    assert [p.id for p in state.participants] == [p.id for p in plain.participants]
    assert state.options == plain.options and state.votes == plain.votes
    flags = {p.email: getattr(p, AUTO_FLAG) for p in state.participants}
    assert flags == {
        "alice@example.com": False,
        "bob@example.com": True,
        "carol@example.com": False,
        "dave@example.org": False,
    }

    bob = meeting.participants.get(email="bob@example.com")
    with django_assert_num_queries(1):
        assert auto_members(meeting, state.participants) == {bob.id: team.bob}
    team.bob.auto_accept = False
    team.bob.save()
    # Bob changed his mind since the state was read: the rows are read with the flag again.
    assert auto_members(meeting, state.participants) == {}
    unflagged = auto_state(meeting).participants
    with django_assert_num_queries(0):  # nobody flagged: no query at all
        assert auto_members(meeting, unflagged) == {}
