"""Check a model's JSON against what the sender may say (pure).

Whatever the model returns, only existing option ids become votes, and only people the
sender may invite (hub members, contacts, addresses written in the new text) become
participants. Malformed output raises SchemaError (the caller repairs once); content
that is well formed but not allowed is dropped.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from typing import Any

from negotiation.understanding.request_people import EMAIL
from negotiation.understanding.text_clean import new_text_lines
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
from negotiation.untrusted_text import MAX_PLACE_CHARS, MAX_TOPIC_CHARS, repeatable

MIN_CONFIDENCE = 0.5


class SchemaError(ValueError):
    """The model's output is not the JSON object asked for."""


def _load(raw: str) -> dict[str, Any]:
    text = raw.strip()
    fenced = re.fullmatch(r"```(?:json)?\s*(.*?)\s*```", text, re.S)  # some models wrap JSON anyway
    if fenced:
        text = fenced[1]
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SchemaError(f"not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise SchemaError("not a JSON object")
    return data


def _confidence(data: dict[str, Any]) -> float:
    value = data.get("confidence", 0.7)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SchemaError("confidence is not a number")
    return max(0.0, min(1.0, float(value)))


def _aware(value: Any, field: str) -> datetime:
    if not isinstance(value, str):
        raise SchemaError(f"{field} is not a string")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise SchemaError(f"{field} is not ISO 8601") from exc
    if parsed.tzinfo is None:
        raise SchemaError(f"{field} has no UTC offset")
    return parsed


def _ids(data: dict[str, Any], key: str) -> dict[str, list[str]]:
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise SchemaError(f"{key} is not an object")
    result: dict[str, list[str]] = {}
    for item, ids in value.items():
        if item not in ITEMS:
            raise SchemaError(f"{key} has an unknown item {item!r}")
        if not isinstance(ids, list) or not all(isinstance(i, str | int) for i in ids):
            raise SchemaError(f"{key}.{item} is not a list of ids")
        result[item] = [str(i).strip() for i in ids]
    return result


def unknown_option_ids(raw: str, view: MeetingView) -> list[str]:
    """Ids the model used that the meeting does not have (asked about once in the repair)."""
    try:
        data = _load(raw)
        named = [*_ids(data, "accepted").items(), *_ids(data, "rejected").items()]
    except SchemaError:
        return []
    return sorted({i for item, ids in named for i in ids if i not in view.ids(item)})  # type: ignore[arg-type]


def parse_reply(raw: str, view: MeetingView) -> Answer | Unclear:
    """The model's reading of a reply, reduced to what the meeting allows."""
    data = _load(raw)
    kind = data.get("kind")
    if kind == "unclear":
        return Unclear(str(data.get("reason") or "the model was unsure")[:200], "model")
    if kind != "answer":
        raise SchemaError("kind must be 'answer' or 'unclear'")
    confidence = _confidence(data)
    accepted = {
        i: frozenset(x for x in ids if x in view.ids(i))
        for i, ids in _ids(data, "accepted").items()
    }
    rejected = {
        i: frozenset(x for x in ids if x in view.ids(i))
        for i, ids in _ids(data, "rejected").items()
    }
    declined = data.get("declined", False)
    if not isinstance(declined, bool):
        raise SchemaError("declined is not true or false")
    question = data.get("question")
    if question is not None and not isinstance(question, str):
        raise SchemaError("question is not a string")
    proposals = _proposals(data.get("proposals") or [], view)
    accepted = {i: ids for i, ids in accepted.items() if ids}
    rejected = {i: ids for i, ids in rejected.items() if ids}
    if any(accepted.get(i, frozenset()) & rejected.get(i, frozenset()) for i in ITEMS):
        return Unclear("the model accepted and rejected the same option", "model")
    if declined and (accepted or proposals):
        return Unclear("the model read a decline next to accepted options", "model")
    if not (accepted or rejected or declined or proposals or question):
        return Unclear("the model found no vote", "model")
    if confidence < MIN_CONFIDENCE:
        return Unclear(f"the model was unsure ({confidence:.2f})", "model")
    return Answer(
        accepted=accepted,
        rejected=rejected,
        declined=declined,
        proposals=tuple(proposals),
        question=question.strip()[:500] if question and question.strip() else None,
        source="model",
        confidence=confidence,
        plain_labels=False,
    )


def _proposals(value: Any, view: MeetingView) -> list[ProposedOption]:
    if not isinstance(value, list):
        raise SchemaError("proposals is not a list")
    result: list[ProposedOption] = []
    now = view.message_date
    for entry in value[:5]:
        if not isinstance(entry, dict) or entry.get("item") not in ITEMS:
            raise SchemaError("a proposal has no item")
        if entry["item"] == "time":
            start = _aware(entry.get("start"), "proposal start")
            end = _aware(entry["end"], "proposal end") if entry.get("end") else None
            end = end if end and end > start else start + timedelta(minutes=view.duration_minutes)
            if now < start <= now + timedelta(days=365) and end - start <= timedelta(hours=12):
                result.append(ProposedOption(item="time", start=start, end=end))
        else:
            place = entry.get("place")
            if not isinstance(place, str):
                raise SchemaError("a place proposal has no place")
            place = repeatable(place, MAX_PLACE_CHARS)
            if place:
                result.append(ProposedOption(item="location", place=place))
    return result


def allowed_addresses(text: str, ctx: RequestContext) -> dict[str, tuple[str, str]]:
    """Email -> (name, source) for everyone the sender may invite with this text."""
    allowed: dict[str, tuple[str, str]] = {}
    for person in (*ctx.members, *ctx.contacts):
        allowed[person.email.lower()] = (person.name, person.kind)
    for address in EMAIL.findall("\n".join(new_text_lines(text))):
        allowed.setdefault(address.lower(), (address.lower(), "address"))
    allowed.pop(ctx.sender_email.lower(), None)
    return allowed


def parse_request(raw: str, ctx: RequestContext, text: str) -> MeetingRequest | Unclear:
    """The model's reading of a request, reduced to people and times the sender may use."""
    data = _load(raw)
    kind = data.get("kind")
    if kind == "unclear":
        return Unclear(str(data.get("reason") or "the model was unsure")[:200], "model")
    if kind != "request":
        raise SchemaError("kind must be 'request' or 'unclear'")
    confidence = _confidence(data)
    notes: list[str] = []
    participants = _participants(data.get("participants") or [], ctx, text, notes)
    windows = _windows(data.get("windows") or [], ctx)
    topic = data.get("topic")
    if topic is not None and not isinstance(topic, str):
        raise SchemaError("topic is not a string")
    # Mailed to every participant: a short name, never a link, an address or payment words.
    topic = repeatable(topic, MAX_TOPIC_CHARS)
    locations_raw = data.get("locations") or []
    if not isinstance(locations_raw, list):
        raise SchemaError("locations is not a list")
    locations = tuple(
        place
        for place in (
            repeatable(p, MAX_PLACE_CHARS) for p in locations_raw[:5] if isinstance(p, str)
        )
        if place
    )
    duration = data.get("duration_minutes")
    if duration is not None and (isinstance(duration, bool) or not isinstance(duration, int)):
        raise SchemaError("duration_minutes is not an integer")
    duration = duration if duration is not None and 5 <= duration <= 480 else None
    if confidence < MIN_CONFIDENCE:
        return Unclear(f"the model was unsure ({confidence:.2f})", "model")
    missing = tuple(
        name
        for name, absent in (
            ("topic", topic is None),
            ("participants", not participants),
            ("time", not windows),
        )
        if absent
    )
    return MeetingRequest(
        topic=topic,
        participants=participants,
        windows=windows,
        locations=locations,
        duration_minutes=duration,
        missing=missing,
        source="model",
        confidence=confidence,
        notes=tuple(notes),
    )


def _participants(
    value: Any, ctx: RequestContext, text: str, notes: list[str]
) -> tuple[ParticipantRef, ...]:
    if not isinstance(value, list):
        raise SchemaError("participants is not a list")
    allowed = allowed_addresses(text, ctx)
    new_text = "\n".join(new_text_lines(text)).lower()
    people = (*ctx.members, *ctx.contacts)
    result: dict[str, ParticipantRef] = {}
    for entry in value[:50]:
        if not isinstance(entry, dict):
            raise SchemaError("a participant is not an object")
        name = entry.get("name") if isinstance(entry.get("name"), str) else ""
        email = entry.get("email") if isinstance(entry.get("email"), str) else None
        optional = entry.get("optional") is True
        if email:
            email = email.strip().lower()
            if email not in allowed:
                notes.append(f"dropped {email}: not a member, contact or address in the new text")
                continue
            known_name, source = allowed[email]
            if source != "address" and not _named(known_name, email, new_text):
                # A member or contact the text never names: an instruction hidden in the
                # mail (or the model's guess) must not choose who is written to.
                notes.append(f"dropped {email}: not named in the new text")
                continue
            result[email] = ParticipantRef(known_name, email, source, optional)  # type: ignore[arg-type]
            continue
        name = name.strip()
        if not name or name.lower() not in new_text:
            notes.append(f"dropped {name!r}: not written in the new text")
            continue
        matches = [
            p for p in people if p.name.lower() == name.lower() or p.name.split()[:1] == [name]
        ]
        if len(matches) == 1 and matches[0].email.lower() != ctx.sender_email.lower():
            person = matches[0]
            result[person.email.lower()] = ParticipantRef(
                person.name, person.email.lower(), person.kind, optional
            )
        elif not matches:
            result["?" + name.lower()] = ParticipantRef(name[:100], None, "unknown", optional)
    return tuple(result.values())


def _named(name: str, email: str, text: str) -> bool:
    """True when the lower-cased `text` names the person: address, full or first name."""
    if email in text:
        return True
    name = name.strip().lower()
    if not name:
        return False
    first = name.split()[0]
    return name in text or re.search(rf"(?<!\w){re.escape(first)}(?!\w)", text) is not None


def _windows(value: Any, ctx: RequestContext) -> tuple[TimeWindow, ...]:
    if not isinstance(value, list):
        raise SchemaError("windows is not a list")
    now = ctx.message_date
    result = []
    for entry in value[:30]:
        if not isinstance(entry, dict):
            raise SchemaError("a window is not an object")
        start, end = (
            _aware(entry.get("start"), "window start"),
            _aware(entry.get("end"), "window end"),
        )
        if (
            end > start
            and end > now
            and start <= now + timedelta(days=365)
            and end - start <= timedelta(days=14)
        ):
            result.append(TimeWindow(start=max(start, now), end=end))
    return tuple(sorted(set(result), key=lambda w: (w.start, w.end)))
