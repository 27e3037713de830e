"""Mail from someone who is neither a member nor replying in a known thread."""

from hubs.models import Hub
from mailbridge.ratelimit import notice_claim
from mailbridge.types import IncomingMail
from negotiation.notices.members import join_instructions_send


def handle(mail: IncomingMail) -> None:
    """Explain once a day how to join with an invite code; do nothing else."""
    hub = Hub.objects.get(pk=mail.hub_id)
    # Anyone can forge a From address: one notice per address and day keeps the
    # hub from being used to flood someone's mailbox.
    if not notice_claim(
        hub=hub, address=mail.sender, purpose="unknown_sender", now=mail.received_at
    ):
        return
    join_instructions_send(hub=hub, mail=mail)
