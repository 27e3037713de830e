"""Signal receivers of the negotiation app: each calls one service."""

from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone

from hubs.models import Hub
from negotiation.models import Meeting, Participant
from negotiation.services.llm_budget import llm_budget_notice, llm_failing_notice
from negotiation.services.reminders import meetings_reminders_reset
from negotiation.understanding.signals import llm_budget_spent, llm_failing


@receiver(llm_budget_spent, dispatch_uid="negotiation-llm-budget-notice")
def _tell_admins_budget_spent(sender, *, settings, now, **kwargs) -> None:
    llm_budget_notice(settings=settings, now=now)


@receiver(llm_failing, dispatch_uid="negotiation-llm-failing-notice")
def _tell_admins_model_failing(sender, *, settings, failure, **kwargs) -> None:
    llm_failing_notice(settings=settings, failure=failure, now=timezone.now())


@receiver(post_save, sender=Hub, dispatch_uid="negotiation-reminders-hub-saved")
def _hub_settings_may_move_reminders(sender, instance: Hub, created: bool, **kwargs) -> None:
    # The delay, the quiet hours or the time zone may have changed.
    if not created:
        meetings_reminders_reset(hub_id=instance.pk)


@receiver(post_save, sender=Participant, dispatch_uid="negotiation-reminders-new-participant")
def _a_new_participant_may_be_due(sender, instance: Participant, created: bool, **kwargs) -> None:
    # A meeting still being set up has no reminders yet: no statement for each of its people.
    if not created:
        return
    known = Participant.meeting.is_cached(instance)
    if known and instance.meeting.status != Meeting.Status.NEGOTIATING:
        return
    meetings_reminders_reset(meeting_ids=[instance.meeting_id])
