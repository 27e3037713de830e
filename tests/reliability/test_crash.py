"""Crash: the worker cluster is SIGKILLed at random moments during a load run, and restarted.

The run is the load test's (5,000 messages for 200 meetings by default); the kills
fall at random points of its progress, so some hit the processing of replies and
some the sending of confirmations. Afterwards nothing is lost, nothing is sent
twice, nothing is stuck: what the kills left behind (rows received but never
processed, mails claimed but never marked sent, tasks the Redis broker lost with
the cluster) is finished by the sweeper.
"""

import os
import random
import threading
import time

import pytest
from django.db import close_old_connections, connections

from bench.mailbox import MailboxWatcher
from tests.reliability.audit import audit, wait_quiet
from tests.reliability.figures import figures_record, recovered_by
from tests.reliability.product import post_all, scale
from tests.reliability.world import world_build

pytestmark = pytest.mark.reliability


def _progress() -> int:
    """Return how much work is finished: replies processed plus mails sent."""
    from mailbridge.models import InboundMessage, OutboundMessage

    close_old_connections()
    done = InboundMessage.objects.filter(status="done").count()
    sent = OutboundMessage.objects.filter(status="sent").exclude(kind="meeting:invitation")
    return done + sent.count()


# RELIABILITY_<NAME> and its default, per broker: the size on Redis, smaller
# on the ORM broker, where posts a killed cluster had claimed wait for their claim to
# run out (django-q2's `retry`, shortened here: tests/reliability/product.py).
SIZES = {
    "redis": {
        "hubs": ("crash_hubs", 20),
        "meetings": ("crash_meetings", 200),
        "messages": ("crash_messages", 5000),
        "kills": ("kills", 6),
    },
    "orm": {
        "hubs": ("orm_hubs", 8),
        "meetings": ("orm_meetings", 80),
        "messages": ("orm_messages", 2000),
        "kills": ("orm_kills", 3),
    },
}
LABELS = {"redis": "crash", "orm": "crash, ORM broker"}


@pytest.mark.parametrize("product", ["redis", "orm"], indirect=True)
def test_killed_cluster_loses_nothing_and_sends_nothing_twice(product, capsys):
    size = {key: scale(name, default) for key, (name, default) in SIZES[product.broker].items()}
    hubs, meetings, kills_wanted = size["hubs"], size["meetings"], size["kills"]
    label = LABELS[product.broker]
    seed = int(os.environ.get("RELIABILITY_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    world = world_build(hubs=hubs, meetings=meetings, messages=size["messages"], seed=2)
    from mailbridge.schedules import schedules_ensure

    schedules_ensure()
    watcher, mails = MailboxWatcher(product.mailbox), []
    product.start_web()
    product.start_cluster()
    # Kill when a random share of the work (replies processed + mails sent) is done.
    work = world.unique + world.participants
    marks = sorted(int(work * rng.uniform(0.03, 0.95)) for _ in range(kills_wanted))
    kills: list[tuple[float, int]] = []
    started = time.monotonic()
    stop = threading.Event()
    sweeps: list[dict] = []

    def _kill_at_marks() -> None:
        last, since = -1, time.monotonic()
        while marks and not stop.is_set():
            done = _progress()
            if done != last:
                last, since = done, time.monotonic()
            elif time.monotonic() - since > 10 and product.queued_jobs() == 0:
                # Nothing moves and no job waits: the kills lost jobs that only the
                # sweeper finds (it runs every minute, waits two for a lost job); ask now.
                sweeps.append(product.sweep_as_if_later())
                since = time.monotonic()
            if done < marks[0]:
                time.sleep(0.2)
                continue
            marks.pop(0)
            product.kill_cluster()
            kills.append((round(time.monotonic() - started, 1), done))
            time.sleep(rng.uniform(0.0, 1.0))
            product.start_cluster()
            # Let the new cluster start working before the next kill can fall.
            time.sleep(rng.uniform(1.0, 4.0))
            since = time.monotonic()

    def killer() -> None:
        try:
            _kill_at_marks()
        finally:
            connections.close_all()  # this thread's connection, before the database goes

    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    posting = post_all(product.webhook_url, world.payloads, clients=scale("clients", 50), seed=2)
    thread.join(timeout=scale("timeout", 900))
    stop.set()
    quiet = wait_quiet(watcher, mails, timeout=300, stall=15)
    for _ in range(10):
        if quiet:
            break
        sweeps.append(product.sweep_as_if_later())
        quiet = wait_quiet(watcher, mails, timeout=300, stall=15)
    elapsed = time.monotonic() - started
    result = audit(mails, expected_sessions=world.sessions)
    with capsys.disabled():
        print(
            f"\n[reliability] {label} (seed {seed}): {len(world.payloads)} messages "
            f"({world.duplicates} duplicates) for {meetings} meetings across {hubs} hubs; "
            f"{len(kills)} kills at (s, work done of {work}) {kills}; sweeps {sweeps}; "
            f"done in {elapsed:.1f} s; client retries {posting.retried}; {result.line()}"
        )
    figures_record(
        test=label,
        messages=len(world.payloads),
        duplicates=world.duplicates,
        kills=len(kills),
        recovered=recovered_by(sweeps),
        lost=result.lost,
        sent_twice=result.purposes_sent_twice,
        resent_same_id=result.resent_same_message_id,
        seconds=elapsed,
    )
    assert len(kills) >= min(5, kills_wanted), "the run ended before the kills were made"
    assert posting.refused == [], f"webhook refused POSTs: {posting.refused}"
    assert quiet, "work still open after the sweeps\n" + product.log_tail()
    assert result.inbound_rows == world.unique
    assert result.inbound_status == {"done": world.unique}
    assert result.meetings_status == {"confirmed": meetings}
    assert result.outbound_kinds == {"meeting:confirmation": world.participants}
    assert result.outbound_status == {"sent": world.participants}
    assert result.lost == 0
    assert result.purposes_sent_twice == 0
    assert result.distinct_message_ids == world.participants
    # The one documented at-least-once edge (mailbridge/sweeper.py): a kill between the
    # backend accepting a mail and the row being marked sent re-sends it with the same
    # Message-ID, which mail clients collapse. At most one per worker per kill.
    assert result.resent_same_message_id <= product.workers * len(kills)
