"""The operator's allowance, read from settings, applied to hosts that tenants configure.

hubs.outbound_hosts holds the policy; this module only feeds it the settings and turns
its refusals into form errors. Save time and connect time both come here, because DNS
can change between the two.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError

from hubs.outbound_hosts import (
    Allowance,
    HostRefused,
    IPAddress,
    checked_addresses,
    save_time_refusal,
    url_host_port,
)


def tenant_allowance() -> Allowance:
    """Return what the operator lets tenants reach besides public addresses."""
    return Allowance.build(
        allow_private=getattr(settings, "AIMP_ALLOW_PRIVATE_HOSTS", False),
        entries=getattr(settings, "AIMP_ALLOWED_HOSTS_FOR_TENANTS", ()),
    )


def validate_tenant_url(url: str) -> None:
    """Raise ValidationError (one line) when a tenant's URL points where it must not."""
    if not url:
        return
    try:
        host, port = url_host_port(url)
    except HostRefused as exc:
        raise ValidationError(str(exc)) from None
    validate_tenant_host(host, port)


def validate_tenant_host(host: str, port: int) -> None:
    """Raise ValidationError (one line) when a tenant's host points where it must not."""
    problem = save_time_refusal(host, port, tenant_allowance())
    if problem:
        raise ValidationError(problem)


def tenant_address(host: str, port: int) -> IPAddress:
    """Resolve a tenant's host now and return the checked address to connect to (HostRefused)."""
    return checked_addresses(host, port, tenant_allowance())[0]
