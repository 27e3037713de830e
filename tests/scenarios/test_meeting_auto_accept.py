"""Members who let their preferences answer (auto_accept): told once, never asked twice."""

from zoneinfo import ZoneInfo

import pytest

from hubs.models import Member
from negotiation.models import Event, Meeting, Vote

from .meeting_kit import day_in, meeting_of, option_line, recipients, to

REQUEST = (
    "Hi, please set up a meeting with Bob and Carol next week, Tuesday or Wednesday "
    "afternoon, at the office or on Zoom."
)
ZOOM_REQUEST = (
    "Meeting about the budget with Bob and Carol next Tuesday or Wednesday afternoon, on Zoom."
)
PEOPLE = ["alice@example.com", "bob@example.com", "carol@example.com"]
LONDON = ZoneInfo("Europe/London")
TUESDAY_AFTERNOONS = [{"days": ["tue"], "start": "12:00", "end": "18:00"}]
ANY_DAYTIME = [{"start": "08:00", "end": "20:00"}]
ASKED = "Which of these suit you? Several are fine."
ANSWERED = "Your preferences fit, so I answered for you:"


def prefer(member: Member, *, times=(), blocked=(), places=(), auto: bool = True) -> None:
    member.preferred_times = list(times)
    member.blocked_times = list(blocked)
    member.preferred_locations = list(places)
    member.auto_accept = auto
    member.save()


def accepted(meeting: Meeting, email: str) -> list[str]:
    return sorted(
        Vote.objects.filter(
            participant__meeting=meeting, participant__email=email, accepted=True
        ).values_list("option__label", flat=True)
    )


def judged(meeting: Meeting, email: str) -> int:
    return Vote.objects.filter(participant__meeting=meeting, participant__email=email).count()


def auto_events(meeting: Meeting) -> list[Event]:
    return list(Event.objects.filter(meeting=meeting, kind="auto_accepted").order_by("id"))


def tuesday_afternoons_in_london(meeting: Meeting) -> list[str]:
    """Labels of the time options inside TUESDAY_AFTERNOONS for Bob (London)."""
    labels = []
    for o in meeting.options.filter(item="time").order_by("start"):
        start, end = o.start.astimezone(LONDON), o.end.astimezone(LONDON)
        if start.weekday() == 1 and start.hour >= 12 and (end.hour, end.minute) <= (18, 0):
            labels.append(o.label)
    return labels


def test_bob_lets_his_preferences_answer_and_never_writes(team, chat):
    # Bob likes Tuesday afternoons (London) and Zoom, and lets the hub answer for him.
    prefer(team.bob, times=TUESDAY_AFTERNOONS, places=["  zoom "])
    invitations = chat.write("Alice <alice@example.com>", REQUEST, subject="Budget review")

    # Everyone gets one mail as usual; Bob's says at the top what was accepted for him.
    assert recipients(invitations) == PEOPLE
    meeting = meeting_of(invitations[0])
    tuesdays = tuesday_afternoons_in_london(meeting)
    wednesdays = sorted(
        set(meeting.options.filter(item="time").values_list("label", flat=True)) - set(tuesdays)
    )
    assert tuesdays and wednesdays  # some fit, some do not
    bob_mail = to(invitations, "bob@example.com")
    assert bob_mail.body.startswith(
        f"Hello Bob Brown,\n\n{ANSWERED} time {' or '.join(tuesdays)}, place 2. "
        "You need not reply unless you want to change it.\n\n"
        "Alice would like to meet with you, Carol: Budget review (60 minutes)."
    )
    assert option_line(bob_mail.body, "2") == "Zoom"
    assert ASKED not in bob_mail.body
    assert ASKED in to(invitations, "carol@example.com").body
    assert ANSWERED not in to(invitations, "alice@example.com").body
    assert accepted(meeting, "bob@example.com") == sorted([*tuesdays, "2"])
    assert judged(meeting, "bob@example.com") == len(tuesdays) + len(wednesdays) + 2
    [event] = auto_events(meeting)
    assert event.actor == "bob@example.com"
    assert event.detail == {
        "accepted": {"time": tuesdays, "location": ["2"]},
        "rejected": {"time": wednesdays, "location": ["1"]},
        "round": 1,
    }

    # Carol and Alice answer; Bob has already answered, so Alice's answer settles it.
    pick = tuesdays[0]
    assert (
        chat.reply(to(invitations, "carol@example.com"), "carol@example.com", f"{pick} and 2") == []
    )
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", f"{pick} 2")
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert (meeting.chosen_time.label, meeting.chosen_place.label) == (pick, "2")
    # Bob got two mails, the invitation and the confirmation, like anyone who answered.
    assert [chat.count_to(p) for p in PEOPLE] == [2, 2, 2]


def test_when_everyone_lets_preferences_answer_the_request_confirms_at_once(team, chat):
    # The initiator may let her preferences answer too.
    for member in (team.alice, team.bob, team.carol):
        prefer(member, times=ANY_DAYTIME, places=["Zoom"])

    sent = chat.write("alice@example.com", REQUEST, subject="Budget review")

    meeting = meeting_of(sent[0])
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert meeting.chosen_place.place == "Zoom" and meeting.chosen_time.label == "A"
    for person in PEOPLE:
        invitation, confirmation = [m for m in sent if m.to == [person]]
        assert ANSWERED in invitation.body and "Confirmed: Budget review" in confirmation.body
    alice_invitation = [m for m in sent if m.to == ["alice@example.com"]][0]
    assert "You asked to meet with Bob Brown and Carol" in alice_invitation.body
    kinds = list(Event.objects.filter(meeting=meeting).values_list("kind", flat=True))
    assert kinds == ["requested", "started", *["auto_accepted"] * 3, "confirmed"]


@pytest.mark.parametrize(
    "bob_prefs",
    [
        pytest.param(
            {"times": [{"days": ["sat"], "start": "09:00", "end": "12:00"}], "places": ["Zoom"]},
            id="no-time-fits",
        ),
        pytest.param({"times": TUESDAY_AFTERNOONS, "places": ["the canteen"]}, id="no-place-fits"),
        pytest.param({"times": TUESDAY_AFTERNOONS}, id="nothing-said-about-places"),
        pytest.param({"places": ["Zoom"]}, id="nothing-said-about-times"),
    ],
)
def test_preferences_that_cannot_answer_everything_leave_bob_asked_as_usual(team, chat, bob_prefs):
    prefer(team.bob, **bob_prefs)
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")

    bob_mail = to(invitations, "bob@example.com")
    assert ASKED in bob_mail.body and ANSWERED not in bob_mail.body
    meeting = meeting_of(bob_mail)
    assert judged(meeting, "bob@example.com") == 0 and auto_events(meeting) == []
    # Half an answer is no answer: Bob's own reply is what counts.
    assert chat.reply(bob_mail, "bob@example.com", "A and 2") == []
    assert accepted(meeting, "bob@example.com") == ["2", "A"]


def test_an_auto_answered_member_who_replies_changes_the_answer_like_anyone(team, chat):
    prefer(team.bob, times=TUESDAY_AFTERNOONS, places=["Zoom"])
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    meeting = meeting_of(invitations[0])
    wednesday = [
        o.label
        for o in meeting.options.filter(item="time").order_by("start")
        if o.label not in tuesday_afternoons_in_london(meeting)
    ][0]

    # Bob would rather meet on Wednesday at the office after all: his reply replaces it.
    assert (
        chat.reply(to(invitations, "bob@example.com"), "bob@example.com", f"{wednesday} and 1")
        == []
    )
    assert accepted(meeting, "bob@example.com") == sorted([wednesday, "1"])
    assert [
        e.kind
        for e in Event.objects.filter(meeting=meeting, kind__in=["auto_accepted", "answered"])
    ] == ["auto_accepted", "answered"]

    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", f"{wednesday} 1")
    done = chat.reply(
        to(invitations, "alice@example.com"), "alice@example.com", f"{wednesday} or A, 1"
    )
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert (meeting.chosen_time.label, meeting.chosen_place.label) == (wednesday, "1")


def test_with_auto_accept_off_the_same_preferences_only_shape_the_proposal(team, chat):
    prefer(team.bob, times=TUESDAY_AFTERNOONS, places=["Zoom"], auto=False)
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")

    bob_mail = to(invitations, "bob@example.com")
    assert bob_mail.body.startswith("Hello Bob Brown,\n\nAlice would like to meet with you, Carol")
    assert ASKED in bob_mail.body and ANSWERED not in bob_mail.body
    meeting = meeting_of(bob_mail)
    assert judged(meeting, "bob@example.com") == 0 and auto_events(meeting) == []


def test_contacts_and_agents_are_never_answered_for(team, chat):
    # Dave is a contact with an agent; a member of the hub happens to share his address.
    team.dave.has_agent, team.dave.agent_email = True, "dave-agent@example.org"
    team.dave.save()
    twin = Member.objects.create(hub=team.hub, email="dave@example.org", name="Dee")
    prefer(twin, times=ANY_DAYTIME, places=["Zoom"])
    sent = chat.write(
        "alice@example.com",
        "Budget with Bob and Dave next Tuesday afternoon, on Zoom.",
        subject="Budget",
    )

    meeting = meeting_of(sent[0])
    dave = meeting.participants.get(email="dave@example.org")
    assert dave.kind == "contact" and dave.has_agent
    assert judged(meeting, "dave@example.org") == 0 and auto_events(meeting) == []


def test_a_later_rounds_new_options_are_judged_the_same_way(team, chat):
    # Bob likes 11:00-17:00 London time any day, and is busy every morning until ten.
    prefer(
        team.bob,
        times=[{"start": "11:00", "end": "17:00"}],
        blocked=[{"start": "08:00", "end": "10:00"}],
    )
    invitations = chat.write("alice@example.com", ZOOM_REQUEST)
    meeting = meeting_of(invitations[0])
    assert ANSWERED in to(invitations, "bob@example.com").body  # Zoom is the only place

    # Carol suggests 3pm Berlin (14:00 London): Bob's preferences answer for him.
    sent = chat.reply(
        to(invitations, "carol@example.com"),
        "carol@example.com",
        f"none work, {day_in(16)} at 3pm?",
    )
    new = meeting.options.get(proposed_by__email="carol@example.com")
    assert recipients(sent) == PEOPLE
    bob_ask = to(sent, "bob@example.com")
    assert f"{ANSWERED} time {new.label}. You need not reply" in bob_ask.body
    assert (
        "Does it suit you?" not in bob_ask.body
        and "Does it suit you?" in to(sent, "alice@example.com").body
    )
    assert option_line(bob_ask.body, new.label).endswith("(suggested by Carol)")
    assert new.label in accepted(meeting, "bob@example.com")
    assert auto_events(meeting)[-1].detail == {
        "accepted": {"time": [new.label]},
        "rejected": {},
        "round": 2,
    }

    # Carol then suggests 10am Berlin (09:00 London), when Bob is busy: he is asked.
    sent = chat.reply(
        to(invitations, "carol@example.com"), "carol@example.com", f"or {day_in(17)} at 10am"
    )
    later = meeting.options.filter(proposed_by__email="carol@example.com").order_by("-id").first()
    bob_ask = to(sent, "bob@example.com")
    assert ANSWERED not in bob_ask.body and f'Reply "{later.label}" if it suits you' in bob_ask.body
    assert later.label not in accepted(meeting, "bob@example.com")
    assert len(auto_events(meeting)) == 2

    # Alice takes Carol's first suggestion; Bob's recorded answer needs nothing more.
    chat.reply(bob_ask, "bob@example.com", f"not {later.label}")
    done = chat.reply(to(sent, "alice@example.com"), "alice@example.com", new.label)
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED and meeting.chosen_time == new


def test_the_hubs_own_new_round_is_judged_too(team, chat):
    for member in (team.alice, team.bob):
        prefer(member, times=ANY_DAYTIME)
    invitations = chat.write("alice@example.com", ZOOM_REQUEST)
    meeting = meeting_of(invitations[0])
    assert ASKED in to(invitations, "carol@example.com").body

    # Carol can make none of the times: the hub proposes new ones, and answers for Alice
    # and Bob at once; only Carol is asked.
    sent = chat.reply(
        to(invitations, "carol@example.com"), "carol@example.com", "None of these times work for me"
    )
    meeting.refresh_from_db()
    assert meeting.round == 2
    fresh = list(meeting.options.filter(round_added=2).order_by("start"))
    asks = [m for m in sent if "suggested something new" in m.body]
    assert recipients(asks) == PEOPLE
    for person in ("alice@example.com", "bob@example.com"):
        assert ANSWERED in to(asks, person).body
        assert {o.label for o in fresh} <= set(accepted(meeting, person))

    done = chat.reply(to(asks, "carol@example.com"), "carol@example.com", fresh[-1].label)
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED and meeting.chosen_time == fresh[-1]


def test_a_new_round_the_preferences_settle_confirms_at_once(team, chat):
    invitations = chat.write(
        "alice@example.com", "Budget with Bob next Tuesday afternoon, on Zoom.", subject="Budget"
    )
    meeting = meeting_of(invitations[0])
    chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", "None of these times work for me"
    )
    # Meanwhile both let the hub answer for them from now on (any daytime suits them).
    for member in (team.alice, team.bob):
        prefer(member, times=ANY_DAYTIME)

    # Alice can make none either: the hub proposes new times, answers for both, and
    # nobody is left to ask, so the same mail processing confirms the meeting.
    sent = chat.reply(
        to(invitations, "alice@example.com"), "alice@example.com", "none of these times work"
    )
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED and meeting.round == 2
    assert meeting.chosen_time.round_added == 2
    for person in ("alice@example.com", "bob@example.com"):
        mails = [m for m in sent if m.to == [person]]
        assert any(
            ANSWERED in m.body and "The hub suggested something new" in m.body for m in mails
        )
        assert "Confirmed: Budget" in mails[-1].body
