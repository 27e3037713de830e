"""Encryption at rest for secrets stored in the database (API keys, passwords)."""

import base64
import hashlib
from functools import cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.db import models

PREFIX = "fernet:"


@cache
def _fernet(keys: tuple[str, ...], secret_key: str) -> MultiFernet:
    if not keys:
        # Derived so the embedded mode needs no extra variable; production can set
        # FIELD_ENCRYPTION_KEYS to rotate without touching SECRET_KEY.
        derived = base64.urlsafe_b64encode(
            hashlib.sha256(b"aimp-field-encryption:" + secret_key.encode()).digest()
        )
        return MultiFernet([Fernet(derived)])
    return MultiFernet([Fernet(k.encode()) for k in keys])


def _current() -> MultiFernet:
    return _fernet(tuple(settings.FIELD_ENCRYPTION_KEYS), settings.SECRET_KEY)


def encrypt_text(plain: str) -> str:
    """Encrypt a string for storage."""
    return PREFIX + _current().encrypt(plain.encode()).decode()


def decrypt_text(stored: str) -> str:
    """Decrypt a stored string; raise ValueError when no configured key opens it."""
    if not stored.startswith(PREFIX):
        raise ValueError("stored value is not encrypted")
    try:
        return _current().decrypt(stored.removeprefix(PREFIX).encode()).decode()
    except InvalidToken as exc:
        raise ValueError("no configured FIELD_ENCRYPTION_KEYS can decrypt this value") from exc


class EncryptedTextField(models.TextField):
    """A text column whose value is encrypted in the database and plain in Python."""

    def from_db_value(self, value, expression, connection):
        if value is None or value == "":
            return value
        return decrypt_text(value)

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        if value is None or value == "":
            return value
        return encrypt_text(value)
