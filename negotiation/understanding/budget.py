"""Monthly token budgets of hub LLMs: what a hub used this month, and whether it is spent."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.db.models import F, Sum
from django.utils import timezone

from hubs.models import HubLLMSettings
from negotiation.models import LLMCall


def _month_start(hub, now: datetime) -> tuple[datetime, str]:
    local = now.astimezone(ZoneInfo(hub.time_zone or "UTC"))
    start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return start, f"{local:%Y-%m}"


def budget_month(hub, now: datetime) -> str:
    """The calendar month a budget counts in, in the hub's zone ("2026-11")."""
    return _month_start(hub, now)[1]


def llm_tokens_used(*, hub, now: datetime | None = None) -> int:
    """Prompt plus completion tokens the hub's model used this calendar month (hub's zone)."""
    start, _ = _month_start(hub, now or timezone.now())
    total = (
        LLMCall.objects.for_hub(hub)
        .filter(created_at__gte=start)
        .aggregate(total=Sum(F("prompt_tokens") + F("completion_tokens")))["total"]
    )
    return int(total or 0)


def llm_budget_exhausted(*, settings: HubLLMSettings, now: datetime | None = None) -> bool:
    """True when the hub has a budget and this month's tokens reached it."""
    if not settings.monthly_token_budget:
        return False
    return llm_tokens_used(hub=settings.hub, now=now) >= settings.monthly_token_budget
