import threading
from datetime import UTC, date, datetime

import pytest
from django.db import connection

from hubs.invites import RedeemStatus, invite_is_expired, invite_redeem
from hubs.models import Hub, InviteCode, Member

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


pytestmark = pytest.mark.hub(time_zone="Asia/Tokyo")


def redeem(hub, code="Welcome-2026", email="bob@example.com", name="Bob", now=NOW):
    return invite_redeem(hub=hub, code=code, email=email, name=name, now=now)


def test_valid_code_creates_member_with_the_codes_role_and_counts_one_use(hub):
    InviteCode.objects.create(hub=hub, code="welcome-2026", max_uses=3, role="admin")
    result = redeem(hub, email="Bob@Example.com")
    assert result.status is RedeemStatus.OK
    member = Member.objects.get(hub=hub)
    assert (member.email, member.name, member.role) == ("bob@example.com", "Bob", "admin")
    assert result.member == member
    assert InviteCode.objects.get(hub=hub).uses == 1


def test_code_is_compared_case_insensitively(hub):
    InviteCode.objects.create(hub=hub, code="welcome-2026", max_uses=1)
    assert redeem(hub, code="  WELCOME-2026 ").status is RedeemStatus.OK


def test_unknown_code_changes_nothing(hub):
    InviteCode.objects.create(hub=hub, code="welcome-2026")
    assert redeem(hub, code="welcome-2025").status is RedeemStatus.UNKNOWN
    assert redeem(hub, code="").status is RedeemStatus.UNKNOWN
    assert not Member.objects.exists()
    assert InviteCode.objects.get().uses == 0


def test_code_of_another_hub_is_unknown(hub):
    other = Hub.objects.create(name="Team", slug="team", email="team@hub.example.com")
    InviteCode.objects.create(hub=other, code="team-code")
    assert redeem(hub, code="team-code").status is RedeemStatus.UNKNOWN
    assert not Member.objects.exists()


def test_already_member_consumes_no_use(hub):
    InviteCode.objects.create(hub=hub, code="welcome-2026", max_uses=2)
    Member.objects.create(hub=hub, email="bob@example.com", name="Bob")
    result = redeem(hub, email="BOB@example.com", name="Robert")
    assert result.status is RedeemStatus.ALREADY_MEMBER
    assert result.member.name == "Bob"
    assert InviteCode.objects.get().uses == 0
    assert Member.objects.count() == 1


def test_used_up_code_refuses_the_next_person(hub):
    InviteCode.objects.create(hub=hub, code="welcome-2026", max_uses=1)
    assert redeem(hub, email="a@example.com").status is RedeemStatus.OK
    assert redeem(hub, email="b@example.com").status is RedeemStatus.USED_UP
    assert list(Member.objects.values_list("email", flat=True)) == ["a@example.com"]
    assert InviteCode.objects.get().uses == 1


def test_expiry_includes_its_last_day_in_the_hubs_time_zone(hub):
    # Tokyo is UTC+9: 2026-12-31 ends there at 2026-12-31T15:00Z.
    InviteCode.objects.create(
        hub=hub, code="welcome-2026", max_uses=5, expires_on=date(2026, 12, 31)
    )
    last_minute = datetime(2026, 12, 31, 14, 59, tzinfo=UTC)
    first_minute_after = datetime(2026, 12, 31, 15, 0, tzinfo=UTC)
    assert redeem(hub, email="a@example.com", now=last_minute).status is RedeemStatus.OK
    assert redeem(hub, email="b@example.com", now=first_minute_after).status is RedeemStatus.EXPIRED
    assert InviteCode.objects.get().uses == 1


def test_invite_is_expired_follows_the_zone_not_utc():
    last_day = date(2026, 6, 30)
    # 23:30 on the 30th in New York is already July 1st in UTC: still valid there.
    late_evening = datetime(2026, 7, 1, 3, 30, tzinfo=UTC)
    assert not invite_is_expired(
        expires_on=last_day, now=late_evening, time_zone="America/New_York"
    )
    assert invite_is_expired(expires_on=last_day, now=late_evening, time_zone="UTC")
    assert not invite_is_expired(expires_on=None, now=late_evening, time_zone="UTC")


def test_name_is_cleaned_of_control_characters_and_capped(hub):
    InviteCode.objects.create(hub=hub, code="welcome-2026")
    result = redeem(hub, name="  Bob\r\nBcc: evil@example.com " + "x" * 500)
    assert "\n" not in result.member.name and "\r" not in result.member.name
    assert result.member.name.startswith("Bob Bcc: evil@example.com")
    assert len(result.member.name) == 200


def _race(hub, emails, code):
    """Run invite_redeem for each address in its own thread and connection, all at once."""
    barrier = threading.Barrier(len(emails))
    statuses: list[RedeemStatus] = []
    errors: list[BaseException] = []

    def attempt(email):
        try:
            barrier.wait()
            statuses.append(invite_redeem(hub=hub, code=code, email=email, name="", now=NOW).status)
        except BaseException as exc:  # surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(e,)) for e in emails]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return statuses


postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs concurrent writers (PostgreSQL)"
)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_racing_registrations_never_pass_the_limit():
    hub = Hub.objects.create(name="Race", slug="race", email="race@hub.example.com")
    InviteCode.objects.create(hub=hub, code="race", max_uses=3)
    statuses = _race(hub, [f"p{i}@example.com" for i in range(10)], "RACE")
    assert statuses.count(RedeemStatus.OK) == 3
    assert statuses.count(RedeemStatus.USED_UP) == 7
    assert InviteCode.objects.get(hub=hub).uses == 3
    assert Member.objects.filter(hub=hub).count() == 3


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_same_person_racing_is_counted_once():
    hub = Hub.objects.create(name="Race", slug="race", email="race@hub.example.com")
    InviteCode.objects.create(hub=hub, code="race", max_uses=5)
    statuses = _race(hub, ["twin@example.com"] * 6, "race")
    assert statuses.count(RedeemStatus.OK) == 1
    assert statuses.count(RedeemStatus.ALREADY_MEMBER) == 5
    assert InviteCode.objects.get(hub=hub).uses == 1
    assert Member.objects.filter(hub=hub).count() == 1
