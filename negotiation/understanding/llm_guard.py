"""Every HTTP connection litellm opens for a tenant goes to a checked, public address.

Checking the hub's base URL before the call is not enough: the provider may redirect,
litellm may fill in a default base (ollama's is localhost) or one from the server's
environment, and DNS may answer differently a moment later. So, while a tenant's call
runs, httpx's transport (which both the OpenAI SDK and litellm's own clients use for
synchronous calls) resolves each request's host, checks every address, and connects to
the checked one, keeping the name for the Host header and TLS. Outside a tenant's call
the transport behaves exactly as before.
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from collections.abc import Iterator

import httpcore
import httpx

from hubs.outbound_hosts import Allowance, checked_addresses

_ALLOWANCE: contextvars.ContextVar[Allowance | None] = contextvars.ContextVar(
    "aimp_tenant_allowance", default=None
)
# Headers litellm fills from the operator's environment (OPENAI_ORGANIZATION, OPENAI_PROJECT):
# they name the operator's account, and a tenant's server has no business seeing them.
_OPERATOR_HEADERS = ("openai-organization", "openai-project")
_install_lock = threading.Lock()
_installed = False


@contextlib.contextmanager
def tenant_network(allowance: Allowance) -> Iterator[None]:
    """Run the block with every outgoing HTTP request checked against `allowance`."""
    install()
    token = _ALLOWANCE.set(allowance)
    try:
        yield
    finally:
        _ALLOWANCE.reset(token)


def _pinned(request: httpx.Request, allowance: Allowance, proxied: bool) -> httpx.Request:
    """Return `request` aimed at the checked address of its host (HostRefused if none)."""
    url = request.url
    port = url.port or (443 if url.scheme == "https" else 80)
    address = checked_addresses(url.host, port, allowance)[0]
    headers = httpx.Headers(
        [(k, v) for k, v in request.headers.multi_items() if k.lower() not in _OPERATOR_HEADERS]
    )
    if proxied or str(address) == url.host:
        target = url  # through a proxy the proxy connects; the name was still checked
        extensions = request.extensions
    else:
        target = url.copy_with(host=str(address))
        # TLS still verifies the certificate for the name, not the address.
        extensions = {**request.extensions, "sni_hostname": url.host}
    # A new request object: httpx sets response.request to the original, so redirects
    # are computed from the name, and each hop comes back here to be checked again.
    return httpx.Request(
        request.method, target, headers=headers, stream=request.stream, extensions=extensions
    )


def install() -> None:
    """Wrap httpx's synchronous transport once per process (idempotent)."""
    global _installed
    if _installed:
        return
    import httpx

    original = httpx.HTTPTransport.handle_request

    def handle_request(self: httpx.HTTPTransport, request: httpx.Request) -> httpx.Response:
        allowance = _ALLOWANCE.get()
        if allowance is not None:
            proxied = isinstance(
                getattr(self, "_pool", None), httpcore.HTTPProxy | httpcore.SOCKSProxy
            )
            request = _pinned(request, allowance, proxied)
        return original(self, request)

    httpx.HTTPTransport.handle_request = handle_request  # type: ignore[method-assign]
    _installed = True
