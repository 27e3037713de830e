"""Bench URLs: the product's URLs plus the floor, anymail's bare view and a module probe."""

from anymail.webhooks.postmark import PostmarkInboundWebhookView
from django.urls import path

from aimp_site.urls import urlpatterns as product_urlpatterns
from bench.floor import floor_receive
from bench.probes import modules_loaded

urlpatterns = [
    *product_urlpatterns,
    path("bench/floor/", floor_receive),
    path("bench/modules/", modules_loaded),
    # anymail's own Postmark view, as anymail.urls serves it: the product's door stores
    # posts unread (mailbridge.posted), so what anymail costs is timed here.
    path("bench/anymail/postmark/inbound/", PostmarkInboundWebhookView.as_view()),
]
