"""Waking the worker cluster through Redis without making the request wait for Redis.

The ESP's webhook stores the post, commits and answers; the job that processes the row
is only a wake-up, since the row is the truth and the sweeper re-queues any row left
RECEIVED or POSTED (mailbridge.sweeper.LOST_JOB_AFTER). With the Redis broker that wake-up
was an RPUSH and its reply inside the request, a quarter of the webhook's time (issue
19's "webhook alone" target). Here it goes to one daemon thread per process, which pushes
in order; a push that fails is logged and left to the sweeper, as before.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Callable

logger = logging.getLogger(__name__)

Push = Callable[[], None]

_lock = threading.Lock()
_state: dict[str, object] = {"pid": None, "queue": None}


def ring_later(push: Push) -> None:
    """Run `push` on this process's doorbell thread, after the caller has moved on."""
    _started().put(push)


def ring_wait(timeout: float = 5.0) -> bool:
    """Wait until every push rung so far has run (for tests and orderly shutdowns)."""
    done = threading.Event()
    ring_later(done.set)
    return done.wait(timeout)


def _started() -> queue.SimpleQueue:
    # Per process: a thread started before a fork (gunicorn --preload) does not run in
    # the child, so the child starts its own.
    with _lock:
        if _state["pid"] != os.getpid() or _state["queue"] is None:
            pending: queue.SimpleQueue = queue.SimpleQueue()
            threading.Thread(
                target=_drain, args=(pending,), name="aimp-doorbell", daemon=True
            ).start()
            _state.update(pid=os.getpid(), queue=pending)
        return _state["queue"]  # type: ignore[return-value]


def _drain(pending: queue.SimpleQueue) -> None:
    while True:
        push = pending.get()
        try:
            push()
        except Exception:
            logger.exception("a queued wake-up failed; the sweeper will re-queue its row")
