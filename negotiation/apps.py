from django.apps import AppConfig


class NegotiationConfig(AppConfig):
    name = "negotiation"
    verbose_name = "Negotiation"

    def ready(self) -> None:
        from negotiation import receivers  # noqa: F401  (connects them)
        from negotiation.handlers import register_all

        register_all()

        from negotiation.tasks import connect_schedules

        connect_schedules(self)
