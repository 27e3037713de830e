"""Who is calling the API, and what they may reach: one hub, several, or every hub."""

from __future__ import annotations

from dataclasses import dataclass

from hubs.admin_scoping import admin_hub_ids, is_operator
from hubs.models import ApiKey

_ATTR = "_aimp_api_caller"


@dataclass(frozen=True)
class Caller:
    """An authenticated API caller: an API key, or a staff login (the browsable API)."""

    hub_ids: frozenset[int] | None  # None: the operator, every hub
    can_write: bool
    actor: str  # what the meeting's Events name as the one who acted
    owner: str  # whose Idempotency-Keys and rate limit these are
    api_key: ApiKey | None = None

    @property
    def is_operator(self) -> bool:
        return self.hub_ids is None

    @property
    def single_hub_id(self) -> int | None:
        """The hub a caller of exactly one hub acts for (creating rows needs no `hub`)."""
        if self.hub_ids is not None and len(self.hub_ids) == 1:
            return next(iter(self.hub_ids))
        return None

    def sees_hub(self, hub_id: int | None) -> bool:
        return self.hub_ids is None or hub_id in self.hub_ids


def caller_of_key(key: ApiKey) -> Caller:
    """The caller an API key makes."""
    return Caller(
        hub_ids=None if key.hub_id is None else frozenset({key.hub_id}),
        can_write=key.can_write,
        actor=f"api:{key.name}",
        owner=f"key:{key.pk}",
        api_key=key,
    )


def caller_of(request) -> Caller | None:
    """The request's caller, or None when nobody the API serves is logged in."""
    cached = getattr(request, _ATTR, None)
    if cached is not None:
        return cached
    key = getattr(request, "auth", None)
    if isinstance(key, ApiKey):
        caller = caller_of_key(key)
    else:
        user = getattr(request, "user", None)
        if is_operator(user):
            hub_ids = None
        else:
            hub_ids = admin_hub_ids(user)
            if not hub_ids:
                return None
        caller = Caller(
            hub_ids=hub_ids,
            can_write=True,
            actor=f"api:user:{user.get_username()}",
            owner=f"user:{user.pk}",
        )
    setattr(request, _ATTR, caller)
    return caller
