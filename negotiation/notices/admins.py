"""Mail to a hub's admins about the hub itself."""

from __future__ import annotations

from collections.abc import Sequence

from hubs.models import Hub, Member
from mailbridge.outbox import OutboundMail, outbox_enqueue
from negotiation.rendering import render

LLM_BUDGET_SUBJECT = "Your hub's language model budget is used up for this month"
LLM_FAILING_SUBJECT = "Your hub's language model is failing"


def llm_budget_notice_send(*, hub: Hub, admins: Sequence[Member], budget: int, month: str) -> None:
    """Tell each admin that the model's monthly budget is used up (once per month each)."""
    text = render("admins/llm_budget", {"hub_name": hub.name, "budget": budget, "month": month})
    _to_admins(hub, admins, LLM_BUDGET_SUBJECT, text, kind="llm_budget_notice", period=month)


def llm_failing_notice_send(
    *, hub: Hub, admins: Sequence[Member], model: str, failure: str, day: str
) -> None:
    """Tell each admin that the model is failing (once per day each: the dedupe key)."""
    context = {"hub_name": hub.name, "model": model, "failure": failure[:300]}
    text = render("admins/llm_failing", context)
    _to_admins(hub, admins, LLM_FAILING_SUBJECT, text, kind="llm_failing_notice", period=day)


def _to_admins(
    hub: Hub, admins: Sequence[Member], subject: str, text: str, *, kind: str, period: str
) -> None:
    # One mail per admin; the dedupe key (kind, hub, period, admin) makes it once a period.
    for admin in admins:
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to=admin.email,
                subject=subject,
                text=text,
                kind=kind,
                dedupe_key=f"{kind}:{hub.pk}:{period}:{admin.email}",
            ),
        )
