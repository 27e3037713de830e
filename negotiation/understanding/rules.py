"""The rules engine's two entry points (pure, offline, deterministic)."""

from negotiation.understanding.rules_reply import understand_reply
from negotiation.understanding.rules_request import understand_request

__all__ = ["understand_reply", "understand_request"]
