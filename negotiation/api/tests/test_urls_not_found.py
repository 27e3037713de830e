"""An unknown API path answers like every other API error: a problem document."""

import pytest


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_api_path_is_a_problem_document_not_an_html_page(client, settings, debug, db):
    settings.DEBUG = debug
    response = client.get("/api/v1/meetingz/42/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["detail"] == "There is no API endpoint at /api/v1/meetingz/42/."


def test_known_routes_still_win(client, db):
    assert client.get("/api/v1/meetings/").status_code in (401, 403)
