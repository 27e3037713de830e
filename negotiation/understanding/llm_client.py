"""One chat completion through litellm, with its cost, latency and failure kind.

litellm is imported here and only here, on first use: it takes seconds and hundreds
of megabytes, and neither the web server nor the worker should pay for it at start-up.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

TRANSIENT = frozenset({"timeout", "rate_limited", "server_error", "connection_error"})


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    cost_usd: Decimal | None
    latency_ms: int


class LLMFailure(Exception):
    """The provider did not answer usefully; `outcome` is an LLMCall outcome."""

    def __init__(self, outcome: str, message: str, latency_ms: int):
        super().__init__(message)
        self.outcome = outcome
        self.latency_ms = latency_ms

    @property
    def transient(self) -> bool:
        return self.outcome in TRANSIENT


def load_litellm() -> Any:
    """Import litellm with its offline settings (no price-list download, no .env loading)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_MODE", "PRODUCTION")
    import litellm

    litellm.suppress_debug_info = True
    litellm.telemetry = False
    return litellm


def _refused(exc: BaseException) -> bool:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ConnectionError) or type(current).__name__ in (
            "ConnectError",
            "APIConnectionError",
        ):
            return True
        current = current.__cause__ or current.__context__
    return "connection error" in str(exc).lower()


def classify(exc: BaseException, litellm: Any) -> str:
    """The LLMCall outcome for a litellm exception."""
    if isinstance(exc, litellm.Timeout):
        return "timeout"
    if isinstance(exc, litellm.RateLimitError):
        return "rate_limited"
    if isinstance(exc, litellm.APIConnectionError) or _refused(exc):
        # litellm reports a refused connection as a 500 "Connection error.": check it first.
        return "connection_error"
    status = getattr(exc, "status_code", None)
    if isinstance(
        exc, litellm.InternalServerError | litellm.ServiceUnavailableError | litellm.BadGatewayError
    ):
        return "server_error"
    if isinstance(status, int) and status >= 500:
        return "server_error"
    if isinstance(status, int) and status == 429:
        return "rate_limited"
    return "error"


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}"[:500]


def llm_complete(
    *,
    model: str,
    messages: list[dict[str, str]],
    api_base: str = "",
    api_key: str = "",
    temperature: float = 0.0,
    timeout: float = 20.0,
    max_tokens: int = 800,
    json_mode: bool = True,
    mock_response: str | None = None,
) -> Completion:
    """Call the model once (no retries here: the mail job retries the whole message)."""
    litellm = load_litellm()
    kwargs: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "temperature": temperature,
        "timeout": timeout,
        "max_tokens": max_tokens,
        "num_retries": 0,
        "max_retries": 0,
    }
    if json_mode:
        kwargs["response_format"] = {"type": "json_object"}
    if api_base:
        kwargs["api_base"] = api_base
    if api_key:
        kwargs["api_key"] = api_key
    if mock_response is not None:
        kwargs["mock_response"] = mock_response
    started = time.monotonic()
    try:
        response = litellm.completion(**kwargs)
    except Exception as exc:
        latency = int((time.monotonic() - started) * 1000)
        raise LLMFailure(classify(exc, litellm), _one_line(exc), latency) from exc
    latency = int((time.monotonic() - started) * 1000)
    try:
        text = response.choices[0].message.content or ""
    except (AttributeError, IndexError, TypeError):
        text = ""
    usage = getattr(response, "usage", None)
    prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0)
    completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0)
    cost: Decimal | None = None
    try:
        raw_cost = litellm.completion_cost(completion_response=response)
        cost = Decimal(str(round(float(raw_cost), 6))) if raw_cost else None
    except Exception:
        cost = None  # unknown model prices (local models, private deployments) are normal
    return Completion(text, prompt_tokens, completion_tokens, cost, latency)
