"""Errors as application/problem+json (RFC 9457): type, title, status, detail, and the fields.

Bad input is a 400 naming each failing field; a row that other rows still need, or a
write the database refuses, is a 409; nothing a client sends becomes a 500.
"""

from __future__ import annotations

from http import HTTPStatus

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.db.models import ProtectedError, RestrictedError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.serializers import as_serializer_error
from rest_framework.views import set_rollback

from hubs.setup_specs import SpecError

PROBLEM_JSON = "application/problem+json"


class Conflict(exceptions.APIException):
    """The request is valid but the resource's state refuses it (409)."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "The resource's current state does not allow this."
    default_code = "conflict"


class Unprocessable(exceptions.APIException):
    """The request is well formed but cannot be processed (422)."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_detail = "The request cannot be processed."
    default_code = "unprocessable"


def _flatten(errors, prefix: str = "") -> list[dict[str, str]]:
    """DRF's nested error dict as [{"field": "participants.0.email", "detail": ...}]."""
    found: list[dict[str, str]] = []
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = str(key)
            field = name if not prefix else f"{prefix}.{name}"
            if name in ("non_field_errors", "__all__"):
                field = prefix
            found += _flatten(value, field)
    elif isinstance(errors, list):
        if all(not isinstance(e, dict | list) for e in errors):
            found += [{"field": prefix, "detail": str(e)} for e in errors]
        else:
            for index, value in enumerate(errors):
                found += _flatten(value, f"{prefix}.{index}" if prefix else str(index))
    else:
        found.append({"field": prefix, "detail": str(errors)})
    return found


def _as_api_exception(exc: Exception) -> exceptions.APIException | None:
    if isinstance(exc, exceptions.APIException):
        return exc
    if isinstance(exc, Http404):
        return exceptions.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        return exceptions.PermissionDenied()
    if isinstance(exc, DjangoValidationError):
        return exceptions.ValidationError(as_serializer_error(exc))
    if isinstance(exc, SpecError):
        return exceptions.ValidationError({"non_field_errors": [str(exc)]})
    if isinstance(exc, ProtectedError | RestrictedError):
        return Conflict("Other records still refer to this one (for example its meetings).")
    if isinstance(exc, IntegrityError):
        return Conflict("The database refused this change (a duplicate or a broken rule).")
    return None


def problem_body(exc: exceptions.APIException) -> dict:
    """The problem document of an API exception."""
    code = exc.status_code
    body: dict = {
        "type": "about:blank",
        "title": HTTPStatus(code).phrase,
        "status": code,
    }
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        body["detail"] = (
            "; ".join(f"{e['field']}: {e['detail']}" if e["field"] else e["detail"] for e in errors)
            or "Invalid input."
        )
        body["errors"] = errors
        body["code"] = "invalid"
    else:
        detail = exc.detail
        if isinstance(detail, dict | list):
            body["errors"] = _flatten(detail)
            detail = "; ".join(e["detail"] for e in body["errors"])
        body["detail"] = str(detail)
        codes = exc.get_codes()
        body["code"] = codes if isinstance(codes, str) else exc.default_code
    return body


def problem_exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's EXCEPTION_HANDLER: every error the API answers is a problem document."""
    api_exc = _as_api_exception(exc)
    if api_exc is None:
        return None  # a bug: Django's 500 page, logged, as for any view
    headers = {}
    if getattr(api_exc, "auth_header", None):
        headers["WWW-Authenticate"] = api_exc.auth_header
    if getattr(api_exc, "wait", None) is not None:
        headers["Retry-After"] = str(max(1, int(api_exc.wait + 0.999)))
    set_rollback()
    return Response(problem_body(api_exc), status=api_exc.status_code, headers=headers)
