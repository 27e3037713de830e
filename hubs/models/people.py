from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from hubs.models.hub import Hub, validate_time_zone
from hubs.models.scoping import HubScopedQuerySet


def _empty_list() -> list:
    return []


class Member(models.Model):
    """A person who may ask the hub for meetings.

    Preferences are JSON so the admin and the API can edit them without a migration
    per idea: preferred_times and blocked_times are lists of
    {"days": ["mon", ...], "start": "09:00", "end": "12:00"} in the member's zone;
    preferred_locations is a list of place names.
    """

    class Role(models.TextChoices):
        ADMIN = "admin", "Admin"
        MEMBER = "member", "Member"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="members")
    email = models.EmailField()
    name = models.CharField(max_length=200, blank=True)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    time_zone = models.CharField(
        max_length=64,
        blank=True,
        validators=[validate_time_zone],
        help_text="Blank: the hub's time zone.",
    )
    language = models.CharField(
        max_length=12,
        choices=settings.LANGUAGES,
        blank=True,
        help_text="Blank: the language of the member's latest mail, else the hub's.",
    )
    written_language = models.CharField(
        max_length=12,
        blank=True,
        help_text="The language of the member's latest mail that clearly had one.",
    )
    preferred_times = models.JSONField(default=_empty_list, blank=True)
    blocked_times = models.JSONField(default=_empty_list, blank=True)
    preferred_locations = models.JSONField(default=_empty_list, blank=True)
    auto_accept = models.BooleanField(
        default=False,
        help_text=(
            "Answer meeting options for this member from the preferences above: when each "
            "item has an option that fits (inside the preferred times, if any, and clear of "
            "blocked ones; one of the preferred places), the fitting ones are accepted and the "
            "others turned down. The member is told in the same mail and may reply to change "
            "it; otherwise they are asked as usual."
        ),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hub_memberships",
        help_text="Staff login of a hub admin, for the admin site.",
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["hub", "name", "email"]
        constraints = [
            models.UniqueConstraint("hub", Lower("email"), name="member_email_unique_per_hub"),
        ]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>" if self.name else self.email

    def save(self, *args, **kwargs):
        self.email = self.email.strip().lower()
        super().save(*args, **kwargs)

    @property
    def effective_time_zone(self) -> str:
        return self.time_zone or self.hub.time_zone


class Contact(models.Model):
    """Someone outside the hub that members schedule with (a person or their agent)."""

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="contacts")
    name = models.CharField(max_length=200)
    email = models.EmailField(help_text="The person's own address.")
    agent_email = models.EmailField(blank=True, help_text="Their AIMP agent's address, if any.")
    has_agent = models.BooleanField(default=False)
    time_zone = models.CharField(max_length=64, blank=True, validators=[validate_time_zone])

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["hub", "name"]
        constraints = [
            models.UniqueConstraint("hub", Lower("email"), name="contact_email_unique_per_hub"),
            models.CheckConstraint(
                condition=models.Q(has_agent=False) | ~models.Q(agent_email=""),
                name="contact_agent_needs_address",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"

    def save(self, *args, **kwargs):
        self.email = self.email.strip().lower()
        self.agent_email = self.agent_email.strip().lower()
        super().save(*args, **kwargs)
