"""The audit log: every state change of a meeting, with who caused it and which mail."""

from django.db import models

from hubs.models import Hub
from hubs.models.scoping import HubScopedQuerySet
from negotiation.models.meetings import Meeting


class Event(models.Model):
    """Something that happened to a meeting (append-only)."""

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="+")
    meeting = models.ForeignKey(Meeting, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=40, db_index=True)
    actor = models.CharField(max_length=254, help_text="An address, or 'hub'.")
    detail = models.JSONField(default=dict, blank=True)
    inbound_id = models.BigIntegerField(
        null=True, blank=True, help_text="The inbound message that caused it, if any."
    )
    created_at = models.DateTimeField()

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["meeting", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} by {self.actor}"
