"""`make demo`: one scripted conversation through the real pipeline, printed as a transcript.

Runs on the embedded defaults in a fresh temporary data directory: SQLite, django-q2's ORM
broker with a real `qcluster` worker process, the outbox, the console+file mail backend
and the offline rules engine (no network, no LLM). Mail goes in as raw messages through
`inbound_receive`, exactly as the SMTP listener or a webhook would store it.

Exit status 0 only when the meeting ends confirmed with an invite.ics written to a file.
"""

from __future__ import annotations

import base64
import datetime
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
HUB_EMAIL = "family@hub.localhost"
SETTLE_SECONDS = 30
WIDTH = 88


def _environment(data_dir: Path) -> dict[str, str]:
    # Explicit values so a developer's .env (PostgreSQL, Redis, an ESP) cannot leak in.
    return {
        "AIMP_DATA_DIR": str(data_dir),
        "DJANGO_SETTINGS_MODULE": "aimp_site.settings",
        "DATABASE_URL": f"sqlite:///{data_dir / 'demo.sqlite3'}",
        "REDIS_URL": "",
        "EMAIL_URL": "",
        "EMAIL_BACKEND": "mailbridge.backends.ConsoleAndFileBackend",
        "Q_SYNC": "false",
        "Q_WORKERS": "1",
        "Q_CLUSTER_NAME": "aimp-demo",
        "LOG_LEVEL": "WARNING",
        "DEBUG": "true",
    }


def _raw(*, from_: str, to: str, subject: str, body: str, in_reply_to: str = "") -> bytes:
    msg = EmailMessage()
    msg["From"] = from_
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime.datetime.now().astimezone())
    msg["Message-ID"] = make_msgid(domain=from_.rpartition("@")[2].strip(">"))
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg.set_content(body)
    return msg.as_bytes()


def _day_in(days: int) -> str:
    """A date as people write it ("December 10"): unambiguous whatever today's weekday."""
    day = datetime.date.today() + datetime.timedelta(days=days)
    return f"{day:%B} {day.day}"


class Demo:
    """The conversation, step by step; each step waits until the worker has settled."""

    def __init__(self, out):
        self.out = out
        self.seen_outbound: set[int] = set()

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def settle(self) -> None:
        """Wait until every stored message is processed and every queued mail is sent."""
        from mailbridge.models import InboundMessage, OutboundMessage

        open_in = [
            InboundMessage.Status.RECEIVED,
            InboundMessage.Status.PROCESSING,
            InboundMessage.Status.RETRY,
        ]
        open_out = [
            OutboundMessage.Status.QUEUED,
            OutboundMessage.Status.SENDING,
            OutboundMessage.Status.RETRY,
        ]
        deadline = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < deadline:
            if (
                not InboundMessage.objects.filter(status__in=open_in).exists()
                and not OutboundMessage.objects.filter(status__in=open_out).exists()
            ):
                return
            time.sleep(0.1)
        raise RuntimeError("the worker did not finish in time (see worker.log)")

    def send(self, *, who: str, subject: str, body: str, reply_to=None) -> None:
        """A person writes to the hub (or replies to a hub message); show what followed."""
        from mailbridge.inbound import inbound_receive
        from mailbridge.models import InboundMessage

        to = reply_to.reply_to if reply_to is not None else HUB_EMAIL
        raw = _raw(
            from_=who,
            to=to,
            subject=subject,
            body=body,
            in_reply_to=reply_to.message_id if reply_to is not None else "",
        )
        self.say(f"\n>>> {who} writes to the hub: {subject}")
        self.say(textwrap.indent(body.strip(), "    | ", lambda line: True))
        row = inbound_receive(raw=raw, source="demo", envelope_to=[to])
        self.settle()
        row = InboundMessage.objects.get(pk=row.pk)
        if row.status == InboundMessage.Status.FAILED:
            raise RuntimeError(f"processing failed: {row.error}")
        self.show_outbound()

    def show_outbound(self) -> None:
        from mailbridge.models import OutboundMessage

        new = OutboundMessage.objects.exclude(pk__in=self.seen_outbound).order_by("id")
        for message in new:
            self.seen_outbound.add(message.pk)
            files = ", ".join(a["filename"] for a in message.attachments)
            self.say(f"\n<<< hub -> {message.to_email}: {message.subject} [{message.status}]")
            self.say(textwrap.indent(message.text.strip(), "    | ", lambda line: True))
            if files:
                self.say(f"    (attached: {files})")
        if not new:
            self.say("    (the hub sends nothing back: nothing needed)")

    def last_to(self, address: str, *, containing: str = ""):
        from mailbridge.models import OutboundMessage

        rows = OutboundMessage.objects.filter(to_email=address).order_by("-id")
        return next(r for r in rows if containing in r.text)


def _setup_hub(demo: Demo):
    from hubs.models import Contact
    from hubs.services import hub_create, invite_create, member_add

    hub, _, _ = hub_create(name="Family", email=HUB_EMAIL, time_zone="Europe/Berlin")
    member_add(hub=hub, email="alice@example.com", name="Alice", role="admin")
    member_add(hub=hub, email="bob@example.com", name="Bob")
    Contact.objects.create(hub=hub, name="Dave", email="dave@outside.example")
    invite, _ = invite_create(hub=hub, code="garden-2026", max_uses=5)
    demo.say(f"Hub: {hub.name} <{hub.email}>, time zone {hub.time_zone}")
    demo.say("Members: Alice (admin), Bob.  Outsider (contact): Dave <dave@outside.example>.")
    demo.say(f"Invite code for Carol: {invite.code}")
    return hub


def _conversation(demo: Demo) -> None:
    demo.say("\n== 1. Carol joins with the invite code")
    demo.send(
        who="Carol <carol@example.com>",
        subject="Hello [AIMP-INVITE:garden-2026]",
        body="Hi! Name: Carol\n",
    )
    # The demo's mail carries no receiving server's verdict (README: Security), so the
    # hub first checks with the address itself; Carol answers from her own mailbox.
    demo.send(
        who="Carol <carol@example.com>",
        subject="Re: Confirm: join Family [AIMP-INVITE:garden-2026]",
        body="Yes, that's me. Name: Carol\n",
        reply_to=demo.last_to("carol@example.com", containing="asked to join"),
    )

    demo.say("\n== 2. Alice asks for a meeting in plain English")
    demo.send(
        who="Alice <alice@example.com>",
        subject="Garden party planning",
        body="Hi hub, could you set up a meeting with Bob and Carol next week, Tuesday or "
        "Wednesday afternoon, on Zoom? Optional: Dave\n",
    )

    demo.say("\n== 3. Bob answers with plain labels (no echo needed)")
    demo.send(
        who="bob@example.com",
        subject="Re: invitation",
        body="A or B\n",
        reply_to=demo.last_to("bob@example.com"),
    )

    demo.say("\n== 4. Dave, optional, declines")
    demo.send(
        who="dave@outside.example",
        subject="Re: invitation",
        body="Sorry, I can't make it this time.\n",
        reply_to=demo.last_to("dave@outside.example"),
    )

    demo.say("\n== 5. Carol proposes another time (a counter-proposal)")
    demo.send(
        who="carol@example.com",
        subject="Re: invitation",
        body=f"None of these work for me. How about {_day_in(20)} at 3pm?\n",
        reply_to=demo.last_to("carol@example.com", containing="would like to meet"),
    )

    demo.say("\n== 6. Alice answers in free text (the hub echoes what it read)")
    ask = demo.last_to("alice@example.com", containing="suggested something new")
    label = ask.text.split('Reply "', 1)[1].split('"', 1)[0]
    demo.send(
        who="alice@example.com",
        subject="Re: new time",
        body=f"{label} works for me, thanks!\n",
        reply_to=ask,
    )

    demo.say("\n== 7. Bob accepts the new time with its label (the last answer confirms)")
    demo.send(
        who="bob@example.com",
        subject="Re: new time",
        body=f"{label}\n",
        reply_to=demo.last_to("bob@example.com", containing="suggested something new"),
    )


def _reschedule(demo: Demo) -> None:
    demo.say("\n== 8. Alice moves the confirmed meeting to another day (reschedule)")
    demo.send(
        who="alice@example.com",
        subject="Re: confirmed",
        body=f"reschedule to {_day_in(27)}\n",
        reply_to=demo.last_to("alice@example.com", containing="Confirmed:"),
    )
    ask = demo.last_to("bob@example.com", containing="needs to move")
    label = ask.text.split('e.g. "', 1)[1].split('"', 1)[0][:1]
    demo.say(f"\n== 9. Everyone takes the first new time, {label}: the event moves in calendars")
    for who, containing in (
        ("bob@example.com", "needs to move"),
        ("carol@example.com", "needs to move"),
        ("alice@example.com", "You asked to move"),
    ):
        demo.send(
            who=who,
            subject="Re: new times",
            body=f"{label}\n",
            reply_to=demo.last_to(who, containing=containing),
        )


def _result(demo: Demo, data_dir: Path) -> int:
    from mailbridge.models import OutboundMessage
    from negotiation.models import Meeting

    meeting = Meeting.objects.order_by("-id").first()
    demo.say("\n== Result")
    if meeting is None or meeting.status != Meeting.Status.CONFIRMED:
        demo.say(f"NOT CONFIRMED: {meeting and meeting.status}")
        return 1
    demo.say(f"Meeting {meeting.session_id}: {meeting.topic}: {meeting.status}")
    demo.say(
        f"  time:  {meeting.chosen_time.start.isoformat()} (label {meeting.chosen_time.label})"
    )
    demo.say(f"  place: {meeting.chosen_place.place}")
    for person in meeting.participants.all():
        role = "required" if person.required else "optional"
        state = "declined" if person.declined else "coming"
        demo.say(f"  - {person.display_name} <{person.email}>: {role}, {state}")
    # The newest calendar invitation sent (someone who declined gets none).
    confirmations = OutboundMessage.objects.filter(
        kind="meeting:confirmation", thread_key=meeting.session_id
    ).order_by("-id")
    ics = next(
        (a for c in confirmations for a in c.attachments if a["filename"] == "invite.ics"),
        None,
    )
    if ics is None:
        demo.say("no invite.ics was sent")
        return 1
    path = data_dir / "invite.ics"
    path.write_bytes(base64.b64decode(ics["content_b64"]))
    demo.say(f"\nCalendar invite written to {path} (SEQUENCE {meeting.ics_sequence})")
    demo.say(f"Every sent message is also in {data_dir / 'mailbox'} (.eml files).")
    return 0


def main() -> int:
    """Run the demo; return 0 when the meeting ends confirmed."""
    started = time.monotonic()
    data_dir = Path(tempfile.mkdtemp(prefix="aimp-demo-"))
    env = _environment(data_dir)
    os.environ.update(env)
    sys.path.insert(0, str(BASE_DIR))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    demo = Demo(sys.stdout)
    demo.say(f"AIMP Hub demo in {data_dir} (SQLite, django-q2 ORM broker, rules engine only)")
    log = open(data_dir / "worker.log", "wb")  # noqa: SIM115 - closed in finally
    worker = subprocess.Popen(
        [sys.executable, str(BASE_DIR / "manage.py"), "qcluster"],
        env={**os.environ, **env},
        cwd=BASE_DIR,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        _setup_hub(demo)
        _conversation(demo)
        _reschedule(demo)
        code = _result(demo, data_dir)
    except Exception as exc:  # the demo reports any failure as a non-zero exit
        demo.say(f"\nDEMO FAILED: {exc!r} (worker log: {data_dir / 'worker.log'})")
        code = 1
    finally:
        worker.send_signal(signal.SIGINT)
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
        log.close()
    demo.say(f"\nFinished in {time.monotonic() - started:.1f} s.")
    return code


if __name__ == "__main__":
    sys.exit(main())
