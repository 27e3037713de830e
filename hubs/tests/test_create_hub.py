from datetime import date
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError
from django.db import connections

from hubs.models import Hub, HubAlias, InviteCode, Member

FULL_ARGS = [
    "Family",
    "family@hub.example.com",
    "--tz",
    "Europe/Berlin",
    "--member",
    "Alice <alice@example.com>",
    "--member",
    "carol@example.com",
    "--admin",
    "Ann <Ann@Example.com>",
    "--invite",
    "welcome-2026:3:2026-12-31",
]


def run(*args) -> str:
    out = StringIO()
    call_command("create_hub", *args, stdout=out)
    return out.getvalue()


def snapshot():
    """Everything create_hub may write, in a comparable form."""
    return (
        list(Hub.objects.values_list("name", "email", "slug", "time_zone")),
        list(Member.objects.values_list("hub__slug", "email", "name", "role", "user__username")),
        list(InviteCode.objects.values_list("hub__slug", "code", "max_uses", "uses", "expires_on")),
        list(get_user_model().objects.values_list("username", "is_staff", "is_superuser")),
    )


@pytest.mark.django_db
def test_creates_hub_members_admin_login_and_invite():
    output = run(*FULL_ARGS)
    hub = Hub.objects.get()
    assert (hub.name, hub.email, hub.slug, hub.time_zone) == (
        "Family",
        "family@hub.example.com",
        "family",
        "Europe/Berlin",
    )
    members = {m.email: m for m in Member.objects.for_hub(hub)}
    assert set(members) == {"alice@example.com", "carol@example.com", "ann@example.com"}
    assert members["alice@example.com"].name == "Alice"
    assert members["alice@example.com"].role == "member"
    assert members["carol@example.com"].name == ""
    ann = members["ann@example.com"]
    assert ann.role == "admin"
    assert ann.user.username == "ann@example.com"
    assert ann.user.is_staff and not ann.user.is_superuser
    assert not ann.user.has_usable_password()
    invite = InviteCode.objects.get(hub=hub)
    assert (invite.code, invite.max_uses, invite.uses, invite.expires_on) == (
        "welcome-2026",
        3,
        0,
        date(2026, 12, 31),
    )
    assert "created hub Family <family@hub.example.com>" in output
    assert "python manage.py changepassword ann@example.com" in output


@pytest.mark.django_db
def test_rerun_is_idempotent():
    run(*FULL_ARGS)
    before = snapshot()
    output = run(*FULL_ARGS)
    assert snapshot() == before
    assert "found hub Family" in output
    assert "added" not in output


@pytest.mark.django_db
def test_rerun_keeps_counted_uses_and_updates_settings():
    run(*FULL_ARGS)
    InviteCode.objects.update(uses=2)
    run("Family", "family@hub.example.com", "--tz", "Asia/Tokyo", "--invite", "WELCOME-2026:5:")
    invite = InviteCode.objects.get()
    assert (invite.code, invite.uses, invite.max_uses, invite.expires_on) == (
        "welcome-2026",
        2,
        5,
        None,
    )
    assert Hub.objects.get().time_zone == "Asia/Tokyo"
    assert Member.objects.count() == 3


@pytest.mark.django_db
def test_same_admin_login_serves_two_hubs():
    run(*FULL_ARGS)
    run("Team", "team@hub.example.com", "--admin", "Ann <ann@example.com>")
    user = get_user_model().objects.get(username="ann@example.com")
    assert sorted(user.hub_memberships.values_list("hub__slug", flat=True)) == ["family", "team"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--member", "Bob <bob@>"], "malformed member address"),
        (["--member", "Bob bob@example.com"], "malformed member"),
        (["--tz", "Mars/Olympus"], "unknown time zone"),
        (
            ["--member", "Bob <bob@example.com>", "--admin", "B <BOB@example.com>"],
            "duplicate member",
        ),
        (["--member", "Hub <family@hub.example.com>"], "hub's own address"),
        (["--invite", "ab"], "malformed invite code"),
        (["--invite", "welcome:0"], "max uses"),
        (["--invite", "welcome:3:31.12.2026"], "expiry must be a date"),
        (["--invite", "welcome:1", "--invite", "WELCOME:2"], "duplicate invite code"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(extra, message):
    with pytest.raises(CommandError, match=message):
        run("Family", "family@hub.example.com", "--member", "Alice <alice@example.com>", *extra)
    assert snapshot() == ([], [], [], [])


@pytest.mark.django_db
def test_malformed_hub_address_is_refused():
    with pytest.raises(CommandError, match="malformed hub address"):
        run("Family", "family-at-hub.example.com")
    assert not Hub.objects.exists()


@pytest.mark.django_db
def test_conflict_found_late_leaves_existing_hub_untouched():
    run(*FULL_ARGS)
    InviteCode.objects.update(uses=3)
    before = snapshot()
    with pytest.raises(CommandError, match="used 3 times"):
        run(
            "Family renamed",
            "family@hub.example.com",
            "--tz",
            "UTC",
            "--member",
            "Dave <dave@example.com>",
            "--invite",
            "welcome-2026:2",
        )
    assert snapshot() == before


@pytest.mark.django_db
def test_address_taken_by_an_alias_is_refused():
    other = Hub.objects.create(name="Team", slug="team", email="team@hub.example.com")
    HubAlias.objects.create(hub=other, email="family@hub.example.com")
    with pytest.raises(CommandError, match="alias of another hub"):
        run("Family", "family@hub.example.com")
    assert Hub.objects.count() == 1


@pytest.mark.django_db
def test_command_line_prints_one_line_error_and_exits_non_zero(capsys, monkeypatch):
    # run_from_argv closes every connection when it ends, which would drop the test's
    # transaction on PostgreSQL; the exit code and stderr are what is under test here.
    monkeypatch.setattr(connections, "close_all", lambda: None)
    utility = ManagementUtility(
        ["manage.py", "create_hub", "Family", "family@hub.example.com", "--tz", "Nowhere/Town"]
    )
    with pytest.raises(SystemExit) as exit_info:
        utility.execute()
    assert exit_info.value.code != 0
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0
    assert "unknown time zone 'Nowhere/Town'" in err
    assert not Hub.objects.exists()


@pytest.mark.django_db
def test_list_hubs_prints_members_and_codes():
    run(*FULL_ARGS)
    run("Team", "team@hub.example.com", "--member", "Zed <zed@example.com>")
    out = StringIO()
    call_command("list_hubs", stdout=out)
    text = out.getvalue()
    assert "Family <family@hub.example.com>  slug=family  tz=Europe/Berlin  active" in text
    assert "admin   Ann <ann@example.com>  [login ann@example.com]" in text
    assert "member  Alice <alice@example.com>" in text
    assert "welcome-2026  0/3 used  expires 2026-12-31  grants member" in text
    assert "Zed <zed@example.com>" in text
    out = StringIO()
    call_command("list_hubs", "--hub", "team", stdout=out)
    assert "Zed" in out.getvalue() and "Alice" not in out.getvalue()


@pytest.mark.django_db
def test_a_rerun_changes_only_what_its_flags_name_and_says_so():
    run(*FULL_ARGS)

    output = run("Family and friends", "family@hub.example.com")

    hub = Hub.objects.get()
    assert (hub.name, hub.time_zone) == ("Family", "Europe/Berlin")  # no --tz, no --rename
    assert "name left as 'Family' (pass --rename" in output

    output = run("Family and friends", "family@hub.example.com", "--rename", "--tz", "Asia/Tokyo")
    hub.refresh_from_db()
    assert (hub.name, hub.time_zone) == ("Family and friends", "Asia/Tokyo")
    assert "hub time zone: Europe/Berlin -> Asia/Tokyo" in output
    assert "hub name: 'Family' -> 'Family and friends'" in output


@pytest.mark.django_db
def test_a_dry_run_prints_the_changes_and_makes_none():
    run(*FULL_ARGS)
    before = snapshot()

    output = run(
        "Family",
        "family@hub.example.com",
        "--tz",
        "Asia/Tokyo",
        "--member",
        "dan@example.com",
        "--dry-run",
    )

    assert snapshot() == before and Hub.objects.get().time_zone == "Europe/Berlin"
    assert "would be: hub time zone: Europe/Berlin -> Asia/Tokyo" in output
    assert "would be: added member dan@example.com" in output
    assert output.rstrip().endswith("dry run: nothing was changed")


@pytest.mark.django_db
def test_a_new_hub_without_tz_is_utc():
    run("Club", "club@hub.example.com")
    assert Hub.objects.get().time_zone == "UTC"
