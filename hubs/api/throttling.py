"""A rate per API key (or staff login), from settings.AIMP_API_RATE; over it, 429 and Retry-After."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from hubs.api.callers import caller_of


class ApiKeyRateThrottle(SimpleRateThrottle):
    scope = "api_key"

    def get_rate(self) -> str:
        # Read per request, so the setting can change without a restart of the class.
        return settings.AIMP_API_RATE

    def allow_request(self, request, view):
        # get_rate is read once in __init__: read it again so an overridden setting counts.
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request, view) -> str | None:
        caller = caller_of(request) if request.user and request.user.is_authenticated else None
        if caller is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": caller.owner}
