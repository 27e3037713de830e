from django.db import models

from hubs.models import Hub, HubScopedQuerySet
from mailbridge.models.inbound import InboundMessage


class OutboundMessage(models.Model):
    """One message the hub sends; written in the caller's transaction, sent after commit."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        SENDING = "sending"
        SENT = "sent"
        RETRY = "retry"
        FAILED = "failed"
        UNDELIVERABLE = "undeliverable"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="outbound_messages")
    to_email = models.CharField(max_length=320)
    from_email = models.CharField(max_length=400)
    reply_to = models.CharField(max_length=400, blank=True)
    subject = models.CharField(max_length=998)
    text = models.TextField()
    html = models.TextField(blank=True)
    # [{"filename", "mimetype", "content_b64"}]: small files (protocol.json, .ics) only.
    attachments = models.JSONField(default=list, blank=True)
    headers = models.JSONField(default=dict, blank=True)
    message_id = models.CharField(max_length=255, unique=True)
    in_reply_to = models.CharField(max_length=255, blank=True)
    references = models.TextField(blank=True, help_text="Space-separated Message-IDs")
    reply_token = models.CharField(max_length=40, blank=True)
    thread_key = models.CharField(max_length=200, blank=True, db_index=True)
    kind = models.CharField(max_length=60, blank=True)
    # NULL, not "", means "no key": the unique constraint only covers rows with a key.
    dedupe_key = models.CharField(max_length=255, null=True, blank=True)  # noqa: DJ001
    cause = models.ForeignKey(
        InboundMessage,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="outbound_messages",
    )
    status = models.CharField(
        max_length=14, choices=Status.choices, default=Status.QUEUED, db_index=True
    )
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the current send attempt started"
    )
    provider_message_id = models.CharField(max_length=255, blank=True, db_index=True)
    error = models.TextField(blank=True)
    events = models.JSONField(default=list, blank=True, help_text="ESP tracking events")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["hub", "dedupe_key"],
                condition=models.Q(dedupe_key__isnull=False),
                name="outbound_dedupe_key_per_hub",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"]),
            models.Index(fields=["hub", "message_id"]),
            # Due indexes of the sweeper: only the rows waiting, however many were sent
            # (retries are found by the (status, next_attempt_at) index above).
            models.Index(
                fields=["created_at"],
                condition=models.Q(status="queued"),
                name="outbound_queued_due",
            ),
            models.Index(
                fields=["claimed_at"],
                condition=models.Q(status="sending"),
                name="outbound_sending_due",
            ),
        ]

    def __str__(self) -> str:
        return f"to {self.to_email}: {self.subject[:60]} ({self.status})"


class ReplyToken(models.Model):
    """A plus-address token naming one thread and the recipient it was issued to."""

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="reply_tokens")
    token = models.CharField(max_length=40, unique=True)
    thread_key = models.CharField(max_length=200)
    recipient = models.CharField(max_length=320)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["hub", "thread_key", "recipient"], name="reply_token_per_thread_recipient"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.token} -> {self.thread_key} ({self.recipient})"
