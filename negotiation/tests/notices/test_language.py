"""Each reader's language, for a whole meeting at once."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from negotiation.models import Meeting
from negotiation.notices.language import participant_languages
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob, Carol and Dave next week, Zoom."


def test_settings_mails_and_other_meetings_decide_in_one_query(db, mailflow):
    team = make_team()
    chat = Chat(mailflow)
    earlier = meeting_of(chat.write("alice@example.com", REQUEST)[0])
    meeting = meeting_of(chat.write("alice@example.com", REQUEST.replace("budget", "hiring"))[0])
    team.carol.language = "zh-hans"
    team.carol.save()
    # Dave, a guest, wrote Chinese in the earlier meeting; Bob in English in this one.
    earlier.participants.filter(email="dave@example.org").update(written_language="zh-hans")
    meeting.participants.filter(email="bob@example.com").update(written_language="en")
    people = list(meeting.participants.order_by("id"))
    meeting = Meeting.objects.select_related("hub").get(pk=meeting.pk)  # as the job reads it

    with CaptureQueriesContext(connection) as queries:
        languages = participant_languages(people, meeting)

    assert len(queries.captured_queries) == 1
    by_email = {p.email: languages[p.id] for p in people}
    assert by_email == {
        "alice@example.com": "en",
        "bob@example.com": "en",
        "carol@example.com": "zh-hans",
        "dave@example.org": "zh-hans",
    }


def test_nobody_asks_nothing(db):
    assert participant_languages([], meeting=None) == {}
