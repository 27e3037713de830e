"""Signal receivers: thin, each calls one service."""

from django.db.models.signals import post_migrate


def _after_migrate(sender, app_config=None, apps=None, **kwargs) -> None:
    if app_config is None or app_config.label != "mailbridge":
        return
    from mailbridge.schedules import schedules_ensure, schedules_migrated

    if schedules_migrated(apps):
        schedules_ensure()


def connect() -> None:
    """Connect the bridge's receivers (called once from MailbridgeConfig.ready)."""
    from mailbridge import webhooks  # noqa: F401 - registers the anymail receivers

    post_migrate.connect(_after_migrate, dispatch_uid="mailbridge-schedules")
