"""Keys for the REST API (stored hashed), and the responses kept for Idempotency-Key."""

from django.db import models
from rest_framework_api_key.models import AbstractAPIKey, APIKeyManager

from hubs.models.hub import Hub


class ApiKey(AbstractAPIKey):
    """A key an integration sends as `Authorization: Api-Key <key>`.

    Without a hub it is the operator's key (every hub); with one, it sees that hub only.
    The key itself is shown once, when made; only its hash is stored.
    """

    class Access(models.TextChoices):
        READ = "read", "Read-only"
        WRITE = "write", "Read and write"

    hub = models.ForeignKey(
        Hub,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="api_keys",
        help_text="Blank: an operator key, for every hub.",
    )
    access = models.CharField(max_length=5, choices=Access.choices, default=Access.READ)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects = APIKeyManager()

    class Meta(AbstractAPIKey.Meta):
        verbose_name = "API key"
        verbose_name_plural = "API keys"

    @property
    def can_write(self) -> bool:
        return self.access == self.Access.WRITE


class IdempotentResponse(models.Model):
    """The first response to a POST with an Idempotency-Key, replayed for the same key."""

    # "key:<id>" or "user:<id>": keys are per caller, so two callers never collide.
    owner = models.CharField(max_length=200)
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="Method, path and body, hashed.")
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "key"], name="idempotency_key_per_owner"),
        ]

    def __str__(self) -> str:
        return f"{self.owner} {self.key}: {self.status_code}"
