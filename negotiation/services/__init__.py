"""Services of the scheduling loop: each one transaction, each writes Events and queues mail.

They call each other one way, lower to higher:
state, events_log, votes -> auto_votes, protocol_out -> outcomes -> options -> progress
-> answers, invitations -> requests, initiator, window. A service returns what changed
and its caller decides what follows.
"""

from negotiation.services.answers import answers_record
from negotiation.services.initiator import meeting_drop, meeting_pick, meeting_wait
from negotiation.services.options import options_add
from negotiation.services.outcomes import meeting_cancel, meeting_confirm, meeting_escalate
from negotiation.services.progress import meeting_progress
from negotiation.services.requests import meeting_open, meeting_request_apply, request_context
from negotiation.services.window import meeting_window_notice, meetings_window_check

__all__ = [
    "answers_record",
    "meeting_cancel",
    "meeting_confirm",
    "meeting_drop",
    "meeting_escalate",
    "meeting_open",
    "meeting_pick",
    "meeting_progress",
    "meeting_request_apply",
    "meeting_wait",
    "meeting_window_notice",
    "meetings_window_check",
    "options_add",
    "request_context",
]
