"""Mail economy: a one-round meeting costs each participant two mails, however they answer."""

import pytest

from negotiation.models import Meeting

from .meeting_kit import dated_request, meeting_of, recipients, to, weekday_in

PEOPLE = ["alice@example.com", "bob@example.com", "carol@example.com"]


# Once failed on Mondays and Tuesdays, when "next Tuesday or Wednesday" offered two weeks.
@pytest.mark.parametrize("today", ["sunday", "monday", "tuesday"], indirect=True)
def test_free_text_answer_that_settles_the_meeting_gets_the_confirmation_only(today, team, chat):
    invitations = chat.write("alice@example.com", dated_request(8, 9))
    meeting = meeting_of(invitations[0])
    assert chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A") == []
    assert chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A") == []

    # Bob answers last, in his own words, and his answer settles it.
    settled = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", f"{weekday_in(8)} works"
    )

    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert "Confirmed: Budget" in to(settled, "bob@example.com").body
    assert recipients(settled) == PEOPLE
    assert [chat.count_to(p) for p in PEOPLE] == [2, 2, 2]
