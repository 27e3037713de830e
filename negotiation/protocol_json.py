"""protocol.json text to and from `Session` (pure: no Django, no project imports).

`from_json` is the only door for mail-borne data and turns anything malformed into
`ProtocolError`. Spec: ../shared/PROTOCOL.md (the "protocol.json" section).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

from negotiation.protocol_checks import (
    EXTENSION_KEY,
    MAX_BYTES,
    MAX_HISTORY,
    MAX_ITEMS,
    MAX_OPTIONS,
    MAX_PARTICIPANTS,
    PROTOCOL,
    ProtocolError,
)
from negotiation.protocol_session import (
    HISTORY_KEYS,
    ITEM_KEYS,
    TOP_KEYS,
    HistoryEntry,
    Item,
    Session,
)


def _reject_constant(name: str) -> None:
    raise ProtocolError(f"not JSON: {name} is not allowed")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Two readers picking different copies of a duplicated key would see different votes.
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ProtocolError(f"not JSON we accept: duplicate key {key!r}")
        result[key] = value
    return result


def _load(text: str | bytes, max_bytes: int) -> dict[str, Any]:
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError("not valid Unicode") from None
    elif isinstance(text, bytes | bytearray):
        data = bytes(text)
    else:
        raise ProtocolError(f"expected str or bytes, got {type(text).__name__}")
    if len(data) > max_bytes:
        raise ProtocolError(f"too large: {len(data)} bytes > {max_bytes}")
    try:
        obj = json.loads(
            data.decode("utf-8-sig"),
            object_pairs_hook=_no_duplicate_keys,
            parse_constant=_reject_constant,
        )
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError, huge ints
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("not a JSON object")
    return obj


def _get(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ProtocolError(f"{where}{key}: missing")
    value = obj[key]
    if not isinstance(value, kind):
        raise ProtocolError(f"{where}{key}: wrong type {type(value).__name__}")
    return value


def _item_from(name: str, obj: object) -> Item:
    where = f"proposals.{name}."
    if not isinstance(obj, dict):
        raise ProtocolError(f"proposals.{name}: expected an object")
    options = _get(obj, "options", list, where)
    votes = _get(obj, "votes", dict, where)
    if len(options) > MAX_OPTIONS:  # before the per-option checks, to bound the work
        raise ProtocolError(f"{where}options: more than {MAX_OPTIONS}")
    extra = {k: v for k, v in obj.items() if k not in ITEM_KEYS}
    return Item(options=tuple(options), votes=votes, unknown=extra)


def _history_from(obj: object) -> HistoryEntry:
    if not isinstance(obj, dict):
        raise ProtocolError("history: entries must be objects")
    return HistoryEntry(
        version=_get(obj, "version", int, "history."),
        from_=_get(obj, "from", str, "history."),
        action=_get(obj, "action", str, "history."),
        summary=_get(obj, "summary", str, "history."),
        unknown={k: v for k, v in obj.items() if k not in HISTORY_KEYS},
    )


def _action_from_history(version: int, history: tuple[HistoryEntry, ...]) -> str:
    # The reference implementation writes no top-level "action"; it records the current
    # version's action as the last history entry. We read that, and always write "action".
    for entry in reversed(history):
        if entry.version == version:
            return entry.action
    raise ProtocolError("action: missing, and no history entry for the current version")


def from_json(text: str | bytes, *, max_bytes: int = MAX_BYTES) -> Session:
    """Parse and validate a protocol.json document; raise ProtocolError on any defect.

    Every field of the PROTOCOL.md example is required except "action", which the
    reference implementation omits (then taken from the history entry of this version).
    """
    obj = _load(text, max_bytes)
    if obj.get("protocol") != PROTOCOL:
        raise ProtocolError(f"protocol: expected {PROTOCOL!r}, got {obj.get('protocol')!r}")
    participants = _get(obj, "participants", list, "")
    if len(participants) > MAX_PARTICIPANTS:
        raise ProtocolError(f"participants: more than {MAX_PARTICIPANTS}")
    proposals = _get(obj, "proposals", dict, "")
    if len(proposals) > MAX_ITEMS:
        raise ProtocolError(f"proposals: more than {MAX_ITEMS} items")
    history = _get(obj, "history", list, "")
    if len(history) > MAX_HISTORY:
        raise ProtocolError(f"history: more than {MAX_HISTORY} entries")
    extensions = obj.get(EXTENSION_KEY, {})
    if not isinstance(extensions, dict):
        raise ProtocolError(f"{EXTENSION_KEY}: expected an object")
    version = _get(obj, "version", int, "")
    entries = tuple(_history_from(h) for h in history)
    if "action" in obj:
        action = _get(obj, "action", str, "")
    else:
        action = _action_from_history(version, entries)
    return Session(
        session_id=_get(obj, "session_id", str, ""),
        version=version,
        from_=_get(obj, "from", str, ""),
        action=action,
        participants=tuple(participants),
        topic=_get(obj, "topic", str, ""),
        items={name: _item_from(name, item) for name, item in proposals.items()},
        status=_get(obj, "status", str, ""),
        history=entries,
        extensions=extensions,
        unknown={k: v for k, v in obj.items() if k not in TOP_KEYS and k != EXTENSION_KEY},
    )


def to_dict(session: Session) -> dict[str, Any]:
    """Return the protocol.json object for a session (plain dicts and lists)."""
    out: dict[str, Any] = {
        "protocol": PROTOCOL,
        "session_id": session.session_id,
        "version": session.version,
        "from": session.from_,
        "action": session.action,
        "participants": list(session.participants),
        "topic": session.topic,
        "proposals": {
            name: {"options": list(item.options), "votes": dict(item.votes)}
            | copy.deepcopy(dict(item.unknown))
            for name, item in session.items.items()
        },
        "status": session.status,
        "history": [
            {"version": h.version, "from": h.from_, "action": h.action, "summary": h.summary}
            | copy.deepcopy(dict(h.unknown))
            for h in session.history
        ],
    }
    # Fields of other implementations (e.g. the reference's "current_round") go back as
    # they came; our own extras live only under "x-aimp-hub". An empty one is omitted.
    out.update(copy.deepcopy(dict(session.unknown)))
    if session.extensions:
        out[EXTENSION_KEY] = copy.deepcopy(dict(session.extensions))
    return out


def to_json(session: Session) -> str:
    """Serialise a session to protocol.json text (UTF-8 safe, human-readable)."""
    return json.dumps(to_dict(session), ensure_ascii=False, indent=2)
