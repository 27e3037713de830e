"""CPU of one reply job's read of a wide meeting: its people, options and votes.

The reliability load's meetings have 22 participants or more (tests/reliability/world.py),
and every reply's job reads all of them (negotiation.services.state_read). This builds
one such meeting on a fresh database, lets all but three of its people answer, and
times `people_options_votes` with `time.process_time` (this process only: on
PostgreSQL the server's work is not counted), best of 5 passes of 300 reads.

    .venv/bin/python -m bench.wide_read sqlite      # or postgres
"""

import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace


def wide_read_measure(*, db: str, reads: int = 300, passes: int = 5) -> dict:
    """Return the meeting's size and the best per-read CPU milliseconds."""
    from bench import run_one

    run_one._prepare(db, "orm", Path(tempfile.mkdtemp(prefix="aimp-wide-read-")))
    from bench.drive import webhook_post_all
    from mailbridge.models import InboundMessage
    from mailbridge.tasks import process_inbound
    from negotiation.models import Meeting
    from negotiation.services.state_read import people_options_votes
    from tests.reliability.world import world_build

    world = world_build(hubs=1, meetings=1, messages=26, seed=1)
    webhook_post_all([SimpleNamespace(payload=p) for p in world.payloads[:-3]])
    for inbound_id in InboundMessage.objects.order_by("id").values_list("id", flat=True):
        process_inbound(inbound_id)
    meeting = Meeting.objects.select_related("hub").get()
    people, options, votes = people_options_votes(meeting)
    best = float("inf")
    for _ in range(passes):
        started = time.process_time()
        for _ in range(reads):
            people_options_votes(meeting)
        best = min(best, (time.process_time() - started) / reads * 1000)
    return {
        "people": len(people),
        "options": sum(len(o) for o in options.values()),
        "votes": sum(len(v) for v in votes.values()),
        "ms_per_read": round(best, 3),
    }


if __name__ == "__main__":
    print(wide_read_measure(db=sys.argv[1] if len(sys.argv) > 1 else "sqlite"))
