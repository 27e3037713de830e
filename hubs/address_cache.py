"""A bounded, short-lived memory of hub addresses, so the mail path routes without a query.

A meeting's replies, an agent's versions and a hub's own retries come in bursts to the
same few addresses: asking the database which hub owns them, and which aliases a hub
has, cost one statement each per message (issue 19). Each process keeps at most
`MAX_ENTRIES` of each for AIMP_HUB_CACHE_SECONDS (default 30, 0 turns it off).

Only what was found is kept: a new hub or alias is never hidden by a remembered miss.
A change saved in this process is seen at once (the receivers below forget
everything); one saved in another process, at the latest when the entry expires. A
hub deactivated elsewhere may still have its mail stored for that long, which the job
then handles as it would have a moment earlier.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Generic, TypeVar

from django.conf import settings
from django.db.models import Model as Hub  # a hub; hubs.models imports this module
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

MAX_ENTRIES = 10_000
V = TypeVar("V")


class _Expiring(Generic[V]):
    """At most `size` entries, each forgotten after the configured seconds (LRU beyond)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[object, tuple[float, V]] = OrderedDict()

    def get(self, key: object) -> V | None:
        entry = self.entries.get(key)
        if entry is None or _seconds() <= 0:
            return None
        if entry[0] < time.monotonic():
            self.entries.pop(key, None)
            return None
        self.entries.move_to_end(key)
        return entry[1]

    def put(self, key: object, value: V) -> None:
        seconds = _seconds()
        if seconds <= 0:
            return
        self.entries[key] = (time.monotonic() + seconds, value)
        self.entries.move_to_end(key)
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)

    def clear(self) -> None:
        self.entries.clear()


def _seconds() -> float:
    return float(getattr(settings, "AIMP_HUB_CACHE_SECONDS", 30))


_owners: _Expiring[Hub] = _Expiring(MAX_ENTRIES)  # address -> the active hub owning it
_aliases: _Expiring[frozenset[str]] = _Expiring(MAX_ENTRIES)  # hub id -> its aliases


def owner_remembered(address: str) -> Hub | None:
    """The hub remembered as owning `address` (primary or alias), if any."""
    return _owners.get(address)


def owner_remember(address: str, hub: Hub) -> None:
    """Remember that the active `hub` owns `address`."""
    _owners.put(address, hub)


def aliases_remembered(hub_id: int) -> frozenset[str] | None:
    """A hub's aliases as last read, if still fresh."""
    return _aliases.get(hub_id)


def aliases_remember(hub_id: int, aliases: frozenset[str]) -> None:
    """Remember a hub's aliases."""
    _aliases.put(hub_id, aliases)


def hub_addresses_forget() -> None:
    """Forget everything remembered (any hub or alias changed in this process)."""
    _owners.clear()
    _aliases.clear()


@receiver(post_save, sender="hubs.Hub", dispatch_uid="hubs-address-cache-hub-saved")
@receiver(post_delete, sender="hubs.Hub", dispatch_uid="hubs-address-cache-hub-deleted")
@receiver(post_save, sender="hubs.HubAlias", dispatch_uid="hubs-address-cache-alias-saved")
@receiver(post_delete, sender="hubs.HubAlias", dispatch_uid="hubs-address-cache-alias-deleted")
def _changed(sender, **kwargs) -> None:
    hub_addresses_forget()
