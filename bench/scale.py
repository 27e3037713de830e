"""Idle background cost and the operator's pages at 100,000 hubs (`scale` section).

*Idle CPU per minute*: the database holds `hubs` hubs, each with an IMAP mailbox
(next polls spread over `poll_minutes`) and a meeting (one in ten negotiating, its
window passed and handled). Every periodic job django-q2 would run in one minute is
run here in-process and timed with `time.process_time` (this process: Django and, on
SQLite, the database library; on a local PostgreSQL the backend's CPU is added from
/proc): django-q2's own scheduler pass (twice: the cluster's guard runs it about every
30 s), the mailbox poll job, the sweeper, and each other schedule weighted by how
often it runs (the window check every 5 minutes counts a fifth). No real IMAP server:
`mailbridge.imap._open` is a fake that answers "nothing new" and counts contacts.
Two minutes are measured: the first with no mailbox due, the second with the ones
whose time has come (hubs / poll_minutes of them).

*Operator changelists*: the same database plus `events` events and `mails` inbound
and outbound rows; the test Client logged in as a superuser GETs each changelist
once to warm up, then `PAGE_RUNS` times; the median wall ms is reported with the
number of SQL statements and whether any was a DISTINCT over hub ids.
"""

from __future__ import annotations

import statistics
import time
from datetime import timedelta

from bench.flat import _server_cpu
from bench.scale_fixtures import scale_fixtures_build

PAGE_RUNS = 5
PAGES = (
    ("hubs", "hub"),
    ("mailbridge", "inboundmessage"),
    ("mailbridge", "outboundmessage"),
    ("negotiation", "meeting"),
    ("negotiation", "event"),
)


class _SilentImap:
    """An IMAP server with nothing new: UIDVALIDITY as stored, no UIDs."""

    contacts = 0

    def __init__(self, mailbox):
        type(self).contacts += 1
        self.client = self
        self.folder = self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def set(self, folder):
        pass

    def status(self, folder, items):
        return {"UIDVALIDITY": 1}

    def uids(self, criteria, charset=None):
        return []


def _cpu() -> float:
    server = _server_cpu()
    return time.process_time() + (server or 0.0)


def _timed(fn) -> tuple[float, object]:
    started = _cpu()
    result = fn()
    return _cpu() - started, result


def _minute(now) -> dict:
    """Run one minute's worth of periodic jobs at `now`; return CPU seconds per job."""
    from django_q.brokers import get_broker
    from django_q.models import Schedule
    from django_q.scheduler import scheduler

    from mailbridge.polling import mailboxes_poll_due
    from mailbridge.schedules import POLL_NAME, SWEEPER_NAME
    from mailbridge.sweeper import mailbridge_sweep

    broker = get_broker()
    # Nothing in django-q2's table is due now: its pass only looks (as in a quiet minute).
    Schedule.objects.update(next_run=now + timedelta(hours=1))
    jobs: dict[str, float] = {}
    jobs["django-q2 scheduler (2 passes)"] = sum(_timed(lambda: scheduler(broker))[0] for _ in "ab")
    seconds, polled = _timed(lambda: mailboxes_poll_due(now=now))
    jobs[POLL_NAME] = seconds
    jobs[SWEEPER_NAME] = _timed(lambda: mailbridge_sweep(now=now))[0]
    for schedule in Schedule.objects.exclude(name__in=[POLL_NAME, SWEEPER_NAME]):
        per_minute = _runs_per_minute(schedule)
        if per_minute:
            jobs[schedule.name] = _timed(lambda s=schedule: _run(s.func))[0] * per_minute
    return {"jobs": {k: round(v, 4) for k, v in jobs.items()}, "polled": polled["polled"]}


def _runs_per_minute(schedule) -> float:
    from django_q.models import Schedule

    if schedule.schedule_type == Schedule.MINUTES:
        return 1 / max(1, schedule.minutes or 1)
    if schedule.schedule_type == Schedule.HOURLY:
        return 1 / 60
    if schedule.schedule_type == Schedule.DAILY:
        return 1 / 1440
    return 0.0


def _run(func: str):
    from importlib import import_module

    module, name = func.rsplit(".", 1)
    return getattr(import_module(module), name)()


def _idle(hubs: int, poll_minutes: int, start) -> dict:
    from mailbridge import imap

    real = imap._open
    imap._open = _SilentImap
    try:
        # The minute after `start`: no mailbox due. Then the minute after that: the
        # mailboxes whose first minute of the spread has come.
        quiet = _minute(start + timedelta(seconds=30))
        contacts_quiet = _SilentImap.contacts
        due = _minute(start + timedelta(seconds=120))
    finally:
        imap._open = real
    return {
        "hubs": hubs,
        "poll_minutes": poll_minutes,
        "quiet_minute": {**quiet, "cpu_s": round(sum(quiet["jobs"].values()), 3)},
        "contacted_when_none_due": contacts_quiet,
        "due_minute": {
            **due,
            "cpu_s": round(sum(due["jobs"].values()), 3),
            "contacted": _SilentImap.contacts - contacts_quiet,
        },
    }


def _pages() -> dict:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    user = get_user_model().objects.create_superuser("bench-operator", "op@bench.test", "x")
    client = Client()
    client.force_login(user)
    out = {}
    for app, model in PAGES:
        url = reverse(f"admin:{app}_{model}_changelist")
        sql: list[str] = []

        def record(execute, query, params, many, context, sql=sql):
            sql.append(query.upper())
            return execute(query, params, many, context)

        # Not CaptureQueriesContext: a request's start clears Django's query log.
        with connection.execute_wrapper(record):
            status = client.get(url).status_code
        times = []
        for _ in range(PAGE_RUNS):
            started = time.perf_counter()
            client.get(url)
            times.append(time.perf_counter() - started)
        out[f"{app}.{model}"] = {
            "status": status,
            "median_ms": round(statistics.median(times) * 1000, 1),
            "max_ms": round(max(times) * 1000, 1),
            "queries": len(sql),
            "distinct_hub": any("DISTINCT" in s and "HUB_ID" in s for s in sql),
        }
    return out


def scale_measure(*, hubs: int, events: int, mails: int, poll_minutes: int) -> dict:
    """Build the idle-hubs database, then measure idle CPU per minute and operator pages."""
    from django.db import connection

    started = time.perf_counter()
    start = scale_fixtures_build(hubs=hubs, events=events, mails=mails, poll_minutes=poll_minutes)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
    build_s = round(time.perf_counter() - started, 1)
    return {
        "build_s": build_s,
        "events": events,
        "mails": mails,
        "idle": _idle(hubs, poll_minutes, start),
        "pages": _pages(),
    }
