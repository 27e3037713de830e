"""Bench URLs: the product's URLs plus the floor and a module probe (bench only)."""

from django.urls import path

from aimp_site.urls import urlpatterns as product_urlpatterns
from bench.floor import floor_receive
from bench.probes import modules_loaded

urlpatterns = [
    *product_urlpatterns,
    path("bench/floor/", floor_receive),
    path("bench/modules/", modules_loaded),
]
