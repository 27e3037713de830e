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


class UndeliverableAddress(models.Model):
    """An address that hard-bounced mail from a hub; the outbox stops writing to it.

    Delete the row in the admin to let the hub write to the address again.
    """

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="undeliverable_addresses")
    address = models.CharField(max_length=320)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hub", "address"], name="undeliverable_once_per_hub"),
        ]

    def __str__(self) -> str:
        return self.address
