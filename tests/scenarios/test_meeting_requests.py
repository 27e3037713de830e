"""Requests that need a second mail: missing information, unknown names; parallel meetings."""

from zoneinfo import ZoneInfo

import pytest

from hubs.models import Contact
from negotiation.models import Event, Meeting

from .meeting_kit import day_in, meeting_of, recipients, to


def test_missing_information_is_asked_once_and_completed_in_the_same_thread(team, chat):
    [ask] = chat.write("alice@example.com", "Can we meet with Bob?")

    assert ask.to == ["alice@example.com"]
    meeting = meeting_of(ask)
    assert meeting.status == Meeting.Status.COLLECTING_INFO
    assert "I need a bit more:" in ask.body
    assert "  - what the meeting is about (a short topic)" in ask.body
    assert "  - when it could take place" in ask.body
    assert "who should come" not in ask.body  # Bob was understood

    invitations = chat.reply(
        ask, "alice@example.com", "It is about the roadmap, next Tuesday or Wednesday afternoon."
    )

    assert recipients(invitations) == ["alice@example.com", "bob@example.com"]
    assert {meeting_of(m).pk for m in invitations} == {meeting.pk}
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING
    assert meeting.topic == "Roadmap"
    assert Meeting.objects.count() == 1
    assert list(Event.objects.filter(meeting=meeting).values_list("kind", flat=True)) == [
        "requested",
        "info_requested",
        "started",
    ]


def test_unknown_name_gets_one_question_for_the_address(team, chat):
    [ask] = chat.write(
        "alice@example.com", "Lunch with Bob and Zed next Friday at noon.", subject="Hello"
    )

    assert ask.to == ["alice@example.com"]
    assert "the email address of Zed (I don't know them yet)" in ask.body
    assert "what the meeting is about" not in ask.body

    invitations = chat.reply(ask, "alice@example.com", "Zed is zed@elsewhere.org")

    assert recipients(invitations) == ["alice@example.com", "bob@example.com", "zed@elsewhere.org"]
    meeting = meeting_of(invitations[0])
    assert meeting.topic == "Lunch"
    zed = meeting.participants.get(email="zed@elsewhere.org")
    assert zed.name == "Zed" and zed.kind == "contact"
    # Next time Zed is known by name.
    assert Contact.objects.get(hub=team.hub, email="zed@elsewhere.org").name == "Zed"


def test_a_quoted_proposal_gives_the_topic_and_whom_she_answers_but_no_time_or_guest(team, chat):
    body = (
        f"{day_in(8)} at 3pm works for me.\n\n"
        "On Mon, 2 Mar 2026 at 07:12, Bob Brown <bob@example.com> wrote:\n"
        f"> Could we go over the supplier contract on {day_in(9)} at 9?\n"
        "> Please also invite eve@elsewhere.org.\n"
    )
    invitations = chat.write("alice@example.com", body, subject="Re: quick question")

    # The rules read the quote for the topic and whom she answers, never its time or guest.
    assert recipients(invitations) == ["alice@example.com", "bob@example.com"]
    meeting = meeting_of(invitations[0])
    assert meeting.topic == "Supplier contract"
    asked = to(invitations, "bob@example.com").body
    assert "  A. " in asked and "  B. " not in asked  # her one time, not the quote's too


def test_someone_else_cannot_complete_a_request(team, chat):
    [ask] = chat.write("alice@example.com", "Can we meet with Bob?")
    # Bob knows the tag but holds no reply token of Alice's.
    late = chat.write(
        "bob@example.com", "About the budget, next Tuesday afternoon.", subject=f"Re: {ask.subject}"
    )
    assert late == []
    meeting = meeting_of(ask)
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.COLLECTING_INFO
    assert meeting.participants.count() == 0


def test_two_meetings_of_the_same_member_run_side_by_side(team, chat):
    first = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob next Tuesday or Wednesday afternoon.",
    )
    second = chat.write(
        "alice@example.com", "Meeting about the roadmap with Carol next Thursday or Friday morning."
    )
    budget, roadmap = meeting_of(first[0]), meeting_of(second[0])
    assert budget.pk != roadmap.pk and budget.session_id != roadmap.session_id
    assert recipients(first) == ["alice@example.com", "bob@example.com"]
    assert recipients(second) == ["alice@example.com", "carol@example.com"]

    # Alice answers the roadmap first, then the budget: each answer lands in its own meeting.
    assert chat.reply(to(second, "alice@example.com"), "alice@example.com", "B") == []
    assert chat.reply(to(first, "alice@example.com"), "alice@example.com", "A") == []
    done = chat.reply(to(first, "bob@example.com"), "bob@example.com", "A")
    assert recipients(done) == ["alice@example.com", "bob@example.com"]
    assert all("Confirmed: Budget" in m.body for m in done)
    done = chat.reply(to(second, "carol@example.com"), "carol@example.com", "A or B")
    assert all("Confirmed: Roadmap" in m.body for m in done)
    budget.refresh_from_db()
    roadmap.refresh_from_db()
    assert (budget.chosen_time.label, roadmap.chosen_time.label) == ("A", "B")


def test_status_lists_open_meetings_and_who_is_silent(team, chat):
    chat.write("alice@example.com", "Meeting about the budget with Bob and Carol next Tuesday.")
    [status] = chat.write("alice@example.com", "status", subject="status")
    assert status.to == ["alice@example.com"]
    assert "Budget: waiting for answers" in status.body and "[m-" not in status.body
    assert "not answered yet: Alice, Bob Brown and Carol" in status.body
    assert "answers until " in status.body and "Times are in your time zone, " in status.body
    [helped] = chat.write("bob@example.com", "help")
    assert "status  - your open meetings" in helped.body


def test_status_lists_the_oldest_twenty_open_meetings_and_counts_the_rest(
    team, chat, django_assert_max_num_queries
):
    from negotiation.services.status import STATUS_MEETINGS_LISTED, member_open_meetings

    topics = [f"Topic {n:02d}" for n in range(STATUS_MEETINGS_LISTED + 3)]
    for topic in topics:
        chat.write("alice@example.com", f"Meeting about {topic} with Bob next Tuesday.")
    assert Meeting.objects.filter(status=Meeting.Status.NEGOTIATING).count() == len(topics)

    [status] = chat.write("alice@example.com", "status", subject="status")

    listed = [t for t in topics if f"{t}: waiting for answers" in status.body]
    assert listed == topics[:STATUS_MEETINGS_LISTED]
    assert "...and 3 more open meetings, not listed here." in status.body
    # The reads do not grow with the member's open meetings beyond the listed ones.
    with django_assert_max_num_queries(2 + 3 * STATUS_MEETINGS_LISTED):
        member_open_meetings(hub=team.hub, member=team.alice)


def test_no_time_fits_every_zone_so_the_hub_asks_instead_of_inventing(db, mailflow):
    from .meeting_kit import Chat, make_team

    team = make_team(carol_tz="America/New_York")
    team.dave.time_zone = "Asia/Tokyo"
    team.dave.save()
    chat = Chat(mailflow)
    [ask] = chat.write(
        "alice@example.com", "Meeting about the budget with Carol and Dave next Tuesday afternoon."
    )
    assert ask.to == ["alice@example.com"]
    assert "none of the stated ones falls between 08:00 and 20:00 for everyone" in ask.body
    meeting = meeting_of(ask)
    assert meeting.status == Meeting.Status.COLLECTING_INFO
    assert meeting.participants.count() == 0 and meeting.options.count() == 0


@pytest.mark.parametrize("today", ["monday"], indirect=True)
def test_the_options_are_inside_what_the_organiser_asked_for(team, chat, today):
    # Monday 23 November 2026: next week is 30 November - 4 December.
    invitations = chat.write(
        "alice@example.com",
        "a budget sync with Bob and Carol next week, Tuesday or Wednesday afternoon, "
        "30 minutes, on Zoom or at the office",
        subject="Budget sync",
    )
    meeting = meeting_of(invitations[0])
    assert meeting.topic.lower() == "budget sync" and meeting.duration_minutes == 30
    berlin = ZoneInfo("Europe/Berlin")
    starts = [o.start.astimezone(berlin) for o in meeting.options.filter(item="time")]
    assert starts and {(s.month, s.day) for s in starts} <= {(12, 1), (12, 2)}
    assert all(12 <= s.hour < 18 for s in starts)
    assert [o.place for o in meeting.options.filter(item="location")] == ["Zoom", "the office"]


@pytest.mark.parametrize("today", ["monday"], indirect=True)
def test_the_organisers_own_times_are_the_options(team, chat, today):
    invitations = chat.write("alice@example.com", "Bob, tomorrow at 3pm or 4pm, budget")
    meeting = meeting_of(invitations[0])
    berlin = ZoneInfo("Europe/Berlin")
    starts = sorted(o.start.astimezone(berlin) for o in meeting.options.filter(item="time"))
    assert [(s.day, s.hour) for s in starts] == [(24, 15), (24, 16)]
