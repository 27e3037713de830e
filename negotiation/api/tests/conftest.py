"""The API's test fixtures (hubs/api/testing.py)."""

from hubs.api.testing import _fresh_api_throttle, hub_api, operator_api  # noqa: F401
