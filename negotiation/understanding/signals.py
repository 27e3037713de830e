"""What the understanding code tells the rest of the product without sending anything itself."""

from django.dispatch import Signal

# Sent with settings= (the hub's HubLLMSettings) and now= when a call is refused because
# the monthly token budget is spent; negotiation.receivers tells the hub's admins.
llm_budget_spent = Signal()

# Sent with settings= and failure= (one line) when the hub's model could not be reached
# or answered with a server error; negotiation.receivers tells the admins once a day.
llm_failing = Signal()
