"""The memo of model answers: a hash of a question's exact inputs, results as JSON (pure).

The mail job asks the model outside its transaction and then runs the handler, which
asks the same question again; a crash re-run asks it a third time. Each asks with the
same inputs, so the first concluded answer, stored with its input hash on the LLMCall
row, answers the others without a new call.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from datetime import datetime
from typing import Any

from negotiation.understanding.types import (
    ITEMS,
    Answer,
    MeetingRequest,
    MeetingView,
    ParticipantRef,
    ProposedOption,
    RequestContext,
    TimeWindow,
    Unclear,
)

# Bump when prompts or validation change what the same inputs would produce.
MEMO_VERSION = 1

Result = Answer | MeetingRequest | Unclear


class MemoError(ValueError):
    """A stored result is not in the shape this version writes (treated as no memo)."""


def _plain(value: Any) -> Any:
    """A JSON-ready, order-stable form of the inputs (dataclasses, sets, datetimes)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def input_hash(*, purpose: str, model: str, text: str, inputs: MeetingView | RequestContext) -> str:
    """The hex SHA-256 of everything that decides the model's answer to one question."""
    payload = {
        "v": MEMO_VERSION,
        "purpose": purpose,
        "model": model,
        "text": text,
        "inputs": _plain(inputs),
    }
    canonical = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _parse_when(value: Any) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise MemoError(f"not a datetime: {value!r}")
    parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise MemoError(f"datetime without offset: {value!r}")
    return parsed


def result_to_json(result: Result) -> dict[str, Any]:
    """The JSON object stored in LLMCall.result for one concluded answer."""
    if isinstance(result, Unclear):
        return {"type": "unclear", "reason": result.reason, "source": result.source}
    if isinstance(result, Answer):
        return {
            "type": "answer",
            "accepted": {item: sorted(ids) for item, ids in result.accepted.items()},
            "rejected": {item: sorted(ids) for item, ids in result.rejected.items()},
            "declined": result.declined,
            "proposals": [
                {
                    "item": p.item,
                    "start": _when(p.start),
                    "end": _when(p.end),
                    "place": p.place,
                }
                for p in result.proposals
            ],
            "question": result.question,
            "source": result.source,
            "confidence": result.confidence,
            "plain_labels": result.plain_labels,
        }
    if isinstance(result, MeetingRequest):
        return {
            "type": "request",
            "topic": result.topic,
            "participants": [
                {"name": p.name, "email": p.email, "source": p.source, "optional": p.optional}
                for p in result.participants
            ],
            "windows": [{"start": _when(w.start), "end": _when(w.end)} for w in result.windows],
            "locations": list(result.locations),
            "duration_minutes": result.duration_minutes,
            "missing": list(result.missing),
            "source": result.source,
            "confidence": result.confidence,
            "notes": list(result.notes),
        }
    raise TypeError(f"cannot remember a {type(result).__name__}")


def _ids(data: Any) -> dict[str, frozenset[str]]:
    if not isinstance(data, dict) or not set(data) <= set(ITEMS):
        raise MemoError(f"not ids per item: {data!r}")
    return {item: frozenset(str(i) for i in ids) for item, ids in data.items()}


def result_from_json(data: Any) -> Result:
    """Rebuild the answer stored by result_to_json; MemoError when it is not one."""
    if not isinstance(data, dict):
        raise MemoError("not an object")
    try:
        kind = data["type"]
        if kind == "unclear":
            return Unclear(reason=str(data["reason"]), source=data["source"])
        if kind == "answer":
            return Answer(
                accepted=_ids(data["accepted"]),
                rejected=_ids(data["rejected"]),
                declined=bool(data["declined"]),
                proposals=tuple(
                    ProposedOption(
                        item=p["item"],
                        start=_parse_when(p["start"]),
                        end=_parse_when(p["end"]),
                        place=p["place"],
                    )
                    for p in data["proposals"]
                ),
                question=data["question"],
                source=data["source"],
                confidence=float(data["confidence"]),
                plain_labels=bool(data["plain_labels"]),
            )
        if kind == "request":
            return MeetingRequest(
                topic=data["topic"],
                participants=tuple(
                    ParticipantRef(
                        name=p["name"],
                        email=p["email"],
                        source=p["source"],
                        optional=bool(p["optional"]),
                    )
                    for p in data["participants"]
                ),
                windows=tuple(
                    TimeWindow(start=_parse_when(w["start"]), end=_parse_when(w["end"]))
                    for w in data["windows"]
                ),
                locations=tuple(data["locations"]),
                duration_minutes=data["duration_minutes"],
                missing=tuple(data["missing"]),
                source=data["source"],
                confidence=float(data["confidence"]),
                notes=tuple(data["notes"]),
            )
    except (KeyError, TypeError, ValueError) as exc:
        raise MemoError(f"stored result unreadable: {exc}") from exc
    raise MemoError(f"unknown result type {data.get('type')!r}")
