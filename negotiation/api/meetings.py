"""Meetings: list with filters, detail, create (invitations by mail), and organiser actions."""

from __future__ import annotations

from contextlib import contextmanager

import django_filters
from django.db.models import Exists, OuterRef
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.decorators import action
from rest_framework.response import Response

from hubs.api.base import ApiReadOnlyViewSet
from hubs.api.filters import IdFilter
from hubs.api.problems import Conflict
from negotiation.api.create_serializers import (
    MeetingCreateSerializer,
    PickSerializer,
    RemindedSerializer,
    RescheduleSerializer,
)
from negotiation.api.meeting_serializers import MeetingDetailSerializer, MeetingSerializer
from negotiation.models import Meeting, Participant
from negotiation.services.meeting_create import meeting_create
from negotiation.services.organiser_actions import (
    organiser_cancel,
    organiser_pick,
    organiser_remind,
    organiser_reschedule,
)
from negotiation.services.refusals import ActionRefused, InputRefused


@contextmanager
def refusals_as_problems():
    """A service's refusal as the API's answer: bad input 400 (naming the field), state 409."""
    try:
        yield
    except InputRefused as exc:
        raise exceptions.ValidationError({exc.field: [exc.message]}) from None
    except ActionRefused as exc:
        raise Conflict(str(exc)) from None


class MeetingFilter(django_filters.FilterSet):
    hub = IdFilter(field_name="hub_id")
    state = django_filters.MultipleChoiceFilter(field_name="status", choices=Meeting.Status.choices)
    organiser = IdFilter(field_name="initiator_id", help_text="A member id.")
    participant = django_filters.CharFilter(
        method="with_participant", help_text="An address taking part (the organiser's too)."
    )
    created_after = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="gte")
    created_before = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="lt")
    starts_after = django_filters.IsoDateTimeFilter(
        field_name="chosen_time__start", lookup_expr="gte", help_text="The confirmed time."
    )
    starts_before = django_filters.IsoDateTimeFilter(
        field_name="chosen_time__start", lookup_expr="lt"
    )
    updated_since = django_filters.IsoDateTimeFilter(field_name="updated_at", lookup_expr="gte")

    class Meta:
        model = Meeting
        fields: list[str] = []

    def with_participant(self, queryset, name, value):
        people = Participant.objects.filter(meeting=OuterRef("pk"), email__iexact=value.strip())
        return queryset.filter(Exists(people))


class MeetingViewSet(ApiReadOnlyViewSet):
    """Meetings of the caller's hubs."""

    queryset = Meeting.objects.select_related("initiator", "chosen_time", "chosen_place", "hub")
    filterset_class = MeetingFilter

    def get_serializer_class(self):
        return MeetingSerializer if self.action == "list" else MeetingDetailSerializer

    def _detail(self, meeting: Meeting, code: int = status.HTTP_200_OK) -> Response:
        meeting = self.get_queryset().get(pk=meeting.pk)
        return Response(MeetingDetailSerializer(meeting).data, status=code)

    @extend_schema(request=MeetingCreateSerializer, responses={201: MeetingDetailSerializer})
    def create(self, request):
        """Create a meeting and queue the invitations, as a member's request by mail does."""
        serializer = MeetingCreateSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        with refusals_as_problems():
            meeting = meeting_create(
                hub=serializer.validated_data["hub"],
                spec=serializer.spec(),
                actor=self.caller.actor,
                now=timezone.now(),
            )
        return self._detail(meeting, status.HTTP_201_CREATED)

    @extend_schema(request=PickSerializer, responses=MeetingDetailSerializer)
    @action(detail=True, methods=["post"])
    def pick(self, request, pk=None):
        """Confirm one time and one place (the organiser's `pick B2`)."""
        meeting = self.get_object()
        serializer = PickSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with refusals_as_problems():
            meeting = organiser_pick(
                meeting=meeting,
                time_label=serializer.validated_data["time"],
                place_label=serializer.validated_data["place"],
                actor=self.caller.actor,
                now=timezone.now(),
            )
        return self._detail(meeting)

    @extend_schema(request=None, responses=MeetingDetailSerializer)
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        """Call the meeting off (the organiser's `cancel`): everyone is told."""
        with refusals_as_problems():
            meeting = organiser_cancel(
                meeting=self.get_object(), actor=self.caller.actor, now=timezone.now()
            )
        return self._detail(meeting)

    @extend_schema(request=None, responses=RemindedSerializer)
    @action(detail=True, methods=["post"])
    def remind(self, request, pk=None):
        """Remind the silent now (the organiser's `remind`; at most two each, never at night)."""
        with refusals_as_problems():
            reminded = organiser_remind(
                meeting=self.get_object(), actor=self.caller.actor, now=timezone.now()
            )
        return Response({"reminded": [p.email for p in reminded]})

    @extend_schema(request=RescheduleSerializer, responses=MeetingDetailSerializer)
    @action(detail=True, methods=["post"])
    def reschedule(self, request, pk=None):
        """Move a confirmed meeting: new times are put to everyone (the organiser's `reschedule`)."""
        meeting = self.get_object()
        serializer = RescheduleSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        window = serializer.validated_data.get("window")
        with refusals_as_problems():
            meeting = organiser_reschedule(
                meeting=meeting,
                actor=self.caller.actor,
                now=timezone.now(),
                when=serializer.validated_data.get("when", ""),
                window=(window["start"], window["end"]) if window else None,
            )
        return self._detail(meeting)
