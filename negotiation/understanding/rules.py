"""The rules engine's two entry points (pure, offline, deterministic)."""

from negotiation.understanding.reply_labels import labels_alone
from negotiation.understanding.rules_reply import understand_reply as reply_read
from negotiation.understanding.rules_request import understand_request
from negotiation.understanding.types import Answer, MeetingView, Unclear

__all__ = ["reply_read", "understand_reply", "understand_request"]


def understand_reply(text: str, view: MeetingView) -> Answer | Unclear:
    """Read a reply: a bare list of labels at once, anything else through the whole engine."""
    return labels_alone(text, view) or reply_read(text, view)
