"""French and German day and time words put into English (request_languages)."""

from negotiation.understanding.request_languages import timing_in_english


def test_dejeuner_is_lunch_but_petit_dejeuner_is_not():
    assert "lunch" in timing_in_english("un déjeuner le jeudi 12 mars")
    assert "lunch" in timing_in_english("Dejeuner vendredi")
    assert "lunch" not in timing_in_english("un petit-déjeuner le jeudi 12 mars")
