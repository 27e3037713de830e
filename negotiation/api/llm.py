"""A hub's language model: settings (the key write-only, never returned) and usage per month."""

from __future__ import annotations

from django.db.models import Count, Q, Sum
from django.db.models.functions import TruncMonth
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response

from hubs.api.base import ApiViewMixin
from hubs.api.filters import MAX_ID
from hubs.encryption import is_unreadable
from hubs.models import Hub, HubLLMSettings
from negotiation.models import LLMCall
from negotiation.services.llm_settings import llm_settings_save


class LLMSettingsSerializer(serializers.ModelSerializer):
    api_key = serializers.CharField(
        write_only=True,
        required=False,
        allow_blank=True,
        max_length=2000,
        help_text="Stored encrypted, never returned; blank or left out keeps the stored key.",
    )
    clear_api_key = serializers.BooleanField(write_only=True, required=False, default=False)
    api_key_set = serializers.SerializerMethodField()
    temperature = serializers.FloatField(min_value=0, max_value=2, required=False)
    timeout_seconds = serializers.FloatField(min_value=0.5, max_value=600, required=False)
    max_tokens = serializers.IntegerField(min_value=1, max_value=100_000, required=False)
    monthly_token_budget = serializers.IntegerField(
        min_value=0, max_value=2_000_000_000, required=False
    )

    class Meta:
        model = HubLLMSettings
        fields = [
            "hub",
            "enabled",
            "model",
            "api_base",
            "api_key",
            "clear_api_key",
            "api_key_set",
            "temperature",
            "timeout_seconds",
            "max_tokens",
            "monthly_token_budget",
            "budget_notice_month",
        ]
        read_only_fields = ["hub", "budget_notice_month"]

    def get_api_key_set(self, obj: HubLLMSettings) -> bool:
        return bool(obj.api_key) and not is_unreadable(obj.api_key)


class LLMSettingsViewSet(ApiViewMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """LLM settings per hub, addressed by the hub's id (a hub without any reads the defaults)."""

    queryset = HubLLMSettings.objects.all()
    serializer_class = LLMSettingsSerializer
    lookup_field = "hub"

    def _hub(self, pk) -> Hub:
        hubs = Hub.objects.all()
        if not self.caller.is_operator:
            hubs = hubs.filter(pk__in=self.caller.hub_ids)
        return get_object_or_404(hubs, pk=pk)

    def _settings(self, hub: Hub) -> HubLLMSettings:
        return HubLLMSettings.objects.filter(hub=hub).first() or HubLLMSettings(hub=hub)

    @extend_schema(parameters=[OpenApiParameter("hub", OpenApiTypes.INT, OpenApiParameter.PATH)])
    def retrieve(self, request, hub=None):
        """The hub's model settings (never the key)."""
        return Response(self.get_serializer(self._settings(self._hub(hub))).data)

    @extend_schema(parameters=[OpenApiParameter("hub", OpenApiTypes.INT, OpenApiParameter.PATH)])
    def partial_update(self, request, hub=None):
        """Change the hub's model settings; `api_key` is write-only."""
        row = self._settings(self._hub(hub))
        serializer = self.get_serializer(row, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = dict(serializer.validated_data)
        api_key = changes.pop("api_key", None)
        clear = changes.pop("clear_api_key", False)
        row = llm_settings_save(hub=row.hub, changes=changes, api_key=api_key, clear_api_key=clear)
        return Response(self.get_serializer(row).data)


class LLMUsageSerializer(serializers.Serializer):
    hub = serializers.IntegerField()
    month = serializers.CharField(help_text="YYYY-MM (UTC)")
    calls = serializers.IntegerField()
    failed_calls = serializers.IntegerField()
    prompt_tokens = serializers.IntegerField()
    completion_tokens = serializers.IntegerField()
    total_tokens = serializers.IntegerField()
    cost_usd = serializers.DecimalField(max_digits=14, decimal_places=6, allow_null=True)


class LLMUsageViewSet(ApiViewMixin, viewsets.GenericViewSet):
    """Model calls, tokens and cost per hub and calendar month (UTC), newest month first."""

    queryset = LLMCall.objects.all()
    serializer_class = LLMUsageSerializer
    pagination_class = None
    MONTHS = 24

    @extend_schema(
        parameters=[OpenApiParameter("hub", OpenApiTypes.INT, description="One hub only.")],
        responses=LLMUsageSerializer(many=True),
    )
    def list(self, request):
        calls = self.get_queryset()
        hub = request.query_params.get("hub")
        if hub:
            if not hub.isdigit() or int(hub) > MAX_ID:
                raise serializers.ValidationError({"hub": ["A hub id (a number)."]})
            calls = calls.filter(hub_id=int(hub))
        rows = (
            calls.annotate(month_start=TruncMonth("created_at"))
            .values("hub_id", "month_start")
            .annotate(
                n_calls=Count("id"),
                n_failed=Count("id", filter=~Q(outcome=LLMCall.Outcome.OK)),
                n_prompt=Sum("prompt_tokens"),
                n_completion=Sum("completion_tokens"),
                cost=Sum("cost_usd"),
            )
            .order_by("-month_start", "hub_id")
        )
        usage = [
            {
                "hub": row["hub_id"],
                "month": row["month_start"].strftime("%Y-%m"),
                "calls": row["n_calls"],
                "failed_calls": row["n_failed"],
                "prompt_tokens": row["n_prompt"] or 0,
                "completion_tokens": row["n_completion"] or 0,
                "total_tokens": (row["n_prompt"] or 0) + (row["n_completion"] or 0),
                "cost_usd": row["cost"],
            }
            for row in rows[: self.MONTHS * 50]
        ]
        return Response(LLMUsageSerializer(usage, many=True).data)
