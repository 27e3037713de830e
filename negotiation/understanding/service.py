"""What the scheduling loop calls: rules first, the hub's LLM only where the rules are unsure.

Each LLM call is recorded as an LLMCall row, and a failing model should not take that
record with it, nor should a slow model hold the caller's locks. So a
caller inside a transaction passes `defer_model=True`: instead of calling the model
the service raises ModelCallNeeded, whose `run()` the caller runs after leaving the
transaction; asked again with the same inputs, the service answers from the memo
(the concluded LLMCall with the same input hash) without a new call.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from django.utils import timezone

from hubs.models import HubLLMSettings
from negotiation.models import LLMCall
from negotiation.understanding import memo, rules
from negotiation.understanding.budget import llm_budget_exhausted
from negotiation.understanding.errors import ModelCallNeeded
from negotiation.understanding.signals import llm_budget_spent
from negotiation.understanding.types import (
    Answer,
    MeetingRequest,
    MeetingView,
    RequestContext,
    Unclear,
)

logger = logging.getLogger(__name__)


def _enabled_settings(hub) -> HubLLMSettings | None:
    settings = HubLLMSettings.objects.select_related("hub").filter(hub=hub).first()
    if settings is None or not settings.enabled or not settings.model:
        return None
    return settings


def _over_budget(settings: HubLLMSettings, purpose: str, inbound_id: int | None) -> bool:
    hub = settings.hub
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
        llm_budget_spent.send(sender=HubLLMSettings, settings=settings, now=now)
        return True
    return False


def understanding_llm_settings(
    *, hub, purpose: str, inbound_id: int | None = None
) -> HubLLMSettings | None:
    """The hub's LLM settings when the model may be called now; None for rules only."""
    settings = _enabled_settings(hub)
    if settings is None or _over_budget(settings, purpose, inbound_id):
        return None
    return settings


def _remembered(hub, key: str) -> memo.Result | None:
    stored = (
        LLMCall.objects.filter(hub=hub, input_hash=key, result__isnull=False)
        .order_by("-id")
        .values_list("result", flat=True)
        .first()
    )
    if stored is None:
        return None
    try:
        return memo.result_from_json(stored)
    except memo.MemoError:
        logger.warning("unreadable LLM memo for hub %s; asking the model again", hub.pk)
        return None


def _ask_model(
    *,
    hub,
    purpose: str,
    text: str,
    inputs: MeetingView | RequestContext,
    inbound_id: int | None,
    defer_model: bool,
    unsure: str = "",
) -> memo.Result | None:
    """The model's answer (remembered or new); None when the hub is on rules only."""
    settings = _enabled_settings(hub)
    if settings is None:
        return None
    key = memo.input_hash(purpose=purpose, model=settings.model, text=text, inputs=inputs)
    # The memo comes before the budget: a remembered answer costs no tokens.
    remembered = _remembered(hub, key)
    if remembered is not None:
        return remembered
    if _over_budget(settings, purpose, inbound_id):
        return None
    from negotiation.understanding import llm

    engine: Callable[..., memo.Result]
    if purpose == "reply":
        engine, named = llm.llm_understand_reply, {"view": inputs, "unsure": unsure}
    else:
        engine, named = llm.llm_understand_request, {"ctx": inputs}

    def run() -> memo.Result:
        return engine(settings=settings, text=text, inbound_id=inbound_id, input_hash=key, **named)

    if defer_model:
        raise ModelCallNeeded(run, purpose=purpose)
    return run()


def understanding_reply(
    *,
    hub,
    text: str,
    view: MeetingView,
    inbound_id: int | None = None,
    defer_model: bool = False,
) -> Answer | Unclear:
    """Read a participant's reply: the rules, then the hub's model where they are unsure."""
    result = rules.understand_reply(text, view)
    if isinstance(result, Answer):
        return result
    model = _ask_model(
        hub=hub,
        purpose="reply",
        text=text,
        inputs=view,
        inbound_id=inbound_id,
        defer_model=defer_model,
        unsure=result.reason,
    )
    return result if model is None else model  # type: ignore[return-value]


def understanding_request(
    *,
    hub,
    text: str,
    ctx: RequestContext,
    inbound_id: int | None = None,
    defer_model: bool = False,
    whole: str = "",
) -> MeetingRequest | Unclear:
    """Read a member's meeting request; the LLM fills what the rules could not find."""
    # The rules also read the whole body (quotes included) for a topic and who someone is;
    # the model reads only the member's own words.
    result = rules.understand_request(text, ctx, whole=whole)
    incomplete = (
        isinstance(result, Unclear)
        or bool(result.missing)
        or any(p.email is None for p in result.participants)
    )
    if not incomplete:
        return result
    model = _ask_model(
        hub=hub,
        purpose="request",
        text=text,
        inputs=ctx,
        inbound_id=inbound_id,
        defer_model=defer_model,
    )
    if model is None or isinstance(model, Unclear):
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
