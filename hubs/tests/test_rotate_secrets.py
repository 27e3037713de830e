"""rotate_secrets: every encrypted column moves to the first key, so old keys can go."""

from io import StringIO

import pytest
from cryptography.fernet import Fernet
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import override_settings

from hubs.encryption import KeyState, derived_key, is_unreadable, key_state
from hubs.models import HubLLMSettings
from hubs.stored_secrets import encrypted_fields
from mailbridge.models import HubMailbox, HubSmtpSettings

A = Fernet.generate_key().decode()
B = Fernet.generate_key().decode()


def rotate(*args: str) -> str:
    out = StringIO()
    call_command("rotate_secrets", *args, stdout=out)
    return out.getvalue()


def raw(model, column: str, pk: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {column} FROM {model._meta.db_table} WHERE id = %s", [pk])
        return cursor.fetchone()[0]


@pytest.fixture
def secrets_under_a(hub, other_hub):
    """An LLM key, an IMAP and an SMTP password, all encrypted with key A."""
    with override_settings(FIELD_ENCRYPTION_KEYS=[A]):
        return [
            HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1"),
            HubLLMSettings.objects.create(hub=other_hub, model="openai/x"),  # no key: skipped
            HubMailbox.objects.create(
                hub=hub, host="imap.example", username="u", password="pw-imap"
            ),
            HubSmtpSettings.objects.create(hub=hub, host="smtp.example", password="pw-smtp"),
        ]


def test_every_encrypted_field_is_found_through_the_app_registry():
    labels = {f"{model._meta.label}.{f.name}" for model, f in encrypted_fields()}
    assert labels >= {
        "hubs.HubLLMSettings.api_key",
        "mailbridge.HubMailbox.password",
        "mailbridge.HubSmtpSettings.password",
    }


def test_rotating_from_a_to_b_then_dropping_a_keeps_every_secret(secrets_under_a):
    llm, _, mailbox, smtp = secrets_under_a
    before = raw(HubLLMSettings, "api_key", llm.pk)
    with override_settings(FIELD_ENCRYPTION_KEYS=[B, A]):
        report = rotate("--check")
        assert "total: 3 to rewrite, 0 already current, 0 unreadable" in report
        assert raw(HubLLMSettings, "api_key", llm.pk) == before  # --check writes nothing
        report = rotate()
        assert "hubs.HubLLMSettings.api_key: 1 rewritten, 0 already current, 0 unreadable" in report
        assert "total: 3 rewritten, 0 already current, 0 unreadable" in report
        assert key_state(raw(HubLLMSettings, "api_key", llm.pk)) is KeyState.CURRENT
        assert "total: 0 rewritten, 3 already current, 0 unreadable" in rotate()
    with override_settings(FIELD_ENCRYPTION_KEYS=[B]):
        assert HubLLMSettings.objects.get(pk=llm.pk).api_key == "sk-1"
        assert HubMailbox.objects.get(pk=mailbox.pk).password == "pw-imap"
        assert HubSmtpSettings.objects.get(pk=smtp.pk).password == "pw-smtp"


def test_rotation_never_saves_whole_rows(secrets_under_a):
    llm = secrets_under_a[0]
    HubLLMSettings.objects.filter(pk=llm.pk).update(budget_notice_month="2026-01")
    with override_settings(FIELD_ENCRYPTION_KEYS=[B, A]):
        loaded = HubLLMSettings.objects.get(pk=llm.pk)  # a stale copy held elsewhere
        HubLLMSettings.objects.filter(pk=llm.pk).update(model="openai/changed")
        rotate()
        loaded.refresh_from_db()
        assert (loaded.model, loaded.budget_notice_month) == ("openai/changed", "2026-01")


def test_unreadable_values_are_counted_and_make_it_exit_non_zero(secrets_under_a):
    llm = secrets_under_a[0]
    with override_settings(FIELD_ENCRYPTION_KEYS=[B]):
        out = StringIO()
        with pytest.raises(CommandError, match="3 stored value"):
            call_command("rotate_secrets", stdout=out)
        assert (
            f"hubs.HubLLMSettings.api_key: 0 rewritten, 0 already current, 1 unreadable (ids {llm.pk})"
            in out.getvalue()
        )
        with pytest.raises(CommandError):
            call_command("rotate_secrets", "--check", stdout=StringIO())
    with override_settings(FIELD_ENCRYPTION_KEYS=[A]):
        assert HubLLMSettings.objects.get(pk=llm.pk).api_key == "sk-1"  # left as it was


def test_clear_unreadable_blanks_them_so_they_can_be_entered_again(secrets_under_a):
    llm = secrets_under_a[0]
    with override_settings(FIELD_ENCRYPTION_KEYS=[B]):
        report = rotate("--clear-unreadable")
        assert "1 unreadable (ids" in report and "1 cleared" in report
        assert "total: 0 rewritten, 0 already current, 0 unreadable" in report
        key = HubLLMSettings.objects.get(pk=llm.pk).api_key
        assert key == "" and not is_unreadable(key)


@override_settings(FIELD_ENCRYPTION_KEYS=[A, "bad"])
def test_a_malformed_key_stops_it_with_a_clear_message(db):
    with pytest.raises(CommandError, match="entry 2 of 2 is not a Fernet key"):
        rotate()


@override_settings(SECRET_KEY="old-secret-key", FIELD_ENCRYPTION_KEYS=[])
def test_secrets_from_the_derived_key_move_to_explicit_keys(hub):
    row = HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1")
    legacy = rotate("--print-derived-key").strip()
    assert legacy == derived_key("old-secret-key")
    with override_settings(FIELD_ENCRYPTION_KEYS=[A, legacy]):
        assert "total: 1 rewritten" in rotate()
    with override_settings(FIELD_ENCRYPTION_KEYS=[A], SECRET_KEY="new-secret-key"):
        assert HubLLMSettings.objects.get(pk=row.pk).api_key == "sk-1"
