import json

from negotiation.handlers.hub_card import hub_card, hub_card_json


def test_hub_card_has_the_protocol_md_shape():
    card = hub_card(name="Family", email="family@hub.example.com", member_count=3)
    assert set(card) == {"aimp_hub"}
    body = card["aimp_hub"]
    assert {
        "name",
        "email",
        "protocol",
        "capabilities",
        "registered_members",
        "usage",
        "session_threading",
    } <= set(body)
    assert body["protocol"] == "AIMP/0.1"
    assert body["registered_members"] == 3
    assert set(body["usage"]["schedule_meeting"]) >= {"required_fields", "example"}
    assert body["session_threading"]["pattern"] == "[AIMP:{session_id}]"


def test_hub_card_json_round_trips_and_keeps_unicode():
    text = hub_card_json(name="家庭", email="jia@hub.example.com", member_count=1)
    assert "家庭" in text
    assert json.loads(text) == hub_card(name="家庭", email="jia@hub.example.com", member_count=1)
