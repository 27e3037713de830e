"""The handler registry: other apps say which function handles which kind of mail."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from mailbridge.types import IncomingMail, MailKind

# A handler may return a short note for the admin (e.g. what a cap held back).
Handler = Callable[[IncomingMail], str | None]

_handlers: dict[MailKind, Handler] = {}


def register_handler(kind: MailKind, handler: Handler) -> None:
    """Make `handler` the one function called for mail of `kind` (replacing any other)."""
    _handlers[MailKind(kind)] = handler


def unregister_handler(kind: MailKind) -> None:
    """Forget the handler for `kind`, if any."""
    _handlers.pop(MailKind(kind), None)


def handler_for(kind: MailKind) -> Handler | None:
    """Return the handler registered for `kind`, or None."""
    return _handlers.get(MailKind(kind))


@contextmanager
def handlers_replaced(replacements: dict[MailKind, Handler | None]) -> Iterator[None]:
    """Temporarily swap handlers (None removes one); restore the previous ones after."""
    saved = dict(_handlers)
    try:
        for kind, handler in replacements.items():
            if handler is None:
                unregister_handler(kind)
            else:
                register_handler(kind, handler)
        yield
    finally:
        _handlers.clear()
        _handlers.update(saved)
