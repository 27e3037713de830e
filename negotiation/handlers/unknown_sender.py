"""Mail from someone who is neither a member nor replying in a known thread."""

from django.conf import settings

from hubs.models import Hub
from mailbridge.ratelimit import notice_claim
from mailbridge.routing import thread_tag
from mailbridge.types import IncomingMail
from negotiation.notices.members import join_instructions_send
from negotiation.services.protocol_replies import words_in_session_reply_send


def handle(mail: IncomingMail) -> str | None:
    """Explain once a day how to join with an invite code; do nothing else."""
    hub = Hub.objects.get(pk=mail.hub_id)
    session_id = thread_tag(mail.subject)
    if session_id:
        # An agent's invitation in words (the reference's fallback for people): answered in
        # its own thread, with how to reach the members in protocol form.
        sent = words_in_session_reply_send(
            hub=hub, mail=mail, session_id=session_id, now=mail.received_at
        )
        return None if sent else "held back: answer to a session in words already sent today"
    # Anyone can forge a From address: one notice per address and day, and a few per hub,
    # keep the hub from being used to flood mailboxes (backscatter).
    if not notice_claim(
        hub=hub,
        address=mail.sender,
        purpose="unknown_sender",
        now=mail.received_at,
        per_hub=settings.AIMP_UNKNOWN_SENDER_NOTICES_PER_HUB_PER_DAY,
    ):
        return "held back: how-to-join notice already sent today (address or hub cap)"
    join_instructions_send(hub=hub, mail=mail)
    return None
