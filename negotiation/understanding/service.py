"""What the scheduling loop calls: rules first, the hub's LLM only where the rules are unsure.

Call these outside a transaction you might roll back: each LLM call is recorded as an
LLMCall row, and a TransientUnderstandingError should not take that record with it.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils import timezone

from hubs.models import HubLLMSettings, LLMCall
from negotiation.understanding import rules
from negotiation.understanding.budget import llm_budget_exhausted, llm_budget_notice_send
from negotiation.understanding.types import (
    Answer,
    MeetingRequest,
    MeetingView,
    RequestContext,
    Unclear,
)


def understanding_llm_settings(
    *, hub, purpose: str, inbound_id: int | None = None
) -> HubLLMSettings | None:
    """The hub's LLM settings when the model may be called now; None for rules only."""
    settings = HubLLMSettings.objects.select_related("hub").filter(hub=hub).first()
    if settings is None or not settings.enabled or not settings.model:
        return None
    now = timezone.now()
    if llm_budget_exhausted(settings=settings, now=now):
        LLMCall.objects.create(
            hub=hub,
            purpose=purpose,
            model=settings.model[:200],
            outcome=LLMCall.Outcome.OVER_BUDGET,
            error="monthly token budget used up; rules only",
            inbound_id=inbound_id,
        )
        llm_budget_notice_send(settings=settings, now=now)
        return None
    return settings


def understanding_reply(
    *, hub, text: str, view: MeetingView, inbound_id: int | None = None
) -> Answer | Unclear:
    """Read a participant's reply; raises TransientUnderstandingError when the LLM should be retried."""
    result = rules.understand_reply(text, view)
    if isinstance(result, Answer):
        return result
    settings = understanding_llm_settings(hub=hub, purpose="reply", inbound_id=inbound_id)
    if settings is None:
        return result
    from negotiation.understanding.llm import llm_understand_reply

    return llm_understand_reply(settings=settings, text=text, view=view, inbound_id=inbound_id)


def understanding_request(
    *, hub, text: str, ctx: RequestContext, inbound_id: int | None = None
) -> MeetingRequest | Unclear:
    """Read a member's meeting request; the LLM fills what the rules could not find."""
    result = rules.understand_request(text, ctx)
    incomplete = (
        isinstance(result, Unclear)
        or bool(result.missing)
        or any(p.email is None for p in result.participants)
    )
    if not incomplete:
        return result
    settings = understanding_llm_settings(hub=hub, purpose="request", inbound_id=inbound_id)
    if settings is None:
        return result
    from negotiation.understanding.llm import llm_understand_request

    model = llm_understand_request(settings=settings, text=text, ctx=ctx, inbound_id=inbound_id)
    if isinstance(model, Unclear):
        return result
    if isinstance(result, Unclear):
        return model
    return request_merge(rules_result=result, model_result=model)


def request_merge(*, rules_result: MeetingRequest, model_result: MeetingRequest) -> MeetingRequest:
    """Keep what the rules found; take from the model only what the rules left empty."""
    participants = list(rules_result.participants)
    known = {p.email for p in participants if p.email}
    for ref in model_result.participants:
        if ref.email and ref.email not in known:
            # The model resolved a name the rules could not: replace that unknown entry.
            first = ref.name.lower().split()[:1]
            participants = [
                p for p in participants if p.email or p.name.lower().split()[:1] != first
            ]
            participants.append(ref)
            known.add(ref.email)
    topic = rules_result.topic or model_result.topic
    windows = rules_result.windows or model_result.windows
    missing = tuple(
        name
        for name, absent in (
            ("topic", topic is None),
            ("participants", not participants),
            ("time", not windows),
        )
        if absent
    )
    return replace(
        rules_result,
        topic=topic,
        participants=tuple(participants),
        windows=windows,
        locations=rules_result.locations or model_result.locations,
        duration_minutes=rules_result.duration_minutes or model_result.duration_minutes,
        missing=missing,
        source="model",
        confidence=min(rules_result.confidence, model_result.confidence),
        notes=rules_result.notes + model_result.notes,
    )
