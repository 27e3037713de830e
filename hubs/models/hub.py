import zoneinfo

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower

from hubs.models.scoping import HubScopedQuerySet


def validate_time_zone(value: str) -> None:
    """Reject names that are not IANA time zones."""
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not an IANA time zone (e.g. Europe/Berlin)")


class Hub(models.Model):
    """One scheduling hub: an email address serving a family or a team."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=60, unique=True)
    email = models.EmailField(
        unique=True, help_text="The hub's primary address; replies and invitations come from it."
    )
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    default_duration_minutes = models.PositiveIntegerField(default=60)
    max_rounds = models.PositiveSmallIntegerField(default=5)
    response_window_hours = models.PositiveIntegerField(
        default=72,
        help_text="How long the hub waits for silent participants before asking the initiator.",
    )
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("email"), name="hub_email_ci_unique"),
            models.CheckConstraint(
                condition=models.Q(max_rounds__gte=1), name="hub_max_rounds_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(default_duration_minutes__gte=5),
                name="hub_duration_at_least_5",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"

    def save(self, *args, **kwargs):
        self.email = self.email.strip().lower()
        super().save(*args, **kwargs)


class HubAlias(models.Model):
    """Another inbound address of a hub (mail to it is the hub's mail)."""

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="aliases")
    email = models.EmailField(unique=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "hub aliases"
        constraints = [models.UniqueConstraint(Lower("email"), name="hubalias_email_ci_unique")]

    def __str__(self) -> str:
        return self.email

    def save(self, *args, **kwargs):
        self.email = self.email.strip().lower()
        super().save(*args, **kwargs)
