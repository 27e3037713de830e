"""Drive replies through the product in-process: POST to the webhook, then run the job.

The webhook is the real anymail URL with basic auth; processing is the real django-q2
task function, called in arrival order; outbound mail stays queued in the broker
(sending is not part of the pipeline cost). The floor gets the same POST bodies.
"""

import time
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench.fixtures import Invitation
from bench.wire import BASIC_AUTH, WEBHOOK_PATH, postmark_payload, reply_raw

FLOOR_PATH = "/bench/floor/"
ANYMAIL_PATH = "/bench/anymail/postmark/inbound/"


@dataclass(frozen=True)
class Reply:
    """One participant's reply, ready to POST."""

    session_id: str
    payload: bytes


def replies_for(invites: list[Invitation], *, body: str = "A and 1") -> list[Reply]:
    """Build one reply per invitation, interleaved so meetings fill up round-robin."""
    by_person: dict[str, list[Invitation]] = {}
    for inv in invites:
        by_person.setdefault(inv.participant.split("@")[0], []).append(inv)
    ordered = [inv for key in sorted(by_person) for inv in by_person[key]]
    return [
        Reply(
            session_id=inv.session_id,
            payload=postmark_payload(
                reply_raw(
                    sender=inv.participant,
                    hub_email=inv.reply_to,
                    subject=inv.subject,
                    in_reply_to=inv.message_id,
                    body=body,
                ),
                envelope_to=inv.reply_to,
            ),
        )
        for inv in ordered
    ]


def _client() -> Client:
    return Client(HTTP_HOST="127.0.0.1")


def floor_drive(replies: list[Reply]) -> float:
    """POST every payload to the floor view; return elapsed seconds."""
    client = _client()
    started = time.perf_counter()
    for reply in replies:
        response = client.post(FLOOR_PATH, reply.payload, content_type="application/json")
        if response.status_code != 200:
            raise RuntimeError(f"floor answered {response.status_code}")
    return time.perf_counter() - started


def anymail_drive(replies: list[Reply]) -> float:
    """POST every payload to anymail's own view with the product's receiver unplugged.

    What is timed is anymail's view (basic auth, the ESP's JSON and the MIME message
    parsed, the inbound signal sent to no one): what reading an ESP's post costs, in
    the job since the door stores posts unread. Nothing is stored.
    """
    with inbound_receiver(None):
        return webhook_post_all(replies, path=ANYMAIL_PATH)


@contextmanager
def inbound_receiver(replacement):
    """Put `replacement` (or nothing) in place of the product's anymail inbound receiver."""
    from anymail.signals import inbound

    from mailbridge.webhooks import INBOUND_RECEIVER_UID, on_inbound

    inbound.disconnect(dispatch_uid=INBOUND_RECEIVER_UID)
    if replacement is not None:
        inbound.connect(replacement, dispatch_uid="bench-replacement", weak=False)
    try:
        yield
    finally:
        inbound.disconnect(dispatch_uid="bench-replacement")
        inbound.connect(on_inbound, dispatch_uid=INBOUND_RECEIVER_UID)


def webhook_post_all(replies: list[Reply], *, path: str = WEBHOOK_PATH) -> float:
    """POST every payload to the real webhook with basic auth; return elapsed seconds."""
    client = _client()
    started = time.perf_counter()
    for reply in replies:
        response = client.post(
            path,
            reply.payload,
            content_type="application/json",
            HTTP_AUTHORIZATION=BASIC_AUTH,
        )
        if response.status_code != 200:
            raise RuntimeError(f"webhook answered {response.status_code}: {response.content[:200]}")
    return time.perf_counter() - started


def pipeline_drive(replies: list[Reply]) -> float:
    """POST every payload to the webhook and process each stored row; return elapsed seconds."""
    return sum(pipeline_drive_split(replies))


def pipeline_drive_split(
    replies: list[Reply],
    *,
    queries: list | None = None,
    job_queries: list | None = None,
    job_sent: list | None = None,
) -> tuple[float, float]:
    """As pipeline_drive; return the seconds spent posting and the seconds processing.

    With `queries`, the product's SQL statements (webhook and job, not the bench's own
    bookkeeping) are appended to it; with `job_queries` too, the job's go there; with
    `job_sent` (PostgreSQL), the queries the jobs sent to the server, from libpq's trace.
    """
    from mailbridge.models import InboundMessage
    from mailbridge.tasks import process_inbound

    last_id = InboundMessage.objects.order_by("-id").values_list("id", flat=True).first() or 0
    with _captured(queries):
        posted = webhook_post_all(replies)
    ids = list(
        InboundMessage.objects.filter(id__gt=last_id).order_by("id").values_list("id", flat=True)
    )
    with _captured(job_queries if job_queries is not None else queries), _sent(job_sent):
        started = time.perf_counter()
        for inbound_id in ids:
            process_inbound(inbound_id)
        processed = time.perf_counter() - started
    if len(ids) != len(replies):
        raise RuntimeError(f"{len(replies)} POSTs stored {len(ids)} rows")
    return posted, processed


@contextmanager
def _sent(sent: list | None):
    if sent is None:
        yield
        return
    from mailbridge.testing import queries_sent

    with queries_sent() as traced:
        yield
    sent.extend(traced)


@contextmanager
def _captured(queries: list | None):
    if queries is None:
        yield
        return
    reset_queries()
    with CaptureQueriesContext(connection) as ctx:
        yield
    queries.extend(ctx.captured_queries)


def pipeline_queries(replies: list[Reply]) -> float:
    """Return the mean number of the product's SQL statements per message (webhook + job)."""
    return sum(pipeline_statements(replies).values())


def pipeline_statements(replies: list[Reply]) -> dict[str, float]:
    """Return the mean number of the product's SQL statements per message, webhook and job."""
    webhook: list = []
    job: list = []
    n = max(1, len(replies))
    if connection.vendor != "postgresql":
        pipeline_drive_split(replies, queries=webhook, job_queries=job)
        return {"webhook": len(webhook) / n, "job": len(job) / n}
    # A statement Django records is not always a message to the server: a COMMIT folded
    # into the job's last writes (mailbridge.row_defer) is recorded, not sent.
    sent: list = []
    pipeline_drive_split(replies, queries=webhook, job_queries=job, job_sent=sent)
    return {"webhook": len(webhook) / n, "job": len(job) / n, "job_round_trips": len(sent) / n}


def outcome(session_ids: set[str]) -> dict:
    """Return how the driven meetings and their rows ended (to prove the work was done)."""
    from mailbridge.models import InboundMessage, OutboundMessage
    from negotiation.models import Meeting

    statuses = Meeting.objects.filter(session_id__in=session_ids).values_list("status", flat=True)
    inbound = InboundMessage.objects.filter(thread_key__in=session_ids)
    outbound = OutboundMessage.objects.filter(thread_key__in=session_ids).exclude(
        kind="meeting:invitation"
    )
    count = {}
    for status in statuses:
        count[status] = count.get(status, 0) + 1
    return {
        "meetings": count,
        "inbound": dict(_tally(inbound.values_list("status", flat=True))),
        "outbound_queued": outbound.count(),
        "outbound_kinds": dict(_tally(outbound.values_list("kind", flat=True))),
    }


def _tally(values):
    out: dict[str, int] = {}
    for value in values:
        out[value] = out.get(value, 0) + 1
    return sorted(out.items())
