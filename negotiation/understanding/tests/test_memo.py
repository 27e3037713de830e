"""The memo: input hashes, stored results that round-trip, and the service reading them."""

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation.models import LLMCall
from negotiation.understanding.errors import ModelCallNeeded
from negotiation.understanding.memo import (
    MemoError,
    input_hash,
    result_from_json,
    result_to_json,
)
from negotiation.understanding.service import understanding_reply, understanding_request
from negotiation.understanding.tests.views import ACME, at, request_context, standard_view
from negotiation.understanding.types import (
    Answer,
    MeetingRequest,
    ParticipantRef,
    ProposedOption,
    TimeWindow,
    Unclear,
)

pytestmark = ACME

VIEW = standard_view()
UNSURE = "Tuesday I'm at the dentist, Wednesday then"
MODEL_ANSWER = {"kind": "answer", "confidence": 0.8, "accepted": {"time": ["B"]}}


def stored_and_back(result):
    # Through real JSON text, as the JSONField stores it.
    return result_from_json(json.loads(json.dumps(result_to_json(result))))


def test_answer_round_trips():
    answer = Answer(
        accepted={"time": frozenset({"A", "C"}), "location": frozenset({"1"})},
        rejected={"time": frozenset({"B"})},
        declined=False,
        proposals=(
            ProposedOption("time", start=at(6, 15), end=at(6, 16)),
            ProposedOption("location", place="Café Nord"),
        ),
        question="Is there parking?",
        source="model",
        confidence=0.75,
        plain_labels=False,
    )
    assert stored_and_back(answer) == answer


def test_meeting_request_round_trips():
    request = MeetingRequest(
        topic="Budget",
        participants=(
            ParticipantRef("Bob Jones", "bob@example.com", "member", False),
            ParticipantRef("Eve", None, "unknown", True),
        ),
        windows=(TimeWindow(at(3, 9), at(3, 12)), TimeWindow(at(4, 14), at(4, 17))),
        locations=("Zoom",),
        duration_minutes=45,
        missing=(),
        source="model",
        confidence=0.9,
        notes=("dropped attacker@evil.com: not in the new text",),
    )
    assert stored_and_back(request) == request


def test_unclear_round_trips():
    assert stored_and_back(Unclear("the model failed: 401", "model")) == Unclear(
        "the model failed: 401", "model"
    )


_ids = st.frozensets(st.sampled_from(["A", "B", "C", "1", "2"]), max_size=3)
_when = st.datetimes(
    min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1), timezones=st.just(UTC)
)


@given(
    accepted=st.dictionaries(st.sampled_from(["time", "location"]), _ids, max_size=2),
    declined=st.booleans(),
    starts=st.lists(_when, max_size=3),
    question=st.none() | st.text(max_size=40),
    confidence=st.floats(min_value=0, max_value=1),
)
def test_any_answer_round_trips(accepted, declined, starts, question, confidence):
    answer = Answer(
        accepted=accepted,
        rejected={},
        declined=declined,
        proposals=tuple(ProposedOption("time", s, s + timedelta(hours=1)) for s in starts),
        question=question,
        source="model",
        confidence=confidence,
        plain_labels=False,
    )
    assert stored_and_back(answer) == answer


@pytest.mark.parametrize(
    "data",
    [None, [], {"type": "vote"}, {"type": "answer"}, {"type": "unclear"}, {"type": "request"}],
)
def test_unreadable_memo_raises_memo_error(data):
    with pytest.raises(MemoError):
        result_from_json(data)


def test_hash_is_stable_and_covers_every_input():
    base = {"purpose": "reply", "model": "openai/m", "text": UNSURE, "inputs": VIEW}
    key = input_hash(**base)
    assert key == input_hash(**{**base, "inputs": standard_view()}) and len(key) == 64
    changed = [
        {"purpose": "request"},
        {"model": "openai/other"},
        {"text": UNSURE + "!"},
        {"inputs": standard_view(message_date=at(2, 9))},
        {"inputs": replace(VIEW, options=VIEW.options[:-1])},
        {"inputs": replace(VIEW, reader_tz="Europe/London")},
    ]
    assert len({key, *(input_hash(**{**base, **c}) for c in changed)}) == len(changed) + 1
    ctx = request_context()
    assert input_hash(purpose="request", model="m", text="x", inputs=ctx) != input_hash(
        purpose="request",
        model="m",
        text="x",
        inputs=replace(ctx, contacts=()),
    )


def test_deferred_call_runs_once_and_the_answer_is_remembered(llm_settings, fake_llm, hub):
    fake_llm.answer(MODEL_ANSWER)
    with pytest.raises(ModelCallNeeded) as needed:
        understanding_reply(hub=hub, text=UNSURE, view=VIEW, inbound_id=7, defer_model=True)
    assert fake_llm.requests == [] and not LLMCall.objects.exists()
    first = needed.value.run()
    again = understanding_reply(hub=hub, text=UNSURE, view=VIEW, inbound_id=7, defer_model=True)
    assert isinstance(again, Answer) and again == first
    assert again.accepted == {"time": frozenset({"B"})} and again.source == "model"
    assert len(fake_llm.requests) == 1
    (call,) = LLMCall.objects.for_hub(hub)
    assert call.outcome == "ok" and call.inbound_id == 7 and len(call.input_hash) == 64
    # Other inputs are another question.
    fake_llm.answer(MODEL_ANSWER)
    other = understanding_reply(hub=hub, text=UNSURE, view=standard_view(at(2, 10)))
    assert isinstance(other, Answer) and len(fake_llm.requests) == 2


def test_remembered_answer_is_served_even_when_the_budget_ran_out(llm_settings, fake_llm, hub):
    fake_llm.answer(MODEL_ANSWER)
    understanding_reply(hub=hub, text=UNSURE, view=VIEW)
    llm_settings.monthly_token_budget = 100  # the one call used 150
    llm_settings.save()
    again = understanding_reply(hub=hub, text=UNSURE, view=VIEW, defer_model=True)
    assert isinstance(again, Answer) and again.source == "model"
    assert not LLMCall.objects.filter(outcome="over_budget").exists()
    assert isinstance(understanding_reply(hub=hub, text="hmm, not sure", view=VIEW), Unclear)
    assert LLMCall.objects.filter(outcome="over_budget").count() == 1
    assert len(fake_llm.requests) == 1


def test_a_model_that_fails_concludes_unclear_and_is_not_asked_again(llm_settings, fake_llm, hub):
    # A model that is down never holds mail: the failure is the memo's answer (unclear,
    # so the person gets the usual question), and the same mail never waits for it.
    fake_llm.status(500)
    with pytest.raises(ModelCallNeeded) as needed:
        understanding_reply(hub=hub, text=UNSURE, view=VIEW, defer_model=True)
    needed.value.run()
    (failed,) = LLMCall.objects.for_hub(hub)
    assert failed.outcome == "server_error" and failed.result["type"] == "unclear"
    fake_llm.answer(MODEL_ANSWER)
    assert isinstance(understanding_reply(hub=hub, text=UNSURE, view=VIEW), Unclear)
    assert len(fake_llm.requests) == 1


def test_permanent_failure_and_invalid_twice_conclude_and_are_remembered(
    llm_settings, fake_llm, hub
):
    fake_llm.status(401)
    first = understanding_reply(hub=hub, text=UNSURE, view=VIEW)
    assert isinstance(first, Unclear) and "failed" in first.reason
    assert understanding_reply(hub=hub, text=UNSURE, view=VIEW, defer_model=True) == first
    fake_llm.invalid_json().invalid_json()
    other = standard_view(at(2, 11))
    gave_up = understanding_reply(hub=hub, text=UNSURE, view=other)
    assert isinstance(gave_up, Unclear)
    assert understanding_reply(hub=hub, text=UNSURE, view=other, defer_model=True) == gave_up
    assert len(fake_llm.requests) == 3
    outcomes = list(LLMCall.objects.for_hub(hub).order_by("id").values_list("outcome", "result"))
    assert [(o, r is not None) for o, r in outcomes] == [
        ("error", True),
        ("invalid", False),
        ("invalid", True),
    ]


def test_remembered_request_is_merged_with_the_rules_again(llm_settings, fake_llm, hub):
    ctx = request_context()
    fake_llm.answer(
        {
            "kind": "request",
            "confidence": 0.9,
            "topic": "Launch",
            "participants": [{"name": "Zed", "email": "zed@example.net"}],
            "windows": [{"start": "2026-03-03T09:00:00+01:00", "end": "2026-03-03T12:00:00+01:00"}],
        }
    )
    text = "Talk launch stuff w/ zed@example.net sometime"
    with pytest.raises(ModelCallNeeded) as needed:
        understanding_request(hub=hub, text=text, ctx=ctx, defer_model=True)
    needed.value.run()
    result = understanding_request(hub=hub, text=text, ctx=ctx, defer_model=True)
    assert isinstance(result, MeetingRequest) and result.source == "model"
    assert "zed@example.net" in [p.email for p in result.participants]
    assert result.windows == (TimeWindow(at(3, 9), at(3, 12)),)
    assert len(fake_llm.requests) == 1


def test_rules_only_hub_never_defers(hub):
    result = understanding_reply(hub=hub, text=UNSURE, view=VIEW, defer_model=True)
    assert isinstance(result, Unclear) and result.source == "rules"
