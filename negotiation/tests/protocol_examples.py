"""The literal AIMP/0.1 example of PROTOCOL.md and ways to vary it, shared by the protocol tests."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from negotiation import protocol as p

# The literal example of ../shared/PROTOCOL.md.
PROTOCOL_MD_EXAMPLE = """
{
  "protocol": "AIMP/0.1",
  "session_id": "meeting-001",
  "version": 3,
  "from": "alice-agent@example.com",
  "action": "propose",
  "participants": ["alice-agent@example.com", "bob-agent@example.com", "carol@example.com"],
  "topic": "Q1 Review Meeting",
  "proposals": {
    "time":     {"options": ["2026-03-01T10:00", "2026-03-02T14:00"],
                 "votes": {"alice-agent@example.com": "2026-03-01T10:00",
                           "bob-agent@example.com": null, "carol@example.com": null}},
    "location": {"options": ["Zoom", "Office 3F"],
                 "votes": {"alice-agent@example.com": "Zoom",
                           "bob-agent@example.com": null, "carol@example.com": null}}
  },
  "status": "negotiating",
  "history": [
    {"version": 1, "from": "alice-agent@example.com", "action": "propose", "summary": "Initiated"},
    {"version": 2, "from": "bob-agent@example.com", "action": "counter", "summary": "Suggested in person"}
  ]
}
"""

ALICE, BOB, CAROL = "alice-agent@example.com", "bob-agent@example.com", "carol@example.com"
T1, T2 = "2026-03-01T10:00", "2026-03-02T14:00"


def example() -> p.Session:
    return p.from_json(PROTOCOL_MD_EXAMPLE)


def doc(**changes: object) -> str:
    obj = json.loads(PROTOCOL_MD_EXAMPLE)
    for key, value in changes.items():
        if value is DELETE:
            del obj[key]
        else:
            obj[key] = value
    return json.dumps(obj)


DELETE = object()

_json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
json_values = st.recursive(
    _json_leaf,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
