"""Tenants can't reach the operator: not its keys, not its network, not its services' words.

The test settings let hubs reach 127.0.0.1 (the fake servers live there); these tests
take that allowance away with override_settings wherever the refusal is the point.
"""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings

from hubs.models import HubLLMSettings
from mailbridge.imap import mailbox_poll
from mailbridge.models import HubMailbox
from mailbridge.tenant_sockets import TenantSmtpBackend
from negotiation.models import LLMCall
from negotiation.understanding.llm import llm_connection_test, llm_understand_reply
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Unclear
from tests.world import llm_settings_make

STRICT = override_settings(AIMP_ALLOW_PRIVATE_HOSTS=False, AIMP_ALLOWED_HOSTS_FOR_TENANTS=[])
# Strict, except for the one address the fake servers use.
ONLY_127_0_0_1 = override_settings(
    AIMP_ALLOW_PRIVATE_HOSTS=False, AIMP_ALLOWED_HOSTS_FOR_TENANTS=["127.0.0.1/32"]
)
ENV_KEY = "sk-OPERATOR-ENV-KEY-must-never-leave"
SECRET = "INTERNAL-SERVICE-SECRET-7f3a"
TEXT = "Tuesday at ten works, Zoom please"


class SecretServer:
    """An internal HTTP service on 127.0.0.x: answers `status` with a secret body; counts hits."""

    def __init__(self, host: str = "127.0.0.1", status: int = 200, location: str = "") -> None:
        self.hits: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _answer(self):
                server.hits.append(self.path)
                body = f"<html>{SECRET}</html>".encode()
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer

        self._server = ThreadingHTTPServer((host, 0), Handler)
        self.url = f"http://{host}:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def secret_server():
    servers: list[SecretServer] = []

    def start(**kwargs) -> SecretServer:
        servers.append(SecretServer(**kwargs))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def operator_client(client, db):
    user = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(user)
    return client


def _form(settings: HubLLMSettings, **changes) -> dict:
    data = {
        "hub": settings.hub_id,
        "enabled": "on",
        "model": settings.model,
        "api_base": settings.api_base,
        "api_key": "",
        "temperature": "0",
        "timeout_seconds": "5",
        "max_tokens": "300",
        "monthly_token_budget": "0",
    }
    return {**data, **changes}


def _test_connection(client, settings: HubLLMSettings) -> str:
    response = client.post(
        "/admin/hubs/hubllmsettings/",
        {"action": "test_connection", "_selected_action": [settings.pk]},
        follow=True,
    )
    assert response.status_code == 200
    return response.content.decode()


# --- (a) the operator's keys stay the operator's ------------------------------------


def test_a_hub_without_a_key_never_sends_the_servers_key(hub, fake_llm, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    monkeypatch.setenv("OPENAI_ORGANIZATION", "org-OPERATOR")
    settings = llm_settings_make(hub, fake_llm, api_key="")
    fake_llm.answer({"kind": "unclear", "reason": "x"})
    llm_understand_reply(settings=settings, text=TEXT, view=standard_view())
    assert len(fake_llm.requests) == 1, "the real HTTP path was not exercised"
    sent = fake_llm.requests[0]["headers"]
    assert ENV_KEY not in str(sent) and "org-OPERATOR" not in str(sent)
    assert sent["authorization"] == "Bearer aimp-tenant-has-no-key"


def test_a_hub_with_its_own_key_sends_that_key(hub, fake_llm, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    settings = llm_settings_make(hub, fake_llm, api_key="sk-hub-own")
    llm_understand_reply(settings=settings, text=TEXT, view=standard_view())
    assert fake_llm.requests[0]["auth"] == "Bearer sk-hub-own"


@pytest.mark.parametrize(
    ("model", "api_base", "expected"),
    [
        # No provider in the model, a base URL litellm recognises: it would take GROQ_API_KEY.
        ("llama3-8b", "https://api.groq.com/openai/v1", "would use the server's groq key"),
        ("bedrock/anthropic.claude-v2", "", "provider 'bedrock' is not available to hubs"),
        ("vertex_ai/gemini-pro", "", "provider 'vertex_ai' is not available to hubs"),
        ("azure/gpt-4o", "", "provider 'azure' is not available to hubs"),
    ],
)
def test_calls_that_would_use_the_servers_credentials_are_refused(
    hub, fake_llm, monkeypatch, model, api_base, expected
):
    monkeypatch.setenv("GROQ_API_KEY", ENV_KEY)
    settings = llm_settings_make(hub, fake_llm, model=model, api_base=api_base, api_key="")
    result = llm_understand_reply(settings=settings, text=TEXT, view=standard_view())
    call = LLMCall.objects.get(hub=hub)
    assert isinstance(result, Unclear) and expected in call.error and "\n" not in call.error
    assert call.outcome == "error" and not fake_llm.requests


def test_the_operator_model_is_used_only_when_the_hub_chooses_it(hub, fake_llm, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    operator = override_settings(
        AIMP_OPERATOR_LLM_MODEL="openai/operator-model",
        AIMP_OPERATOR_LLM_API_BASE=fake_llm.api_base,
        AIMP_OPERATOR_LLM_API_KEY="sk-operator-configured",
    )
    # The hub's own base URL and key are ignored: the operator's key goes where the operator says.
    settings = llm_settings_make(
        hub, fake_llm, model="operator", api_base="http://10.0.0.5/v1", api_key="sk-hub"
    )
    with operator, STRICT:
        llm_understand_reply(settings=settings, text=TEXT, view=standard_view())
    assert fake_llm.requests[0]["auth"] == "Bearer sk-operator-configured"
    assert fake_llm.requests[0]["body"]["model"] == "operator-model"
    ok, line = llm_connection_test(settings=settings)  # no operator model configured now
    assert not ok and line.endswith("the operator offers no default model")


# --- (b) the operator's network is refused, at save time and at call time ---------------


@STRICT
@pytest.mark.parametrize(
    ("api_base", "expected"),
    [
        (None, "address not allowed: 127.0.0.1 is a loopback address"),
        ("http://10.0.0.5/v1", "address not allowed: 10.0.0.5 is a private address"),
        ("http://localhost:11434", "address not allowed: localhost is a loopback address"),
        ("http://[::1]:8000/v1", "address not allowed: ::1 is a loopback address"),
        (
            "http://169.254.169.254/v1",
            "address not allowed: 169.254.169.254 is the cloud metadata address",
        ),
    ],
)
def test_the_admin_form_refuses_a_local_base_url_in_one_line(
    operator_client, llm_settings, api_base, expected
):
    url = f"/admin/hubs/hubllmsettings/{llm_settings.pk}/change/"
    data = _form(llm_settings, api_base=api_base or llm_settings.api_base)
    response = operator_client.post(url, data)
    assert response.status_code == 200  # the form again, with its error
    errors = response.context["adminform"].form.errors["api_base"]
    assert errors == [expected]


@STRICT
def test_the_admin_form_refuses_a_provider_that_signs_with_the_servers_credentials(
    operator_client, llm_settings
):
    url = f"/admin/hubs/hubllmsettings/{llm_settings.pk}/change/"
    data = _form(llm_settings, model="bedrock/anthropic.claude-v2", api_base="")
    response = operator_client.post(url, data)
    (error,) = response.context["adminform"].form.errors["model"]
    assert error.startswith("provider 'bedrock' is not available to hubs")


@STRICT
def test_a_stored_local_base_url_is_refused_at_call_time_without_a_request(
    hub, llm_settings, fake_llm
):
    result = llm_understand_reply(settings=llm_settings, text=TEXT, view=standard_view())
    assert isinstance(result, Unclear)
    call = LLMCall.objects.get(hub=hub)
    assert call.outcome == "error"
    assert call.error == "address not allowed: 127.0.0.1 is a loopback address"
    assert fake_llm.requests == []


@STRICT
def test_a_base_url_litellm_fills_in_is_checked_too(hub, fake_llm):
    # ollama's default base is http://localhost:11434: the operator's machine.
    settings = llm_settings_make(hub, fake_llm, model="ollama/llama3", api_base="")
    ok, line = llm_connection_test(settings=settings)
    assert not ok and line.endswith("address not allowed: localhost is a loopback address")


def test_a_redirect_to_the_operators_network_is_not_followed(hub, fake_llm, secret_server):
    inside = secret_server(host="127.0.0.2")
    door = secret_server(status=307, location=f"{inside.url}/v1/chat/completions")
    settings = llm_settings_make(hub, fake_llm, api_base=f"{door.url}/v1")
    # Only the door's address is open to hubs; what it redirects to is not.
    with ONLY_127_0_0_1:
        ok, line = llm_connection_test(settings=settings)
    assert door.hits and not inside.hits
    assert not ok and "address not allowed: 127.0.0.2 is a loopback address" in line


def test_the_connection_goes_to_the_address_that_was_checked(hub, fake_llm, monkeypatch):
    # The policy's DNS says 127.0.0.1; the system's has never heard of the name (.test is
    # reserved). The request can only arrive if it went to the checked address itself,
    # so a second lookup (DNS rebinding) has nothing to change.
    monkeypatch.setattr(
        "hubs.outbound_hosts.system_resolve",
        lambda host, port: ["127.0.0.1"] if host == "model.rebind.test" else [],
    )
    api_base = fake_llm.api_base.replace("127.0.0.1", "model.rebind.test")
    settings = llm_settings_make(hub, fake_llm, api_base=api_base)
    with ONLY_127_0_0_1:
        ok, line = llm_connection_test(settings=settings)
    assert ok, line
    assert fake_llm.requests[0]["headers"]["host"].startswith("model.rebind.test:")


# --- (c) "Test connection" says one line, never the answer's body -----------------------


@STRICT
def test_test_connection_to_an_internal_address_is_refused_before_connecting(
    operator_client, hub, fake_llm, secret_server
):
    inside = secret_server()
    settings = llm_settings_make(hub, fake_llm, api_base=f"{inside.url}/v1")
    page = _test_connection(operator_client, settings)
    assert "address not allowed: 127.0.0.1 is a loopback address" in page
    assert SECRET not in page and not inside.hits


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (404, "HTTP 404 from the provider (check the model and base URL)"),
        (401, "HTTP 401 from the provider (check the API key)"),
        (500, "HTTP 500 from the provider"),
        (200, "the provider&#x27;s answer was not a chat completion"),
    ],
)
def test_test_connection_never_shows_what_the_server_answered(
    operator_client, hub, fake_llm, secret_server, status, expected
):
    inside = secret_server(status=status)  # allowed here: the point is what comes back
    settings = llm_settings_make(hub, fake_llm, api_base=f"{inside.url}/v1")
    page = _test_connection(operator_client, settings)
    assert inside.hits, "the request did not reach the server"
    assert expected in page and SECRET not in page
    call = LLMCall.objects.get(hub=hub, purpose="test")
    assert SECRET not in call.error and "\n" not in call.error


# --- mail hosts: IMAP and SMTP -----------------------------------------------------------


@pytest.fixture
def listener():
    """A TCP port on 127.0.0.1 that greets like `banner` and counts connections."""
    sockets: list[socket.socket] = []
    accepted: list[int] = []

    def start(banner: bytes) -> int:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        sockets.append(sock)

        def serve():
            while True:
                try:
                    conn, _ = sock.accept()
                except OSError:
                    return
                accepted.append(1)
                with conn:
                    conn.sendall(banner)
                    conn.recv(1024)

        threading.Thread(target=serve, daemon=True).start()
        return sock.getsockname()[1]

    start.accepted = accepted
    yield start
    for sock in sockets:
        sock.close()


@STRICT
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "10.1.2.3", "0x7f.1", "[::1]"])
def test_mailbox_and_smtp_forms_refuse_local_hosts(operator_client, hub, host):
    common = {"hub": hub.id, "host": host, "username": "u", "password": "pw", "enabled": "on"}
    imap = {**common, "port": 993, "security": "ssl", "folder": "INBOX", "poll_minutes": 1}
    response = operator_client.post("/admin/mailbridge/hubmailbox/add/", imap)
    (error,) = response.context["adminform"].form.errors["host"]
    assert error.startswith("address not allowed:") and "\n" not in error
    smtp = {**common, "port": 587, "use_tls": "on", "timeout_seconds": 30}
    response = operator_client.post("/admin/mailbridge/hubsmtpsettings/add/", smtp)
    (error,) = response.context["adminform"].form.errors["host"]
    assert error.startswith("address not allowed:")
    assert not HubMailbox.objects.exists()


def test_imap_poll_refuses_a_local_host_at_connect_time(hub, listener):
    port = listener(b"* OK IMAP ready\r\n")
    mailbox = HubMailbox.objects.create(
        hub=hub, host="127.0.0.1", port=port, security="none", username="u", password="pw"
    )
    with STRICT, pytest.raises(Exception):  # noqa: B017 - the job fails like any connect error
        mailbox_poll(mailbox_id=mailbox.id)
    mailbox.refresh_from_db()
    assert mailbox.last_error == "address not allowed: 127.0.0.1 is a loopback address"
    assert listener.accepted == []


def test_imap_error_lines_never_carry_what_a_non_imap_service_said(hub, listener):
    port = listener(f"HTTP/1.1 400 Bad Request\r\n\r\n{SECRET}\r\n".encode())
    mailbox = HubMailbox.objects.create(
        hub=hub, host="127.0.0.1", port=port, security="none", username="u", password="pw"
    )
    with pytest.raises(Exception):  # noqa: B017
        mailbox_poll(mailbox_id=mailbox.id)
    mailbox.refresh_from_db()
    assert listener.accepted and SECRET not in mailbox.last_error
    assert mailbox.last_error == "the server did not answer as an IMAP server"


def test_smtp_connects_only_to_the_checked_address(monkeypatch, listener):
    port = listener(b"554 go away\r\n")
    backend = TenantSmtpBackend(host="127.0.0.1", port=port, use_tls=False, timeout=5)
    with STRICT, pytest.raises(ValueError, match="127.0.0.1 is a loopback address"):
        backend.open()
    assert listener.accepted == []
    monkeypatch.setattr(
        "hubs.outbound_hosts.system_resolve",
        lambda host, port: ["127.0.0.1"] if host == "smtp.rebind.test" else [],
    )
    backend = TenantSmtpBackend(host="smtp.rebind.test", port=port, use_tls=False, timeout=5)
    with ONLY_127_0_0_1, pytest.raises(Exception):  # noqa: B017 - the listener says 554
        backend.open()
    assert listener.accepted == [1]  # reached through the checked address, not a new lookup
