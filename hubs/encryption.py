"""Encryption at rest for secrets stored in the database (API keys, passwords).

FIELD_ENCRYPTION_KEYS holds Fernet keys: the first encrypts, all decrypt. A stored
value that none of them opens is read as an `UnreadableSecret`, never an exception,
so a lost or rotated-away key costs that secret, not the pages or jobs that load it.
"""

from __future__ import annotations

import base64
import hashlib
import logging
from collections.abc import Sequence
from enum import Enum
from functools import cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models

logger = logging.getLogger(__name__)

PREFIX = "fernet:"
UNREADABLE_HELP = "Stored, but cannot be decrypted with the current keys: enter it again."


class KeyState(Enum):
    """Which configured key opens a stored value."""

    CURRENT = "current"
    OLD_KEY = "old key"
    UNREADABLE = "unreadable"


class UnreadableSecret(str):
    """A stored secret no configured key opens: empty to its users, its ciphertext kept.

    Being an empty str, code asking "is a key set?" sees none. Saving the row writes
    the original ciphertext back, so putting the old key back restores the secret.
    """

    stored: str

    def __new__(cls, stored: str) -> UnreadableSecret:
        obj = super().__new__(cls, "")
        obj.stored = stored
        return obj

    def __getnewargs__(self) -> tuple[str]:
        # Copies and pickles (model instances are deep-copied by forms) keep the ciphertext.
        return (self.stored,)

    def __repr__(self) -> str:
        return "UnreadableSecret()"


class SecretUnreadableError(Exception):
    """A secret needed now is stored but no configured key decrypts it."""


def is_unreadable(value: object) -> bool:
    """Return True for a secret that is stored but cannot be decrypted."""
    return isinstance(value, UnreadableSecret)


def require_secret(value: str | None, what: str) -> str:
    """Return the secret, or raise SecretUnreadableError naming `what` when it cannot be read."""
    if isinstance(value, UnreadableSecret):
        raise SecretUnreadableError(
            f"the stored {what} cannot be decrypted with the current FIELD_ENCRYPTION_KEYS: "
            "enter it again in the admin"
        )
    return value or ""


def derived_key(secret_key: str) -> str:
    """Return the Fernet key derived from a SECRET_KEY (the embedded-mode fallback)."""
    digest = hashlib.sha256(b"aimp-field-encryption:" + secret_key.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()


def key_problems(keys: Sequence[str]) -> list[str]:
    """Return one line per entry of `keys` that is not a Fernet key (never the key itself)."""
    problems = []
    for number, key in enumerate(keys, 1):
        try:
            Fernet(key.encode())
        except (ValueError, TypeError):
            problems.append(
                f"FIELD_ENCRYPTION_KEYS entry {number} of {len(keys)} is not a Fernet key "
                "(32 url-safe base64-encoded bytes, 44 characters ending in '=')"
            )
    return problems


def configured_keys() -> tuple[str, ...]:
    """Return the keys in use, encrypting one first: FIELD_ENCRYPTION_KEYS, else derived."""
    keys = tuple(k.strip() for k in settings.FIELD_ENCRYPTION_KEYS if k.strip())
    # Settings refuses DEBUG off without keys, so only embedded/dev mode derives one:
    # `make run` needs no variable, and production never ties secrets to SECRET_KEY.
    return keys or (derived_key(settings.SECRET_KEY),)


@cache
def _keyring(keys: tuple[str, ...]) -> tuple[Fernet, ...]:
    problems = key_problems(keys)
    if problems:
        raise ImproperlyConfigured("; ".join(problems))
    return tuple(Fernet(k.encode()) for k in keys)


@cache
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet(list(_keyring(keys)))


def _current() -> MultiFernet:
    return _fernet(configured_keys())


def _token(stored: str) -> bytes | None:
    return stored.removeprefix(PREFIX).encode() if stored.startswith(PREFIX) else None


def encrypt_text(plain: str) -> str:
    """Encrypt a string for storage with the first configured key."""
    return PREFIX + _current().encrypt(plain.encode()).decode()


def decrypt_text(stored: str) -> str:
    """Decrypt a stored string; raise ValueError when no configured key opens it."""
    token = _token(stored)
    if token is None:
        raise ValueError("stored value is not encrypted")
    try:
        return _current().decrypt(token).decode()
    except InvalidToken as exc:
        raise ValueError("no configured FIELD_ENCRYPTION_KEYS can decrypt this value") from exc


def key_state(stored: str) -> KeyState:
    """Say whether the first key, another configured key, or none opens a stored value."""
    token = _token(stored)
    if token is None:
        return KeyState.UNREADABLE
    for position, fernet in enumerate(_keyring(configured_keys())):
        try:
            fernet.decrypt(token)
        except InvalidToken:
            continue
        return KeyState.CURRENT if position == 0 else KeyState.OLD_KEY
    return KeyState.UNREADABLE


def reencrypt(stored: str) -> str:
    """Return `stored` encrypted again with the first key; ValueError when unreadable."""
    token = _token(stored)
    if token is None:
        raise ValueError("stored value is not encrypted")
    try:
        return PREFIX + _current().rotate(token).decode()
    except InvalidToken as exc:
        raise ValueError("no configured FIELD_ENCRYPTION_KEYS can decrypt this value") from exc


class EncryptedTextField(models.TextField):
    """A text column whose value is encrypted in the database and plain in Python."""

    def from_db_value(self, value, expression, connection) -> str | None:
        if value is None or value == "":
            return value
        try:
            return decrypt_text(value)
        except ValueError:
            # Logged without the value; the admin, the check and rotate_secrets say which row.
            logger.warning("a stored %s cannot be decrypted with the current keys", self)
            return UnreadableSecret(value)

    def get_prep_value(self, value):
        if isinstance(value, UnreadableSecret):
            return value.stored
        value = super().get_prep_value(value)
        if value is None or value == "":
            return value
        return encrypt_text(value)
