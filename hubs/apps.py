from django.apps import AppConfig


class HubsConfig(AppConfig):
    name = "hubs"
    verbose_name = "Hubs"
