"""Fixtures for whole email conversations with a hub."""

import pytest

from .meeting_kit import Chat, make_team


@pytest.fixture
def team(db):
    return make_team()


@pytest.fixture
def chat(mailflow):
    return Chat(mailflow)
