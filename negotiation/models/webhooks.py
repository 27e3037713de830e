"""A hub's webhook subscriptions, and the outbox of deliveries to them."""

from __future__ import annotations

from django.db import connection, models

from hubs.encryption import EncryptedTextField
from hubs.models import Hub
from hubs.models.scoping import HubScopedQuerySet
from negotiation.webhooks.payload import WEBHOOK_TYPES

# Per connection: (the transaction's on-commit list, {hub id: [(subscription id, types)]}).
_CACHE_ATTR = "_aimp_webhook_subscriptions"


def _transaction_marker() -> list | None:
    # Django replaces `run_on_commit` with a new list whenever a transaction ends
    # (commit or rollback) or a savepoint rolls back: while the same list object is in
    # place, the same transaction is running and nothing it read has been undone.
    return connection.run_on_commit if connection.in_atomic_block else None


def subscriptions_cache_forget() -> None:
    """Drop this connection's cached subscriptions (after any change to them)."""
    setattr(connection, _CACHE_ATTR, None)


class WebhookSubscriptionQuerySet(HubScopedQuerySet):
    def active_types(self, hub_id: int) -> list[tuple[int, list[str]]]:
        """Return (id, event types) of a hub's active subscriptions, once per transaction.

        Every event a service writes asks this, in the hot path of the mail job: one
        query for the first event of a transaction, none for the next ones.
        """
        marker = _transaction_marker()
        cached = getattr(connection, _CACHE_ATTR, None)
        if marker is not None and cached is not None and cached[0] is marker:
            if hub_id in cached[1]:
                return cached[1][hub_id]
        else:
            cached = (marker, {})
        found = [
            (sub_id, list(types or []))
            for sub_id, types in self.filter(hub_id=hub_id, active=True).values_list(
                "id", "event_types"
            )
        ]
        if marker is not None:
            cached[1][hub_id] = found
            setattr(connection, _CACHE_ATTR, cached)
        return found

    def active_none_known(self, hub_id: int) -> None:
        """Note, for this transaction, that the hub has no active subscription.

        The mail job learns it with the meeting it locks (state.meeting_in_thread),
        so a hub without subscriptions pays no query of its own per reply (issue 19).
        Outside a transaction there is nothing to keep it for.
        """
        marker = _transaction_marker()
        if marker is None:
            return
        cached = getattr(connection, _CACHE_ATTR, None)
        if cached is None or cached[0] is not marker:
            cached = (marker, {})
        cached[1].setdefault(hub_id, [])
        setattr(connection, _CACHE_ATTR, cached)


class WebhookSubscription(models.Model):
    """A URL that hears of some of a hub's events, signed with its own secret."""

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="+")
    url = models.URLField("URL", max_length=2000)
    event_types = models.JSONField(default=list, help_text=f"Any of: {', '.join(WEBHOOK_TYPES)}.")
    secret = EncryptedTextField(
        "signing secret",
        editable=False,
        help_text="Standard Webhooks secret (whsec_...), stored encrypted.",
    )
    description = models.CharField(max_length=200, blank=True)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = WebhookSubscriptionQuerySet.as_manager()

    class Meta:
        ordering = ["hub", "id"]
        verbose_name = "webhook subscription"

    def __str__(self) -> str:
        return self.url

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        subscriptions_cache_forget()

    def delete(self, *args, **kwargs):
        subscriptions_cache_forget()
        return super().delete(*args, **kwargs)


class WebhookDelivery(models.Model):
    """One event for one subscription: the outbox row, sent after commit and retried."""

    class State(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        RETRY = "retry", "Waiting to retry"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Failed"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="+")
    subscription = models.ForeignKey(
        WebhookSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    event_id = models.CharField(
        "webhook id", max_length=40, unique=True, help_text="Stable across retries (msg_...)."
    )
    event_type = models.CharField(max_length=40, choices=[(t, t) for t in WEBHOOK_TYPES])
    payload = models.JSONField()
    state = models.CharField(max_length=12, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    retry_until = models.DateTimeField(help_text="After this moment a failure is final.")
    claimed_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True)
    response_excerpt = models.CharField(max_length=200, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]
        verbose_name = "webhook delivery"
        verbose_name_plural = "webhook deliveries"
        indexes = [models.Index(fields=["state", "next_attempt_at"], name="webhook_due")]

    def __str__(self) -> str:
        return f"{self.event_type} {self.event_id}"
