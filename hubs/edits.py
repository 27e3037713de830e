"""Services that change hub rows field by field (the API's writes; hubs.services creates them).

Each is keyword-only and runs in one transaction, validates the whole row (constraints
included) before saving, and sends nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import PermissionDenied
from django.db import transaction

from hubs.models import Contact, Hub, InviteCode, Member
from hubs.services import hub_create, member_add

# What a hub's own admin (or hub key) may not change: the addresses route mail between
# tenants, and only the operator switches a hub off.
OPERATOR_ONLY_HUB_FIELDS = frozenset({"slug", "email", "active"})


def _apply(row, changes: Mapping[str, object]):
    for name, value in changes.items():
        setattr(row, name, value)
    row.full_clean()
    row.save()
    return row


@transaction.atomic
def hub_update(*, hub: Hub, changes: Mapping[str, object], operator: bool) -> Hub:
    """Change a hub's settings; only the operator changes its addresses or switches it off."""
    refused = sorted(set(changes) & OPERATOR_ONLY_HUB_FIELDS) if not operator else []
    if refused:
        raise PermissionDenied(f"only the operator may change {', '.join(refused)}")
    return _apply(Hub.objects.select_for_update().get(pk=hub.pk), changes)


@transaction.atomic
def hub_add(*, name: str, email: str, settings: Mapping[str, object]) -> Hub:
    """Create a new hub with these settings (the address must be new)."""
    fields = dict(settings)
    hub, _, _ = hub_create(
        name=name,
        email=email,
        time_zone=fields.pop("time_zone", None),
        slug=fields.pop("slug", None),
    )
    return _apply(hub, fields) if fields else hub


@transaction.atomic
def hub_deactivate(*, hub: Hub) -> Hub:
    """Switch a hub off: its mail is no longer routed to it and its keys stop working."""
    hub = Hub.objects.select_for_update().get(pk=hub.pk)
    if hub.active:
        hub.active = False
        hub.save(update_fields=["active"])
    return hub


@transaction.atomic
def member_create(*, hub: Hub, email: str, fields: Mapping[str, object]) -> Member:
    """Add a member to a hub with these fields (name, role, zone, preferences...)."""
    fields = dict(fields)
    member, _ = member_add(
        hub=hub,
        email=email,
        name=fields.pop("name", ""),
        role=fields.pop("role", Member.Role.MEMBER),
    )
    return _apply(member, fields) if fields else member


@transaction.atomic
def member_update(*, member: Member, changes: Mapping[str, object]) -> Member:
    """Change a member's name, role, zone, language or preferences."""
    return _apply(member, changes)


@transaction.atomic
def member_remove(*, member: Member) -> None:
    """Remove a member (refused, ProtectedError, while they organise meetings)."""
    member.delete()


@transaction.atomic
def contact_create(*, hub: Hub, fields: Mapping[str, object]) -> Contact:
    """Add a contact (a person outside the hub, or their AIMP agent) to a hub."""
    return _apply(Contact(hub=hub), fields)


@transaction.atomic
def contact_update(*, contact: Contact, changes: Mapping[str, object]) -> Contact:
    """Change a contact."""
    return _apply(contact, changes)


@transaction.atomic
def contact_remove(*, contact: Contact) -> None:
    """Remove a contact (meetings keep their participants' addresses)."""
    contact.delete()


@transaction.atomic
def invite_revoke(*, invite: InviteCode) -> None:
    """Revoke an invite code: nobody can join with it any more."""
    invite.delete()
