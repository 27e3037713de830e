"""Admin registrations of the negotiation app live in submodules; import them here."""

import negotiation.admin_meeting_parts  # noqa: E402,F401  (participants, options, votes, events)
import negotiation.admin_meetings  # noqa: E402,F401  (the meeting page: tally and actions)
import negotiation.admin_webhooks  # noqa: E402,F401  (webhook subscriptions and deliveries)
import negotiation.understanding.admin  # noqa: E402,F401  (HubLLMSettings and LLMCall)
