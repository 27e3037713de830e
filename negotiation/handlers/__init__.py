"""The conversations the hub holds by email, one module each, registered at start-up."""


def register_all() -> None:
    """Register every mail handler with the mail bridge (called from NegotiationConfig.ready)."""
    from mailbridge.dispatch import register_handler
    from mailbridge.types import MailKind
    from negotiation.handlers import (
        agents,
        bounces,
        calendar_answers,
        commands,
        meetings,
        registration,
        unknown_sender,
    )

    register_handler(MailKind.REGISTRATION, registration.handle)
    register_handler(MailKind.UNKNOWN_SENDER, unknown_sender.handle)
    register_handler(MailKind.MEMBER_COMMAND, commands.handle)
    register_handler(MailKind.THREAD_REPLY, meetings.handle)
    register_handler(MailKind.PROTOCOL, agents.handle)
    register_handler(MailKind.BOUNCE, bounces.handle)
    register_handler(MailKind.CALENDAR_ANSWER, calendar_answers.handle)
