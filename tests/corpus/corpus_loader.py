"""Load the labelled corpora and compare the engine's answers with the labels."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import yaml

from negotiation.understanding.types import Answer, MeetingView, OptionView, Unclear

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Expectation:
    unclear: bool
    accepted: dict[str, frozenset[str]]
    rejected: dict[str, frozenset[str]]
    declined: bool
    proposals: frozenset[str]  # ISO starts without offset, or place names
    question: bool


_AFTER_PLACE = re.compile(r"\s+(?=-?(?:time|loc)=|prop=|(?:decline|question|unclear)\b)")


def parse_expectation(spec: str) -> Expectation:
    """Read the mini-language described at the top of replies.yaml."""
    accepted: dict[str, frozenset[str]] = {}
    rejected: dict[str, frozenset[str]] = {}
    proposals: set[str] = set()
    declined = question = unclear = False
    rest = spec
    if "place=" in rest:
        # The place's name may hold spaces; it ends where the next token of the language
        # begins ("place=Teams -loc=1" is Teams, and a no to place 1).
        before, _, after = rest.partition("place=")
        place, *tail = _AFTER_PLACE.split(after, maxsplit=1)
        rest = " ".join([before, *tail])
        proposals.add("place:" + place.strip())
    for token in rest.split():
        if token == "unclear":
            unclear = True
        elif token == "decline":
            declined = True
        elif token == "question":
            question = True
        elif token.startswith("prop="):
            proposals.add(token[5:])
        else:
            key, _, ids = token.partition("=")
            target = rejected if key.startswith("-") else accepted
            item = {"time": "time", "loc": "location"}[key.lstrip("-")]
            target[item] = frozenset(ids.split(","))
    return Expectation(unclear, accepted, rejected, declined, frozenset(proposals), question)


def build_view(raw: dict) -> MeetingView:
    tz = ZoneInfo(raw["reader_tz"])
    duration = timedelta(minutes=raw["duration"])
    options = []
    for oid, value in raw["time"].items():
        start = datetime.fromisoformat(value).replace(tzinfo=tz)
        options.append(OptionView(oid, "time", start.isoformat(), start, start + duration))
    for oid, value in raw["location"].items():
        options.append(OptionView(str(oid), "location", value))
    return MeetingView(
        topic="Corpus meeting",
        options=tuple(options),
        reader_tz=raw["reader_tz"],
        message_date=datetime.fromisoformat(raw["message_date"]),
        duration_minutes=raw["duration"],
    )


def load_replies() -> tuple[dict[str, MeetingView], list[tuple[str, str, str]]]:
    data = yaml.safe_load((HERE / "replies.yaml").read_text(encoding="utf-8"))
    views = {name: build_view(raw) for name, raw in data["views"].items()}
    return views, [tuple(case) for case in [*data["cases"], *_more_cases("replies.d")]]


def _more_cases(folder: str) -> list:
    """The cases of every YAML file in `folder`: one file per theme, beside the main corpus."""
    return [
        case
        for path in sorted((HERE / folder).glob("*.yaml"))
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
    ]


def answer_as_expectation(result: Answer | Unclear, tz: str) -> Expectation:
    if isinstance(result, Unclear):
        return Expectation(True, {}, {}, False, frozenset(), False)
    proposals = set()
    for p in result.proposals:
        if p.start is not None:
            proposals.add(p.start.astimezone(ZoneInfo(tz)).strftime("%Y-%m-%dT%H:%M"))
        else:
            proposals.add(f"place:{p.place}")
    return Expectation(
        False,
        {k: frozenset(v) for k, v in result.accepted.items() if v},
        {k: frozenset(v) for k, v in result.rejected.items() if v},
        result.declined,
        frozenset(proposals),
        result.question is not None,
    )


@dataclass(frozen=True)
class RequestExpectation:
    unclear: bool
    topic: str | None
    participants: frozenset[str]  # email, or "?name"; "*" suffix = optional
    windows: frozenset[str]  # "YYYY-MM-DD HH:MM-HH:MM"
    locations: tuple[str, ...]
    duration: int | None
    missing: frozenset[str]


def _expand_windows(raw: list[str], not_before: datetime) -> frozenset[str]:
    result = set()
    for entry in raw:
        if entry.startswith("week:"):
            monday = datetime.fromisoformat(entry[5:])
            for offset in range(5):
                day = monday + timedelta(days=offset)
                if day.date() >= not_before.date():
                    result.add(f"{day:%Y-%m-%d} 09:00-18:00")
        else:
            result.add(entry)
    return frozenset(result)


def load_requests():
    from negotiation.understanding.types import PersonRef, RequestContext

    data = yaml.safe_load((HERE / "requests.yaml").read_text(encoding="utf-8"))
    raw = data["context"]
    ctx = RequestContext(
        sender_email=raw["sender_email"],
        sender_name=raw["sender_name"],
        message_date=datetime.fromisoformat(raw["message_date"]),
        sender_tz=raw["sender_tz"],
        hub_tz=raw["hub_tz"],
        members=tuple(PersonRef(n, e, "member") for n, e in raw["members"]),
        contacts=tuple(PersonRef(n, e, "contact") for n, e in raw["contacts"]),
        default_duration_minutes=raw["default_duration_minutes"],
    )
    cases = []
    for case in [*data["cases"], *_more_cases("requests.d")]:
        expected = RequestExpectation(
            unclear=bool(case.get("unclear")),
            topic=(str(case["topic"]).lower() if case.get("topic") is not None else None),
            participants=frozenset(case.get("participants", [])),
            windows=_expand_windows(case.get("windows", []), ctx.message_date),
            locations=tuple(case.get("locations", [])),
            duration=case.get("duration"),
            missing=frozenset(case.get("missing", [])),
        )
        cases.append((case["text"], expected))
    return ctx, cases


def request_as_expectation(result, tz: str) -> RequestExpectation:
    from negotiation.understanding.types import Unclear as _Unclear

    if isinstance(result, _Unclear):
        return RequestExpectation(True, None, frozenset(), frozenset(), (), None, frozenset())
    zone = ZoneInfo(tz)
    participants = frozenset(
        (p.email if p.email else "?" + p.name) + ("*" if p.optional else "")
        for p in result.participants
    )
    windows = frozenset(
        f"{w.start.astimezone(zone):%Y-%m-%d %H:%M}-{w.end.astimezone(zone):%H:%M}"
        for w in result.windows
    )
    return RequestExpectation(
        False,
        result.topic.lower() if result.topic else None,
        participants,
        windows,
        tuple(result.locations),
        result.duration_minutes,
        frozenset(result.missing),
    )
