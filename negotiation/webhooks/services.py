"""What the admin and the API do with webhooks: each service one transaction, keyword-only.

Invalid input raises django.core.exceptions.ValidationError keyed by field ("url",
"event_types"), so a form or a serializer can put each message where it belongs.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.db import transaction

from hubs.models import Hub, Member
from hubs.tenant_network import validate_tenant_url
from negotiation.models import WebhookDelivery, WebhookSubscription
from negotiation.models.webhooks import subscriptions_cache_forget
from negotiation.webhooks.outbox import (
    deliveries_send_after_commit,
    retry_window,
    webhooks_member_joined_enqueue,
)
from negotiation.webhooks.payload import WEBHOOK_TYPES
from negotiation.webhooks.signing import signing_secret_new

State = WebhookDelivery.State
MAX_URL_CHARS = 2000


def webhook_url_check(url: str) -> str:
    """Return the URL stripped, or raise ValidationError when a hub may not post to it."""
    url = (url or "").strip()
    if not url:
        raise ValidationError({"url": "a URL is required"})
    if len(url) > MAX_URL_CHARS:
        raise ValidationError({"url": f"at most {MAX_URL_CHARS} characters"})
    if urlsplit(url).username is not None:
        raise ValidationError({"url": "credentials in the URL are not supported"})
    try:
        # The same rule as every host a hub configures: public addresses only, unless
        # the operator allows more (checked again, and pinned, at every send).
        validate_tenant_url(url)
    except ValidationError as exc:
        raise ValidationError({"url": exc.messages}) from None
    return url


def webhook_types_check(event_types: Iterable[str]) -> list[str]:
    """Return the event types, deduplicated in the canonical order; ValidationError if unknown."""
    chosen = list(event_types or [])
    unknown = sorted({t for t in chosen if t not in WEBHOOK_TYPES})
    if unknown:
        raise ValidationError({"event_types": f"unknown event types: {', '.join(unknown)}"})
    if not chosen:
        raise ValidationError({"event_types": "choose at least one event type"})
    return [t for t in WEBHOOK_TYPES if t in chosen]


def webhook_subscription_create(
    *,
    hub: Hub,
    url: str,
    event_types: Iterable[str],
    description: str = "",
    active: bool = True,
) -> WebhookSubscription:
    """Subscribe `url` to some of the hub's events, with a new signing secret."""
    url = webhook_url_check(url)
    types = webhook_types_check(event_types)
    with transaction.atomic():
        return WebhookSubscription.objects.create(
            hub=hub,
            url=url,
            event_types=types,
            description=description[:200],
            active=active,
            secret=signing_secret_new(),
        )


def webhook_subscription_update(
    *,
    subscription: WebhookSubscription,
    url: str | None = None,
    event_types: Iterable[str] | None = None,
    description: str | None = None,
    active: bool | None = None,
) -> WebhookSubscription:
    """Change what is given; turning a subscription off ends its unsent deliveries."""
    if url is not None:
        subscription.url = webhook_url_check(url)
    if event_types is not None:
        subscription.event_types = webhook_types_check(event_types)
    if description is not None:
        subscription.description = description[:200]
    with transaction.atomic():
        if active is not None:
            if not active and subscription.active:
                WebhookDelivery.objects.filter(
                    subscription=subscription, state__in=(State.PENDING, State.RETRY)
                ).update(state=State.FAILED, next_attempt_at=None, last_error="subscription off")
            subscription.active = active
        subscription.save()
    return subscription


def webhook_subscription_secret_rotate(*, subscription: WebhookSubscription) -> str:
    """Give the subscription a new signing secret and return it (the old one stops at once)."""
    with transaction.atomic():
        subscription.secret = signing_secret_new()
        subscription.save(update_fields=["secret"])
    return subscription.secret


def webhook_subscription_delete(*, subscription: WebhookSubscription) -> None:
    """Remove a subscription and its deliveries."""
    with transaction.atomic():
        subscription.delete()
    subscriptions_cache_forget()


def webhook_delivery_resend(*, delivery: WebhookDelivery, now: datetime) -> bool:
    """Send a delivered or failed delivery again, same webhook-id, with a new retry window.

    False when it is still on its way (pending, sending, waiting to retry: it goes anyway)
    or its subscription is off.
    """
    if not WebhookSubscription.objects.filter(pk=delivery.subscription_id, active=True).exists():
        return False
    with transaction.atomic():
        # The row's own columns only: a racing change is re-checked (see sending._claim).
        changed = WebhookDelivery.objects.filter(
            pk=delivery.pk, state__in=(State.DELIVERED, State.FAILED)
        ).update(
            state=State.PENDING,
            next_attempt_at=now,
            retry_until=now + retry_window(),
            last_error="",
        )
        if changed:
            deliveries_send_after_commit([delivery.pk])
    return bool(changed)


def webhook_member_joined(*, member: Member, now: datetime) -> list[WebhookDelivery]:
    """Tell the hub's `member.joined` subscribers of a member just created (same transaction)."""
    with transaction.atomic():
        return webhooks_member_joined_enqueue(member=member, now=now)
