from django.db import models

from hubs.models import Hub, HubScopedQuerySet


class InboundMessage(models.Model):
    """One received message, stored raw before anything else happens to it.

    `hub` is NULL for an ESP's post not yet read (status posted: `raw` holds the
    body the ESP sent, `posted_type` its content type; the job turns it into the mail
    it carries, see mailbridge/posted.py), and for mail that names no hub address:
    such rows are kept (status ignored) so nothing an ESP hands over is lost, and are
    never processed. IMAP and SMTP always know the hub before storing.
    """

    class Status(models.TextChoices):
        POSTED = "posted"
        RECEIVED = "received"
        PROCESSING = "processing"
        RETRY = "retry"
        DONE = "done"
        IGNORED = "ignored"
        FAILED = "failed"

    hub = models.ForeignKey(
        Hub, null=True, blank=True, on_delete=models.CASCADE, related_name="inbound_messages"
    )
    source = models.CharField(max_length=40, help_text="webhook:<esp>, imap or smtp")
    envelope_from = models.CharField(max_length=320, blank=True)
    envelope_to = models.JSONField(default=list, blank=True)
    raw = models.BinaryField()
    posted_type = models.CharField(
        max_length=300, blank=True, help_text="Content type of the ESP's post, while posted"
    )
    # An ESP posting the same body again finds the row, whatever the job made of it.
    post_hash = models.CharField(max_length=64, null=True, blank=True, unique=True)
    message_id = models.CharField(max_length=255)
    body_hash = models.CharField(max_length=64)
    sender = models.CharField(max_length=320, blank=True, help_text="Lower-cased From address")
    subject = models.CharField(max_length=500, blank=True)
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.RECEIVED, db_index=True
    )
    kind = models.CharField(max_length=20, blank=True)
    thread_key = models.CharField(max_length=200, blank=True)
    error = models.TextField(blank=True)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    received_at = models.DateTimeField(auto_now_add=True, db_index=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["-received_at"]
        constraints = [
            # The body hash is part of the key so that a stranger reusing a member's
            # Message-ID with other content is processed, not swallowed as a duplicate.
            models.UniqueConstraint(
                fields=["hub", "sender", "message_id", "body_hash"],
                condition=models.Q(hub__isnull=False),
                name="inbound_dedupe_per_hub",
            ),
            models.UniqueConstraint(
                fields=["sender", "message_id", "body_hash"],
                condition=models.Q(hub__isnull=True),
                name="inbound_dedupe_without_hub",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"]),
            # Due indexes of the sweeper: only the rows waiting, however many are done.
            models.Index(
                fields=["received_at"],
                condition=models.Q(status="received"),
                name="inbound_received_due",
            ),
            models.Index(
                fields=["received_at"],
                condition=models.Q(status="posted"),
                name="inbound_posted_due",
            ),
            # SQLite's statistics make "status = 'retry' AND next_attempt_at IS NULL" look
            # like the whole table on the composite index above; this one holds retries only.
            models.Index(
                fields=["next_attempt_at"],
                condition=models.Q(status="retry"),
                name="inbound_retry_due",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.source} {self.sender}: {self.subject[:60]} ({self.status})"
