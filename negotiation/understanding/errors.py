"""Errors the understanding service raises to its callers."""

from collections.abc import Callable


class ModelCallNeeded(Exception):  # noqa: N818 - a request to the caller, not a failure
    """The model must be asked and the caller chose not to wait for it where it stands.

    Raised instead of calling the model when the service is asked with
    `defer_model=True` (the mail handlers, inside the mail job's transaction). Call
    `run()` outside any transaction: it asks the model and records the call with its
    result, failure included; asking the service again with the same inputs then reads
    that result.
    """

    def __init__(self, run: Callable[[], object], *, purpose: str):
        super().__init__(f"the {purpose} needs the hub's model")
        self.run = run
        self.purpose = purpose
