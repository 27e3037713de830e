"""Mail from someone who is neither a member nor replying in a known thread."""

from django.template.loader import render_to_string

from hubs.models import Hub
from mailbridge.outbox import OutboundMail, outbox_reply
from mailbridge.ratelimit import notice_claim
from mailbridge.types import IncomingMail


def handle(mail: IncomingMail) -> None:
    """Explain once a day how to join with an invite code; do nothing else."""
    hub = Hub.objects.get(pk=mail.hub_id)
    # Anyone can forge a From address: one notice per address and day keeps the
    # hub from being used to flood someone's mailbox.
    if not notice_claim(
        hub=hub, address=mail.sender, purpose="unknown_sender", now=mail.received_at
    ):
        return
    text = render_to_string(
        "email/registration/unknown_sender.txt", {"hub_name": hub.name, "hub_email": hub.email}
    )
    outbox_reply(
        hub=hub,
        mail=mail,
        answer=OutboundMail(
            to=mail.sender, subject=f"How to join {hub.name}", text=text, kind="unknown_sender"
        ),
    )
