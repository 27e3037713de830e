"""Webhook subscriptions of the caller's hubs (negotiation.webhooks holds the services).

The signing secret is returned once, when made or rotated; a URL whose host resolves to
a private or loopback address is refused (unless the operator allows it).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from hubs.api.base import ApiModelViewSet
from hubs.api.fields import hub_field
from negotiation.models import WebhookSubscription
from negotiation.webhooks.payload import WEBHOOK_TYPES
from negotiation.webhooks.services import (
    webhook_subscription_create,
    webhook_subscription_delete,
    webhook_subscription_secret_rotate,
    webhook_subscription_update,
)


class WebhookSerializer(serializers.ModelSerializer):
    hub = hub_field()
    url = serializers.URLField(max_length=2000)
    event_types = serializers.ListField(
        child=serializers.ChoiceField(choices=WEBHOOK_TYPES), allow_empty=False
    )

    class Meta:
        model = WebhookSubscription
        fields = ["id", "hub", "url", "event_types", "description", "active", "created_at"]
        read_only_fields = ["id", "created_at"]

    def get_fields(self):
        fields = super().get_fields()
        if self.instance is not None:
            fields["hub"].read_only = True
        return fields


class WebhookWithSecretSerializer(WebhookSerializer):
    secret = serializers.CharField(read_only=True, help_text="Shown only now: keep it.")

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]
        read_only_fields = [*WebhookSerializer.Meta.read_only_fields, "secret"]


class WebhookViewSet(ApiModelViewSet):
    """Where a hub's events are posted (Standard Webhooks signatures)."""

    queryset = WebhookSubscription.objects.all()
    serializer_class = WebhookSerializer
    filterset_fields = ["active"]

    @extend_schema(request=WebhookSerializer, responses={201: WebhookWithSecretSerializer})
    def create(self, request, *args, **kwargs):
        """Subscribe a URL; the response carries the signing secret, once."""
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        subscription = webhook_subscription_create(
            hub=data["hub"],
            url=data["url"],
            event_types=data["event_types"],
            description=data.get("description", ""),
            active=data.get("active", True),
        )
        body = WebhookWithSecretSerializer(subscription, context=self.get_serializer_context())
        return Response(body.data, status=status.HTTP_201_CREATED)

    def perform_update(self, serializer):
        data = serializer.validated_data
        serializer.instance = webhook_subscription_update(
            subscription=serializer.instance,
            url=data.get("url"),
            event_types=data.get("event_types"),
            description=data.get("description"),
            active=data.get("active"),
        )

    def perform_destroy(self, instance):
        webhook_subscription_delete(subscription=instance)

    @extend_schema(request=None, responses=WebhookWithSecretSerializer)
    @action(detail=True, methods=["post"], url_path="rotate-secret")
    def rotate_secret(self, request, pk=None):
        """A new signing secret, returned once; the old one stops at once."""
        subscription = self.get_object()
        webhook_subscription_secret_rotate(subscription=subscription)
        body = WebhookWithSecretSerializer(subscription, context=self.get_serializer_context())
        return Response(body.data)
