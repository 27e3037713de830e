"""litellm's mock_response where the HTTP path adds nothing: parsing, costs, error mapping."""

import pytest

from hubs.outbound_hosts import Allowance
from negotiation.understanding import llm
from negotiation.understanding.llm_client import LLMFailure, llm_complete
from negotiation.understanding.llm_schema import SchemaError, parse_reply
from negotiation.understanding.llm_tenant import TenantRoute
from negotiation.understanding.tests.views import ACME, at, standard_view
from negotiation.understanding.types import Answer, Unclear

pytestmark = ACME

VIEW = standard_view()
TENANT = TenantRoute(allowance=Allowance())


def test_mock_completion_parses_content_and_usage():
    completion = llm_complete(
        model="openai/gpt-4o-mini",
        messages=[{"role": "user", "content": "x"}],
        mock_response='{"kind": "unclear"}',
        timeout=5,
        tenant=TENANT,
    )
    assert completion.text == '{"kind": "unclear"}'
    assert completion.prompt_tokens >= 0 and completion.latency_ms >= 0


def test_mock_rate_limit_maps_to_a_transient_failure():
    with pytest.raises(LLMFailure) as raised:
        llm_complete(
            model="openai/gpt-4o-mini",
            messages=[{"role": "user", "content": "x"}],
            mock_response="litellm.RateLimitError",
            timeout=5,
            tenant=TENANT,
        )
    assert raised.value.outcome == "rate_limited" and raised.value.transient


def test_connection_test_through_mock_response(llm_settings):
    llm.MOCK_RESPONSE[llm_settings.hub_id] = '{"ok": true}'
    try:
        ok, line = llm.llm_connection_test(settings=llm_settings)
    finally:
        llm.MOCK_RESPONSE.clear()
    assert ok and "answered" in line


@pytest.mark.parametrize(
    "raw",
    [
        '{"kind": "answer", "accepted": "A"}',
        '{"kind": "vote"}',
        "[1, 2]",
        '{"kind": "answer", "accepted": {"time": ["A"]}, "confidence": "high"}',
    ],
)
def test_malformed_output_raises_for_a_repair(raw):
    with pytest.raises(SchemaError):
        parse_reply(raw, VIEW)


def test_schema_drops_proposals_in_the_past_and_low_confidence():
    raw = (
        '{"kind": "answer", "confidence": 0.9, "accepted": {"time": ["A"]}, "proposals": '
        '[{"item": "time", "start": "2020-01-01T10:00:00+01:00"}]}'
    )
    result = parse_reply(raw, VIEW)
    assert isinstance(result, Answer) and result.proposals == ()
    assert isinstance(
        parse_reply('{"kind": "answer", "confidence": 0.2, "accepted": {"time": ["A"]}}', VIEW),
        Unclear,
    )
    raw = f'{{"kind": "answer", "proposals": [{{"item": "time", "start": "{at(6, 11).isoformat()}"}}]}}'
    (proposal,) = parse_reply(raw, VIEW).proposals
    assert proposal.start == at(6, 11) and proposal.end == at(6, 12)
