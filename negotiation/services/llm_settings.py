"""A hub's language-model settings changed by an integration (the admin form's rules)."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction

from hubs.models import Hub, HubLLMSettings
from hubs.tenant_network import validate_tenant_url
from negotiation.understanding.llm_endpoint import model_refusal


def llm_settings_save(
    *,
    hub: Hub,
    changes: Mapping[str, object],
    api_key: str | None = None,
    clear_api_key: bool = False,
) -> HubLLMSettings:
    """Create or change the hub's model settings; the key is replaced only when given.

    Refused (ValidationError by field) as in the admin: a model the operator does not
    allow, or a base URL pointing where tenants may not reach.
    """
    with transaction.atomic():
        row = HubLLMSettings.objects.select_for_update().filter(hub=hub).first()
        row = row or HubLLMSettings(hub=hub)
        for name, value in changes.items():
            setattr(row, name, value)
        row.model = (row.model or "").strip()
        problem = model_refusal(row.model)
        if problem:
            raise ValidationError({"model": problem})
        try:
            validate_tenant_url(row.api_base)
        except ValidationError as exc:
            raise ValidationError({"api_base": exc.messages}) from None
        if clear_api_key:
            row.api_key = ""
        elif api_key:
            row.api_key = api_key.strip()
        row.full_clean()
        row.save()
        return row
