from django.apps import AppConfig


class MailbridgeConfig(AppConfig):
    name = "mailbridge"
    verbose_name = "Mail bridge"

    def ready(self) -> None:
        from mailbridge import signals

        signals.connect()
