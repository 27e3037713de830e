"""Project-wide pytest fixtures."""

pytest_plugins = ["mailbridge.testing"]
