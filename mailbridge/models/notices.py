from datetime import datetime

from django.db import models

from hubs.models import Hub, HubScopedQuerySet


class NoticeClaim(models.Model):
    """Proof that a rate-limited notice went to an address on a day (UTC)."""

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="notice_claims")
    address = models.CharField(max_length=320)
    purpose = models.CharField(max_length=60)
    day = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["hub", "address", "purpose", "day"], name="notice_claim_once_per_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.purpose} to {self.address} on {self.day}"


class UndeliverableQuerySet(HubScopedQuerySet):
    def blocking(self, now: datetime) -> "UndeliverableQuerySet":
        """Addresses the outbox must not write to now: hard bounces, and soft ones for a while."""
        return self.filter(models.Q(until__isnull=True) | models.Q(until__gt=now))


class UndeliverableAddress(models.Model):
    """An address that bounced mail from a hub; the outbox stops writing to it.

    A hard bounce (5.x.x, an ESP's bounce or complaint) blocks it until an admin allows
    it again ("Allow mail again" in the admin); a soft one (4.x.x: mailbox full) only
    until `until`.
    """

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="undeliverable_addresses")
    address = models.CharField(max_length=320)
    reason = models.TextField(blank=True)
    until = models.DateTimeField(
        null=True, blank=True, help_text="A soft bounce blocks the address until then."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = UndeliverableQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "undeliverable addresses"
        constraints = [
            models.UniqueConstraint(fields=["hub", "address"], name="undeliverable_once_per_hub"),
        ]

    def __str__(self) -> str:
        return self.address
