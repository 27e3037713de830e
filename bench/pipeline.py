"""Pipeline cost against its floor, measured in the same process and run.

Replies to open meetings (each meeting gets all its participants' "A and 1", so it
confirms and queues its confirmation mails) are POSTed to the real anymail webhook
and processed by the real job; the floor receives the same bodies.
"""

import time
from contextlib import contextmanager

from bench import drive
from bench.fixtures import fixtures_build, invitations
from bench.least import least_drive
from bench.stats import ratio

WARMUP_MEETINGS = 5
SLICE = 30


def pipeline_measure(*, messages: int) -> dict:
    """Return messages/s of floor and pipeline, their cost ratio and queries per message."""
    from negotiation.models import Meeting

    meetings = max(1, messages // 3)
    before = set(Meeting.objects.values_list("id", flat=True))
    fixtures_build(hubs=10, meetings=meetings + WARMUP_MEETINGS, tag="p")
    new_ids = sorted(set(Meeting.objects.values_list("id", flat=True)) - before)
    warm_ids, timed_ids = new_ids[:WARMUP_MEETINGS], new_ids[WARMUP_MEETINGS:]
    warm = drive.replies_for(invitations(meeting_ids=warm_ids))
    timed = drive.replies_for(invitations(meeting_ids=timed_ids))

    drive.floor_drive(warm)
    drive.anymail_drive(warm)
    least_drive(warm, meeting_id=timed_ids[0])
    statements = drive.pipeline_statements(warm)
    queries = statements["webhook"] + statements["job"]
    # Floor, anymail alone, the least pipeline and the pipeline take turns on slices
    # of the same replies, so a noisy neighbour on a shared machine weighs on all alike.
    floor_seconds = anymail_seconds = least_seconds = posted_seconds = processed_seconds = 0.0
    for start in range(0, len(timed), SLICE):
        part = timed[start : start + SLICE]
        floor_seconds += drive.floor_drive(part)
        anymail_seconds += drive.anymail_drive(part)
        least_seconds += least_drive(part, meeting_id=timed_ids[0])
        posted, processed = drive.pipeline_drive_split(part)
        posted_seconds += posted
        processed_seconds += processed
    pipeline_seconds = posted_seconds + processed_seconds
    result = drive.outcome({r.session_id for r in timed})
    n = len(timed)
    units = unit_costs(meeting_id=timed_ids[0], payload=timed[0].payload)
    anymail_ms = anymail_seconds / n * 1000
    confirmed = result["meetings"].get("confirmed", 0)
    warning = None
    if confirmed != len(timed_ids):
        warning = (
            f"only {confirmed} of {len(timed_ids)} meetings confirmed "
            f"(inbound {result['inbound']}): the figures do not cover the whole loop"
        )
    return {
        "warning": warning,
        "messages": n,
        "floor": {"seconds": floor_seconds, "per_second": n / floor_seconds},
        "pipeline": {
            "seconds": pipeline_seconds,
            "per_second": n / pipeline_seconds,
            "queries_per_message": queries,
            "statements": statements,
            "q2_statements_per_job": q2_statements(),
            "broker_statements_per_post": post_claim_statements(),
            "webhook_ms_per_message": posted_seconds / n * 1000,
            "job_ms_per_message": processed_seconds / n * 1000,
        },
        "floor_ms_per_message": floor_seconds / n * 1000,
        "cost_ratio": ratio(pipeline_seconds, floor_seconds),
        "webhook_ratio": ratio(posted_seconds, floor_seconds),
        "least_ratio": ratio(pipeline_seconds, least_seconds),
        "anymail": {
            "ms_per_message": anymail_ms,
            "cost_ratio": ratio(anymail_seconds, floor_seconds),
            # What any pipeline on django-anymail pays before the product acts: its
            # view, then the job reading the stored message once.
            "fixed_ratio": ratio(anymail_seconds + units["job_read_ms"] * n / 1000, floor_seconds),
        },
        "least": {
            "ms_per_message": least_seconds / n * 1000,
            "cost_ratio": ratio(least_seconds, floor_seconds),
        },
        "units": units,
        "outcome": result,
    }


def q2_statements() -> float | None:
    """Statements django-q2's ORM broker runs to hand one job to a worker and acknowledge it.

    Beside the product's own count: the webhook's count includes the job row it
    queues; a worker then takes the row and deletes it. None on the Redis broker.
    """
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django_q.brokers import get_broker
    from django_q.conf import Conf
    from django_q.tasks import async_task

    if not Conf.ORM:
        return None
    broker = get_broker()
    for _ in range(10):
        async_task("math.floor", 1.5, broker=broker)
    taken = 0
    with _parked_rows(), CaptureQueriesContext(connection) as ctx:
        while taken < 10:
            tasks = broker.dequeue()
            if not tasks:
                break
            for task_id, _ in tasks:
                broker.acknowledge(task_id)
                taken += 1
    return len(ctx.captured_queries) / max(1, taken)


@contextmanager
def _parked_rows():
    """Keep the pipeline's confirmations (queued, never sent here) out of a broker count."""
    from datetime import timedelta

    from django.utils import timezone

    from mailbridge.models import OutboundMessage

    queued = OutboundMessage.objects.filter(status=OutboundMessage.Status.QUEUED)
    ids = list(queued.filter(next_attempt_at=None).values_list("id", flat=True))
    OutboundMessage.objects.filter(id__in=ids).update(
        next_attempt_at=timezone.now() + timedelta(days=1)
    )
    try:
        yield
    finally:
        OutboundMessage.objects.filter(id__in=ids).update(next_attempt_at=None)


def post_claim_statements(posts: int = 12) -> float | None:
    """Statements the ORM deployments' broker runs to hand a stored post to a worker.

    Where django-q2's ORM broker had the webhook's job row and its dequeue and
    delete, the settings' broker claims waiting posts in its own turns
    (mailbridge/queue_broker.py); acknowledging one is no statement. None where the
    webhook still queues a job (Redis: not a statement).
    """
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django_q.brokers import get_broker

    from mailbridge.jobs import rows_claimed_by_broker
    from mailbridge.models import InboundMessage
    from mailbridge.posted import post_store
    from mailbridge.queue_broker import POST_PREFIX

    if not rows_claimed_by_broker():
        return None
    broker = get_broker()
    ids = {
        post_store(body=b'{"bench": %d}' % n, content_type="application/json", source="bench").id
        for n in range(posts)
    }
    taken = set()
    with _parked_rows(), CaptureQueriesContext(connection) as ctx:
        while not ids <= taken:
            taken.update(
                int(ack_id.removeprefix(POST_PREFIX))
                for ack_id, _ in broker.dequeue() or []
                if str(ack_id).startswith(POST_PREFIX)
            )
    InboundMessage.objects.filter(id__in=ids).update(status=InboundMessage.Status.IGNORED)
    return len(ctx.captured_queries) / posts


def unit_costs(*, meeting_id: int, payload: bytes, repeat: int = 300) -> dict:
    """Return the ms of the pipeline's unavoidable units, each alone, to set beside the floor.

    One SELECT of a meeting by key through the ORM and through a raw cursor (the
    pipeline runs about twenty statements per message); anymail reading the ESP's
    JSON and MIME into a message and turning it back into the bytes that are stored
    (the webhook); the job reading those bytes (mailbridge.reading).
    """
    import json

    from anymail.inbound import AnymailInboundMessage
    from django.conf import settings
    from django.db import connection

    from mailbridge.reading import read_message
    from negotiation.models import Meeting

    hub_id, session_id = Meeting.objects.values_list("hub_id", "session_id").get(pk=meeting_id)
    raw = json.loads(payload)["RawEmail"]

    def orm() -> None:
        # Sliced, not first(): first() adds ORDER BY id, which the raw statement lacks.
        list(Meeting.objects.filter(hub_id=hub_id, session_id=session_id)[:1])

    def sql() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT * FROM {Meeting._meta.db_table} WHERE hub_id = %s AND session_id = %s",
                [hub_id, session_id],
            )
            cursor.fetchone()

    def esp_parse() -> None:
        AnymailInboundMessage.parse_raw_mime(raw).as_bytes()

    def job_read() -> None:
        read_message(
            raw.encode(),
            max_subject=settings.AIMP_MAX_SUBJECT_CHARS,
            max_body=settings.AIMP_MAX_BODY_CHARS,
        )

    out = {}
    for name, call in (
        ("orm_select_ms", orm),
        ("raw_select_ms", sql),
        ("esp_parse_ms", esp_parse),
        ("job_read_ms", job_read),
    ):
        call()
        started = time.perf_counter()
        for _ in range(repeat):
            call()
        out[name] = (time.perf_counter() - started) / repeat * 1000
    return out
