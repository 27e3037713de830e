"""Malformed AIMP/0.1 documents: every one raises ProtocolError, never anything else."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negotiation import protocol as p
from negotiation.protocol import ProtocolError
from negotiation.tests.protocol_examples import (
    ALICE,
    BOB,
    CAROL,
    DELETE,
    PROTOCOL_MD_EXAMPLE,
    T1,
    doc,
    example,
    json_values,
)

# --- malformed input ------------------------------------------------------------------


def _with(path: tuple, value: object) -> str:
    obj = json.loads(PROTOCOL_MD_EXAMPLE)
    target = obj
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(obj)


MALFORMED = {
    "empty": "",
    "truncated": PROTOCOL_MD_EXAMPLE[: len(PROTOCOL_MD_EXAMPLE) // 2],
    "array": "[]",
    "string": '"AIMP/0.1"',
    "wrong protocol": doc(protocol="AIMP/0.2"),
    "no protocol": doc(protocol=DELETE),
    "no session id": doc(session_id=DELETE),
    "empty session id": doc(session_id=""),
    "bracket in session id": doc(session_id="a]b"),
    "space in session id": doc(session_id="a b"),
    "version as string": doc(version="3"),
    "version as bool": doc(version=True),
    "negative version": doc(version=-1),
    "version float": doc(version=3.0),
    "no from": doc(**{"from": DELETE}),
    "from not an address": doc(**{"from": "alice"}),
    "unknown action": doc(action="vote"),
    "no participants": doc(participants=[]),
    "participants a string": doc(participants=ALICE),
    "participant not a string": doc(participants=[ALICE, 7]),
    "duplicate participant": doc(participants=[ALICE, BOB, CAROL, "Carol@Example.com"]),
    "too many participants": doc(participants=[f"p{i}@example.com" for i in range(101)]),
    "no topic": doc(topic=DELETE),
    "topic too long": doc(topic="x" * 1001),
    "newline in topic": doc(topic="Hi\r\nBcc: x@evil.example"),
    "no proposals": doc(proposals=DELETE),
    "proposals a list": doc(proposals=[]),
    "item a list": _with(("proposals", "time"), [T1]),
    "options missing": _with(("proposals", "time"), {"votes": {}}),
    "votes missing": _with(("proposals", "time"), {"options": [T1]}),
    "options a string": _with(("proposals", "time", "options"), T1),
    "option not a string": _with(("proposals", "time", "options"), [T1, 5]),
    "duplicate option": _with(("proposals", "time", "options"), [T1, T1]),
    "empty option": _with(("proposals", "time", "options"), [T1, ""]),
    "too many options": _with(("proposals", "time", "options"), [str(i) for i in range(51)]),
    "votes a list": _with(("proposals", "time", "votes"), [T1]),
    "vote for a non-option": _with(("proposals", "time", "votes", BOB), "2026-03-09T09:00"),
    "vote not a string": _with(("proposals", "time", "votes", BOB), 1),
    "vote by a non-participant": _with(("proposals", "time", "votes", "mallory@evil.example"), T1),
    "too many items": doc(proposals={f"i{i}": {"options": [], "votes": {}} for i in range(21)}),
    "unknown status": doc(status="done"),
    "no status": doc(status=DELETE),
    "no history": doc(history=DELETE),
    "history entry a string": doc(history=["v1"]),
    "history without summary": doc(history=[{"version": 1, "from": ALICE, "action": "propose"}]),
    "history bad action": doc(
        history=[{"version": 1, "from": ALICE, "action": "x", "summary": ""}]
    ),
    "no action and no history entry": doc(action=DELETE, history=[]),
    "extension not an object": doc(**{"x-aimp-hub": [1]}),
    "duplicate key": PROTOCOL_MD_EXAMPLE.replace('"version": 3,', '"version": 3, "version": 4,'),
    "NaN": PROTOCOL_MD_EXAMPLE.replace('"version": 3,', '"version": 3, "x": NaN,'),
    "huge number": PROTOCOL_MD_EXAMPLE.replace('"version": 3,', '"version": 3, "x": 1e400,'),
    "huge integer": PROTOCOL_MD_EXAMPLE.replace('"version": 3,', '"version": 1' + "0" * 5000 + ","),
    "lone surrogate": doc(topic="\ud800"),
    "lone surrogate in unknown": PROTOCOL_MD_EXAMPLE.replace(
        '"version": 3,', '"version": 3, "x": "\\udc00",'
    ),
    "deep nesting": PROTOCOL_MD_EXAMPLE.replace(
        '"version": 3,', '"version": 3, "x": ' + "[" * 100 + "]" * 100 + ","
    ),
    "very deep nesting": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("text", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_documents_raise_protocol_error(text):
    with pytest.raises(ProtocolError):
        p.from_json(text)


def test_too_large_is_refused_before_parsing():
    padded = PROTOCOL_MD_EXAMPLE + " " * 300_000
    with pytest.raises(ProtocolError, match="too large"):
        p.from_json(padded)
    assert p.from_json(padded, max_bytes=400_000) == example()


def test_invalid_utf8_bytes_raise_protocol_error():
    with pytest.raises(ProtocolError):
        p.from_json(PROTOCOL_MD_EXAMPLE.encode().replace(b"Zoom", b"Zo\xffm"))


def test_protocol_error_message_names_the_field():
    with pytest.raises(ProtocolError, match="non-participant mallory@evil.example"):
        p.from_json(MALFORMED["vote by a non-participant"])


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=400), st.text(max_size=400)))
def test_arbitrary_input_raises_only_protocol_error(raw):
    with contextlib.suppress(ProtocolError):
        p.from_json(raw)


def _paths(obj: object, prefix: tuple = ()) -> list[tuple]:
    found = [prefix] if prefix else []
    if isinstance(obj, dict):
        for key, value in obj.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            found += _paths(value, (*prefix, index))
    return found


_EXAMPLE_PATHS = _paths(json.loads(PROTOCOL_MD_EXAMPLE))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_EXAMPLE_PATHS), json_values)
def test_mutated_example_parses_to_a_valid_session_or_raises_protocol_error(path, value):
    text = _with(path, value)
    try:
        session = p.from_json(text)
    except ProtocolError:
        return
    # Whatever was accepted is a valid session that round-trips.
    assert p.from_json(p.to_json(session)) == session


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(PROTOCOL_MD_EXAMPLE.strip()) - 1))
def test_every_truncation_raises_protocol_error(cut):
    with pytest.raises(ProtocolError):
        p.from_json(PROTOCOL_MD_EXAMPLE.strip()[:cut])


def test_history_summary_may_span_lines_but_not_hold_other_controls():
    entry = {"version": 1, "from": ALICE, "action": "propose", "summary": "Two\r\nlines\tok"}
    session = p.from_json(doc(history=[entry]))
    assert session.history[0].summary == "Two\r\nlines\tok"
    assert json.loads(p.to_json(session))["history"] == [entry]
    with pytest.raises(ProtocolError):
        p.from_json(doc(history=[{**entry, "summary": "bell\x07"}]))


def test_extension_keys_must_be_strings_to_round_trip():
    with pytest.raises(ProtocolError):
        replace(example(), extensions={1: "one"})
