"""django-q2's ORM broker that also takes the posts and mails waiting in their tables.

Issue 19: with the ORM broker every webhook post cost a second INSERT (its job row in
`django_q_ormq`), every batch of queued mail another, and every job five statements
more to hand it to a worker and acknowledge it, although the stored rows already
say all a job would: a post `posted`, a mail `queued`, nothing attempted or the
next attempt due. Here the cluster's pusher claims such rows itself, a batch at a
time, and hands them to workers as the same `process_inbound` and
`send_outbound_many` tasks; the webhook stores its row and answers, and a
confirmation writes its mails and no job.

The claim is the row's `next_attempt_at`, set to now + django-q2's `retry` (which
exceeds the task timeout, as for its own job rows): a claimed row is not handed out
again while its worker may still be on it, and a row whose worker was killed is
claimed again when that time passes, as django-q2 re-delivers its own unacknowledged
job rows. The claim is conditional on what was seen, so of two clusters only one
takes a row; and the jobs' own claims (the post's row lock and status, the mail's
status transition to `sending`) make a second hand-out harmless anyway: the sweeper
may queue an overdue row as a job too. Acknowledging such a task deletes nothing:
the row's status is its acknowledgement.

Other jobs (schedules, the sweeper's, a retry's) stay rows of django-q2's queue
table, taken as its ORM broker takes them. Redis deployments keep their jobs in
Redis: there a job is no SQL statement, and waking a worker at once is what Redis
is for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from time import sleep

from django.db import connections
from django.utils import timezone
from django_q.brokers.orm import ORM
from django_q.conf import Conf
from django_q.humanhash import uuid
from django_q.signing import SignedPackage

# Ack ids of the tasks made from rows; django-q2's own are its queue rows' integer keys.
POST_PREFIX, SEND_PREFIX = "post:", "send:"
# Mails claimed per turn: a send is cheaper than a job, and a confirmation's mails
# (one per participant) go out over one connection (as mailbridge.sweeper's batches).
MAILS_PER_TURN = 25


@dataclass(frozen=True)
class Claimed:
    """Rows one turn claimed: posts as (id, received_at), mails as (id, hub_id, created_at)."""

    posts: list[tuple[int, datetime]]
    mails: list[tuple[int, int, datetime]]
    # Whether django-q2's queue table holds a job to take (asked with the same read).
    jobs_waiting: bool = False


class PostsAndJobs(ORM):
    """django-q2's ORM broker; its dequeue also claims the posts and mails waiting."""

    def dequeue(self):
        now = timezone.now()
        # A worker's worth of posts per turn (django-q2 takes BULK jobs, 1 by default):
        # under load a claim per post would be the pusher's bottleneck.
        claimed = rows_claim(
            now=now,
            until=now + timedelta(seconds=Conf.RETRY),
            posts=max(Conf.BULK, Conf.WORKERS),
            mails=MAILS_PER_TURN,
            jobs_key=self.list_key,
            using=Conf.ORM,
        )
        # django-q2's own dequeue, only once this turn's read saw a job waiting (it
        # sleeps only if another cluster took that job meanwhile).
        jobs = (super().dequeue() or []) if claimed.jobs_waiting else []
        tasks = jobs + _post_tasks(claimed.posts) + _send_tasks(claimed.mails)
        if not tasks:
            # As django-q2's ORM broker: an empty queue spares the CPU.
            sleep(Conf.POLL)
            return None
        return tasks

    def queue_size(self) -> int:
        # What `qinfo` and `qmonitor` show as queued: the rows waiting count too.
        return super().queue_size() + rows_waiting(now=timezone.now(), using=Conf.ORM)

    def acknowledge(self, task_id):
        if not _from_rows(task_id):
            super().acknowledge(task_id)

    def fail(self, task_id):
        if not _from_rows(task_id):
            super().fail(task_id)

    def delete(self, task_id):
        if not _from_rows(task_id):
            super().delete(task_id)


def _from_rows(task_id) -> bool:
    return isinstance(task_id, str) and task_id.startswith((POST_PREFIX, SEND_PREFIX))


def _post_tasks(posts: list[tuple[int, datetime]]) -> list[tuple[str, bytes]]:
    return [
        (
            f"{POST_PREFIX}{inbound_id}",
            _package(
                "mailbridge.tasks.process_inbound", inbound_id, "mailbridge-inbound", received
            ),
        )
        for inbound_id, received in posts
    ]


def _send_tasks(mails: list[tuple[int, int, datetime]]) -> list[tuple[str, bytes]]:
    # One task per hub, as mail queued together was one job: one connection per hub.
    by_hub: dict[int, list[tuple[int, datetime]]] = {}
    for outbound_id, hub_id, created in mails:
        by_hub.setdefault(hub_id, []).append((outbound_id, created))
    tasks = []
    for rows in by_hub.values():
        ids = [outbound_id for outbound_id, _ in rows]
        first = min(created for _, created in rows)
        package = _package("mailbridge.tasks.send_outbound_many", ids, "mailbridge-send", first)
        tasks.append((f"{SEND_PREFIX}{ids[0]}", package))
    return tasks


def _package(func: str, arg, group: str, queued_at: datetime) -> bytes:
    """The signed package async_task would have queued, marked as claimed by the broker."""
    tag = uuid()
    task = {
        "id": tag[1],
        "name": tag[0],
        "func": func,
        "args": (arg,),
        "kwargs": {"claimed": True},
        "group": group,
        # When the row was stored: django-q2's task log then shows its wait too.
        "started": queued_at,
    }
    if Conf.ACK_FAILURES:
        task["ack_failure"] = True
    return SignedPackage.dumps(task)


def rows_claim(
    *,
    now: datetime,
    until: datetime,
    posts: int,
    mails: int,
    jobs_key: str | None = None,
    using: str = "default",
) -> Claimed:
    """Claim up to `posts` waiting posts and `mails` queued mails until `until`.

    With `jobs_key`, the same read also asks whether django-q2's queue holds a job
    of that cluster to take: an idle turn is one statement, as django-q2's own.
    """
    from django_q.models import OrmQ

    from mailbridge.models import InboundMessage, OutboundMessage

    connection = connections[using]
    ops = connection.ops
    inbound, outbound = InboundMessage._meta.db_table, OutboundMessage._meta.db_table
    # Statuses as literals, not parameters, so both databases read the waiting rows
    # from their status indexes; unordered in SQL for the same reason (an ORDER BY id
    # LIMIT walks the table in id order on SQLite, see mailbridge.sweeper).
    waiting = "(next_attempt_at IS NULL OR next_attempt_at <= %s)"
    post_due = f"status = '{InboundMessage.Status.POSTED}' AND {waiting}"
    mail_due = f"status = '{OutboundMessage.Status.QUEUED}' AND {waiting}"
    now_db, until_db = ops.adapt_datetimefield_value(now), ops.adapt_datetimefield_value(until)
    sql = (
        f"SELECT * FROM (SELECT 1, id FROM {inbound} WHERE {post_due} LIMIT %s) AS p "
        f"UNION ALL SELECT * FROM (SELECT 2, id FROM {outbound} WHERE {mail_due} LIMIT %s) AS o"
    )
    params = [now_db, posts, now_db, mails]
    if jobs_key is not None:
        sql += (
            f" UNION ALL SELECT * FROM (SELECT 0, id FROM {OrmQ._meta.db_table} "
            f"WHERE {connection.ops.quote_name('key')} = %s AND lock < %s LIMIT 1) AS j"
        )
        params += [jobs_key, now_db]
    with connection.cursor() as cursor:
        # An idle turn is this one read: no write lock taken (SQLite), nothing changed.
        cursor.execute(sql, params)
        seen: dict[int, list[int]] = {0: [], 1: [], 2: []}
        for kind, row_id in cursor.fetchall():
            seen[kind].append(row_id)
        post_rows = _claim(cursor, inbound, post_due, seen[1], until_db, now_db, "received_at")
        mail_rows = _claim(
            cursor, outbound, mail_due, seen[2], until_db, now_db, "hub_id, created_at"
        )
    received = InboundMessage._meta.get_field("received_at")
    created = OutboundMessage._meta.get_field("created_at")
    return Claimed(
        posts=sorted((i, _as_orm(at, received, connection)) for i, at in post_rows),
        mails=sorted((i, hub, _as_orm(at, created, connection)) for i, hub, at in mail_rows),
        jobs_waiting=bool(seen[0]),
    )


def rows_waiting(*, now: datetime, using: str = "default") -> int:
    """How many posts and queued mails a turn could claim at `now`."""
    from django.db.models import Q

    from mailbridge.models import InboundMessage, OutboundMessage

    due = Q(next_attempt_at=None) | Q(next_attempt_at__lte=now)
    posts = InboundMessage.objects.using(using).filter(due, status=InboundMessage.Status.POSTED)
    mails = OutboundMessage.objects.using(using).filter(due, status=OutboundMessage.Status.QUEUED)
    return posts.count() + mails.count()


def _claim(cursor, table: str, due: str, ids: Sequence[int], until, now, returning: str) -> list:
    # The UPDATE repeats the condition: a row another cluster took meanwhile is left.
    if not ids:
        return []
    marks = ", ".join(["%s"] * len(ids))
    cursor.execute(
        f"UPDATE {table} SET next_attempt_at = %s WHERE id IN ({marks}) AND {due} "
        f"RETURNING id, {returning}",
        [until, *ids, now],
    )
    return cursor.fetchall()


def _as_orm(value, field, connection) -> datetime:
    """A raw datetime column as the ORM reads it (SQLite gives text)."""
    column = field.get_col(field.model._meta.db_table)
    for convert in (
        *connection.ops.get_db_converters(column),
        *field.get_db_converters(connection),
    ):
        value = convert(value, column, connection)
    return value
