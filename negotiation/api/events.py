"""The audit feed: every Event of the caller's meetings, oldest first, by cursor."""

from __future__ import annotations

import django_filters
from rest_framework import serializers

from hubs.api.base import ApiReadOnlyViewSet
from hubs.api.filters import IdFilter
from hubs.api.pagination import IdCursorPagination
from negotiation.models import Event


class EventSerializer(serializers.ModelSerializer):
    session_id = serializers.CharField(source="meeting.session_id", read_only=True)

    class Meta:
        model = Event
        fields = ["id", "hub", "meeting", "session_id", "kind", "actor", "detail", "created_at"]
        read_only_fields = fields


class EventFilter(django_filters.FilterSet):
    hub = IdFilter(field_name="hub_id")
    meeting = IdFilter(field_name="meeting_id")
    kind = django_filters.MultipleChoiceFilter(choices=Event.Kind.choices)
    since = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="gte")
    until = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="lt")

    class Meta:
        model = Event
        fields: list[str] = []


class FeedPagination(IdCursorPagination):
    """Oldest first: a client keeps the last cursor and reads on from there."""

    ordering = "id"


class EventViewSet(ApiReadOnlyViewSet):
    """What happened to the caller's meetings, and who did it (an address, 'hub', 'api:<key>')."""

    queryset = Event.objects.select_related("meeting")
    serializer_class = EventSerializer
    filterset_class = EventFilter
    pagination_class = FeedPagination
