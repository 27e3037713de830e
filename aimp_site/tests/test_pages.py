"""The product's own face: a landing page at /, and an admin that says what it is."""

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=False, ALLOWED_HOSTS=["testserver"])
def test_the_landing_page_says_what_this_is_and_where_to_sign_in(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<title>AIMP Hub</title>" in page and 'href="/admin/"' in page


@override_settings(DEBUG=False, ALLOWED_HOSTS=["testserver"])
def test_an_unknown_page_is_a_plain_404_not_a_debug_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert b"URLconf" not in response.content and b"Django tried" not in response.content


def test_the_admin_is_named_for_the_product_with_readable_names(admin_client):
    index = admin_client.get("/admin/").content.decode()
    assert "AIMP Hub" in index and "Django administration" not in index
    for label in ("LLM calls", "LLM settings", "Undeliverable addresses", "Hub mailboxes"):
        assert label in index, label
    assert "Llm calls" not in index and "addresss" not in index

    form = admin_client.get("/admin/hubs/hubllmsettings/add/").content.decode()
    assert "API base URL" in form and "API key" in form and "Api base" not in form
