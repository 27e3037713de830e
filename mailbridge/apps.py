from django.apps import AppConfig


class MailbridgeConfig(AppConfig):
    name = "mailbridge"
    verbose_name = "Mail bridge"
