"""System checks for secrets at rest: the keys are Fernet keys, every stored secret opens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core import checks

from hubs.encryption import key_problems
from hubs.stored_secrets import scan

_FIX_UNREADABLE = (
    "Put the key that encrypted them back into FIELD_ENCRYPTION_KEYS (any position after "
    "the first), or enter the values again in the admin; `manage.py rotate_secrets "
    "--clear-unreadable` blanks them if they are lost."
)


@checks.register(checks.Tags.security)
def check_encryption_keys(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Report FIELD_ENCRYPTION_KEYS entries that are not Fernet keys."""
    keys = [k.strip() for k in settings.FIELD_ENCRYPTION_KEYS if k.strip()]
    return [
        checks.Error(
            problem,
            hint='Generate one with: python -c "from cryptography.fernet import Fernet; '
            'print(Fernet.generate_key().decode())"',
            id="hubs.E001",
        )
        for problem in key_problems(keys)
    ]


@checks.register(checks.Tags.database)
def check_stored_secrets(
    app_configs: Any = None, databases: Sequence[str] | None = None, **kwargs: Any
) -> list[checks.CheckMessage]:
    """Report stored secrets no configured key opens, and (DEBUG off) ones needing rotation."""
    # Database checks run only when asked for (`check --database`, `migrate`), never at import.
    if not databases or check_encryption_keys():
        return []
    messages: list[checks.CheckMessage] = []
    for alias in databases:
        for report in scan(alias):
            if report.unreadable:
                ids = ", ".join(str(pk) for pk in report.unreadable_ids[:10])
                messages.append(
                    checks.Error(
                        f"{report.unreadable} stored value(s) of {report.label} cannot be "
                        f"decrypted with the current FIELD_ENCRYPTION_KEYS (database "
                        f"'{alias}', ids {ids}{', ...' if report.unreadable > 10 else ''}).",
                        hint=_FIX_UNREADABLE,
                        id="hubs.E002",
                    )
                )
            if report.old_key and not settings.DEBUG:
                messages.append(
                    checks.Warning(
                        f"{report.old_key} stored value(s) of {report.label} are encrypted "
                        f"with a key other than the first of FIELD_ENCRYPTION_KEYS "
                        f"(database '{alias}').",
                        hint="Run `manage.py rotate_secrets`, then remove the old key.",
                        id="hubs.W001",
                    )
                )
    return messages
