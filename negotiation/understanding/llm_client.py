"""One chat completion through litellm, with its cost, latency and failure kind.

litellm is imported here and only here, on first use: it takes seconds and hundreds
of megabytes, and neither the web server nor the worker should pay for it at start-up.
"""

from __future__ import annotations

import os
import socket
import ssl
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from hubs.outbound_hosts import HostRefused
from negotiation.understanding.llm_guard import tenant_network
from negotiation.understanding.llm_tenant import NO_KEY, TenantRefused, TenantRoute, preflight

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


def _chain(exc: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and all(current is not s for s in seen):
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def _refused(exc: BaseException) -> bool:
    for current in _chain(exc):
        if isinstance(current, ConnectionError) or type(current).__name__ in (
            "ConnectError",
            "APIConnectionError",
        ):
            return True
    return "connection error" in str(exc).lower()


def _host_refused(exc: BaseException) -> HostRefused | None:
    return next((e for e in _chain(exc) if isinstance(e, HostRefused)), None)


def classify(exc: BaseException, litellm: Any) -> str:
    """The LLMCall outcome for a litellm exception."""
    if _host_refused(exc) is not None:
        return "error"  # a refused address is the hub's settings, not a passing outage
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


_UNREADABLE_200 = "Empty or invalid response from LLM endpoint"
_STATUS_HINTS = {
    401: " (check the API key)",
    403: " (check the API key)",
    404: " (check the model and base URL)",
    429: " (rate limited)",
}


def describe(exc: BaseException, outcome: str) -> str:
    """Return one line for the hub's admins: facts only, never the remote server's words."""
    # An HTTP client's exception text carries the answer's body, and the body of whatever
    # a base URL points at (an internal service, say) is not the tenant's to read.
    chain = _chain(exc)
    refused = _host_refused(exc)
    if refused is not None:
        return str(refused)
    if outcome == "timeout" or any(isinstance(e, TimeoutError) for e in chain):
        return "timeout: the provider did not answer in time"
    if any(isinstance(e, ConnectionRefusedError) for e in chain):
        return "connection refused"
    if any(isinstance(e, socket.gaierror) for e in chain):
        return "host not found"
    if any(isinstance(e, ssl.SSLError) for e in chain):
        return "TLS error talking to the provider"
    if any(str(e).startswith(_UNREADABLE_200) for e in chain):
        # litellm reports a 200 that is no chat completion as a 500, quoting the body.
        return "the provider's answer was not a chat completion"
    status = getattr(exc, "status_code", None)
    if outcome != "connection_error" and isinstance(status, int) and 400 <= status < 600:
        return f"HTTP {status} from the provider{_STATUS_HINTS.get(status, '')}"
    if any(type(e).__name__ in ("ConnectError", "ConnectionError") for e in chain):
        return "could not connect to the provider"
    return f"the provider's answer could not be read ({type(exc).__name__})"


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
    tenant: TenantRoute | None,
) -> Completion:
    """Call the model once (no retries here: the mail job retries the whole message)."""
    # `tenant` has no default: every caller says whether a hub's own provider is called
    # (the tenant rules apply) or the operator's own model (None).
    litellm = load_litellm()
    if tenant is not None:
        # Explicit, always: litellm falls back to the server's environment for a missing key.
        api_key = api_key or NO_KEY
        try:
            preflight(litellm, model=model, api_base=api_base, api_key=api_key, route=tenant)
        except TenantRefused as exc:
            raise LLMFailure("error", str(exc), 0) from None
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
        if tenant is None:
            response = litellm.completion(**kwargs)
        else:
            with tenant_network(tenant.allowance):
                response = litellm.completion(**kwargs)
    except Exception as exc:
        latency = int((time.monotonic() - started) * 1000)
        outcome = classify(exc, litellm)
        raise LLMFailure(outcome, describe(exc, outcome), latency) from exc
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
