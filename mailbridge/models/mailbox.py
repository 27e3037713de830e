from django.db import models
from django.utils import timezone

from hubs.encryption import EncryptedTextField
from hubs.models import Hub, HubScopedQuerySet


class HubMailbox(models.Model):
    """An IMAP mailbox the hub polls for its mail (the reference implementation's way)."""

    class Security(models.TextChoices):
        SSL = "ssl", "SSL/TLS (usually port 993)"
        STARTTLS = "starttls", "STARTTLS (usually port 143)"
        NONE = "none", "None (local test servers only)"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="mailboxes")
    host = models.CharField(max_length=255)
    port = models.PositiveIntegerField(default=993)
    security = models.CharField(max_length=10, choices=Security.choices, default=Security.SSL)
    username = models.CharField(max_length=320)
    password = EncryptedTextField(blank=True, help_text="Stored encrypted; never shown back.")
    folder = models.CharField(max_length=255, default="INBOX")
    poll_minutes = models.PositiveIntegerField(default=1)
    enabled = models.BooleanField(default=True)
    uidvalidity = models.BigIntegerField(null=True, blank=True, editable=False)
    last_uid = models.BigIntegerField(default=0, editable=False)
    last_polled_at = models.DateTimeField(null=True, blank=True, editable=False)
    last_error = models.TextField(blank=True, editable=False)
    # The due index: one periodic job claims the mailboxes whose time has come
    # (mailbridge/polling.py), so a mailbox not due costs nothing.
    next_poll_at = models.DateTimeField(default=timezone.now, editable=False)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "hub mailboxes"
        indexes = [
            models.Index(
                fields=["next_poll_at"], condition=models.Q(enabled=True), name="mailbox_due"
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["hub", "host", "username", "folder"], name="mailbox_once_per_hub"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.username}@{self.host}/{self.folder}"


class HubSmtpSettings(models.Model):
    """A hub's own SMTP server for outgoing mail, instead of the site-wide backend."""

    hub = models.OneToOneField(Hub, on_delete=models.CASCADE, related_name="smtp_settings")
    enabled = models.BooleanField(default=True)
    host = models.CharField(max_length=255)
    port = models.PositiveIntegerField(default=587)
    username = models.CharField(max_length=320, blank=True)
    password = EncryptedTextField(blank=True, help_text="Stored encrypted; never shown back.")
    use_tls = models.BooleanField(default=True, help_text="STARTTLS")
    use_ssl = models.BooleanField(default=False, help_text="Implicit TLS (port 465)")
    timeout_seconds = models.PositiveIntegerField(default=30)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        verbose_name = "hub SMTP settings"
        verbose_name_plural = "hub SMTP settings"
        constraints = [
            models.CheckConstraint(
                condition=~(models.Q(use_tls=True) & models.Q(use_ssl=True)),
                name="smtp_tls_or_ssl_not_both",
            ),
        ]

    def __str__(self) -> str:
        return f"SMTP {self.host}:{self.port} for {self.hub.name}"
