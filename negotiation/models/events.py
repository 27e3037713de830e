"""The audit log: every state change of a meeting, with who caused it and which mail."""

from django.db import models

from hubs.models import Hub
from hubs.models.scoping import HubScopedQuerySet
from negotiation.models.meetings import Meeting


class Event(models.Model):
    """Something that happened to a meeting (append-only)."""

    class Kind(models.TextChoices):
        # The request
        REQUESTED = "requested", "Requested"
        INFO_REQUESTED = "info_requested", "Information asked for"
        STARTED = "started", "Invitations sent"
        # Answers
        ANSWERED = "answered", "Answered"
        AUTO_ACCEPTED = "auto_accepted", "Answered from preferences"
        UNCLEAR_REPLY = "unclear_reply", "Unclear reply (asked again)"
        OPTIONS_ADDED = "options_added", "Options added (new round)"
        OPTIONS_FULL = "options_full", "Options not added (labels ran out)"
        PROPOSAL_REFUSED = "proposal_refused", "Proposed place not repeated (unsafe words)"
        # The initiator
        PICKED = "picked", "Picked by the initiator"
        DROPPED = "dropped", "Participant made optional"
        WINDOW_EXTENDED = "window_extended", "Response window extended"
        WINDOW_PASSED = "window_passed", "Response window passed"
        # Ends
        CONFIRMED = "confirmed", "Confirmed"
        ESCALATED = "escalated", "Escalated"
        CANCELLED = "cancelled", "Cancelled"
        # After the confirmation
        RESCHEDULED = "rescheduled", "Rescheduled (new times asked)"
        WITHDREW = "withdrew", "Can no longer come"
        CALENDAR_ANSWERED = "calendar_answered", "Answered in a calendar"
        CALENDAR_IGNORED = "calendar_ignored", "Calendar answer ignored"
        COUNTER_PROPOSED = "counter_proposed", "New time proposed in a calendar"
        REMINDED = "reminded", "Silent participants reminded"
        # Questions for the initiator
        QUESTION_FORWARDED = "question_forwarded", "Question passed to the initiator"
        QUESTION_ANSWERED = "question_answered", "Initiator's answer passed on"
        # Mail that changed nothing
        LATE_REPLY = "late_reply", "Reply after the end"
        IGNORED_NON_PARTICIPANT = "ignored_non_participant", "Mail from a non-participant"
        SENDER_REFUSED = "sender_refused", "Mail in a participant's name, not verified"
        SENDER_CHECK = "sender_check", "Request held until the member confirms it"
        QUESTIONS_CAPPED = "questions_capped", "No more questions: the organiser was told"
        UNDELIVERABLE = "undeliverable", "Address bounced"
        READDRESSED = "readdressed", "New address for a participant"
        # Agents
        PROTOCOL_REJECTED = "protocol_rejected", "Protocol mail rejected"
        PROTOCOL_NO_VOTE = "protocol_no_vote", "Protocol mail without a vote"
        PROTOCOL_ROUND_CAP = "protocol_round_cap", "Agent's counter-proposals capped"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="+")
    meeting = models.ForeignKey(Meeting, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=40, db_index=True, choices=Kind.choices)
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
