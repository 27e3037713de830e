"""Joining a hub by email, and what strangers hear: whole conversations through the pipeline."""

import json
import zoneinfo
from datetime import timedelta

import pytest
from django.utils import timezone

from hubs.models import Hub, InviteCode, Member
from mailbridge.models import InboundMessage
from mailbridge.testing import build_email

HUB = "family@hub.example.com"


pytestmark = pytest.mark.hub(
    email=HUB, time_zone="Europe/Berlin", members=[("alice@example.com", "Alice")]
)


def hub_today(hub):
    return timezone.now().astimezone(zoneinfo.ZoneInfo(hub.time_zone)).date()


@pytest.fixture
def code(hub):
    return InviteCode.objects.create(
        hub=hub, code="welcome-2026", max_uses=2, expires_on=hub_today(hub) + timedelta(days=30)
    )


def send(mailflow, *, from_, subject, body="", headers=None, to=HUB):
    return mailflow.deliver(
        build_email(from_=from_, to=to, subject=subject, body=body, headers=headers), to=to
    )


def hub_card_of(mail) -> dict:
    """The hub card attached to the welcome mail (data for agents, not prose for people)."""
    [(name, content, mimetype)] = mail.attachments
    assert (name, mimetype) == ("hub-card.json", "application/json")
    assert "hub-card.json" in mail.body and "aimp_hub" not in mail.body
    return json.loads(content)


def test_newcomer_registers_and_gets_welcome_with_hub_card(hub, code, mailflow):
    row = send(
        mailflow,
        from_="Robert <Bob@Example.com>",
        subject="Join please [aimp-invite:WELCOME-2026]",
        body="Hi there!\nName: Bob Builder\n\nThanks",
    )
    assert row.status == InboundMessage.Status.DONE and row.kind == "registration"

    [welcome] = mailflow.sent()
    assert welcome.to == ["bob@example.com"]
    assert welcome.subject == "Welcome to Family"
    assert welcome.body.startswith("Hello Bob Builder,\n\nwelcome to Family! You are now a member")
    assert "writing to family@hub.example.com" in welcome.body
    assert '"A and 1"' in welcome.body
    # Bob said nothing of where he lives: he is asked, and told what is used meanwhile.
    assert "Which time zone are you in?" in welcome.body
    assert "times are shown in the hub's time zone, Europe/Berlin" in welcome.body
    headers = {k.lower(): v for k, v in welcome.extra_headers.items()}
    assert headers["auto-submitted"] == "auto-generated"
    assert headers["in-reply-to"] == row.message_id

    card = hub_card_of(welcome)["aimp_hub"]
    assert card["name"] == "Family"
    assert card["email"] == HUB
    assert card["protocol"] == "AIMP/0.1"
    assert card["registered_members"] == 2
    assert card["session_threading"] == {"pattern": "[AIMP:{session_id}]"}
    assert card["usage"]["schedule_meeting"]["required_fields"] == [
        "topic",
        "participants",
        "availability",
    ]
    assert "schedule_meeting" in card["capabilities"]

    bob = Member.objects.get(hub=hub, email="bob@example.com")
    assert (bob.name, bob.role) == ("Bob Builder", "member")
    code.refresh_from_db()
    assert code.uses == 1


def test_name_falls_back_to_the_display_name(hub, code, mailflow):
    send(
        mailflow,
        from_='"Carol Smith" <carol@example.com>',
        subject="[AIMP-INVITE:welcome-2026]",
        body="I am looking forward to joining!",
    )
    [welcome] = mailflow.sent()
    assert welcome.body.startswith("Hello Carol Smith,")
    assert Member.objects.get(hub=hub, email="carol@example.com").name == "Carol Smith"


def test_already_member_is_told_so_once_and_no_use_is_consumed(hub, code, mailflow):
    send(mailflow, from_="alice@example.com", subject="[AIMP-INVITE:welcome-2026]")
    [notice] = mailflow.sent()
    assert notice.to == ["alice@example.com"]
    assert notice.subject == "You are already a member of Family"
    assert "your invite code was not used" in notice.body
    code.refresh_from_db()
    assert code.uses == 0

    # A flood of the same (maybe forged) mail yields no more notices today.
    send(mailflow, from_="alice@example.com", subject="[AIMP-INVITE:welcome-2026] again")
    assert mailflow.sent() == []
    assert Member.objects.filter(hub=hub).count() == 1


def test_registering_twice_welcomes_once(hub, code, mailflow):
    send(mailflow, from_="Bob <bob@example.com>", subject="[AIMP-INVITE:welcome-2026]")
    [welcome] = mailflow.sent()
    assert welcome.subject == "Welcome to Family"
    send(mailflow, from_="Bob <bob@example.com>", subject="[AIMP-INVITE:welcome-2026]")
    [notice] = mailflow.sent()
    assert notice.subject == "You are already a member of Family"
    code.refresh_from_db()
    assert code.uses == 1


def test_unknown_code_is_explained_once_a_day(hub, code, mailflow):
    send(mailflow, from_="mallory@example.org", subject="[AIMP-INVITE:welcome-2025]")
    [notice] = mailflow.sent()
    assert notice.to == ["mallory@example.org"]
    assert notice.subject == "Your invite code for Family was not accepted"
    assert 'the invite code "welcome-2025" is not known to this hub' in notice.body
    assert "[AIMP-INVITE:your-code]" in notice.body

    for guess in ("guess-1", "guess-2", "guess-3"):
        row = send(mailflow, from_="mallory@example.org", subject=f"[AIMP-INVITE:{guess}]")
        assert row.status == InboundMessage.Status.DONE
    assert mailflow.sent() == []
    assert not Member.objects.filter(email="mallory@example.org").exists()
    code.refresh_from_db()
    assert code.uses == 0


def test_expired_code_names_its_last_day(hub, mailflow):
    yesterday = hub_today(hub) - timedelta(days=1)
    InviteCode.objects.create(hub=hub, code="old-code", max_uses=5, expires_on=yesterday)
    send(mailflow, from_="dan@example.com", subject="[AIMP-INVITE:OLD-CODE]")
    [notice] = mailflow.sent()
    assert notice.subject == "Your invite code for Family was not accepted"
    assert (
        f'the invite code "OLD-CODE" expired (its last valid day was {yesterday.isoformat()})'
        in (notice.body)
    )
    assert not Member.objects.filter(email="dan@example.com").exists()


def test_code_valid_through_its_last_day(hub, mailflow):
    InviteCode.objects.create(hub=hub, code="last-day", max_uses=1, expires_on=hub_today(hub))
    send(mailflow, from_="erin@example.com", subject="[AIMP-INVITE:last-day]")
    [welcome] = mailflow.sent()
    assert welcome.subject == "Welcome to Family"


def test_used_up_code_turns_away_the_next_person(hub, mailflow):
    InviteCode.objects.create(hub=hub, code="single", max_uses=1)
    send(mailflow, from_="bob@example.com", subject="[AIMP-INVITE:single]")
    send(mailflow, from_="dan@example.com", subject="[AIMP-INVITE:single]")
    welcome, notice = mailflow.sent()
    assert (welcome.to, welcome.subject) == (["bob@example.com"], "Welcome to Family")
    assert notice.to == ["dan@example.com"]
    assert "has already been used as many times as it allows" in notice.body
    assert InviteCode.objects.get(code="single").uses == 1
    assert sorted(Member.objects.filter(hub=hub).values_list("email", flat=True)) == [
        "alice@example.com",
        "bob@example.com",
    ]


def test_admin_code_makes_an_admin_member(hub, mailflow):
    InviteCode.objects.create(hub=hub, code="admins", max_uses=1, role="admin")
    send(mailflow, from_="Ann <ann@example.com>", subject="[AIMP-INVITE:admins]")
    [welcome] = mailflow.sent()
    assert "You are now a member, with the admin role," in welcome.body
    assert Member.objects.get(hub=hub, email="ann@example.com").role == "admin"


def test_another_hubs_code_does_not_open_this_hub(hub, mailflow):
    team = Hub.objects.create(name="Team", slug="team", email="team@hub.example.com")
    InviteCode.objects.create(hub=team, code="team-code", max_uses=5)
    send(mailflow, from_="bob@example.com", subject="[AIMP-INVITE:team-code]")
    [notice] = mailflow.sent()
    assert notice.subject == "Your invite code for Family was not accepted"
    assert not Member.objects.filter(email="bob@example.com").exists()
    assert InviteCode.objects.get(hub=team).uses == 0


def test_unknown_sender_hears_once_how_to_join_then_joins(hub, code, mailflow):
    row = send(mailflow, from_="Zed <zed@example.org>", subject="Hello?", body="Who are you?")
    assert row.kind == "unknown_sender" and row.status == InboundMessage.Status.DONE
    [notice] = mailflow.sent()
    assert notice.to == ["zed@example.org"]
    assert notice.subject == "How to join Family"
    assert "your\naddress is not a member" in notice.body
    assert "[AIMP-INVITE:your-code]" in notice.body
    assert "alice" not in notice.body.lower()  # nothing about the members
    headers = {k.lower(): v for k, v in notice.extra_headers.items()}
    assert headers["in-reply-to"] == row.message_id

    send(mailflow, from_="Zed <zed@example.org>", subject="Hello again", body="Anyone?")
    assert mailflow.sent() == []
    # Another stranger gets their own single notice.
    send(mailflow, from_="yan@example.org", subject="Hi", body="Hi")
    [other] = mailflow.sent()
    assert other.to == ["yan@example.org"]

    # The notice limit does not stand in the way of joining.
    send(mailflow, from_="Zed <zed@example.org>", subject="[AIMP-INVITE:welcome-2026]")
    [welcome] = mailflow.sent()
    assert welcome.subject == "Welcome to Family"
    assert Member.objects.get(hub=hub, email="zed@example.org").name == "Zed"


def test_auto_replies_from_strangers_are_never_answered(hub, mailflow):
    row = send(
        mailflow,
        from_="zed@example.org",
        subject="Out of office",
        body="I am away.",
        headers={"Auto-Submitted": "auto-replied"},
    )
    assert row.status == InboundMessage.Status.IGNORED
    assert mailflow.sent() == []
    row = send(
        mailflow,
        from_="zed@example.org",
        subject="Auto: [AIMP-INVITE:welcome-2026]",
        body="I am away.",
        headers={"Auto-Submitted": "auto-replied"},
    )
    assert row.status == InboundMessage.Status.IGNORED
    assert mailflow.sent() == []
    assert not Member.objects.filter(email="zed@example.org").exists()


def test_an_unverified_registration_joins_only_when_the_address_itself_answers(hub, code, mailflow):
    forged = build_email(
        from_="Victim <victim@example.org>",
        to=HUB,
        subject="[AIMP-INVITE:welcome-2026]",
        body="Name: Victim",
        authenticated=False,
    )
    mailflow.deliver(forged, to=HUB)
    [confirm] = mailflow.sent()
    assert confirm.to == ["victim@example.org"]
    assert "I could not verify that it was you" in confirm.body
    assert not Member.objects.filter(email="victim@example.org").exists()
    code.refresh_from_db()
    assert code.uses == 0  # nothing redeemed for a forger

    # The same forged mail again, or a forged "reply" without the token: nobody hears more.
    again = build_email(
        from_="victim@example.org",
        to=HUB,
        subject="Re: Confirm: join Family [AIMP-INVITE:welcome-2026]",
        body="yes",
        authenticated=False,
    )
    mailflow.deliver(again, to=HUB)
    assert mailflow.sent() == [] and not Member.objects.filter(email="victim@example.org")

    # The address itself answers the confirmation (its token, its From): it joins.
    mailflow.reply(confirm, from_="Vic <victim@example.org>", body="Name: Vic", authenticated=False)
    [welcome] = mailflow.sent()
    assert welcome.subject == "Welcome to Family"
    assert Member.objects.get(email="victim@example.org").name == "Vic"
