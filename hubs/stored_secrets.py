"""Every encrypted secret in the database, found through the app registry, read raw.

The start-up check and `rotate_secrets` share this: both must see the stored
ciphertext (not the field's decrypted value) and must never save whole rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.apps import apps
from django.db import DatabaseError, connections, models, transaction
from django.db.models import ExpressionWrapper, F, Value

from hubs.encryption import EncryptedTextField, KeyState, key_state, reencrypt


@dataclass
class FieldReport:
    """What one encrypted column holds: values per key state, and what was rewritten."""

    label: str
    current: int = 0
    old_key: int = 0
    unreadable_ids: list[object] = field(default_factory=list)
    rewritten: int = 0
    cleared: int = 0

    @property
    def unreadable(self) -> int:
        """Return how many values no configured key opens."""
        return len(self.unreadable_ids)


def encrypted_fields() -> list[tuple[type[models.Model], EncryptedTextField]]:
    """Return (model, field) for every EncryptedTextField column of every installed model."""
    found = []
    for model in apps.get_models():
        if model._meta.proxy or not model._meta.managed:
            continue
        # Local fields only: a multi-table child would otherwise count its parent's column twice.
        for f in model._meta.local_concrete_fields:
            if isinstance(f, EncryptedTextField):
                found.append((model, f))
    return found


def _raw(f: EncryptedTextField) -> ExpressionWrapper:
    # A plain TextField output has no from_db_value: the stored ciphertext comes back as is.
    return ExpressionWrapper(F(f.attname), output_field=models.TextField())


def _raw_values(
    model: type[models.Model], f: EncryptedTextField, using: str
) -> list[tuple[object, str]]:
    # Read whole before writing: SQLite gives no isolation between a cursor still
    # being fetched and updates of the same table on the same connection.
    rows = (
        model._base_manager.using(using)
        .annotate(_stored=_raw(f))
        .order_by("pk")
        .values_list("pk", "_stored")
    )
    return [(pk, stored) for pk, stored in rows if stored]


def _table_present(model: type[models.Model], using: str) -> bool:
    with connections[using].cursor() as cursor:
        return model._meta.db_table in connections[using].introspection.table_names(cursor)


def _replace(
    model: type[models.Model], f: EncryptedTextField, using: str, pk: object, old: str, new: str
) -> bool:
    # Only if the row still holds what was read: a secret entered meanwhile is never
    # overwritten. The new value is stored as given (a plain TextField Value, not encrypted again).
    return bool(
        model._base_manager.using(using)
        .filter(pk=pk)
        .alias(_stored=_raw(f))
        .filter(_stored=old)
        .update(**{f.attname: Value(new, output_field=models.TextField())})
    )


def scan_field(
    model: type[models.Model],
    f: EncryptedTextField,
    using: str,
    *,
    rewrite: bool = False,
    clear: bool = False,
) -> FieldReport:
    """Classify each stored value of one column; `rewrite` old-key ones, `clear` unreadable ones."""
    report = FieldReport(label=f"{model._meta.label}.{f.name}")
    with transaction.atomic(using=using):
        for pk, stored in _raw_values(model, f, using):
            state = key_state(stored)
            if state is KeyState.CURRENT:
                report.current += 1
            elif state is KeyState.UNREADABLE:
                report.unreadable_ids.append(pk)
                if clear and _replace(model, f, using, pk, stored, ""):
                    report.cleared += 1
            else:
                report.old_key += 1
                if rewrite and _replace(model, f, using, pk, stored, reencrypt(stored)):
                    report.rewritten += 1
    return report


def scan(
    using: str = "default", *, rewrite: bool = False, clear: bool = False
) -> list[FieldReport]:
    """Return one report per encrypted column present in database `using`."""
    reports = []
    for model, f in encrypted_fields():
        try:
            if not _table_present(model, using):
                continue
            reports.append(scan_field(model, f, using, rewrite=rewrite, clear=clear))
        except DatabaseError:
            # A column its migration has not created yet holds no secret to check.
            continue
    return reports
