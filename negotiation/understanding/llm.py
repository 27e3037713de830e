"""The LLM engine: ask the hub's model, record the call, validate, repair once, else Unclear."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hubs.encryption import SecretUnreadableError, require_secret
from hubs.models import HubLLMSettings
from negotiation.models import LLMCall
from negotiation.understanding import llm_prompts
from negotiation.understanding.llm_client import Completion, LLMFailure, llm_complete
from negotiation.understanding.llm_endpoint import llm_endpoint
from negotiation.understanding.llm_schema import (
    SchemaError,
    parse_reply,
    parse_request,
    unknown_option_ids,
)
from negotiation.understanding.memo import result_to_json
from negotiation.understanding.signals import llm_failing
from negotiation.understanding.types import (
    Answer,
    MeetingRequest,
    MeetingView,
    RequestContext,
    Unclear,
)

T = TypeVar("T")
# Tests may set a litellm mock_response here instead of running a server.
MOCK_RESPONSE: dict[int, str] = {}


def _record(
    settings: HubLLMSettings,
    purpose: str,
    outcome: str,
    *,
    completion: Completion | None = None,
    latency_ms: int = 0,
    error: str = "",
    inbound_id: int | None = None,
    input_hash: str = "",
    result: Answer | MeetingRequest | Unclear | None = None,
) -> LLMCall:
    return LLMCall.objects.create(
        hub=settings.hub,
        purpose=purpose,
        model=settings.model[:200],
        prompt_tokens=completion.prompt_tokens if completion else 0,
        completion_tokens=completion.completion_tokens if completion else 0,
        cost_usd=completion.cost_usd if completion else None,
        latency_ms=completion.latency_ms if completion else latency_ms,
        outcome=outcome,
        error=error[:2000],
        inbound_id=inbound_id,
        input_hash=input_hash,
        result=result_to_json(result) if result is not None else None,
    )


def _api_key(settings: HubLLMSettings) -> str:
    """Return the hub's API key; an LLMFailure (recorded like any other) when it cannot be read."""
    try:
        return require_secret(settings.api_key, "API key")
    except SecretUnreadableError as exc:
        raise LLMFailure("error", str(exc), 0) from None


def _failed(failure: LLMFailure) -> Unclear:
    return Unclear(f"the model failed: {failure}"[:200], "model")


def _call(
    settings: HubLLMSettings,
    purpose: str,
    messages: list[dict[str, str]],
    inbound_id: int | None,
    input_hash: str = "",
) -> Completion:
    try:
        completion = llm_complete(
            **llm_endpoint(settings, _api_key).call_kwargs(),
            messages=messages,
            temperature=settings.temperature,
            timeout=settings.timeout_seconds,
            max_tokens=settings.max_tokens,
            mock_response=MOCK_RESPONSE.get(settings.hub_id),
        )
    except LLMFailure as failure:
        _record(
            settings,
            purpose,
            failure.outcome,
            latency_ms=failure.latency_ms,
            error=str(failure),
            inbound_id=inbound_id,
            input_hash=input_hash,
            # Every failure concludes the question (Unclear) and is remembered: a model
            # that is down never holds mail. The rules' reading stands, the person gets
            # the usual question, and the hub's admins hear once a day (the signal).
            result=_failed(failure),
        )
        if failure.transient:
            llm_failing.send(sender=HubLLMSettings, settings=settings, failure=str(failure))
        raise
    return completion


def _ask(
    settings: HubLLMSettings,
    purpose: str,
    messages: list[dict[str, str]],
    parse: Callable[[str], T | Unclear],
    extra_check: Callable[[str], str | None],
    inbound_id: int | None,
    input_hash: str,
) -> T | Unclear:
    """One call, and at most one repair when the answer does not validate.

    The row of the call that concludes (valid answer, second invalid one, permanent
    failure) carries the result and the input hash: the memo the service reads.
    """
    gave_up = Unclear("the model's answer did not validate twice", "model")
    for attempt in (1, 2):
        try:
            completion = _call(settings, purpose, messages, inbound_id, input_hash)
        except LLMFailure as failure:
            return _failed(failure)
        problem = extra_check(completion.text) if attempt == 1 else None
        try:
            result = parse(completion.text) if problem is None else None
        except SchemaError as exc:
            problem = str(exc)
        if problem is None:
            _record(
                settings,
                purpose,
                "ok",
                completion=completion,
                inbound_id=inbound_id,
                input_hash=input_hash,
                result=result,
            )
            return result  # type: ignore[return-value]
        _record(
            settings,
            purpose,
            "invalid",
            completion=completion,
            error=problem,
            inbound_id=inbound_id,
            input_hash=input_hash,
            result=gave_up if attempt == 2 else None,
        )
        messages = [
            *messages,
            {"role": "assistant", "content": completion.text[:4000]},
            llm_prompts.repair_message(problem),
        ]
    return gave_up


def llm_understand_reply(
    *,
    settings: HubLLMSettings,
    text: str,
    view: MeetingView,
    inbound_id: int | None = None,
    input_hash: str = "",
    unsure: str = "",
) -> Answer | Unclear:
    """Read a reply with the hub's model; only existing option ids survive."""

    def unknown_ids(raw: str) -> str | None:
        unknown = unknown_option_ids(raw, view)
        if not unknown:
            return None
        valid = ", ".join(o.id for o in view.options)
        return f"there is no option {', '.join(unknown)} (valid ids: {valid})"

    return _ask(
        settings,
        "reply",
        llm_prompts.reply_messages(text, view, unsure),
        lambda raw: parse_reply(raw, view),
        unknown_ids,
        inbound_id,
        input_hash,
    )


def llm_understand_request(
    *,
    settings: HubLLMSettings,
    text: str,
    ctx: RequestContext,
    inbound_id: int | None = None,
    input_hash: str = "",
) -> MeetingRequest | Unclear:
    """Read a meeting request with the hub's model; only invitable people survive."""
    return _ask(
        settings,
        "request",
        llm_prompts.request_messages(text, ctx),
        lambda raw: parse_request(raw, ctx, text),
        lambda raw: None,
        inbound_id,
        input_hash,
    )


def llm_connection_test(*, settings: HubLLMSettings) -> tuple[bool, str]:
    """Send a tiny prompt with the hub's settings; (ok, one line for the admin)."""
    if not settings.model:
        return False, "No model is set."
    try:
        completion = llm_complete(
            **llm_endpoint(settings, _api_key).call_kwargs(),
            messages=llm_prompts.connection_test_messages(),
            temperature=settings.temperature,
            timeout=settings.timeout_seconds,
            max_tokens=50,
            mock_response=MOCK_RESPONSE.get(settings.hub_id),
        )
    except LLMFailure as failure:
        _record(
            settings, "test", failure.outcome, latency_ms=failure.latency_ms, error=str(failure)
        )
        return False, f"{settings.model} failed ({failure.outcome}): {failure}"[:300]
    _record(settings, "test", "ok", completion=completion)
    return True, (
        f"{settings.model} answered in {completion.latency_ms} ms "
        f"({completion.prompt_tokens}+{completion.completion_tokens} tokens)."
    )
