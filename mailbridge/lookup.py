"""The database questions routing asks: hubs by address, threads, sent messages."""

from collections.abc import Sequence

from hubs.models import Member
from mailbridge.models import OutboundMessage, ReplyToken
from mailbridge.row_select import row_first


def thread_by_token(hub, tokens: Sequence[str]) -> ReplyToken | None:
    """Return the reply token among `tokens` that this hub issued, if any."""
    if not tokens:
        return None
    wanted = list(dict.fromkeys(tokens))[:10]
    # Once per reply: the statement is written once per number of tokens (row_select).
    where = f"t.hub_id = %s AND t.token IN ({', '.join(['%s'] * len(wanted))})"
    return row_first(ReplyToken, where=where, params=[hub.pk, *wanted])


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
