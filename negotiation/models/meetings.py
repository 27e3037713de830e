"""Meetings being negotiated, the people in them, the options on the table and answers."""

import base64
import secrets
from collections.abc import Iterable
from datetime import datetime

from django.db import DatabaseError, models
from django.db.models.functions import Lower
from django.utils import timezone

from hubs.models import Hub, Member
from hubs.models.scoping import HubScopedQuerySet
from mailbridge.row_update import row_update
from negotiation import lifecycle
from negotiation.lifecycle import Transition

VERSION_JUMP_MAX = 100


def generate_session_id() -> str:
    """Return a new unguessable session id ("m-" + 100 random bits in base32)."""
    # The id is the subject tag and the mail thread key: knowing it must not be enough
    # to find or join another meeting, hence random rather than sequential.
    return "m-" + base64.b32encode(secrets.token_bytes(15)).decode().rstrip("=").lower()


class Meeting(models.Model):
    """One meeting request and its negotiation, from the first mail to the end."""

    class Status(models.TextChoices):
        COLLECTING_INFO = lifecycle.Status.COLLECTING_INFO.value, "Collecting information"
        NEGOTIATING = lifecycle.Status.NEGOTIATING.value, "Negotiating"
        ESCALATED = lifecycle.Status.ESCALATED.value, "Escalated to the initiator"
        CONFIRMED = lifecycle.Status.CONFIRMED.value, "Confirmed"
        CANCELLED = lifecycle.Status.CANCELLED.value, "Cancelled"

    OPEN_STATUSES = (Status.COLLECTING_INFO, Status.NEGOTIATING, Status.ESCALATED)

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="meetings")
    # Unique per hub, not across hubs: two hubs of one deployment may both be asked into a
    # session another agent started, under that agent's id.
    session_id = models.CharField(max_length=64, default=generate_session_id)
    topic = models.CharField(max_length=300, blank=True)
    initiator = models.ForeignKey(
        Member, on_delete=models.PROTECT, related_name="initiated_meetings"
    )
    status = models.CharField(
        max_length=20, choices=Status.choices, default=Status.NEGOTIATING, db_index=True
    )
    round = models.PositiveSmallIntegerField(default=1)
    version = models.PositiveIntegerField(default=1, help_text="AIMP version of the session.")
    duration_minutes = models.PositiveIntegerField(default=60)
    ics_sequence = models.PositiveIntegerField(default=0, help_text="iCalendar SEQUENCE.")
    chosen_time = models.ForeignKey(
        "MeetingOption", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    chosen_place = models.ForeignKey(
        "MeetingOption", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    deadline = models.DateTimeField(
        null=True, blank=True, help_text="End of the current response window."
    )
    window_notice_sent = models.BooleanField(
        default=False, help_text="The initiator was told the window passed (until `wait`)."
    )
    # The window check looked at this window and had nobody to name: it does not read
    # the meeting again until a new window starts (negotiation/services/window.py).
    window_checked = models.BooleanField(default=False, editable=False)
    # Not before this moment can a reminder be due (negotiation/services/reminders.py):
    # the reminder pass reads only meetings at or past it. NULL: not worked out yet, so
    # the next pass looks (a new window, new options, a new participant reset it).
    remind_after = models.DateTimeField(null=True, blank=True, editable=False)
    request_text = models.TextField(blank=True, help_text="What the initiator wrote, in full.")
    draft = models.JSONField(
        default=dict, blank=True, help_text="The partial request while information is missing."
    )
    protocol_history = models.JSONField(default=list, blank=True)
    led_by = models.EmailField(
        blank=True,
        help_text="The outside AIMP agent that started the session and settles it; blank: "
        "the hub leads.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["hub", "status"]),
            # The due index of the window check: only windows not yet handled.
            models.Index(
                fields=["deadline"],
                condition=models.Q(
                    status="negotiating", window_notice_sent=False, window_checked=False
                ),
                name="meeting_window_due",
            ),
            # The due index of the reminder pass: negotiating meetings only.
            models.Index(
                fields=["remind_after"],
                condition=models.Q(status="negotiating"),
                name="meeting_remind_due",
            ),
            models.Index(fields=["-created_at"], name="meeting_newest"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["hub", "session_id"], name="meeting_session_per_hub"),
        ]

    def __str__(self) -> str:
        return f"{self.topic or '(no topic yet)'} [{self.session_id}]"

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN_STATUSES

    # Transitions: the only code that changes status, version, round, deadline and
    # the calendar sequence (negotiation/lifecycle.py says which may follow which).
    # Each saves just the columns it changed, plus `also` that the caller changed.

    def participant_for(
        self, address: str | None, people: Iterable["Participant"] | None = None
    ) -> "Participant | None":
        """The participant still in the meeting who writes from `address` (theirs or their
        agent's), among `people` when the caller has read them, else from the database."""
        address = (address or "").strip().lower()
        if not address:
            return None
        people = self.participants.present() if people is None else people
        return next((p for p in people if address in (p.email, p.agent_email)), None)

    def allows(self, transition: Transition) -> bool:
        """True when the meeting's status lets `transition` happen now."""
        return lifecycle.allowed(self.status, transition)

    def _go(
        self,
        transition: Transition,
        *,
        deadline: datetime | None = None,
        changes: dict[str, object] | None = None,
        also: Iterable[str] = (),
    ) -> None:
        effect = lifecycle.effect_of(self.status, transition)
        if effect.new_window and deadline is None:
            raise ValueError(f"{transition} starts a response window: give its deadline")
        # Nothing is touched before the table said yes: a refused transition changes nothing.
        for name, value in (changes or {}).items():
            setattr(self, name, value)
        changed = {"status", "updated_at", *(changes or {}), *also}
        self.status = effect.target
        if effect.new_version:
            self.version += 1
            changed.add("version")
        if effect.new_round:
            self.round += 1
            changed.add("round")
        if effect.new_window:
            self.deadline = deadline
            self.window_notice_sent = self.window_checked = False
            self.remind_after = None
            changed |= {"deadline", "window_notice_sent", "window_checked", "remind_after"}
        self.fields_save(changed)

    def fields_save(self, names: Iterable[str]) -> None:
        """save(update_fields=names), its UPDATE written once per process (issue 19).

        Meeting has no save() of its own and no save receivers; `updated_at` is set as
        auto_now sets it.
        """
        self.updated_at = timezone.now()
        fields = [self._meta.get_field(name) for name in sorted({*names, "updated_at"})]
        values = {field.name: getattr(self, field.attname) for field in fields}
        if not row_update(Meeting, self.pk, values=values):
            raise DatabaseError("Save with update_fields did not affect any rows.")

    def open(self, *, deadline: datetime, also: Iterable[str] = ()) -> None:
        """The request is complete: negotiate until `deadline`."""
        self._go(Transition.OPEN, deadline=deadline, also=also)

    def new_round(self, *, deadline: datetime) -> None:
        """Options were added: a new round and a new response window."""
        self._go(Transition.NEW_ROUND, deadline=deadline)

    def confirm(self, *, time: "MeetingOption", place: "MeetingOption") -> None:
        """Settle on one time and one place."""
        self._go(Transition.CONFIRM, changes={"chosen_time": time, "chosen_place": place})

    def escalate(self) -> None:
        """Hand the decision to the initiator."""
        self._go(Transition.ESCALATE)

    def cancel(self) -> bool:
        """Call the meeting off; return True when it had been confirmed."""
        was_confirmed = self.status == lifecycle.Status.CONFIRMED
        # Calendars keep the copy with the highest SEQUENCE (RFC 5546 2.1.4).
        changes = {"ics_sequence": self.ics_sequence + 1} if was_confirmed else {}
        self._go(Transition.CANCEL, changes=changes)
        return was_confirmed

    def revise(self) -> None:
        """The confirmed meeting changed (someone was taken off): calendars get SEQUENCE + 1."""
        self._go(Transition.REVISE, changes={"ics_sequence": self.ics_sequence + 1})

    def reschedule(self, *, deadline: datetime) -> None:
        """Release the confirmed slot and negotiate again until `deadline`."""
        # The next confirmation moves the calendar event: same UID, SEQUENCE + 1.
        changes = {"ics_sequence": self.ics_sequence + 1, "chosen_time": None, "chosen_place": None}
        self._go(Transition.RESCHEDULE, deadline=deadline, changes=changes)

    def announce(self) -> None:
        """A person's answer is told to the meeting's agents: a new version of the session."""
        self._go(Transition.ANNOUNCE)

    def version_seen(self, version: int) -> None:
        """Another agent wrote `version` of the session: the hub's next one comes after it."""
        # AIMP versions only grow across the whole thread, whoever writes them. A jump is
        # bounded so that one agent's absurd number cannot push the session to its limit.
        if version <= self.version:
            return
        self.version = min(version, self.version + VERSION_JUMP_MAX)
        self.fields_save(["version"])

    def extend_window(self, *, deadline: datetime) -> None:
        """Give silent participants until `deadline` (the initiator's `wait`)."""
        self.deadline = deadline
        self.window_notice_sent = self.window_checked = False
        self.remind_after = None
        self.fields_save(["deadline", "window_notice_sent", "window_checked", "remind_after"])

    def window_noticed(self) -> None:
        """Record that the initiator was told the window passed (once per window)."""
        self.window_notice_sent = True
        self.fields_save(["window_notice_sent"])


class ParticipantQuerySet(HubScopedQuerySet):
    def present(self) -> "ParticipantQuerySet":
        """Everyone still in the meeting (not dropped from it after its confirmation)."""
        return self.filter(dropped=False)


class Participant(models.Model):
    """A person asked to the meeting (the initiator included, the hub never)."""

    class Kind(models.TextChoices):
        MEMBER = "member", "Member"
        CONTACT = "contact", "Contact"
        ADDRESS = "address", "Address written by the initiator"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="+")
    meeting = models.ForeignKey(Meeting, on_delete=models.CASCADE, related_name="participants")
    email = models.EmailField()
    name = models.CharField(max_length=200, blank=True)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    is_initiator = models.BooleanField(default=False)
    time_zone = models.CharField(max_length=64, blank=True)
    time_zone_known = models.BooleanField(
        default=False, help_text="The zone was stated, not assumed from the hub."
    )
    required = models.BooleanField(default=True)
    has_agent = models.BooleanField(default=False)
    agent_email = models.EmailField(blank=True)
    wire_address = models.EmailField(
        blank=True,
        help_text="The address an outside agent's session names this person by; blank: the "
        "hub's own address for them.",
    )
    written_language = models.CharField(
        max_length=12,
        blank=True,
        help_text="The language of this person's latest mail to the hub that clearly had one.",
    )
    declined = models.BooleanField(default=False)
    last_answered_at = models.DateTimeField(null=True, blank=True)
    reminders_sent = models.PositiveSmallIntegerField(
        default=0, help_text="Reminders to answer, at most two per meeting."
    )
    undeliverable = models.BooleanField(default=False)
    dropped = models.BooleanField(
        default=False, help_text="Taken off the confirmed meeting by the initiator."
    )

    objects = ParticipantQuerySet.as_manager()

    class Meta:
        ordering = ["meeting", "-is_initiator", "id"]
        constraints = [
            models.UniqueConstraint("meeting", Lower("email"), name="participant_unique_email"),
        ]
        # A person's other meetings in a hub, by address (email__iexact: hubs/email_lookups.py).
        indexes = [models.Index("hub", Lower("email"), name="participant_hub_email")]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>" if self.name else self.email

    def save(self, *args, **kwargs):
        self.email = self.email.strip().lower()
        self.agent_email = self.agent_email.strip().lower()
        super().save(*args, **kwargs)

    @property
    def display_name(self) -> str:
        return self.name or self.email

    @property
    def address(self) -> str:
        """Where the hub writes to: the agent for contacts with one, else the person."""
        return self.agent_email if self.has_agent and self.agent_email else self.email


class MeetingOption(models.Model):
    """A time or a place on the table, with the label people answer with (A.. / 1..)."""

    class Item(models.TextChoices):
        TIME = "time", "Time"
        LOCATION = "location", "Place"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="+")
    meeting = models.ForeignKey(Meeting, on_delete=models.CASCADE, related_name="options")
    item = models.CharField(max_length=10, choices=Item.choices)
    label = models.CharField(max_length=4)
    start = models.DateTimeField(null=True, blank=True)
    end = models.DateTimeField(null=True, blank=True)
    place = models.CharField(max_length=300, blank=True)
    proposed_by = models.ForeignKey(
        Participant,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="proposed_options",
        help_text="Blank: the hub proposed it.",
    )
    round_added = models.PositiveSmallIntegerField(default=1)
    withdrawn = models.BooleanField(
        default=False,
        help_text="Taken off the table by a reschedule: kept for the record and its label.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["meeting", "item", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["meeting", "item", "label"], name="option_label_unique"
            ),
            models.CheckConstraint(
                condition=(models.Q(item="time", start__isnull=False, end__isnull=False))
                | (models.Q(item="location") & ~models.Q(place="")),
                name="option_has_value",
            ),
        ]

    def __str__(self) -> str:
        value = self.start.isoformat(timespec="minutes") if self.start else self.place
        return f"{self.label}: {value}"


class Vote(models.Model):
    """One participant's latest judgement of one option (accepted or not)."""

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="+")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="votes")
    option = models.ForeignKey(MeetingOption, on_delete=models.CASCADE, related_name="votes")
    accepted = models.BooleanField()
    source_inbound_id = models.BigIntegerField(null=True, blank=True)
    answered_at = models.DateTimeField()

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        ordering = ["option", "participant"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "option"], name="vote_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} {'accepts' if self.accepted else 'rejects'} {self.option}"
