import zoneinfo
from collections.abc import Sequence

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower

from hubs import address_cache
from hubs.models.scoping import HubScopedQuerySet


def validate_time_zone(value: str) -> None:
    """Reject names that are not IANA time zones."""
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not an IANA time zone (e.g. Europe/Berlin)")


def _without_plus(address: str) -> str:
    local, at, domain = address.partition("@")
    return f"{local.partition('+')[0]}{at}{domain}"


def _remembered_owners(candidates: list[str]) -> "dict[str, Hub] | None":
    """The owners of `candidates` from memory, or None when one of them must be asked."""
    owners: dict[str, Hub] = {}
    for candidate in candidates:
        hub = address_cache.owner_remembered(candidate)
        if hub is not None:
            owners[candidate] = hub
        elif address_cache.owner_remembered(_without_plus(candidate)) is None:
            return None  # unknown: a stranger's address, or a hub not remembered
    return owners or None


class HubQuerySet(models.QuerySet):
    def for_addresses(self, candidates: Sequence[str]) -> "Hub | None":
        """The first active hub owning one of the addresses, in their order, or None."""
        if not candidates:
            return None
        candidates = [c.lower() for c in candidates][:50]
        found: dict[str, Hub] = {
            h.email: h for h in self.filter(email__in=candidates, active=True).order_by()
        }
        # Only addresses ahead of the first primary hit can change the answer.
        first_hit = next((i for i, c in enumerate(candidates) if c in found), len(candidates))
        missing = candidates[:first_hit]
        if missing:
            aliases = HubAlias.objects.filter(email__in=missing, hub__active=True)
            for alias in aliases.select_related("hub"):
                found.setdefault(alias.email, alias.hub)
        return next((found[c] for c in candidates if c in found), None)

    def all_for_addresses(self, candidates: Sequence[str]) -> "list[Hub]":
        """Every active hub owning one of the addresses, in the order of their first address."""
        candidates = [c.lower() for c in candidates][:50]
        if not candidates:
            return []
        owners = _remembered_owners(candidates)
        if owners is None:
            owners = self._owners(candidates)
            for address, hub in owners.items():
                address_cache.owner_remember(address, hub)
        found: dict[int, Hub] = {}
        for candidate in candidates:
            if candidate in owners:
                found.setdefault(owners[candidate].id, owners[candidate])
        return list(found.values())

    def _owners(self, candidates: list[str]) -> "dict[str, Hub]":
        # Each hub's aliases come in the same statement (a row per alias) and are
        # remembered: the job asks hub.addresses() next, which then costs no query.
        owners: dict[str, Hub] = {}
        aliases: dict[int, set[str]] = {}
        rows = self.filter(email__in=candidates, active=True).annotate(
            alias_email=models.F("aliases__email")
        )
        for hub in rows.order_by():
            owners.setdefault(hub.email, hub)
            mine = aliases.setdefault(hub.id, set())
            if hub.alias_email:
                mine.add(hub.alias_email.lower())
        for hub_id, mine in aliases.items():
            address_cache.aliases_remember(hub_id, frozenset(mine))
        # The aliases are read only for addresses no primary answered, in either form
        # (candidates hold "hub+token@x" and "hub@x"): the usual mail, to one hub's primary
        # address, costs one query here, as `for_addresses` does.
        missing = [c for c in candidates if c not in owners and _without_plus(c) not in owners]
        if missing:
            aliases = HubAlias.objects.filter(email__in=missing, hub__active=True)
            for alias in aliases.select_related("hub"):
                owners.setdefault(alias.email, alias.hub)
        return owners

    def for_address(self, address: str) -> "Hub | None":
        """The active hub that `address` (primary or alias) belongs to, or None."""
        return self.for_addresses([address])


class SenderPolicy(models.TextChoices):
    """On what evidence mail counts as coming from the person its From line names."""

    STRICT = "strict", "Strict: authenticated (DKIM checked by the hub too), or token and From"
    STANDARD = "standard", "Standard: the reply token and a matching From, or authenticated"
    OPEN = "open", "Open: the From line alone (trusts forgeable mail; not recommended)"


class AgentPolicy(models.TextChoices):
    """Whose protocol mail (AIMP/0.1 from other agents) the hub reads."""

    OPEN = "open", "Open: any agent"
    CONTACTS = "contacts", "Known contacts only: agents of the hub's contacts and members"
    ALLOW_LIST = "allow_list", "Allow-list: the agent addresses and domains listed below"


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
    reminder_delay_hours = models.PositiveIntegerField(
        default=24,
        help_text="A silent participant's first reminder comes this long after the invitation "
        "(0: no reminders). The second comes shortly before the response window closes.",
    )
    quiet_hours_start = models.PositiveSmallIntegerField(
        default=22, help_text="No reminder from this hour (the reader's own time zone)..."
    )
    quiet_hours_end = models.PositiveSmallIntegerField(
        default=8, help_text="...until this hour: a reminder due at night waits for the morning."
    )
    sender_policy = models.CharField(
        max_length=10,
        choices=SenderPolicy.choices,
        default=SenderPolicy.STANDARD,
        help_text="Who may act in a meeting. Under strict the hub also verifies DKIM itself, "
        "and a member confirms any unauthenticated request before anyone else is mailed "
        "(standard asks only when it names addresses the hub does not know).",
    )
    agent_policy = models.CharField(
        max_length=12,
        choices=AgentPolicy.choices,
        default=AgentPolicy.OPEN,
        help_text="Which AIMP agents may start or join sessions with this hub by protocol mail; "
        "the others get one 'refuse' with the reason.",
    )
    agent_allow_list = models.TextField(
        blank=True,
        help_text="With the allow-list policy: one agent address (bot@example.com) or domain "
        "(example.com, which also covers its subdomains) per line.",
    )
    language = models.CharField(
        max_length=12,
        choices=settings.LANGUAGES,
        default="en",
        help_text="The language of mail to people whose own language the hub does not know.",
    )
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        # The operator's hub list is ordered by name: at 100,000 hubs, no sort per page.
        indexes = [models.Index(fields=["name"], name="hub_name")]
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

    def addresses(self) -> set[str]:
        """Every address of the hub (primary and aliases), lower-cased."""
        aliases = address_cache.aliases_remembered(self.id)
        if aliases is None:
            aliases = frozenset(a.lower() for a in self.aliases.values_list("email", flat=True))
            address_cache.aliases_remember(self.id, aliases)
        return {self.email.lower(), *aliases}


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
