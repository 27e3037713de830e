"""Hubs, members, contacts and invite codes: scoped by hub, written through hubs services."""

from __future__ import annotations

import django_filters
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from hubs import edits
from hubs.api.base import ApiModelViewSet
from hubs.api.filters import IdFilter
from hubs.api.serializers import (
    ContactSerializer,
    HubSerializer,
    InviteCodeSerializer,
    MemberSerializer,
)
from hubs.models import Contact, Hub, InviteCode, Member
from hubs.services import invite_create


class HubViewSet(ApiModelViewSet):
    """Hubs: the operator lists, creates and deactivates them; a hub key sees and sets its own."""

    queryset = Hub.objects.all()
    serializer_class = HubSerializer
    hub_path = ""
    operator_actions = {"create", "deactivate"}
    http_method_names = ["get", "post", "patch", "head", "options"]
    filterset_fields = ["active"]

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = edits.hub_add(
            name=data.pop("name"), email=data.pop("email"), settings=data
        )

    def perform_update(self, serializer):
        serializer.instance = edits.hub_update(
            hub=serializer.instance,
            changes=serializer.validated_data,
            operator=self.caller.is_operator,
        )

    @extend_schema(request=None, responses=HubSerializer)
    @action(detail=True, methods=["post"])
    def deactivate(self, request, pk=None):
        """Switch the hub off (operator only): mail is no longer routed to it."""
        hub = edits.hub_deactivate(hub=self.get_object())
        return Response(HubSerializer(hub, context=self.get_serializer_context()).data)


class MemberFilter(django_filters.FilterSet):
    hub = IdFilter(field_name="hub_id")
    email = django_filters.CharFilter(field_name="email", lookup_expr="iexact")

    class Meta:
        model = Member
        fields = ["hub", "role", "email"]


class MemberViewSet(ApiModelViewSet):
    """Members of the caller's hubs."""

    queryset = Member.objects.select_related("hub")
    serializer_class = MemberSerializer
    filterset_class = MemberFilter

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = edits.member_create(
            hub=data.pop("hub"), email=data.pop("email"), fields=data
        )

    def perform_update(self, serializer):
        serializer.instance = edits.member_update(
            member=serializer.instance, changes=serializer.validated_data
        )

    def perform_destroy(self, instance):
        edits.member_remove(member=instance)


class ContactFilter(django_filters.FilterSet):
    hub = IdFilter(field_name="hub_id")
    email = django_filters.CharFilter(field_name="email", lookup_expr="iexact")

    class Meta:
        model = Contact
        fields = ["hub", "email", "has_agent"]


class ContactViewSet(ApiModelViewSet):
    """Contacts of the caller's hubs (people outside them, and their AIMP agents)."""

    queryset = Contact.objects.all()
    serializer_class = ContactSerializer
    filterset_class = ContactFilter

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = edits.contact_create(hub=data.pop("hub"), fields=data)

    def perform_update(self, serializer):
        serializer.instance = edits.contact_update(
            contact=serializer.instance, changes=serializer.validated_data
        )

    def perform_destroy(self, instance):
        edits.contact_remove(contact=instance)


class InviteCodeFilter(django_filters.FilterSet):
    hub = IdFilter(field_name="hub_id")

    class Meta:
        model = InviteCode
        fields = ["hub", "role"]


class InviteCodeViewSet(ApiModelViewSet):
    """Invite codes: made with their uses and last day, revoked with DELETE."""

    queryset = InviteCode.objects.all()
    serializer_class = InviteCodeSerializer
    filterset_class = InviteCodeFilter
    http_method_names = ["get", "post", "delete", "head", "options"]

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance, _ = invite_create(
            hub=data["hub"],
            code=data.get("code"),
            max_uses=data.get("max_uses", 1),
            expires_on=data.get("expires_on"),
            role=data.get("role", InviteCode.Role.MEMBER),
        )

    @extend_schema(responses={status.HTTP_204_NO_CONTENT: None})
    def destroy(self, request, *args, **kwargs):
        """Revoke the code: nobody can join with it any more."""
        edits.invite_revoke(invite=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)
