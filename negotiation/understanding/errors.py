"""Errors the understanding service raises to its callers."""

from collections.abc import Callable


class TransientUnderstandingError(Exception):
    """The hub's LLM failed in a way that retrying later can fix (timeout, 429, 5xx, refused)."""

    def __init__(self, message: str, *, outcome: str = "error"):
        super().__init__(message)
        self.outcome = outcome


class ModelCallNeeded(Exception):  # noqa: N818 - a request to the caller, not a failure
    """The model must be asked and the caller chose not to wait for it where it stands.

    Raised instead of calling the model when the service is asked with
    `defer_model=True` (the mail handlers, inside the mail job's transaction). Call
    `run()` outside any transaction: it asks the model and records the call with its
    result; asking the service again with the same inputs then reads that result.
    `run()` may raise TransientUnderstandingError.
    """

    def __init__(self, run: Callable[[], object], *, purpose: str):
        super().__init__(f"the {purpose} needs the hub's model")
        self.run = run
        self.purpose = purpose
