"""Secrets at rest: FIELD_ENCRYPTION_KEYS, not SECRET_KEY, and a value no key opens is no crash."""

import copy
import pickle

import pytest
from cryptography.fernet import Fernet
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.test import override_settings

from hubs.encryption import (
    KeyState,
    SecretUnreadableError,
    UnreadableSecret,
    encrypt_text,
    is_unreadable,
    key_state,
    require_secret,
)
from hubs.models import HubLLMSettings

A = Fernet.generate_key().decode()
B = Fernet.generate_key().decode()


def stored_key(settings_id: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT api_key FROM {HubLLMSettings._meta.db_table} WHERE id = %s", [settings_id]
        )
        return cursor.fetchone()[0]


def test_changing_secret_key_changes_nothing_when_keys_are_explicit(hub):
    with override_settings(FIELD_ENCRYPTION_KEYS=[A], SECRET_KEY="first-secret-key"):
        row = HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1")
    with override_settings(FIELD_ENCRYPTION_KEYS=[A], SECRET_KEY="second-secret-key"):
        assert HubLLMSettings.objects.get(pk=row.pk).api_key == "sk-1"


def test_the_first_key_encrypts_and_every_key_decrypts(hub):
    with override_settings(FIELD_ENCRYPTION_KEYS=[A]):
        row = HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1")
    with override_settings(FIELD_ENCRYPTION_KEYS=[B, A]):
        assert HubLLMSettings.objects.get(pk=row.pk).api_key == "sk-1"
        assert key_state(stored_key(row.pk)) is KeyState.OLD_KEY
        assert key_state(encrypt_text("sk-2")) is KeyState.CURRENT


def test_without_keys_the_dev_fallback_derives_one_from_secret_key(hub):
    with override_settings(FIELD_ENCRYPTION_KEYS=[], SECRET_KEY="first-secret-key"):
        row = HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1")
        assert HubLLMSettings.objects.get(pk=row.pk).api_key == "sk-1"
    with override_settings(FIELD_ENCRYPTION_KEYS=[], SECRET_KEY="second-secret-key"):
        assert is_unreadable(HubLLMSettings.objects.get(pk=row.pk).api_key)


def test_a_value_no_key_opens_reads_as_an_empty_unreadable_secret(hub):
    with override_settings(FIELD_ENCRYPTION_KEYS=[A]):
        row = HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1")
    with override_settings(FIELD_ENCRYPTION_KEYS=[B]):
        key = HubLLMSettings.objects.get(pk=row.pk).api_key
        assert isinstance(key, UnreadableSecret) and key == "" and not key
        assert key_state(stored_key(row.pk)) is KeyState.UNREADABLE
        with pytest.raises(SecretUnreadableError, match="API key cannot be decrypted"):
            require_secret(key, "API key")


def test_saving_a_row_keeps_the_ciphertext_it_could_not_read(hub):
    with override_settings(FIELD_ENCRYPTION_KEYS=[A]):
        row = HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1")
        before = stored_key(row.pk)
    with override_settings(FIELD_ENCRYPTION_KEYS=[B]):
        loaded = HubLLMSettings.objects.get(pk=row.pk)
        loaded.model = "openai/y"
        loaded.full_clean()
        copy.deepcopy(loaded).save()
        assert stored_key(row.pk) == before
    with override_settings(FIELD_ENCRYPTION_KEYS=[B, A]):
        assert HubLLMSettings.objects.get(pk=row.pk).api_key == "sk-1"


def test_unreadable_secret_survives_copies_and_pickles():
    value = UnreadableSecret("fernet:abc")
    for copied in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert isinstance(copied, UnreadableSecret) and copied.stored == "fernet:abc"
    assert "abc" not in repr(value)


def test_a_value_stored_without_encryption_is_unreadable_not_an_error(hub):
    row = HubLLMSettings.objects.create(hub=hub, model="openai/x")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {HubLLMSettings._meta.db_table} SET api_key = %s WHERE id = %s",
            ["plain-text", row.pk],
        )
    assert is_unreadable(HubLLMSettings.objects.get(pk=row.pk).api_key)


def test_require_secret_passes_readable_values_through():
    assert require_secret("pw", "SMTP password") == "pw"
    assert require_secret(None, "SMTP password") == ""


@override_settings(FIELD_ENCRYPTION_KEYS=[A, "not-a-key"])
def test_a_malformed_key_is_a_clear_configuration_error_that_hides_the_key():
    with pytest.raises(ImproperlyConfigured, match="entry 2 of 2 is not a Fernet key") as info:
        encrypt_text("x")
    assert "not-a-key" not in str(info.value) and A not in str(info.value)
