"""Mail in and out, read-only, with each message's processing state (never the raw mail)."""

from __future__ import annotations

import django_filters
from rest_framework import serializers

from hubs.api.base import ApiReadOnlyViewSet
from hubs.api.filters import IdFilter
from mailbridge.models import InboundMessage, OutboundMessage


class InboundSerializer(serializers.ModelSerializer):
    class Meta:
        model = InboundMessage
        fields = [
            "id",
            "hub",
            "source",
            "sender",
            "subject",
            "message_id",
            "kind",
            "thread_key",
            "status",
            "error",
            "attempts",
            "received_at",
            "processed_at",
        ]
        read_only_fields = fields


class OutboundSerializer(serializers.ModelSerializer):
    class Meta:
        model = OutboundMessage
        fields = [
            "id",
            "hub",
            "to_email",
            "subject",
            "kind",
            "text",
            "message_id",
            "in_reply_to",
            "thread_key",
            "status",
            "error",
            "attempts",
            "created_at",
            "sent_at",
        ]
        read_only_fields = fields


class InboundFilter(django_filters.FilterSet):
    hub = IdFilter(field_name="hub_id")
    status = django_filters.MultipleChoiceFilter(choices=InboundMessage.Status.choices)
    sender = django_filters.CharFilter(lookup_expr="iexact")
    since = django_filters.IsoDateTimeFilter(field_name="received_at", lookup_expr="gte")

    class Meta:
        model = InboundMessage
        fields: list[str] = []


class OutboundFilter(django_filters.FilterSet):
    hub = IdFilter(field_name="hub_id")
    status = django_filters.MultipleChoiceFilter(choices=OutboundMessage.Status.choices)
    to = django_filters.CharFilter(field_name="to_email", lookup_expr="iexact")
    thread_key = django_filters.CharFilter()
    since = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="gte")

    class Meta:
        model = OutboundMessage
        fields: list[str] = []


class InboundViewSet(ApiReadOnlyViewSet):
    """Mail the caller's hubs received, and what became of it."""

    queryset = InboundMessage.objects.all()
    serializer_class = InboundSerializer
    filterset_class = InboundFilter


class OutboundViewSet(ApiReadOnlyViewSet):
    """Mail the caller's hubs sent or are sending."""

    queryset = OutboundMessage.objects.all()
    serializer_class = OutboundSerializer
    filterset_class = OutboundFilter
