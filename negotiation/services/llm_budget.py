"""What a hub's admins hear about its language model: the budget spent (once a month) and
the model failing (once a day)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.db import transaction

from hubs.models import HubLLMSettings, Member
from negotiation.notices.admins import llm_budget_notice_send, llm_failing_notice_send
from negotiation.understanding.budget import budget_month


def llm_budget_notice(*, settings: HubLLMSettings, now: datetime) -> bool:
    """Tell the hub's admins once per month that the budget ran out; True when queued now."""
    hub = settings.hub
    month = budget_month(hub, now)
    with transaction.atomic():
        locked = HubLLMSettings.objects.select_for_update().get(pk=settings.pk)
        if locked.budget_notice_month == month:
            return False
        admins = Member.objects.for_hub(hub).filter(role=Member.Role.ADMIN).order_by("email")
        llm_budget_notice_send(
            hub=hub, admins=list(admins), budget=locked.monthly_token_budget, month=month
        )
        locked.budget_notice_month = month
        locked.save(update_fields=["budget_notice_month"])
    settings.budget_notice_month = month
    return True


def llm_failing_notice(*, settings: HubLLMSettings, failure: str, now: datetime) -> None:
    """Tell the hub's admins, at most once a day (the outbox's dedupe key), that the model fails."""
    hub = settings.hub
    day = now.astimezone(ZoneInfo(hub.time_zone or "UTC")).date().isoformat()
    with transaction.atomic():
        admins = Member.objects.for_hub(hub).filter(role=Member.Role.ADMIN).order_by("email")
        llm_failing_notice_send(
            hub=hub, admins=list(admins), model=settings.model, failure=failure, day=day
        )
