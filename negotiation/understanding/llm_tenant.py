"""What litellm may do on a tenant's behalf: which providers, whose key, which hosts.

litellm falls back to the server's environment whenever a call leaves something out:
OPENAI_API_KEY and its siblings when no key is given, a provider's key when the base
URL looks like that provider's, AWS/Google/Azure credentials for the cloud providers.
A tenant's call therefore always carries an explicit key (the hub's, or NO_KEY), is
limited to providers whose only credential is that key, and is refused before any
request when litellm would still pick a key of its own or aim at a refused host.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hubs.outbound_hosts import Allowance, HostRefused, checked_addresses, url_host_port

# Sent when the hub has no key: litellm then has a key and looks no further, and no
# provider issues keys that look like this. Local servers (ollama, vLLM) ignore it.
NO_KEY = "aimp-tenant-has-no-key"

# Providers that authenticate with the api_key alone, and for which litellm 1.110 was
# read (main.py, get_llm_provider_logic.py) and run against a recording server with
# every *_API_KEY set in the environment: the explicit key is the one sent. Left out
# on purpose: azure, bedrock, sagemaker, vertex_ai, watsonx, databricks, snowflake, oci,
# github_copilot, litellm_proxy... which sign requests with the machine's own cloud
# credentials (environment, files, the metadata service) whatever key is passed.
DEFAULT_TENANT_PROVIDERS = frozenset(
    {
        "openai",
        "anthropic",
        "gemini",
        "mistral",
        "groq",
        "deepseek",
        "openrouter",
        "together_ai",
        "xai",
        "fireworks_ai",
        "perplexity",
        "deepinfra",
        "cohere_chat",
        "ollama",
        "ollama_chat",
        "hosted_vllm",
        "lm_studio",
    }
)


class TenantRefused(ValueError):
    """The call may not be made for a tenant; the message is one line for people."""


@dataclass(frozen=True)
class TenantRoute:
    """The rules for one tenant's call: the operator's host allowance and providers."""

    allowance: Allowance
    providers: frozenset[str] = DEFAULT_TENANT_PROVIDERS


def model_provider_prefix(model: str) -> str:
    """Return the provider a model string names before its first slash, or ""."""
    head, slash, _ = model.strip().partition("/")
    return head.lower() if slash else ""


def check_host_of(url: str, allowance: Allowance) -> None:
    """Raise TenantRefused when `url`'s host resolves to an address the tenant may not reach."""
    try:
        host, port = url_host_port(url)
        checked_addresses(host, port, allowance)
    except HostRefused as exc:
        raise TenantRefused(str(exc)) from None


def preflight(litellm: Any, *, model: str, api_base: str, api_key: str, route: TenantRoute) -> None:
    """Refuse (TenantRefused) a call litellm would make with the server's key or to a refused host."""
    try:
        _, provider, litellm_key, litellm_base = litellm.get_llm_provider(
            model=model, api_base=api_base or None, api_key=api_key
        )
    except Exception:
        raise TenantRefused(f"unknown provider for model {model[:80]!r}") from None
    if provider not in route.providers:
        raise TenantRefused(
            f"provider {provider!r} is not available to hubs (it would use the server's credentials)"
        )
    if litellm_key not in (None, api_key):
        # litellm.completion() replaces the caller's key with this one (main.py: "if
        # dynamic_api_key is not None: api_key = dynamic_api_key"): the server's own key.
        raise TenantRefused(
            f"litellm would use the server's {provider} key: name the provider in the model, "
            f"e.g. {provider}/{model.split('/')[-1][:40]}"
        )
    for url in {api_base, litellm_base or ""}:
        if url:
            # The base litellm would use, too: ollama's default is http://localhost:11434.
            check_host_of(url, route.allowance)
