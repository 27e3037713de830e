"""What the services an integration calls refuse, in words its caller can show."""


class InputRefused(ValueError):
    """A value the caller gave cannot be used; `field` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class ActionRefused(Exception):
    """The meeting's state does not allow this action now."""
