"""Load: concurrent clients post replies (a tenth duplicates) to a real server and cluster.

Defaults fit CI on a 2-core machine in about a minute; the issue's full size is
RELIABILITY_HUBS=20 RELIABILITY_MEETINGS=200 with more replies per meeting than
this fixture has participants (see the closing note of the suite for what ran).
"""

import time

import pytest

from bench.fixtures import PARTICIPANTS
from bench.mailbox import MailboxWatcher
from tests.reliability.audit import audit, wait_quiet
from tests.reliability.product import load_payloads, post_all, scale

pytestmark = pytest.mark.reliability


def test_concurrent_replies_are_processed_once_and_mailed_once(product, capsys):
    hubs, meetings = scale("hubs", 20), scale("meetings", 200)
    clients = scale("clients", 50)
    payloads, duplicates, sessions = load_payloads(hubs=hubs, meetings=meetings, seed=1)
    unique = len(payloads) - duplicates
    from mailbridge.schedules import schedules_ensure

    schedules_ensure()
    watcher, mails = MailboxWatcher(product.mailbox), []
    product.start_web()
    product.start_cluster()
    started = time.monotonic()
    posting = post_all(product.webhook_url, payloads, clients=clients, seed=1)
    quiet = wait_quiet(watcher, mails, timeout=scale("timeout", 240))
    elapsed = time.monotonic() - started
    result = audit(mails, expected_sessions=sessions)
    with capsys.disabled():
        print(
            f"\n[reliability] load: {len(payloads)} messages ({duplicates} duplicates) from "
            f"{clients} clients for {meetings} meetings across {hubs} hubs; posted in "
            f"{posting.seconds:.1f} s, all done in {elapsed:.1f} s; client retries "
            f"{posting.retried}; {result.line()}"
        )
    assert posting.refused == [], f"webhook refused POSTs: {posting.refused}"
    assert quiet, "work still open when the time ran out\n" + product.log_tail()
    assert result.inbound_rows == unique
    assert result.inbound_status == {"done": unique}
    assert result.meetings_status == {"confirmed": meetings}
    assert result.outbound_kinds == {"meeting:confirmation": PARTICIPANTS * meetings}
    assert result.outbound_status == {"sent": PARTICIPANTS * meetings}
    assert result.mails_written == PARTICIPANTS * meetings
    assert result.distinct_message_ids == result.mails_written
    assert result.purposes_sent_twice == 0
    assert result.lost == 0
