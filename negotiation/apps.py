from django.apps import AppConfig


class NegotiationConfig(AppConfig):
    name = "negotiation"
    verbose_name = "Negotiation"
