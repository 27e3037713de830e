from django.apps import AppConfig


class HubsConfig(AppConfig):
    name = "hubs"
    verbose_name = "Hubs"

    def ready(self) -> None:
        """Register the secrets-at-rest system checks."""
        from hubs import checks  # noqa: F401
