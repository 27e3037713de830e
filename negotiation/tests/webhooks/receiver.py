"""A real webhook receiver for tests: an HTTP server on 127.0.0.1 that checks signatures.

It answers the status codes it is given, in turn (then 200), and records every request
with whether its Standard Webhooks signature verified at the moment it arrived.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks import Webhook


@dataclass
class Received:
    """One request as the receiver saw it."""

    path: str
    headers: dict[str, str]
    body: bytes
    answered: int
    verified: bool

    @property
    def payload(self) -> dict:
        return json.loads(self.body)

    @property
    def webhook_id(self) -> str:
        return self.headers["webhook-id"]


@dataclass
class Receiver:
    """The receiving end of a subscription (start() it; `url` is where it listens)."""

    statuses: list[int] = field(default_factory=list)
    secret: str = ""
    received: list[Received] = field(default_factory=list)
    redirect_to: str = ""

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {k.lower(): v for k, v in self.headers.items()}
                status = receiver.statuses.pop(0) if receiver.statuses else 200
                try:
                    Webhook(receiver.secret).verify(body, headers)
                    verified = True
                except Exception:  # noqa: BLE001 - any failure to verify is recorded as such
                    verified = False
                receiver.received.append(
                    Received(self.path, headers, body, answered=status, verified=verified)
                )
                self.send_response(status)
                if receiver.redirect_to:
                    self.send_header("Location", receiver.redirect_to)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                self.wfile.write(b"ok" if status < 300 else b"server says no " * 40)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hooks/aimp?source=test"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def by_id(self) -> dict[str, Received]:
        """The accepted (2xx) request of each webhook id: what a receiver keeps after dedup."""
        return {r.webhook_id: r for r in self.received if 200 <= r.answered < 300}
