"""Putting work on the django-q2 queue: one broker per process, jobs that commit with their rows."""

import functools
import logging
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, transaction

logger = logging.getLogger(__name__)

_BROKERS: dict[tuple, Any] = {}
# The ORM deployments' broker (settings): it takes waiting posts and mails from their tables.
POSTS_BROKER = "mailbridge.queue_broker.PostsAndJobs"


def _broker():
    """Return this process's django-q2 broker for the current configuration."""
    # async_task without a broker builds a new one per job, and for Redis that is a new
    # client with its own connection pool: one TCP connection per queued job.
    from django_q.brokers import get_broker
    from django_q.conf import Conf

    key = (Conf.CLUSTER_NAME, Conf.ORM, repr(Conf.REDIS))
    broker = _BROKERS.get(key)
    if broker is None:
        broker = _BROKERS[key] = _for_enqueuing(get_broker())
    return broker


def _for_enqueuing(broker):
    from django_q.brokers.orm import ORM

    if not isinstance(broker, ORM):
        return broker
    return _orm_on_callers_connection()(list_key=broker.list_key)


@functools.cache
def _orm_on_callers_connection() -> type:
    from django.utils import timezone
    from django_q.brokers.orm import ORM
    from django_q.conf import Conf
    from django_q.models import OrmQ

    from mailbridge.row_insert import row_insert

    class ORMOnCallersConnection(ORM):
        """django-q2's ORM broker, queuing on the caller's connection as it is.

        Outside a transaction the ORM broker first closes "old" connections, and with
        CONN_MAX_AGE=0 (SQLite's default) every connection is old: each queued job
        reopened the database, or cost a transaction of its own to avoid that. Here
        the connection is the request's or the job's, which Django or the cluster
        already keep fresh; the cluster's own broker is django-q2's, unchanged.
        """

        @staticmethod
        def get_connection(list_key: str | None = None):
            return OrmQ.objects.using(Conf.ORM)

        def enqueue(self, task) -> int:
            # As ORM.enqueue, with its INSERT written once per process (mailbridge.row_insert).
            row = OrmQ(key=self.list_key or Conf.CLUSTER_NAME, payload=task, lock=timezone.now())
            return row_insert(row, using=Conf.ORM).pk

    return ORMOnCallersConnection


def job_enqueue(func: str, arg: int | list[int], *, group: str) -> None:
    """Put one job on the django-q2 queue."""
    from django_q.tasks import async_task

    async_task(func, arg, group=group, broker=_broker())


def queue_in_database() -> bool:
    """True when jobs are rows of the default database (django-q2's ORM broker)."""
    from django_q.conf import Conf

    return Conf.ORM == DEFAULT_DB_ALIAS and not Conf.SYNC


def rows_claimed_by_broker() -> bool:
    """True when the cluster's broker takes waiting posts and queued mail from their tables."""
    from django_q.conf import Conf

    return Conf.BROKER_CLASS == POSTS_BROKER and not Conf.SYNC


def job_enqueue_with_commit(func: str, arg: int | list[int], *, group: str) -> None:
    """Queue a job that must see the caller's writes once they are committed."""
    if queue_in_database() and connection.in_atomic_block:
        # The ORM broker's queue is a table of the same database: the job row commits
        # with the work it is about, or neither does (no window where a crash leaves
        # work without its job), and no transaction of its own is paid per job.
        from django_q.tasks import async_task

        async_task(func, arg, group=group, broker=_broker())
        return
    transaction.on_commit(lambda: _enqueue_logged(func, arg, group=group))


def job_enqueue_after_commit_nowait(func: str, arg: int, *, group: str) -> None:
    """As job_enqueue_with_commit, for a wake-up the sweeper backs: the caller never waits.

    With the Redis broker the push runs on the doorbell thread (mailbridge.doorbell);
    with the ORM broker, or in sync mode, it is job_enqueue_with_commit.
    """
    from django_q.conf import Conf

    if queue_in_database() or Conf.SYNC:
        job_enqueue_with_commit(func, arg, group=group)
        return
    from mailbridge.doorbell import ring_later

    transaction.on_commit(lambda: ring_later(lambda: _enqueue_logged(func, arg, group=group)))


def _enqueue_logged(func: str, arg: int | list[int], *, group: str) -> None:
    try:
        job_enqueue(func, arg, group=group)
    except Exception:
        logger.exception("could not enqueue %s(%s); the sweeper will", func, arg)


def enqueue_send(outbound_id: int) -> None:
    """Hand one outbound row to the job queue (the sweeper catches a failure here)."""
    try:
        job_enqueue("mailbridge.tasks.send_outbound", outbound_id, group="mailbridge-send")
    except Exception:
        logger.exception("could not enqueue outbound %s; the sweeper will", outbound_id)
