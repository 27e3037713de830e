"""Mail bridge state: every message in and out, reply tokens, mailboxes, rate limits."""

from mailbridge.models.inbound import InboundMessage
from mailbridge.models.mailbox import HubMailbox, HubSmtpSettings
from mailbridge.models.notices import NoticeClaim, UndeliverableAddress
from mailbridge.models.outbound import OutboundMessage, ReplyToken

__all__ = [
    "HubMailbox",
    "HubSmtpSettings",
    "InboundMessage",
    "NoticeClaim",
    "OutboundMessage",
    "ReplyToken",
    "UndeliverableAddress",
]
