"""Signal receivers of the negotiation app: each calls one service."""

from django.dispatch import receiver

from negotiation.services.llm_budget import llm_budget_notice
from negotiation.understanding.signals import llm_budget_spent


@receiver(llm_budget_spent, dispatch_uid="negotiation-llm-budget-notice")
def _tell_admins_budget_spent(sender, *, settings, now, **kwargs) -> None:
    llm_budget_notice(settings=settings, now=now)
