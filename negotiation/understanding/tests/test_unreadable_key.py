"""An API key no configured key decrypts: the admin asks for it again, the model is not called."""

import pytest
from cryptography.fernet import Fernet
from django.contrib.auth import get_user_model
from django.test import override_settings

from hubs.encryption import UNREADABLE_HELP, is_unreadable
from hubs.models import HubLLMSettings
from negotiation.models import LLMCall
from negotiation.understanding.llm import llm_connection_test, llm_understand_reply
from negotiation.understanding.tests.views import ACME, standard_view
from negotiation.understanding.types import Unclear

pytestmark = ACME


@pytest.fixture
def other_keys():
    """Keys that do not open what the suite stored (as after a lost or rotated-away key)."""
    with override_settings(FIELD_ENCRYPTION_KEYS=[Fernet.generate_key().decode()]):
        yield


@pytest.fixture
def operator_client(client, db):
    user = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(user)
    return client


def test_admin_pages_answer_and_ask_for_the_key_again(operator_client, llm_settings, other_keys):
    url = f"/admin/hubs/hubllmsettings/{llm_settings.pk}/change/"
    page = operator_client.get(url)
    assert page.status_code == 200
    assert UNREADABLE_HELP in page.content.decode()
    assert operator_client.get("/admin/hubs/hubllmsettings/").status_code == 200


def test_saving_other_fields_keeps_the_unreadable_key_and_a_new_one_replaces_it(
    operator_client, llm_settings, other_keys
):
    url = f"/admin/hubs/hubllmsettings/{llm_settings.pk}/change/"
    data = {
        "hub": llm_settings.hub_id,
        "enabled": "on",
        "model": "openai/other",
        "api_base": llm_settings.api_base,
        "api_key": "",
        "temperature": "0.2",
        "timeout_seconds": "5",
        "max_tokens": "300",
        "monthly_token_budget": "0",
    }
    assert operator_client.post(url, data).status_code == 302
    assert is_unreadable(HubLLMSettings.objects.get(pk=llm_settings.pk).api_key)
    assert operator_client.post(url, {**data, "api_key": "sk-new"}).status_code == 302
    assert HubLLMSettings.objects.get(pk=llm_settings.pk).api_key == "sk-new"
    assert UNREADABLE_HELP not in operator_client.get(url).content.decode()


def test_the_model_is_not_called_and_the_call_log_says_why(llm_settings, fake_llm, hub, other_keys):
    settings = HubLLMSettings.objects.get(pk=llm_settings.pk)
    result = llm_understand_reply(settings=settings, text="Tuesday works", view=standard_view())
    assert isinstance(result, Unclear)
    assert fake_llm.requests == []
    (call,) = LLMCall.objects.for_hub(hub)
    assert call.outcome == "error"
    assert "API key cannot be decrypted with the current FIELD_ENCRYPTION_KEYS" in call.error


def test_connection_test_reports_the_unreadable_key(llm_settings, fake_llm, other_keys):
    settings = HubLLMSettings.objects.get(pk=llm_settings.pk)
    ok, line = llm_connection_test(settings=settings)
    assert not ok and "cannot be decrypted" in line
    assert fake_llm.requests == []
