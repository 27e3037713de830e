"""The start-up checks: keys are Fernet keys, and every stored secret opens with them."""

import pytest
from cryptography.fernet import Fernet
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import override_settings

from hubs.checks import check_encryption_keys, check_stored_secrets
from hubs.models import HubLLMSettings

A = Fernet.generate_key().decode()
B = Fernet.generate_key().decode()


def ids(messages) -> list[str]:
    return [m.id for m in messages]


@pytest.fixture
def key_under_a(hub):
    with override_settings(FIELD_ENCRYPTION_KEYS=[A]):
        return HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-1")


@override_settings(FIELD_ENCRYPTION_KEYS=[A, "short"])
def test_a_malformed_key_is_an_error_naming_its_position_not_its_value():
    (error,) = check_encryption_keys()
    assert error.id == "hubs.E001"
    assert "entry 2 of 2" in error.msg and "short" not in error.msg
    assert "Fernet.generate_key()" in error.hint


@override_settings(FIELD_ENCRYPTION_KEYS=[A, B])
def test_good_keys_pass():
    assert check_encryption_keys() == []


def test_stored_secrets_are_checked_only_when_a_database_is_named(key_under_a):
    with override_settings(FIELD_ENCRYPTION_KEYS=[B]):
        assert check_stored_secrets() == []
        assert ids(check_stored_secrets(databases=["default"])) == ["hubs.E002"]


def test_an_unreadable_value_is_an_error_naming_model_field_and_count(key_under_a, other_hub):
    with override_settings(FIELD_ENCRYPTION_KEYS=[A]):
        HubLLMSettings.objects.create(hub=other_hub, model="openai/x", api_key="sk-2")
    with override_settings(FIELD_ENCRYPTION_KEYS=[B]):
        (error,) = check_stored_secrets(databases=["default"])
    assert error.msg.startswith(
        "2 stored value(s) of hubs.HubLLMSettings.api_key cannot be decrypted"
    )
    assert str(key_under_a.pk) in error.msg
    assert "rotate_secrets --clear-unreadable" in error.hint


def test_manage_py_check_database_reports_it(key_under_a):
    with (
        override_settings(FIELD_ENCRYPTION_KEYS=[B]),
        pytest.raises(SystemCheckError, match="hubs.E002"),
    ):
        call_command("check", "--database", "default")


def test_a_value_under_an_old_key_is_a_warning_with_debug_off(key_under_a):
    with override_settings(FIELD_ENCRYPTION_KEYS=[B, A], DEBUG=False):
        (warning,) = check_stored_secrets(databases=["default"])
    assert warning.id == "hubs.W001" and "hubs.HubLLMSettings.api_key" in warning.msg
    assert "rotate_secrets" in warning.hint
    with override_settings(FIELD_ENCRYPTION_KEYS=[B, A], DEBUG=True):
        assert check_stored_secrets(databases=["default"]) == []


def test_all_current_is_silent(key_under_a):
    with override_settings(FIELD_ENCRYPTION_KEYS=[A], DEBUG=False):
        assert check_stored_secrets(databases=["default"]) == []


@override_settings(FIELD_ENCRYPTION_KEYS=["bad"])
def test_malformed_keys_skip_the_database_check_rather_than_crash(key_under_a):
    assert check_stored_secrets(databases=["default"]) == []
