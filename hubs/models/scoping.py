from django.db import models


class HubScopedQuerySet(models.QuerySet):
    """Every hub-owned model's queryset: callers say which hub they act for."""

    def for_hub(self, hub):
        """Rows of one hub only."""
        return self.filter(hub=hub)

    def for_hubs(self, hubs):
        """Rows of the given hubs only (a queryset or iterable of hubs)."""
        return self.filter(hub__in=hubs)
