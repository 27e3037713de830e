"""Monthly token budgets of hub LLMs, and the one notice per month when one runs out."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone

from hubs.models import HubLLMSettings, LLMCall, Member

NOTICE_SUBJECT = "Your hub's language model budget is used up for this month"


def _month_start(hub, now: datetime) -> tuple[datetime, str]:
    local = now.astimezone(ZoneInfo(hub.time_zone or "UTC"))
    start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return start, f"{local:%Y-%m}"


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


def llm_budget_notice_send(*, settings: HubLLMSettings, now: datetime | None = None) -> bool:
    """Tell the hub's admins once per month that the budget ran out; True when queued now."""
    hub = settings.hub
    _, month = _month_start(hub, now or timezone.now())
    from mailbridge.outbox import OutboundMail, outbox_enqueue

    with transaction.atomic():
        locked = HubLLMSettings.objects.select_for_update().get(pk=settings.pk)
        if locked.budget_notice_month == month:
            return False
        admins = Member.objects.for_hub(hub).filter(role=Member.Role.ADMIN).order_by("email")
        text = (
            f"Hello,\n\nthe language model of {hub.name} has used its monthly budget of "
            f"{locked.monthly_token_budget} tokens for {month}. Until the month ends, or until you "
            "raise the budget in the admin, the hub reads emails with its built-in rules only: "
            "replies it cannot read get a short clarification question instead.\n\n"
            "This notice is sent once per month.\n"
        )
        for admin in admins:
            outbox_enqueue(
                hub=hub,
                mail=OutboundMail(
                    to=admin.email,
                    subject=NOTICE_SUBJECT,
                    text=text,
                    kind="llm_budget_notice",
                    dedupe_key=f"llm-budget:{hub.pk}:{month}:{admin.email}",
                ),
            )
        locked.budget_notice_month = month
        locked.save(update_fields=["budget_notice_month"])
    settings.budget_notice_month = month
    return True
