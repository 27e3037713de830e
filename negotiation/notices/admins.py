"""Mail to a hub's admins about the hub itself."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import translation
from django.utils.translation import gettext_lazy

from hubs.models import Hub, Member
from mailbridge.outbox import OutboundMail, outbox_enqueue
from negotiation.notices.language import member_language
from negotiation.rendering import render

LLM_BUDGET_SUBJECT = gettext_lazy("Your hub's language model budget is used up for this month")
LLM_FAILING_SUBJECT = gettext_lazy("Your hub's language model is failing")


def llm_budget_notice_send(*, hub: Hub, admins: Sequence[Member], budget: int, month: str) -> None:
    """Tell each admin that the model's monthly budget is used up (once per month each)."""
    context = {"hub_name": hub.name, "budget": budget, "month": month}
    _to_admins(
        hub,
        admins,
        LLM_BUDGET_SUBJECT,
        "admins/llm_budget",
        context,
        kind="llm_budget_notice",
        period=month,
    )


def llm_failing_notice_send(
    *, hub: Hub, admins: Sequence[Member], model: str, failure: str, day: str
) -> None:
    """Tell each admin that the model is failing (once per day each: the dedupe key)."""
    context = {"hub_name": hub.name, "model": model, "failure": failure[:300]}
    _to_admins(
        hub,
        admins,
        LLM_FAILING_SUBJECT,
        "admins/llm_failing",
        context,
        kind="llm_failing_notice",
        period=day,
    )


def _to_admins(
    hub: Hub,
    admins: Sequence[Member],
    subject,
    template: str,
    context: dict,
    *,
    kind: str,
    period: str,
) -> None:
    # One mail per admin, each in their language; the dedupe key (kind, hub, period,
    # admin) makes it once a period.
    for admin in admins:
        with translation.override(member_language(admin)):
            text, subject_text = render(template, context), str(subject)
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to=admin.email,
                subject=subject_text,
                text=text,
                kind=kind,
                dedupe_key=f"{kind}:{hub.pk}:{period}:{admin.email}",
            ),
        )
