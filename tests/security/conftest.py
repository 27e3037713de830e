"""The attacks reuse the scenarios' world: the team hub and a chat with it."""

from tests.scenarios.conftest import chat, team, today  # noqa: F401 - fixtures
