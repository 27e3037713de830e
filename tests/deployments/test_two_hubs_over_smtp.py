"""Two hubs on two deployments (two processes, two databases) schedule over mail alone.

Alice is a member of hub A (a.test), Bob of hub B (b.test); to hub A, Bob is a contact
whose AIMP agent is hub B. They meet through a local SMTP relay and nothing else: no
shared database, no shortcut. Each deployment is its own `smtp_listener` process on its
own SQLite file, running its jobs as they arrive (django-q2's sync mode).
"""

from __future__ import annotations

import smtplib
import sqlite3
import subprocess
import sys
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path

import pytest

from bench import procs

from .relay import Relay

ROOT = Path(__file__).resolve().parents[2]
HUB_A, HUB_B = "team@a.test", "family@b.test"
ALICE, BOB = "alice@people.test", "bob@people.test"
SETUP = {
    "a": f"""
from hubs.models import Contact, Hub, Member
hub = Hub.objects.create(name="Team", slug="team", email="{HUB_A}", time_zone="Europe/Berlin")
Member.objects.create(hub=hub, email="{ALICE}", name="Alice", role="admin")
Contact.objects.create(hub=hub, name="Bob", email="{BOB}", has_agent=True, agent_email="{HUB_B}")
""",
    "b": f"""
from hubs.models import Hub, Member
hub = Hub.objects.create(name="Family", slug="family", email="{HUB_B}", time_zone="Europe/London")
Member.objects.create(hub=hub, email="{BOB}", name="Bob", role="admin")
""",
}


def _manage(env: dict, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}"


@pytest.fixture
def deployments(tmp_path):
    relay_port = procs.free_port()
    ports = {"a": procs.free_port(), "b": procs.free_port()}
    relay = Relay(relay_port, {"a.test": ports["a"], "b.test": ports["b"]})
    relay.start()
    running, databases = [], {}
    try:
        for name in ("a", "b"):
            home = tmp_path / name
            home.mkdir()
            databases[name] = home / "db.sqlite3"
            env = procs.product_env(
                database_url=f"sqlite:///{databases[name]}",
                data_dir=home,
                cluster_name=f"aimp-{name}",
                settings_module="aimp_site.settings",
                extra={"Q_SYNC": "true", "EMAIL_URL": f"smtp://127.0.0.1:{relay_port}"},
            )
            _manage(env, "migrate", "--noinput", "-v", "0")
            _manage(env, "shell", "-c", SETUP[name])
            listener = procs._spawn(
                ["smtp_listener", "--host", "127.0.0.1", "--port", str(ports[name])],
                env,
                home / "listener.log",
            )
            running.append(listener)
        for port in ports.values():
            _wait_for_smtp(port)
        yield relay, databases
    finally:
        for proc in running:
            procs.stop(proc)
        relay.stop()


def _wait_for_smtp(port: int, timeout: float = 60.0) -> None:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=2) as smtp:
                smtp.noop()
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"no SMTP listener on {port}")


def send(relay: Relay, *, from_: str, to: str, subject: str, body: str, reply_to=None) -> None:
    """A person's mail, through the relay as through their provider."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = from_, to, subject
    if reply_to is not None:
        message["In-Reply-To"] = reply_to["Message-ID"]
        message["References"] = reply_to["Message-ID"]
    message["Message-ID"] = f"<{abs(hash((from_, subject, body)))}@people.test>"
    message.set_content(body)
    with smtplib.SMTP("127.0.0.1", relay.controller.port, timeout=30) as smtp:
        smtp.send_message(message)


def answer(relay: Relay, invitation: EmailMessage, from_: str, body: str) -> None:
    send(
        relay,
        from_=from_,
        to=str(invitation["Reply-To"] or invitation["From"]),
        subject=f"Re: {invitation['Subject']}",
        body=body,
        reply_to=invitation,
    )


def meetings(database: Path) -> list[tuple]:
    with sqlite3.connect(database) as db:
        return db.execute(
            "SELECT m.status, m.session_id, o.start FROM negotiation_meeting m "
            "LEFT JOIN negotiation_meetingoption o ON o.id = m.chosen_time_id"
        ).fetchall()


def test_two_hubs_on_two_deployments_confirm_one_meeting_by_mail_alone(deployments):
    relay, databases = deployments
    send(
        relay,
        from_=f"Alice <{ALICE}>",
        to=HUB_A,
        subject="Budget",
        body="Meeting about the budget with Bob next Tuesday or Wednesday afternoon, on Zoom.",
    )
    [alice_invitation] = relay.wait_for(ALICE, 1)
    # Hub A wrote to hub B in protocol form; hub B asked Bob in words, in his own inbox.
    [bob_invitation] = relay.wait_for(BOB, 1)
    assert not any(p.get_filename() == "protocol.json" for p in bob_invitation.iter_attachments())
    assert "[AIMP:" in bob_invitation["Subject"]

    answer(relay, bob_invitation, f"Bob <{BOB}>", "A, Zoom")
    answer(relay, alice_invitation, f"Alice <{ALICE}>", "A, Zoom")

    def invited(box) -> bool:
        return any(p.get_filename() == "invite.ics" for m in box for p in m.iter_attachments())

    # Each gets the confirmation with the calendar invitation, from their own hub.
    alice_mail = relay.wait_until(ALICE, invited)
    bob_mail = relay.wait_until(BOB, invited)
    assert {parseaddr(str(m["From"]))[1] for m in alice_mail} == {HUB_A}
    assert {parseaddr(str(m["From"]))[1] for m in bob_mail} == {HUB_B}
    # People never got protocol mail.
    for message in [*alice_mail, *bob_mail]:
        assert all(p.get_filename() != "protocol.json" for p in message.iter_attachments())
    [(status_a, session_a, start_a)] = meetings(databases["a"])
    [(status_b, session_b, start_b)] = meetings(databases["b"])
    assert status_a == status_b == "confirmed"
    assert session_a == session_b and start_a == start_b
    assert relay.errors == []
