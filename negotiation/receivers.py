"""Signal receivers of the negotiation app: each calls one service."""

from django.dispatch import receiver
from django.utils import timezone

from negotiation.services.llm_budget import llm_budget_notice, llm_failing_notice
from negotiation.understanding.signals import llm_budget_spent, llm_failing


@receiver(llm_budget_spent, dispatch_uid="negotiation-llm-budget-notice")
def _tell_admins_budget_spent(sender, *, settings, now, **kwargs) -> None:
    llm_budget_notice(settings=settings, now=now)


@receiver(llm_failing, dispatch_uid="negotiation-llm-failing-notice")
def _tell_admins_model_failing(sender, *, settings, failure, **kwargs) -> None:
    llm_failing_notice(settings=settings, failure=failure, now=timezone.now())
