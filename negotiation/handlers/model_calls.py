"""How the handlers let the mail bridge run the hub's model outside their transaction.

The handlers run inside the mail job's transaction (row lock, effects and final status
commit together). A model call can take many seconds, so the handlers ask the
understanding service with `defer_model=True`; when the model is needed and no
remembered answer exists, the service raises ModelCallNeeded and this module turns it
into the bridge's PrepareFirst: the bridge rolls back, runs the call with no
transaction open (its LLMCall record commits, failure or not), and runs the handler
again, which now finds the answer in the memo.

If the meeting changed between the two runs (another reply landed), the handler's
inputs differ, the memo misses and the bridge prepares once more; see
mailbridge.processing.MAX_PREPARATIONS.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from mailbridge.errors import PrepareFirst
from negotiation.understanding.errors import ModelCallNeeded


@contextmanager
def model_outside_transaction() -> Iterator[None]:
    """Map the understanding service's signals to the mail bridge's (see the module doc).

    A model that fails concludes its question as unclear (negotiation.understanding.llm),
    so the second run reads the rules' answer: a model that is down never holds mail.
    """
    try:
        yield
    except ModelCallNeeded as needed:
        raise PrepareFirst(needed.run, reason=str(needed)) from None
