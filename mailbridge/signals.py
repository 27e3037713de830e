"""Signal receivers: thin, each calls one service."""

from django.db.models.signals import post_delete, post_migrate, post_save


def _after_migrate(sender, app_config=None, apps=None, **kwargs) -> None:
    if app_config is None or app_config.label != "mailbridge":
        return
    from mailbridge.schedules import schedules_ensure, schedules_migrated

    if schedules_migrated(apps):
        schedules_ensure()


def _mailbox_saved(sender, instance, **kwargs) -> None:
    from mailbridge.schedules import mailbox_schedule_sync

    mailbox_schedule_sync(mailbox=instance)


def _mailbox_deleted(sender, instance, **kwargs) -> None:
    from mailbridge.schedules import mailbox_schedule_remove

    mailbox_schedule_remove(mailbox_id=instance.id)


def connect() -> None:
    """Connect the bridge's receivers (called once from MailbridgeConfig.ready)."""
    from mailbridge import webhooks  # noqa: F401 - registers the anymail receivers
    from mailbridge.models import HubMailbox

    post_migrate.connect(_after_migrate, dispatch_uid="mailbridge-schedules")
    post_save.connect(_mailbox_saved, sender=HubMailbox, dispatch_uid="mailbridge-mailbox-save")
    post_delete.connect(
        _mailbox_deleted, sender=HubMailbox, dispatch_uid="mailbridge-mailbox-delete"
    )
