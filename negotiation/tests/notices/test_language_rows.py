"""The languages' one statement reads what the ORM's union of members and people read."""

from django.db.models import F, Value
from django.db.models.functions import Lower

from hubs.models import Member
from negotiation.models import Participant
from negotiation.notices.language_rows import language_rows
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob, Carol and Dave next week, Zoom."


def orm_rows(hub_id, lowered) -> list[tuple]:
    """The ORM's reading, as negotiation.notices.language wrote it before it was SQL."""
    members = (
        Member.objects.filter(hub_id=hub_id)
        .annotate(address=Lower("email"), n=Value(0))
        .filter(address__in=lowered)
        .order_by()
        .values_list("address", "language", "written_language", "n")
    )
    history = (
        Participant.objects.filter(hub_id=hub_id)
        .annotate(address=Lower("email"), setting=Value(""), n=F("id"))
        .filter(address__in=lowered)
        .exclude(written_language="")
        .order_by()
        .values_list("address", "setting", "written_language", "n")
    )
    return list(members.union(history, all=True).order_by("-n"))


def test_members_settings_and_what_people_wrote_newest_first_as_the_orm_read_them(db, mailflow):
    team = make_team()
    chat = Chat(mailflow)
    earlier = meeting_of(chat.write("alice@example.com", REQUEST)[0])
    meeting = meeting_of(chat.write("alice@example.com", REQUEST.replace("budget", "hiring"))[0])
    team.carol.language = "zh-hans"
    team.carol.email = "Carol@Example.com"
    team.carol.save()
    earlier.participants.filter(email="dave@example.org").update(written_language="zh-hans")
    meeting.participants.filter(email="dave@example.org").update(written_language="de")
    meeting.participants.filter(email="bob@example.com").update(written_language="en")
    addresses = {"alice@example.com", "BOB@example.com", "carol@example.com", "dave@example.org"}
    lowered = {a.lower() for a in addresses}

    mine = language_rows(hub_id=meeting.hub_id, addresses=addresses)

    orm = orm_rows(meeting.hub_id, lowered)
    assert sorted(mine) == sorted(orm)
    assert [row[3] for row in mine] == sorted((row[3] for row in mine), reverse=True)
    dave = [row for row in mine if row[0] == "dave@example.org"]
    assert [row[2] for row in dave] == ["de", "zh-hans"]  # this meeting's first: newer
    assert any(r[0] == "carol@example.com" and r[1] == "zh-hans" and r[3] == 0 for r in mine)
    assert language_rows(hub_id=meeting.hub_id, addresses=[]) == []
