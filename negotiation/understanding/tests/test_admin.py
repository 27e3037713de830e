"""The LLM settings admin: the key is write-only, and "Test connection" reports one line."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from hubs.models import HubLLMSettings
from negotiation.understanding.tests.views import ACME

pytestmark = ACME


@pytest.fixture
def operator_client(client, db):
    user = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(user)
    return client


def test_stored_key_is_never_rendered_and_blank_keeps_it(operator_client, llm_settings):
    url = f"/admin/hubs/hubllmsettings/{llm_settings.pk}/change/"
    page = operator_client.get(url)
    assert page.status_code == 200
    assert b"sk-test-secret" not in page.content
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
    llm_settings.refresh_from_db()
    assert (llm_settings.model, llm_settings.api_key) == ("openai/other", "sk-test-secret")
    data["api_key"] = "sk-new"
    operator_client.post(url, data)
    llm_settings.refresh_from_db()
    assert llm_settings.api_key == "sk-new"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT api_key FROM {HubLLMSettings._meta.db_table} WHERE id = %s", [llm_settings.pk]
        )
        (stored,) = cursor.fetchone()
    assert "sk-new" not in stored and stored.startswith("fernet:")


def test_test_connection_action_reports_the_provider_line(operator_client, llm_settings, fake_llm):
    fake_llm.answer({"ok": True})
    response = operator_client.post(
        "/admin/hubs/hubllmsettings/",
        {"action": "test_connection", "_selected_action": [llm_settings.pk]},
        follow=True,
    )
    text = response.content.decode()
    assert "Acme: openai/fake-model answered" in text
    fake_llm.status(500)
    response = operator_client.post(
        "/admin/hubs/hubllmsettings/",
        {"action": "test_connection", "_selected_action": [llm_settings.pk]},
        follow=True,
    )
    assert "server_error" in response.content.decode()


def test_call_log_is_read_only(operator_client, llm_settings):
    assert operator_client.get("/admin/negotiation/llmcall/").status_code == 200
    assert operator_client.get("/admin/negotiation/llmcall/add/").status_code == 403
