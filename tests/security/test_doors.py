"""An attacker holding the webhook secret knocks on every door of a running hub: no 5xx.

The HTTP doors are a real gunicorn (DEBUG off, as deployed) on its own migrated SQLite
database, spoken to over sockets, chunked bodies included; the SMTP door is the real
listener. Each attack is one line of the conversation, with the answer expected.
"""

import base64
import http.client
import smtplib
import socket
import sqlite3
import subprocess
import sys
import threading
from types import SimpleNamespace

import pytest

from bench import procs
from mailbridge.smtp_server import smtp_controller
from mailbridge.tests import doors

SECRET = "attacker-has:the-webhook-secret"
AUTH = {"Authorization": "Basic " + base64.b64encode(SECRET.encode()).decode()}
JSON = {"Content-Type": "application/json", **AUTH}
HUB = SimpleNamespace(email="family@hub.example.com")
MEMBER = SimpleNamespace(email="alice@example.com")
MB = 1_000_000
SETUP = (
    "from hubs.models import Hub, Member; "
    "hub = Hub.objects.create(name='Family', slug='family', email='family@hub.example.com'); "
    "Member.objects.create(hub=hub, email='alice@example.com', name='Alice')"
)


@pytest.fixture(scope="module")
def hub_server(tmp_path_factory):
    """A running hub: migrated database, one member, gunicorn on 127.0.0.1."""
    work = tmp_path_factory.mktemp("doors")
    env = procs.product_env(
        database_url=f"sqlite:///{work / 'aimp.sqlite3'}",
        data_dir=work,
        settings_module="aimp_site.settings",
        extra={
            "ANYMAIL_WEBHOOK_SECRET": SECRET,
            "ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY": doors.SIGNING_KEY,
        },
    )
    manage = [sys.executable, str(procs.BASE_DIR / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True, timeout=120)
    subprocess.run([*manage, "shell", "-c", SETUP], env=env, check=True, timeout=60)
    port = procs.free_port()
    log_path = work / "web.log"
    log = open(log_path, "ab")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "aimp_site.wsgi:application"]
        + ["--bind", f"{procs.HOST}:{port}", "--worker-class", "gthread", "--threads", "4"],
        cwd=procs.BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        procs.http_wait(f"http://{procs.HOST}:{port}/admin/login/", proc=server, log_path=log_path)
        yield port, work / "aimp.sqlite3"
    finally:
        procs.stop(server)
        log.close()


def _http(port: int, path: str, body: bytes | None, headers: dict, method: str = "POST") -> int:
    conn = http.client.HTTPConnection(procs.HOST, port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers)
        return conn.getresponse().status
    finally:
        conn.close()


def _declared_only(port: int, path: str, length: int) -> int:
    """Send headers declaring `length` bytes and no body: the answer must not wait for it."""
    conn = http.client.HTTPConnection(procs.HOST, port, timeout=30)
    try:
        conn.putrequest("POST", path)
        for name, value in {**JSON, "Content-Length": str(length)}.items():
            conn.putheader(name, value)
        conn.endheaders()
        return conn.getresponse().status
    finally:
        conn.close()


def _chunked(port: int, path: str, total: int) -> int:
    """Stream `total` bytes of '[' chunked, reading the answer while still sending."""
    sock = socket.create_connection((procs.HOST, port), timeout=60)
    head = f"POST {path} HTTP/1.1\r\nHost: {procs.HOST}\r\nTransfer-Encoding: chunked\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in JSON.items()) + "\r\n"
    chunk = b"[" * 65536
    frame = b"%x\r\n%s\r\n" % (len(chunk), chunk)

    def send() -> None:
        try:
            sock.sendall(head.encode())
            for _ in range(total // len(chunk)):
                sock.sendall(frame)
            sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server answered and stopped reading: that is the point

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    try:
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status
    finally:
        sock.close()
        sender.join(timeout=30)


def test_no_door_answers_5xx_to_an_attacker(hub_server, transactional_db, hub):
    (port, database), said = hub_server, {}
    member_mail = doors.member_mail(HUB, MEMBER)
    eight_bit = member_mail.replace(b"Subject: Dinner Friday?", b"Subject: D\xeener \xff")
    big = doors.member_mail(HUB, MEMBER, attachment_bytes=7_000_000)  # 9.5 MB of mail
    mailgun = {"Content-Type": doors.MULTIPART, **AUTH}

    said["malformed JSON"] = _http(port, doors.POSTMARK, b'{"From": "alice@', JSON)
    said["100000 levels of ["] = _http(port, doors.POSTMARK, b"[" * 100_000, JSON)
    said["lying UTF-8"] = _http(port, doors.POSTMARK, b'{"From": "\xc3\x28\xff"}', JSON)
    said["an SNS envelope that is not JSON"] = _http(
        port, doors.SES, b"[[[", {**JSON, "X-Amz-Sns-Message-Type": "Notification"}
    )
    said["a bounce posted to the inbound URL"] = _http(
        port, doors.POSTMARK, b'{"RecordType": "Bounce"}', JSON
    )
    said["broken JSON on a tracking URL"] = _http(port, "/anymail/postmark/tracking/", b"{", JSON)
    said["8-bit header bytes in body-mime"] = _http(
        port, doors.MAILGUN_MIME, doors.mailgun_mime_body(eight_bit, HUB, MEMBER), mailgun
    )
    said["a member's 9.5 MB mail"] = _http(
        port, doors.POSTMARK, doors.postmark_body(big, HUB, MEMBER), JSON
    )
    said["40 MB declared, nothing sent"] = _declared_only(port, doors.POSTMARK, 40 * MB)
    said["40 MB chunked"] = _chunked(port, doors.POSTMARK, 40 * MB)
    said["no credentials, garbage body"] = _http(
        port, doors.POSTMARK, b"\x00" * 1000, {"Content-Type": "application/json"}
    )
    said["GET a webhook"] = _http(port, doors.POSTMARK, None, AUTH, method="GET")

    assert all(status < 500 for status in said.values()), said
    assert said == {
        "malformed JSON": 400,
        "100000 levels of [": 400,
        "lying UTF-8": 400,
        "an SNS envelope that is not JSON": 400,
        # Well-formed JSON: stored unread; the job keeps it failed (test_webhook_doors).
        "a bounce posted to the inbound URL": 200,
        "broken JSON on a tracking URL": 400,
        "8-bit header bytes in body-mime": 200,
        "a member's 9.5 MB mail": 200,
        "40 MB declared, nothing sent": 413,
        "40 MB chunked": 413,
        "no credentials, garbage body": 400,
        "GET a webhook": 405,
    }
    # What the hub kept: each unreadable body with an error for the operator (hub NULL,
    # failed), and the three well-formed posts, stored unread for the job (no worker
    # runs here).
    with sqlite3.connect(database) as db:
        kept = db.execute(
            "SELECT status, hub_id IS NULL, error != '' FROM mailbridge_inboundmessage"
        ).fetchall()
    assert sorted(kept) == [("failed", 1, 1)] * 5 + [("posted", 1, 0)] * 3

    # The SMTP door, over its socket: refusals are the protocol's permanent answers,
    # never a temporary failure (4xx) or a dropped connection.
    controller = smtp_controller(host="127.0.0.1", port=procs.free_port())
    controller.start()
    try:
        with smtplib.SMTP(controller.hostname, controller.port, timeout=30) as smtp:
            smtp.ehlo()
            assert smtp.mail("mallory@example.org")[0] == 250
            assert smtp.rcpt("root@hub.example.com")[0] == 550
            smtp.rset()
            for raw in (eight_bit.replace(b"\n", b"\r\n"), b"\x00\x01 no headers at all\r\n"):
                assert smtp.sendmail("mallory@example.org", [hub.email], raw) == {}
            huge = big.replace(b"\n", b"\r\n") + (b"QUJD" * 19 + b"\r\n") * 15_000
            with pytest.raises(smtplib.SMTPSenderRefused) as refused:
                smtp.sendmail("mallory@example.org", [hub.email], huge)
            assert refused.value.smtp_code == 552
            assert smtp.noop()[0] == 250
    finally:
        controller.stop()
