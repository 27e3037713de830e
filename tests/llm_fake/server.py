"""A small OpenAI-compatible chat server for tests, on 127.0.0.1 and a free port.

Each POST /v1/chat/completions takes the next scripted behaviour (or the default):
    FakeLLM.answer(json_text)      200 with that message content
    FakeLLM.invalid_json()         200 with content that is not JSON
    FakeLLM.slow(seconds, text)    answer after a delay (beyond the client's timeout)
    FakeLLM.status(429 | 500, ...) an error status with an OpenAI-style error body
Every request (body, path and headers) is kept in `requests` so tests can check it.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Behaviour:
    status: int = 200
    content: str = '{"kind": "unclear", "reason": "default"}'
    delay: float = 0.0


class FakeLLM:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self._script: deque[Behaviour] = deque()
        self._lock = threading.Lock()
        self.default = Behaviour()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def do_POST(self):  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with fake._lock:
                    fake.requests.append(
                        {
                            "path": self.path,
                            "body": body,
                            "auth": self.headers.get("Authorization"),
                            "headers": {k.lower(): v for k, v in self.headers.items()},
                        }
                    )
                    behaviour = fake._script.popleft() if fake._script else fake.default
                if behaviour.delay:
                    time.sleep(behaviour.delay)
                if behaviour.status != 200:
                    payload = {
                        "error": {
                            "message": f"fake error {behaviour.status}",
                            "type": "fake",
                            "code": behaviour.status,
                        }
                    }
                else:
                    payload = {
                        "id": "chatcmpl-fake",
                        "object": "chat.completion",
                        "created": int(time.time()),
                        "model": body.get("model", "fake"),
                        "choices": [
                            {
                                "index": 0,
                                "finish_reason": "stop",
                                "message": {"role": "assistant", "content": behaviour.content},
                            }
                        ],
                        "usage": {
                            "prompt_tokens": 120,
                            "completion_tokens": 30,
                            "total_tokens": 150,
                        },
                    }
                data = json.dumps(payload).encode()
                try:
                    self.send_response(behaviour.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout): nothing to answer

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeLLM:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def reset(self) -> None:
        """Forget scripted answers, requests seen and any default a test set."""
        with self._lock:
            self._script.clear()
            self.requests.clear()
            self.default = Behaviour()

    def _push(self, behaviour: Behaviour) -> FakeLLM:
        with self._lock:
            self._script.append(behaviour)
        return self

    def answer(self, content: str | dict) -> FakeLLM:
        text = content if isinstance(content, str) else json.dumps(content)
        return self._push(Behaviour(content=text))

    def invalid_json(self) -> FakeLLM:
        return self._push(Behaviour(content="Sure! A and 1, I think. {not json"))

    def slow(self, seconds: float, content: str | dict = '{"kind": "unclear"}') -> FakeLLM:
        text = content if isinstance(content, str) else json.dumps(content)
        return self._push(Behaviour(content=text, delay=seconds))

    def status(self, code: int, times: int = 1) -> FakeLLM:
        for _ in range(times):
            self._push(Behaviour(status=code))
        return self
