"""Exceptions that cross the boundary between the bridge and the handlers."""


class RetryLater(Exception):  # noqa: N818 - the name is the contract (MAIL_API.md)
    """Raised by a handler for a transient problem: the message is retried with backoff."""

    def __init__(self, reason: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
