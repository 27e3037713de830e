"""A member added by an integration, announced to the hub's `member.joined` webhooks."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.db import transaction

from hubs.edits import member_create
from hubs.models import Hub, Member
from negotiation.webhooks.services import webhook_member_joined


def member_join(*, hub: Hub, email: str, fields: Mapping[str, object], now: datetime) -> Member:
    """Add a member to a hub and queue the `member.joined` webhooks, in one transaction."""
    with transaction.atomic():
        member = member_create(hub=hub, email=email, fields=fields)
        webhook_member_joined(member=member, now=now)
        return member
