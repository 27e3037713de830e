"""The floor's single table: what the cheapest possible webhook would store."""

from django.db import models


class FloorPost(models.Model):
    """One raw POST body, stored by the floor view in a single INSERT."""

    body = models.BinaryField()

    def __str__(self) -> str:
        return f"floor post {self.pk}"
