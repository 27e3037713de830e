"""Exceptions that cross the boundary between the bridge and the handlers."""

from collections.abc import Callable


class RetryLater(Exception):  # noqa: N818 - the name is the contract (MAIL_API.md)
    """Raised by a handler for a transient problem: the message is retried with backoff."""

    def __init__(self, reason: str = "") -> None:
        super().__init__(reason)
        self.reason = reason


class PrepareFirst(Exception):  # noqa: N818 - a request to the bridge, not a failure
    """Raised by a handler that needs slow work (a model call) done outside the transaction.

    The bridge rolls the handler's transaction back (releasing the row lock and, on
    SQLite, the database write lock), runs `work()` with no transaction of its own,
    then processes the message again from the start. `work()` leaves what it learned
    in the database (committed at once) for the handler's next run to find; it may
    raise RetryLater like a handler.
    """

    def __init__(self, work: Callable[[], object], reason: str = "") -> None:
        super().__init__(reason)
        self.work = work
        self.reason = reason
