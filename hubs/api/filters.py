"""Filters shared by the API's endpoints."""

from django import forms
from django_filters import NumberFilter

MAX_ID = 2**63 - 1


class IdFilter(NumberFilter):
    """A row id: a whole number in the database's range (else 400, never an overflow)."""

    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)
