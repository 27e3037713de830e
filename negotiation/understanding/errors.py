"""Errors the understanding service raises to its callers."""


class TransientUnderstandingError(Exception):
    """The hub's LLM failed in a way that retrying later can fix (timeout, 429, 5xx, refused)."""

    def __init__(self, message: str, *, outcome: str = "error"):
        super().__init__(message)
        self.outcome = outcome
