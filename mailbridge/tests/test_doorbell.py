"""The webhook's wake-up for the Redis broker runs after the request, in order, never lost silently."""

import os
import threading

import pytest

from mailbridge import doorbell


def test_a_push_runs_on_the_doorbell_thread_and_the_caller_does_not_wait_for_it():
    release, ran = threading.Event(), []
    doorbell.ring_later(lambda: (release.wait(5), ran.append(threading.current_thread().name)))
    doorbell.ring_later(lambda: ran.append("second"))
    assert ran == []  # the first push is still waiting: ring_later returned at once
    release.set()
    assert doorbell.ring_wait()
    assert ran == ["aimp-doorbell", "second"]


def test_a_push_that_fails_is_logged_and_the_next_one_still_runs(monkeypatch):
    ran, logged = [], []
    monkeypatch.setattr(doorbell.logger, "exception", lambda message: logged.append(message))

    def broken():
        raise ConnectionError("redis is down")

    doorbell.ring_later(broken)
    doorbell.ring_later(lambda: ran.append("after"))
    assert doorbell.ring_wait()
    assert ran == ["after"]
    assert logged == ["a queued wake-up failed; the sweeper will re-queue its row"]


def test_a_forked_process_starts_its_own_thread(monkeypatch):
    doorbell.ring_later(lambda: None)
    first = doorbell._state["queue"]
    monkeypatch.setitem(doorbell._state, "pid", -1)  # as a child after fork() sees it
    ran = []
    doorbell.ring_later(lambda: ran.append(os.getpid()))
    assert doorbell._state["queue"] is not first and doorbell._state["pid"] == os.getpid()
    assert doorbell.ring_wait() and ran == [os.getpid()]


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (CI's second run)")
@pytest.mark.django_db(transaction=True)
def test_with_redis_a_stored_post_queues_its_job_after_the_commit(monkeypatch):
    from django_q.conf import Conf

    from mailbridge import jobs, posted

    monkeypatch.setattr(Conf, "SYNC", False)
    monkeypatch.setattr(Conf, "ORM", None)
    monkeypatch.setattr(Conf, "REDIS", os.environ["REDIS_URL"])
    monkeypatch.setattr(Conf, "CLUSTER_NAME", f"aimp-doorbell-{os.getpid()}")
    monkeypatch.setattr(Conf, "BROKER_CLASS", None)
    monkeypatch.setattr(jobs, "_BROKERS", {})
    row = posted.post_store(
        body=b'{"From": "b@example.com"}', content_type="application/json", source="postmark"
    )
    assert doorbell.ring_wait()
    [broker] = jobs._BROKERS.values()
    try:
        assert broker.queue_size() == 1
        task = broker.dequeue()[0][1]
        from django_q.signing import SignedPackage

        assert SignedPackage.loads(task)["args"] == (row.id,)
    finally:
        broker.purge_queue()
