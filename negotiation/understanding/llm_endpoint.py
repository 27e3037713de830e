"""Whose model a hub's call goes to: the hub's own provider, or the operator's default.

A hub's own provider is called under the tenant rules (llm_tenant, llm_guard). The
operator's model is used only when the hub chose it (model = OPERATOR_MODEL) and the
operator configured one (AIMP_OPERATOR_LLM_*); then the hub's base URL and key are
ignored, so a hub can never send the operator's key to a server of its choosing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings as django_settings

from hubs.models import HubLLMSettings
from hubs.models.llm import OPERATOR_MODEL
from hubs.tenant_network import tenant_allowance
from negotiation.understanding.llm_client import LLMFailure
from negotiation.understanding.llm_tenant import DEFAULT_TENANT_PROVIDERS, TenantRoute


@dataclass(frozen=True)
class Endpoint:
    """The model, base URL and key one call uses, and the tenant rules (None: operator's)."""

    model: str
    api_base: str
    api_key: str
    tenant: TenantRoute | None

    def call_kwargs(self) -> dict[str, Any]:
        """Return the keyword arguments llm_complete takes for this endpoint."""
        return {
            "model": self.model,
            "api_base": self.api_base,
            "api_key": self.api_key,
            "tenant": self.tenant,
        }


def tenant_providers() -> frozenset[str]:
    """Return the litellm providers hubs may use (AIMP_TENANT_LLM_PROVIDERS, else the default)."""
    configured = getattr(django_settings, "AIMP_TENANT_LLM_PROVIDERS", None) or ()
    return frozenset(p.strip().lower() for p in configured if p.strip()) or DEFAULT_TENANT_PROVIDERS


def llm_endpoint(settings: HubLLMSettings, read_key: Callable[[HubLLMSettings], str]) -> Endpoint:
    """Return where `settings`' calls go; LLMFailure when the operator offers no default."""
    if settings.model.strip().lower() == OPERATOR_MODEL:
        model = getattr(django_settings, "AIMP_OPERATOR_LLM_MODEL", "")
        if not model:
            raise LLMFailure("error", "the operator offers no default model", 0)
        return Endpoint(
            model=model,
            api_base=getattr(django_settings, "AIMP_OPERATOR_LLM_API_BASE", ""),
            api_key=getattr(django_settings, "AIMP_OPERATOR_LLM_API_KEY", ""),
            tenant=None,
        )
    return Endpoint(
        model=settings.model,
        api_base=settings.api_base,
        api_key=read_key(settings),
        tenant=TenantRoute(allowance=tenant_allowance(), providers=tenant_providers()),
    )


def model_refusal(model: str) -> str | None:
    """Return why a hub may not choose `model` (one line), or None; unnamed providers wait for the call."""
    name = model.strip().lower()
    if name == OPERATOR_MODEL:
        if getattr(django_settings, "AIMP_OPERATOR_LLM_MODEL", ""):
            return None
        return "the operator offers no default model"
    provider, slash, _ = name.partition("/")
    providers = tenant_providers()
    if slash and provider not in providers:
        return f"provider {provider!r} is not available to hubs; use one of: {', '.join(sorted(providers))}"
    return None
