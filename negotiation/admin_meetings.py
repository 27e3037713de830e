"""The meeting page a hub admin reads: the tally, the state in words, times in the hub's zone.

Nothing here changes a meeting by itself: "pick", "remind" and "cancel" call the same
services as the organiser's mail commands, acting as the organiser.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone

from hubs.admin_scoping import HubScopedAdmin, is_operator
from negotiation.admin_meeting_parts import EventInline, ParticipantInline, ReadOnlyMixin
from negotiation.admin_tally import STATE_WORDS, local_time, meeting_tally
from negotiation.models import Meeting, MeetingOption
from negotiation.services import meeting_cancel, meeting_pick
from negotiation.services.reminders import reminders_ask


class PickForm(forms.Form):
    time = forms.ModelChoiceField(queryset=MeetingOption.objects.none(), empty_label=None)
    place = forms.ModelChoiceField(queryset=MeetingOption.objects.none(), empty_label=None)

    def __init__(self, *args, meeting: Meeting, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        zone = meeting.hub.time_zone
        current = meeting.options.filter(withdrawn=False)
        self.fields["time"].queryset = current.filter(item=MeetingOption.Item.TIME)
        self.fields["time"].label_from_instance = lambda o: (
            f"{o.label} — {local_time(o.start, zone)}"
        )
        self.fields["place"].queryset = current.filter(item=MeetingOption.Item.LOCATION)
        self.fields["place"].label_from_instance = lambda o: f"{o.label} — {o.place}"


def _organiser(meeting: Meeting):
    return meeting.participants.filter(is_initiator=True).first()


@admin.register(Meeting)
class MeetingAdmin(ReadOnlyMixin, HubScopedAdmin):
    change_form_template = "admin/negotiation/meeting/change_form.html"
    list_display = ["topic_or_draft", "state", "when", "organiser", "answered", "created"]
    list_display_links = ["topic_or_draft"]
    list_filter = ["status", "hub"]
    list_select_related = ["hub", "initiator", "chosen_time"]
    search_fields = ["topic", "session_id", "initiator__email", "participants__email"]
    actions = ["remind_silent", "cancel_meetings"]
    readonly_fields = [
        "hub",
        "topic",
        "initiator",
        "request_text",
        "duration_minutes",
        "round",
        "session_id",
        "version",
        "ics_sequence",
        "created_at",
        "updated_at",
    ]
    fieldsets = [
        (None, {"fields": ["topic", "initiator", "request_text", "duration_minutes", "hub"]}),
        (
            "Technical details",
            {
                "classes": ["collapse"],
                "fields": [
                    "session_id",
                    "round",
                    "version",
                    "ics_sequence",
                    "created_at",
                    "updated_at",
                ],
            },
        ),
    ]
    inlines = [ParticipantInline, EventInline]

    def get_list_display(self, request):
        shown = list(super().get_list_display(request))
        # The operator sees every hub, so the hub says whose meeting it is.
        return [*shown, "hub"] if is_operator(request.user) else shown

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("participants")

    @admin.display(description="meeting", ordering="topic")
    def topic_or_draft(self, obj: Meeting) -> str:
        return obj.topic or "(request incomplete)"

    @admin.display(description="state", ordering="status")
    def state(self, obj: Meeting) -> str:
        return STATE_WORDS.get(obj.status, obj.get_status_display())

    @admin.display(description="when (hub's time zone)")
    def when(self, obj: Meeting) -> str:
        zone = obj.hub.time_zone
        if obj.chosen_time is not None and obj.status == Meeting.Status.CONFIRMED:
            return local_time(obj.chosen_time.start, zone)
        if obj.deadline and obj.is_open:
            return f"answers until {local_time(obj.deadline, zone)}"
        return "–"

    @admin.display(description="organiser", ordering="initiator__name")
    def organiser(self, obj: Meeting) -> str:
        return obj.initiator.name or obj.initiator.email

    @admin.display(description="answered")
    def answered(self, obj: Meeting) -> str:
        people = [p for p in obj.participants.all() if not p.dropped]
        done = sum(1 for p in people if p.last_answered_at is not None or p.declined)
        return f"{done} of {len(people)}"

    @admin.display(description="asked", ordering="created_at")
    def created(self, obj: Meeting) -> str:
        return local_time(obj.created_at, obj.hub.time_zone)

    # Actions: the organiser's mail commands, run by the admin on the organiser's behalf.

    def _allowed(self, request, meeting: Meeting) -> None:
        if not self.has_view_permission(request, meeting):
            raise PermissionDenied

    @admin.action(description="Remind those who have not answered", permissions=["view"])
    def remind_silent(self, request, queryset):
        reminded = 0
        for meeting in queryset.filter(status=Meeting.Status.NEGOTIATING):
            reminded += len(
                reminders_ask(meeting=meeting, initiator=_organiser(meeting), now=timezone.now())
            )
        self.message_user(request, f"{reminded} reminder(s) sent.")

    @admin.action(description="Cancel (everyone is told)", permissions=["view"])
    def cancel_meetings(self, request, queryset):
        cancelled = 0
        for meeting in queryset.exclude(status=Meeting.Status.CANCELLED):
            cancelled += meeting_cancel(meeting=meeting, by=_organiser(meeting), now=timezone.now())
        self.message_user(request, f"{cancelled} meeting(s) cancelled.")

    def get_urls(self):
        own = [
            path(
                "<int:object_id>/pick/",
                self.admin_site.admin_view(self.pick_view),
                name="negotiation_meeting_pick",
            ),
            path(
                "<int:object_id>/do/<str:action>/",
                self.admin_site.admin_view(self.act_view),
                name="negotiation_meeting_act",
            ),
        ]
        return own + super().get_urls()

    def _meeting(self, request, object_id) -> Meeting:
        meeting = get_object_or_404(self.get_queryset(request), pk=object_id)
        self._allowed(request, meeting)
        return meeting

    def _back(self, meeting: Meeting) -> HttpResponseRedirect:
        return HttpResponseRedirect(reverse("admin:negotiation_meeting_change", args=[meeting.pk]))

    def act_view(self, request, object_id, action):
        meeting = self._meeting(request, object_id)
        if request.method != "POST" or action not in ("remind", "cancel"):
            return self._back(meeting)
        queryset = Meeting.objects.filter(pk=meeting.pk)
        if action == "remind":
            self.remind_silent(request, queryset)
        else:
            self.cancel_meetings(request, queryset)
        return self._back(meeting)

    def pick_view(self, request, object_id):
        meeting = self._meeting(request, object_id)
        if meeting.status not in (Meeting.Status.NEGOTIATING, Meeting.Status.ESCALATED):
            self.message_user(request, "Only a meeting still open can be decided.", messages.ERROR)
            return self._back(meeting)
        form = PickForm(request.POST or None, meeting=meeting)
        if request.method == "POST" and form.is_valid():
            picked = meeting_pick(
                meeting=meeting,
                initiator=_organiser(meeting),
                time_label=form.cleaned_data["time"].label,
                place_label=form.cleaned_data["place"].label,
                now=timezone.now(),
            )
            if picked:
                self.message_user(request, "Decided: everyone gets the confirmation.")
            else:
                self.message_user(
                    request, "Not decided: see the meeting's history.", messages.ERROR
                )
            return self._back(meeting)
        context = {
            **self.admin_site.each_context(request),
            "title": f"Decide: {meeting.topic or meeting}",
            "meeting": meeting,
            "form": form,
            "opts": self.model._meta,
            "zone": meeting.hub.time_zone,
        }
        return TemplateResponse(request, "admin/negotiation/meeting/pick.html", context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        meeting = self.get_object(request, object_id)
        if meeting is None:
            return super().change_view(request, object_id, form_url, extra_context)
        extra = {
            **(extra_context or {}),
            "tally": meeting_tally(meeting),
            "can_pick": meeting.status in (Meeting.Status.NEGOTIATING, Meeting.Status.ESCALATED),
            "can_remind": meeting.status == Meeting.Status.NEGOTIATING,
            "can_cancel": meeting.status != Meeting.Status.CANCELLED,
        }
        # Every date on the page (the history, the people) in the hub's own zone.
        with timezone.override(meeting.hub.time_zone):
            response = super().change_view(request, object_id, form_url, extra)
            if hasattr(response, "render"):
                response.render()
        return response
