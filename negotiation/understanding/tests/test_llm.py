"""The LLM engine over real HTTP against the fake OpenAI-compatible server."""

import pytest

from negotiation.models import LLMCall
from negotiation.understanding.llm import llm_connection_test, llm_understand_reply
from negotiation.understanding.llm_prompts import BEGIN, END
from negotiation.understanding.tests.views import ACME, standard_view
from negotiation.understanding.types import Answer, Unclear

pytestmark = ACME

VIEW = standard_view()
TEXT = "Tuesday is hard but I could squeeze in the Zoom one on Wednesday"


def answer(**fields):
    return {"kind": "answer", "confidence": 0.9, **fields}


def outcomes(hub):
    return list(LLMCall.objects.for_hub(hub).order_by("id").values_list("outcome", flat=True))


def test_normal_answer_is_recorded_and_the_prompt_fences_the_email(llm_settings, fake_llm, hub):
    fake_llm.answer(answer(accepted={"time": ["B"], "location": ["1"]}, rejected={"time": ["A"]}))
    result = llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW, inbound_id=42)
    assert isinstance(result, Answer) and result.source == "model"
    assert result.accepted == {"time": frozenset({"B"}), "location": frozenset({"1"})}
    assert result.rejected == {"time": frozenset({"A"})}
    (call,) = LLMCall.objects.for_hub(hub)
    assert (
        call.outcome,
        call.purpose,
        call.prompt_tokens,
        call.completion_tokens,
        call.inbound_id,
    ) == ("ok", "reply", 120, 30, 42)
    (request,) = fake_llm.requests
    body = request["body"]
    assert body["model"] == "fake-model"
    assert body["response_format"] == {"type": "json_object"}
    assert request["auth"] == "Bearer sk-test-secret"
    prompt = body["messages"][-1]["content"]
    assert f"{BEGIN}\n{TEXT}\n{END}" in prompt
    assert "Europe/Berlin" in prompt and "2026-03-02" in prompt
    assert '"id": "A"' in prompt and '"id": "2"' in prompt


def test_invalid_json_is_repaired_once(llm_settings, fake_llm, hub):
    fake_llm.invalid_json().answer(answer(accepted={"time": ["C"]}))
    result = llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW)
    assert isinstance(result, Answer) and result.accepted == {"time": frozenset({"C"})}
    assert outcomes(hub) == ["invalid", "ok"]
    assert "could not be used" in fake_llm.requests[1]["body"]["messages"][-1]["content"]


def test_invalid_json_twice_ends_unclear(llm_settings, fake_llm, hub):
    fake_llm.invalid_json().invalid_json()
    assert isinstance(llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW), Unclear)
    assert outcomes(hub) == ["invalid", "invalid"]
    assert len(fake_llm.requests) == 2


def test_unknown_option_ids_are_asked_about_then_discarded(llm_settings, fake_llm, hub):
    fake_llm.answer(answer(accepted={"time": ["E"]})).answer(
        answer(accepted={"time": ["E", "B"], "location": ["7"]})
    )
    result = llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW)
    assert isinstance(result, Answer) and result.accepted == {"time": frozenset({"B"})}
    assert "there is no option E" in fake_llm.requests[1]["body"]["messages"][-1]["content"]
    assert outcomes(hub) == ["invalid", "ok"]


def test_only_unknown_option_ids_end_unclear(llm_settings, fake_llm):
    fake_llm.answer(answer(accepted={"time": ["E"]})).answer(answer(accepted={"time": ["E"]}))
    assert isinstance(llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW), Unclear)


def test_slow_answer_past_the_timeout_concludes_unclear(llm_settings, fake_llm, hub):
    llm_settings.timeout_seconds = 0.5
    fake_llm.slow(3, answer(accepted={"time": ["A"]}))
    result = llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW)
    assert isinstance(result, Unclear) and "timeout" in result.reason.lower()
    assert outcomes(hub) == ["timeout"]


@pytest.mark.parametrize(
    ("status", "outcome"), [(429, "rate_limited"), (500, "server_error"), (503, "server_error")]
)
def test_rate_limits_and_server_errors_conclude_unclear_and_are_not_retried(
    llm_settings, fake_llm, hub, status, outcome
):
    fake_llm.status(status, times=3)
    assert isinstance(llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW), Unclear)
    assert outcomes(hub) == [outcome]
    # Nothing waits for the model: one request, and the failure is the memo's answer.
    assert len(fake_llm.requests) == 1
    call = LLMCall.objects.for_hub(hub).get()
    assert call.error and call.result["type"] == "unclear"


def test_refused_connection_concludes_unclear(llm_settings, refused_api_base, hub):
    llm_settings.api_base = refused_api_base
    assert isinstance(llm_understand_reply(settings=llm_settings, text=TEXT, view=VIEW), Unclear)
    assert outcomes(hub) == ["connection_error"]


def test_connection_test_reports_one_line(llm_settings, fake_llm, refused_api_base):
    fake_llm.answer({"ok": True})
    ok, line = llm_connection_test(settings=llm_settings)
    assert ok and line.startswith("openai/fake-model answered") and "\n" not in line
    fake_llm.status(401)
    ok, line = llm_connection_test(settings=llm_settings)
    assert not ok and "401" in line or "Authentication" in line
    llm_settings.api_base = refused_api_base
    ok, line = llm_connection_test(settings=llm_settings)
    assert not ok and "connection_error" in line and "\n" not in line
