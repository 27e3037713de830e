"""The blind request corpus: requests written from a brief, read as production reads them.

A case is wrong (the one failure that must never happen) when the reading invites
someone the request did not name, or offers a window on a day or at a time of day
outside what was asked. It is exact when, besides, the people, topic, days, start
times and length are what the writer labelled. A case labelled unclear is exact when the
hub asks the organiser back (an unclear reading, something missing, or a person it does
not know), since production then offers no one anything.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, time
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import yaml

from mailbridge.reading import read_message
from mailbridge.testing import build_email
from negotiation.handlers.commands import request_text, telling_subject
from negotiation.understanding.rules import understand_request
from negotiation.understanding.types import Unclear
from tests.corpus.corpus_loader import load_requests

HERE = Path(__file__).parent / "blind"
CTX, _ = load_requests()  # the same hub, members and moment as the team's corpus


@dataclass
class RequestReport:
    exact: Counter = field(default_factory=Counter)
    unclear: Counter = field(default_factory=Counter)
    partial: Counter = field(default_factory=Counter)
    wrong: Counter = field(default_factory=Counter)
    wrong_cases: list[str] = field(default_factory=list)
    partial_cases: list[str] = field(default_factory=list)
    unclear_cases: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        kinds = sorted(set(self.exact) | set(self.unclear) | set(self.partial) | set(self.wrong))
        rows = [
            f"{'kind':<16} {'cases':>5} {'exact':>6} {'partial':>8} {'unclear':>8} {'wrong':>6}"
        ]
        for kind in [*kinds, "all"]:
            counts = [
                sum(c.values()) if kind == "all" else c[kind]
                for c in (self.exact, self.partial, self.unclear, self.wrong)
            ]
            n = sum(counts)
            e, p, u, w = counts
            rows.append(f"{kind:<16} {n:>5} {e / n:>6.1%} {p / n:>8.1%} {u / n:>8.1%} {w:>6}")
        return rows


def blind_requests() -> list[dict]:
    """The cases of tests/corpus/blind/requests.yaml."""
    return yaml.safe_load((HERE / "requests.yaml").read_text(encoding="utf-8"))["cases"]


def _read(case: dict):
    raw = build_email(
        from_=f"{CTX.sender_name} <{CTX.sender_email}>",
        to="hub@family.example",
        subject=case.get("subject") or "Meeting",
        body=case["text"],
    )
    mail = read_message(raw, max_subject=500, max_body=20_000)
    incoming = SimpleNamespace(subject=mail.subject, text=mail.reply_text)
    # As production (commands._request): the whole body, quotes included, for topic and names.
    result = understand_request(request_text(incoming), CTX, whole=mail.text)
    return result, telling_subject(incoming)


def _ranges(case: dict) -> list[tuple[time, time]]:
    out = []
    for text in case.get("times") or []:
        start, end = text.split("-")
        out.append((time.fromisoformat(start), time.fromisoformat(end)))
    return out


def _outside(case: dict, result) -> list[str]:
    """Windows on a day, or at a time of day, the request did not ask for."""
    zone = ZoneInfo(CTX.sender_tz)
    days = {date.fromisoformat(str(d)) for d in case.get("days") or []}
    ranges = _ranges(case)
    starts = {time.fromisoformat(s) for s in case.get("starts") or []}
    bad = []
    for window in result.windows:
        start, end = window.start.astimezone(zone), window.end.astimezone(zone)
        label = f"{start:%a %d %H:%M}-{end:%H:%M}"
        if days and start.date() not in days:
            bad.append(f"day {label}")
        elif ranges and not any(a <= start.time() and end.time() <= b for a, b in ranges):
            if not (end.time() == time(0) and any(b == time(0) for _, b in ranges)):
                bad.append(f"time {label}")
        elif starts and not any(start.time() <= s < end.time() for s in starts):
            bad.append(f"start {label}")
    return bad


def _people(result) -> set[str]:
    return {(p.email or "?" + p.name) + ("*" if p.optional else "") for p in result.participants}


def run_requests(cases: list[dict]) -> RequestReport:
    """Read every case; count exact, partial, unclear and wrong per kind."""
    report = RequestReport()
    for n, case in enumerate(cases, start=1):
        kind = case.get("kind", "?")
        result, subject = _read(case)
        where = f"requests.yaml case {n} [{kind}] {case['text'][:90]!r}"
        expect_unclear = bool(case.get("unclear"))
        if isinstance(result, Unclear):
            (report.exact if expect_unclear else report.unclear)[kind] += 1
            if not expect_unclear:
                report.unclear_cases.append(f"{where}: {result.reason}")
            continue
        people = _people(result)
        # As production does (meeting_request_apply): a telling subject is the topic when the
        # text names none, so the hub does not ask for one.
        missing = set(result.missing) - ({"topic"} if subject else set())
        if expect_unclear and (missing or any(p.startswith("?") for p in people)):
            # The hub asks the organiser for what is missing and offers nobody anything:
            # production treats an unclear reading the same way (it asks for all three).
            report.exact[kind] += 1
            continue
        expected = set(case.get("participants") or [])
        invented = {p.rstrip("*") for p in people} - {p.rstrip("*") for p in expected}
        invented = {p for p in invented if not p.startswith("?")}
        outside = _outside(case, result)
        if invented or outside:
            report.wrong[kind] += 1
            report.wrong_cases.append(f"{where}: invented {sorted(invented)} {outside}")
            continue
        topic = (result.topic or subject or "").lower()
        problems = []
        if expect_unclear:
            problems.append("should ask")
        if people != expected:
            problems.append(f"people {sorted(people)}")
        if case.get("topic") and str(case["topic"]).lower() not in topic:
            problems.append(f"topic {topic!r}")
        days = {date.fromisoformat(str(d)) for d in case.get("days") or []}
        got_days = {w.start.astimezone(ZoneInfo(CTX.sender_tz)).date() for w in result.windows}
        if days and got_days != days:
            problems.append(f"days {sorted(str(d) for d in got_days)}")
        wanted = [str(place).lower() for place in case.get("locations") or []]
        got = [place.lower() for place in result.locations]
        if wanted and not all(any(w in g or g in w for g in got) for w in wanted):
            problems.append(f"places {result.locations}")
        if case.get("duration") and result.duration_minutes != case["duration"]:
            problems.append(f"duration {result.duration_minutes}")
        if set(case.get("missing") or []) != missing:
            problems.append(f"missing {sorted(missing)}")
        if problems:
            report.partial[kind] += 1
            report.partial_cases.append(f"{where}: {'; '.join(problems)}")
        else:
            report.exact[kind] += 1
    return report
