"""Services of the scheduling loop: each one transaction, each writes Events and queues mail."""

from negotiation.services.answers import answers_record, options_add
from negotiation.services.initiator import meeting_drop, meeting_pick, meeting_wait, notice_send
from negotiation.services.outcomes import meeting_cancel, meeting_confirm
from negotiation.services.progress import meeting_escalate, meeting_progress
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
    "notice_send",
    "options_add",
    "request_context",
]
