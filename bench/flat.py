"""Flat with size: per-message cost and query count against a small and a large database.

Two databases are cloned from the same freshly migrated one, then filled by the
same bulk fixtures and ANALYZEd, as a running system would be: `small` meetings
across ten hubs, and `large` meetings across `hubs` hubs. The process keeps one
connection open to each and swaps which one is the `default` alias the product
uses, so the same code does the same work on both (every participant of a
meeting answering "A and 1") in rounds that alternate small and large (ABBA
order): a noisy neighbour on a shared machine weighs on both alike, and a
median over rounds ignores the rounds it hit hardest.

The reported ratio is the median over rounds of wall-clock ms per message on the
large database over the same median on the small one. CPU time of this process
(and of the PostgreSQL backend serving it, when /proc shows it) is recorded beside
it, to tell work that grew from time spent waiting.
"""

import math
import os
import random
import sqlite3
import statistics
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from django.db import DEFAULT_DB_ALIAS, connections
from django.test import override_settings

from bench import databases, drive
from bench.fixtures import PARTICIPANTS, fixtures_build, invitations
from bench.stats import ratio

WARM, COUNTED = 3, 3
ROUNDS = 20
SMALL_HUBS = 10
SIZES = ("small", "large")


def flat_order(rounds: int) -> list[tuple[str, str]]:
    """Return which size goes first in each round: small-large, large-small, and so on."""
    return [SIZES if i % 2 == 0 else SIZES[::-1] for i in range(rounds)]


def flat_meetings_per_round(*, messages: int, rounds: int = ROUNDS) -> int:
    """Return how many meetings each round replies to, so the rounds cover `messages`."""
    return max(1, math.ceil(messages / PARTICIPANTS / rounds))


def _median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def _ms(seconds: float | None, messages: int) -> float | None:
    return None if seconds is None else 1000 * seconds / messages


def flat_summary(samples: dict[str, dict]) -> dict:
    """Return the section's result from each size's rounds, queries and outcome.

    `samples[size]` holds `rounds` (each a dict of messages, wall, cpu and
    server_cpu seconds), `queries_per_message`, `confirmed`, `meetings`, `size`
    and `build_seconds`.
    """
    out: dict = {}
    for size in SIZES:
        s = samples[size]
        rounds = s["rounds"]
        wall = [_ms(r["wall"], r["messages"]) for r in rounds]
        cpu = [_ms(r["cpu"], r["messages"]) for r in rounds]
        server = [_ms(r.get("server_cpu"), r["messages"]) for r in rounds]
        out[size] = {
            "messages": sum(r["messages"] for r in rounds),
            "rounds": len(rounds),
            "ms_per_message": _median(wall),
            "cpu_ms_per_message": _median(cpu),
            "server_cpu_ms_per_message": _median(server),
            "rounds_ms_per_message": [round(v, 3) for v in wall],
            "rounds_cpu_ms_per_message": [round(v, 3) for v in cpu],
            "queries_per_message": round(s["queries_per_message"], 2),
            "confirmed": f"{s['confirmed']}/{s['meetings']}",
            "size": s["size"],
            "build_seconds": round(s["build_seconds"], 1),
        }
    small, large = out["small"], out["large"]
    out["ratio"] = ratio(large["ms_per_message"], small["ms_per_message"])
    out["cpu_ratio"] = ratio(large["cpu_ms_per_message"], small["cpu_ms_per_message"])
    out["round_ratios"] = [
        round(ratio(b, a), 3)
        for a, b in zip(small["rounds_ms_per_message"], large["rounds_ms_per_message"], strict=True)
    ]
    out["queries"] = f"{small['queries_per_message']:g} / {large['queries_per_message']:g}"
    out["cpu"] = " / ".join(_fmt_ms(out[size]["cpu_ms_per_message"]) for size in SIZES) + " ms"
    if small["server_cpu_ms_per_message"] is not None:
        out["server_cpu"] = (
            " / ".join(_fmt_ms(out[size]["server_cpu_ms_per_message"]) for size in SIZES) + " ms"
        )
    out["build"] = f"{small['build_seconds']:.0f} / {large['build_seconds']:.0f} s"
    warnings = []
    if small["queries_per_message"] != large["queries_per_message"]:
        warnings.append("queries per message differ between the sizes")
    for size in SIZES:
        if samples[size]["confirmed"] != samples[size]["meetings"]:
            warnings.append(f"not every timed meeting confirmed on the {size} database")
    if warnings:
        out["warning"] = "; ".join(warnings)
    return out


def _fmt_ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


@contextmanager
def _using(wrapper) -> Iterator[None]:
    """Make `wrapper` the product's default connection for the duration."""
    from hubs.address_cache import hub_addresses_forget

    # The two sizes number their hubs alike: what one database's hubs are is not the
    # other's (the product has one database per process).
    hub_addresses_forget()
    previous = connections[DEFAULT_DB_ALIAS]
    connections[DEFAULT_DB_ALIAS] = wrapper
    try:
        yield
    finally:
        hub_addresses_forget()
        connections[DEFAULT_DB_ALIAS] = previous


def _clone(source) -> str:
    """Copy the (freshly migrated, still empty) database behind `source`; return the copy's NAME."""
    source.close()
    name = source.settings_dict["NAME"]
    if source.vendor == "sqlite":
        path = Path(name)
        copy = path.with_name(f"{path.stem}-large{path.suffix}")
        for stale in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm")):
            stale.unlink(missing_ok=True)
        # The backup API copies a consistent image, WAL content included.
        with closing(sqlite3.connect(name)) as src, closing(sqlite3.connect(copy)) as dst:
            src.backup(dst)
        return str(copy)
    copy = f"{name}_large"
    with closing(_admin()) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{name}"')
    return copy


def _drop(wrapper) -> None:
    wrapper.close()
    name = wrapper.settings_dict["NAME"]
    if wrapper.vendor == "sqlite":
        for path in (Path(name), Path(f"{name}-wal"), Path(f"{name}-shm")):
            path.unlink(missing_ok=True)
        return
    with closing(_admin()) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _admin():
    import psycopg

    # libpq takes postgres:// URIs as they are.
    return psycopg.connect(databases.PG_ADMIN_URL, autocommit=True)


def _build(*, hubs: int, meetings: int, tag: str) -> float:
    """Fill the current default database and ANALYZE it; return the seconds it took."""
    from django.db import connection

    started = time.perf_counter()
    fixtures_build(hubs=hubs, meetings=meetings, tag=tag)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # What autovacuum would have done by now on a running system; left to it,
            # it would run during the rounds, on a machine with two cores.
            cursor.execute("VACUUM ANALYZE")
        else:
            cursor.execute("ANALYZE")
            # Rounds start with the build's pages in the database file, not the WAL.
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return time.perf_counter() - started


def _server_cpu() -> float | None:
    """Return the CPU seconds of the PostgreSQL backend serving this connection, if visible."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # a server on another machine: no figure, not an error
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _round(meeting_ids: list[int]) -> dict:
    """Reply to every participant of the meetings; return messages and seconds spent."""
    replies = drive.replies_for(invitations(meeting_ids=meeting_ids))
    server_before = _server_cpu()
    cpu_before = time.process_time()
    wall = drive.pipeline_drive(replies)
    cpu = time.process_time() - cpu_before
    server_after = _server_cpu()
    server = None
    if server_before is not None and server_after is not None:
        server = server_after - server_before
    return {"messages": len(replies), "wall": wall, "cpu": cpu, "server_cpu": server}


def flat_measure(*, small: int, large: int, hubs: int, messages: int) -> dict:
    """Return ms and queries per message at both sizes and the large/small cost ratio."""
    from hubs.models import Hub
    from negotiation.models import Meeting

    per_round = flat_meetings_per_round(messages=messages)
    needed = WARM + COUNTED + per_round * ROUNDS
    if needed > small:
        raise ValueError(f"{messages} messages need {needed} meetings; the small size is {small}")
    wrappers = {"small": connections[DEFAULT_DB_ALIAS]}
    large_name = _clone(wrappers["small"])
    large_settings = {**wrappers["small"].settings_dict, "NAME": large_name}
    wrappers["large"] = type(wrappers["small"])(large_settings, DEFAULT_DB_ALIAS)
    plan = {"small": (SMALL_HUBS, small, "s"), "large": (hubs, large, "l")}
    samples: dict[str, dict] = {}
    ids: dict[str, list[int]] = {}
    try:
        for size, (size_hubs, meetings, tag) in plan.items():
            with _using(wrappers[size]):
                samples[size] = {
                    "rounds": [],
                    "build_seconds": _build(hubs=size_hubs, meetings=meetings, tag=tag),
                    "size": f"{Meeting.objects.count():,} / {Hub.objects.count():,}",
                }
                all_ids = list(Meeting.objects.order_by("id").values_list("id", flat=True))
                ids[size] = random.Random(size).sample(all_ids, needed)
        # Warm-up and the query count come after both builds, right before the rounds.
        for size in SIZES:
            with _using(wrappers[size]):
                warm, counted = ids[size][:WARM], ids[size][WARM : WARM + COUNTED]
                drive.pipeline_drive(drive.replies_for(invitations(meeting_ids=warm)))
                # Counted with nothing remembered of the hubs: how often a hub's address
                # is met again depends on how many hubs there are, not on the database.
                with override_settings(AIMP_HUB_CACHE_SECONDS=0):
                    samples[size]["queries_per_message"] = drive.pipeline_queries(
                        drive.replies_for(invitations(meeting_ids=counted))
                    )
        for number, order in enumerate(flat_order(ROUNDS)):
            start = WARM + COUNTED + number * per_round
            for size in order:
                with _using(wrappers[size]):
                    samples[size]["rounds"].append(_round(ids[size][start : start + per_round]))
        for size in SIZES:
            with _using(wrappers[size]):
                timed = ids[size][WARM + COUNTED :]
                samples[size]["meetings"] = len(timed)
                samples[size]["confirmed"] = Meeting.objects.filter(
                    id__in=timed, status=Meeting.Status.CONFIRMED
                ).count()
    finally:
        _drop(wrappers["large"])
    return flat_summary(samples)
