"""The database questions routing asks: hubs by address, threads, sent messages."""

from collections.abc import Sequence

from hubs.models import Hub, HubAlias, Member
from mailbridge.models import OutboundMessage, ReplyToken


def hub_for_addresses(candidates: Sequence[str]):
    """Return the first active hub owning one of the addresses, in their order, or None."""
    if not candidates:
        return None
    candidates = [c.lower() for c in candidates][:50]
    found: dict[str, Hub] = {
        h.email: h for h in Hub.objects.filter(email__in=candidates, active=True).order_by()
    }
    # Only addresses ahead of the first primary hit can change the answer.
    first_hit = next((i for i, c in enumerate(candidates) if c in found), len(candidates))
    missing = candidates[:first_hit]
    if missing:
        for alias in HubAlias.objects.filter(email__in=missing, hub__active=True).select_related(
            "hub"
        ):
            found.setdefault(alias.email, alias.hub)
    for candidate in candidates:
        if candidate in found:
            return found[candidate]
    return None


def hub_addresses(hub) -> set[str]:
    """Return every address of a hub (primary and aliases), lower-cased."""
    return {hub.email.lower(), *(a.lower() for a in hub.aliases.values_list("email", flat=True))}


def thread_by_token(hub, tokens: Sequence[str]) -> ReplyToken | None:
    """Return the reply token among `tokens` that this hub issued, if any."""
    if not tokens:
        return None
    return ReplyToken.objects.filter(hub=hub, token__in=list(tokens)[:10]).first()


def thread_known(hub, thread_key: str) -> bool:
    """True when the hub has written mail in the thread `thread_key`."""
    return OutboundMessage.objects.filter(hub=hub, thread_key=thread_key).exists()


def thread_by_message_ids(hub, ids: Sequence[str]) -> OutboundMessage | None:
    """Return the newest sent message of the hub among `ids` that names a thread."""
    if not ids:
        return None
    return (
        OutboundMessage.objects.filter(hub=hub, message_id__in=list(ids)[:50])
        .exclude(thread_key="")
        .order_by("-created_at")
        .first()
    )


def sent_message(hub, message_id: str) -> OutboundMessage | None:
    """Return the hub's outbound row with this Message-ID, if the hub sent it."""
    return OutboundMessage.objects.filter(hub=hub, message_id=message_id).first()


def is_member(hub, address: str) -> bool:
    """True when `address` belongs to a member of the hub."""
    return Member.objects.filter(hub=hub, email=address.lower()).exists()
