"""Serializer fields that can only name rows of the caller's hubs."""

from __future__ import annotations

from rest_framework import serializers

from hubs.api.callers import caller_of
from hubs.models import Hub


class ScopedRelatedField(serializers.PrimaryKeyRelatedField):
    """A primary key among the caller's hubs' rows: another hub's id is "does not exist".

    `hub_path` is the lookup from the related model to its Hub ("" for Hub itself).
    """

    def __init__(self, *, hub_path: str = "hub", **kwargs) -> None:
        self.hub_path = hub_path
        super().__init__(**kwargs)

    def get_queryset(self):
        queryset = super().get_queryset()
        request = self.context.get("request")
        caller = caller_of(request) if request is not None else None
        if caller is None:
            return queryset.none()
        if caller.is_operator:
            return queryset
        if not self.hub_path:
            return queryset.filter(pk__in=caller.hub_ids)
        return queryset.filter(**{f"{self.hub_path}__in": caller.hub_ids})


class CallersHubDefault:
    """The default `hub` of a new row: the caller's hub, when the caller has exactly one."""

    requires_context = True

    def __call__(self, serializer_field):
        request = serializer_field.context["request"]
        hub_id = caller_of(request).single_hub_id
        if hub_id is None:
            raise serializers.ValidationError("Name the hub (this caller reaches several).")
        return Hub.objects.get(pk=hub_id)


def hub_field(**kwargs) -> ScopedRelatedField:
    """The `hub` of a new row: one of the caller's hubs, by default its only one."""
    return ScopedRelatedField(
        hub_path="", queryset=Hub.objects.all(), default=CallersHubDefault(), **kwargs
    )
