"""Admin registrations of the negotiation app live in submodules; import them here."""

import negotiation.admin_meetings  # noqa: E402,F401  (meetings, participants, options, votes, events)
import negotiation.understanding.admin  # noqa: E402,F401  (HubLLMSettings and LLMCall)
