"""Root URLs: the admin, anymail's webhooks and the REST API."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("anymail/", include("mailbridge.webhook_urls")),
]
