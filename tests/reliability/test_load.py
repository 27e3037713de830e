"""Load: concurrent clients post replies (a tenth duplicates) to a real server and cluster.

The issue's size by default: 50 clients post 5,000 messages for 200 meetings across
20 hubs, on the Redis broker (the scale path). RELIABILITY_MESSAGES, _MEETINGS, _HUBS
and _CLIENTS shrink or grow it. The same run, smaller (RELIABILITY_ORM_*), goes
through the ORM broker too, where the webhook queues no job and the cluster claims
the stored posts itself (mailbridge/queue_broker.py).
"""

import time

import pytest

from bench.mailbox import MailboxWatcher
from tests.reliability.audit import audit, wait_quiet
from tests.reliability.figures import figures_record
from tests.reliability.product import post_all, scale
from tests.reliability.world import world_build

pytestmark = pytest.mark.reliability


# RELIABILITY_<NAME> and its default, per broker: the size on Redis, smaller
# on the ORM broker.
SIZES = {
    "redis": {
        "hubs": ("hubs", 20),
        "meetings": ("meetings", 200),
        "messages": ("messages", 5000),
        "clients": ("clients", 50),
    },
    "orm": {
        "hubs": ("orm_hubs", 8),
        "meetings": ("orm_meetings", 80),
        "messages": ("orm_messages", 2000),
        "clients": ("orm_clients", 20),
    },
}
LABELS = {"redis": "load", "orm": "load, ORM broker"}


@pytest.mark.parametrize("product", ["redis", "orm"], indirect=True)
def test_concurrent_replies_are_processed_once_and_mailed_once(product, capsys):
    size = {key: scale(name, default) for key, (name, default) in SIZES[product.broker].items()}
    hubs, meetings, clients = size["hubs"], size["meetings"], size["clients"]
    label = LABELS[product.broker]
    world = world_build(hubs=hubs, meetings=meetings, messages=size["messages"], seed=1)
    from mailbridge.schedules import schedules_ensure

    schedules_ensure()
    watcher, mails = MailboxWatcher(product.mailbox), []
    product.start_web()
    product.start_cluster()
    started = time.monotonic()
    posting = post_all(product.webhook_url, world.payloads, clients=clients, seed=1)
    quiet = wait_quiet(watcher, mails, timeout=scale("timeout", 900))
    elapsed = time.monotonic() - started
    result = audit(mails, expected_sessions=world.sessions)
    with capsys.disabled():
        print(
            f"\n[reliability] {label}: {len(world.payloads)} messages ({world.duplicates} "
            f"duplicates) from {clients} clients for {meetings} meetings across {hubs} hubs; "
            f"posted in {posting.seconds:.1f} s, all done in {elapsed:.1f} s; client retries "
            f"{posting.retried}; {result.line()}"
        )
    figures_record(
        test=label,
        messages=len(world.payloads),
        duplicates=world.duplicates,
        lost=result.lost,
        sent_twice=result.purposes_sent_twice,
        resent_same_id=result.resent_same_message_id,
        seconds=elapsed,
    )
    assert posting.refused == [], f"webhook refused POSTs: {posting.refused}"
    assert quiet, "work still open when the time ran out\n" + product.log_tail()
    assert result.inbound_rows == world.unique
    assert result.inbound_status == {"done": world.unique}
    assert result.meetings_status == {"confirmed": meetings}
    assert result.outbound_kinds == {"meeting:confirmation": world.participants}
    assert result.outbound_status == {"sent": world.participants}
    assert result.mails_written == world.participants
    assert result.distinct_message_ids == result.mails_written
    assert result.purposes_sent_twice == 0
    assert result.lost == 0
