"""Meetings in the admin: browsable per hub, read-only (state changes go through services).

Editing a meeting here would bypass the Events, the mail and the consensus rules, so
every view is read-only; hub admins see only their hubs' rows (HubScopedAdmin).
"""

from django.contrib import admin

from hubs.admin_scoping import HubScopedAdmin, HubScopedInlineMixin
from negotiation.models import Event, Meeting, MeetingOption, Participant, Vote


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
    fields = [
        "email",
        "name",
        "kind",
        "is_initiator",
        "required",
        "declined",
        "time_zone",
        "has_agent",
        "last_answered_at",
        "undeliverable",
    ]
    readonly_fields = fields


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


@admin.register(Meeting)
class MeetingAdmin(ReadOnlyMixin, HubScopedAdmin):
    list_display = [
        "topic",
        "session_id",
        "hub",
        "initiator",
        "status",
        "round",
        "deadline",
        "created_at",
    ]
    list_filter = ["status", "hub"]
    search_fields = ["topic", "session_id", "initiator__email", "participants__email"]
    readonly_fields = [
        "hub",
        "session_id",
        "topic",
        "initiator",
        "status",
        "round",
        "version",
        "duration_minutes",
        "ics_sequence",
        "chosen_time",
        "chosen_place",
        "deadline",
        "window_notice_sent",
        "request_text",
        "draft",
        "protocol_history",
        "created_at",
        "updated_at",
    ]
    inlines = [ParticipantInline, OptionInline, EventInline]


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
