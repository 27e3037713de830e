import base64
import secrets

from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower

from hubs.models.hub import Hub
from hubs.models.scoping import HubScopedQuerySet


def generate_invite_code() -> str:
    """Return a new unguessable code (136 random bits, lower-case base32)."""
    # Codes are compared case-insensitively, so the alphabet is case-free: all 136
    # bits survive the comparison.
    return base64.b32encode(secrets.token_bytes(17)).decode().rstrip("=").lower()


class InviteCode(models.Model):
    """A code that lets whoever knows it register as a member of one hub."""

    class Role(models.TextChoices):
        ADMIN = "admin", "Admin"
        MEMBER = "member", "Member"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="invite_codes")
    # Registration reads the code from an [AIMP-INVITE:<code>] subject tag, so a code
    # must survive a subject line: letters, digits, '_' and '-' only.
    code = models.CharField(
        max_length=100,
        default=generate_invite_code,
        validators=[
            RegexValidator(
                r"^[A-Za-z0-9][A-Za-z0-9_-]{2,99}$",
                "Use 3-100 letters, digits, '_' or '-' (the code travels in a mail subject).",
            )
        ],
    )
    expires_on = models.DateField(
        null=True, blank=True, help_text="Last valid day, in the hub's time zone."
    )
    max_uses = models.PositiveIntegerField(default=1)
    uses = models.PositiveIntegerField(default=0)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["hub", "code"]
        constraints = [
            models.UniqueConstraint("hub", Lower("code"), name="invite_code_unique_per_hub"),
            models.CheckConstraint(
                condition=models.Q(uses__lte=models.F("max_uses")), name="invite_uses_within_max"
            ),
            models.CheckConstraint(
                condition=models.Q(max_uses__gte=1), name="invite_max_uses_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} ({self.uses}/{self.max_uses})"
