"""Load: concurrent clients post replies (a tenth duplicates) to a real server and cluster.

The issue's size by default: 50 clients post 5,000 messages for 200 meetings across
20 hubs. RELIABILITY_MESSAGES, _MEETINGS, _HUBS and _CLIENTS shrink or grow it.
"""

import time

import pytest

from bench.mailbox import MailboxWatcher
from tests.reliability.audit import audit, wait_quiet
from tests.reliability.figures import figures_record
from tests.reliability.product import post_all, scale
from tests.reliability.world import world_build

pytestmark = pytest.mark.reliability


def test_concurrent_replies_are_processed_once_and_mailed_once(product, capsys):
    hubs, meetings = scale("hubs", 20), scale("meetings", 200)
    clients = scale("clients", 50)
    world = world_build(hubs=hubs, meetings=meetings, messages=scale("messages", 5000), seed=1)
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
            f"\n[reliability] load: {len(world.payloads)} messages ({world.duplicates} "
            f"duplicates) from {clients} clients for {meetings} meetings across {hubs} hubs; "
            f"posted in {posting.seconds:.1f} s, all done in {elapsed:.1f} s; client retries "
            f"{posting.retried}; {result.line()}"
        )
    figures_record(
        test="load",
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
