"""Cursor pages: stable under inserts, and no page count to compute on a large table."""

from rest_framework.pagination import CursorPagination


class IdCursorPagination(CursorPagination):
    """Newest first by id; `page_size` up to 200."""

    ordering = "-id"
    page_size_query_param = "page_size"
    max_page_size = 200
