"""Root URLs: a landing page, the admin, anymail's webhooks and the REST API."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

# The admin is the product's face for hub admins and operators, not Django's.
admin.site.site_header = "AIMP Hub"
admin.site.site_title = "AIMP Hub"
admin.site.index_title = "Hubs, meetings and mail"

urlpatterns = [
    path("", TemplateView.as_view(template_name="landing.html"), name="landing"),
    path("admin/", admin.site.urls),
    path("anymail/", include("mailbridge.webhook_urls")),
    path("api/v1/", include("negotiation.api.urls")),
]
