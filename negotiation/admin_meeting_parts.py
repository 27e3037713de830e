"""The meeting page's read-only pieces (people, options, events) and the per-row admins.

Editing here would bypass the Events, the mail and the consensus rules, so every view is
read-only; hub admins see only their hubs' rows (HubScopedAdmin).
"""

from django.contrib import admin

from hubs.admin_scoping import HubScopedAdmin, HubScopedInlineMixin, is_operator
from negotiation.models import Event, MeetingOption, Participant, Vote


class ReadOnlyMixin:
    """No add, no change: a window onto what the services did."""

    hub_admin_can_add = False
    hub_admin_can_change = False

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ParticipantInline(ReadOnlyMixin, HubScopedInlineMixin, admin.TabularInline):
    model = Participant
    extra = 0
    classes = ["collapse"]  # the tally above says the same, in a grid
    verbose_name_plural = "participants (details)"
    fields = [
        "email",
        "name",
        "kind",
        "is_initiator",
        "required",
        "answer",
        "calendar",
        "since",
        "reminders_sent",
        "time_zone",
        "has_agent",
        "last_answered_at",
    ]
    readonly_fields = fields

    @admin.display(description="answer")
    def answer(self, obj: Participant) -> str:
        """What the person said, in words: the options they accept, or why none."""
        if obj.dropped:
            return "taken off the meeting"
        if obj.declined:
            return "can't come"
        accepted = sorted(
            obj.votes.filter(accepted=True, option__withdrawn=False).values_list(
                "option__item", "option__label"
            )
        )
        words = {
            item: " or ".join(label for i, label in accepted if i == item)
            for item in ("time", "location")
        }
        said = [f"{'time' if i == 'time' else 'place'} {w}" for i, w in words.items() if w]
        return ", ".join(said) or ("no answer yet" if obj.last_answered_at is None else "none")

    @admin.display(description="in their calendar")
    def calendar(self, obj: Participant) -> str:
        """The latest answer their calendar client sent (PARTSTAT), with its version."""
        latest = (
            Event.objects.filter(
                meeting_id=obj.meeting_id, actor=obj.email, kind=Event.Kind.CALENDAR_ANSWERED
            )
            .order_by("-created_at", "-id")
            .values_list("detail", flat=True)
            .first()
        )
        if not latest:
            return "-"
        words = {"ACCEPTED": "accepted", "DECLINED": "declined", "TENTATIVE": "maybe"}
        partstat = latest.get("partstat", "")
        return (
            f"{words.get(partstat, partstat.lower() or 'answered')} (v{latest.get('sequence', 0)})"
        )

    @admin.display(description="since the invitation")
    def since(self, obj: Participant) -> str:
        """Questions, notes, bounces and calendar answers of this person, counted."""
        kinds = Event.objects.filter(meeting_id=obj.meeting_id, actor=obj.address).values_list(
            "kind", flat=True
        )
        counted = {kind: list(kinds).count(kind) for kind in set(kinds)}
        parts = [
            f"{counted[kind]} {word}"
            for kind, word in (
                (Event.Kind.QUESTION_FORWARDED, "question(s) or note(s) passed on"),
                (Event.Kind.WITHDREW, "said they can no longer come"),
                (Event.Kind.UNCLEAR_REPLY, "unclear reply(ies)"),
                (Event.Kind.COUNTER_PROPOSED, "new time(s) proposed from their calendar"),
            )
            if counted.get(kind)
        ]
        if obj.undeliverable:
            parts.append("address bounced")
        return "; ".join(parts) or "-"


class OptionInline(ReadOnlyMixin, HubScopedInlineMixin, admin.TabularInline):
    model = MeetingOption
    extra = 0
    fields = ["item", "label", "start", "end", "place", "proposed_by", "round_added"]
    readonly_fields = fields


class EventInline(ReadOnlyMixin, HubScopedInlineMixin, admin.TabularInline):
    model = Event
    extra = 0
    fields = ["created_at", "kind", "actor", "inbound_id", "detail"]
    readonly_fields = fields
    ordering = ["created_at", "id"]
    classes = ["collapse"]
    verbose_name_plural = "history (every event, as recorded)"


@admin.register(Participant)
class ParticipantAdmin(ReadOnlyMixin, HubScopedAdmin):
    list_display = ["email", "name", "meeting", "kind", "required", "declined", "undeliverable"]
    list_filter = ["kind", "required", "declined", "hub"]
    search_fields = ["email", "name", "meeting__session_id"]


@admin.register(MeetingOption)
class MeetingOptionAdmin(ReadOnlyMixin, HubScopedAdmin):
    list_display = ["meeting", "item", "label", "start", "place", "proposed_by", "round_added"]
    list_filter = ["item", "hub"]
    search_fields = ["meeting__session_id", "place"]


@admin.register(Vote)
class VoteAdmin(ReadOnlyMixin, HubScopedAdmin):
    list_display = ["participant", "option", "accepted", "answered_at", "source_inbound_id"]
    list_filter = ["accepted", "hub"]
    search_fields = ["participant__email", "option__meeting__session_id"]


@admin.register(Event)
class EventAdmin(ReadOnlyMixin, HubScopedAdmin):
    list_display = ["created_at", "meeting", "kind", "actor", "inbound_id"]
    list_filter = ["kind", "hub"]
    search_fields = ["meeting__session_id", "actor", "kind"]
    date_hierarchy = "created_at"
    list_select_related = ["meeting"]

    def get_ordering(self, request):
        # The operator reads every hub's events: newest first by primary key, which
        # needs no sort of the table; a hub admin keeps each meeting's history in order.
        return ["-id"] if is_operator(request.user) else super().get_ordering(request)
