"""Flat with size: per-message cost and query count with a small and a large database.

The same process measures the same kind of messages (every participant of a
meeting answering "A and 1") first with `small` meetings in the database, then
after bulk-creating up to `large` meetings across `hubs` hubs. Both databases
are built by the same bulk fixtures and ANALYZEd, as a running system would be.
"""

import random

from django.db import connection

from bench import drive
from bench.fixtures import fixtures_build, invitations
from bench.stats import ratio

WARM, COUNTED = 3, 3


def _analyze() -> None:
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def _measure(meeting_ids: list[int], messages: int) -> dict:
    need = max(1, -(-messages // 3))
    warm_ids = meeting_ids[:WARM]
    counted_ids = meeting_ids[WARM : WARM + COUNTED]
    timed_ids = meeting_ids[WARM + COUNTED : WARM + COUNTED + need]
    drive.pipeline_drive(drive.replies_for(invitations(meeting_ids=warm_ids)))
    queries = drive.pipeline_queries(drive.replies_for(invitations(meeting_ids=counted_ids)))
    timed = drive.replies_for(invitations(meeting_ids=timed_ids))
    seconds = drive.pipeline_drive(timed)
    from negotiation.models import Meeting

    confirmed = Meeting.objects.filter(id__in=timed_ids, status="confirmed").count()
    return {
        "messages": len(timed),
        "ms_per_message": 1000 * seconds / len(timed),
        "queries_per_message": round(queries, 2),
        "confirmed": f"{confirmed}/{len(timed_ids)}",
    }


def flat_measure(*, small: int, large: int, hubs: int, messages: int) -> dict:
    """Return ms and queries per message at both sizes and the large/small cost ratio."""
    from hubs.models import Hub
    from negotiation.models import Meeting

    small_hubs = max(1, min(10, hubs))
    fixtures_build(hubs=small_hubs, meetings=small, tag="s")
    _analyze()
    small_ids = list(Meeting.objects.order_by("id").values_list("id", flat=True))
    random.Random(1).shuffle(small_ids)
    small_result = _measure(small_ids, messages)
    small_result["size"] = f"{Meeting.objects.count():,} / {Hub.objects.count():,}"

    fixtures_build(hubs=hubs - small_hubs, meetings=large - small, tag="l")
    _analyze()
    fresh = list(
        Meeting.objects.filter(status="negotiating")
        .exclude(id__in=small_ids)
        .values_list("id", flat=True)
    )
    picked = random.Random(2).sample(fresh, min(len(fresh), WARM + COUNTED + messages))
    large_result = _measure(picked, messages)
    large_result["size"] = f"{Meeting.objects.count():,} / {Hub.objects.count():,}"
    result = {
        "small": small_result,
        "large": large_result,
        "ratio": ratio(large_result["ms_per_message"], small_result["ms_per_message"]),
        "queries": f"{small_result['queries_per_message']:g} / "
        f"{large_result['queries_per_message']:g}",
    }
    if small_result["queries_per_message"] != large_result["queries_per_message"]:
        result["warning"] = "queries per message differ between the sizes"
    return result
