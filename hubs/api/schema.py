"""OpenAPI additions: the Api-Key scheme, problem+json errors and Idempotency-Key on POST."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension

from hubs.api.problems import PROBLEM_JSON

PROBLEM = {
    "type": "object",
    "description": "RFC 9457 problem details.",
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "code": {"type": "string"},
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"field": {"type": "string"}, "detail": {"type": "string"}},
                "required": ["field", "detail"],
            },
        },
    },
    "required": ["type", "title", "status", "detail"],
}
ERRORS = {
    "400": "Invalid input; `errors` names each failing field.",
    "401": "No API key, or an unknown, revoked or expired one.",
    "403": "The key may not do this (read-only, or not an operator key).",
    "404": "Not found (or not one of the caller's hubs).",
    "409": "The resource's state does not allow this.",
    "422": "The Idempotency-Key was used for another request.",
    "429": "Too many requests: retry after `Retry-After` seconds.",
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "maxLength": 255},
    "description": "Send the same key to repeat a request safely: the first response is "
    "replayed; the same key with another body answers 422.",
}


class ApiKeyScheme(OpenApiAuthenticationExtension):
    target_class = "hubs.api.auth.ApiKeyAuthentication"
    name = "ApiKey"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Api-Key <key>`; keys are made in the admin (shown once).",
        }


def problem_responses(result, generator, request, public):
    """Postprocessing hook: every operation documents its problem+json errors."""
    result.setdefault("components", {}).setdefault("schemas", {})["Problem"] = PROBLEM
    ref = {"$ref": "#/components/schemas/Problem"}
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            responses = operation.setdefault("responses", {})
            for code, description in ERRORS.items():
                responses.setdefault(
                    code, {"description": description, "content": {PROBLEM_JSON: {"schema": ref}}}
                )
            if method == "post":
                operation.setdefault("parameters", []).append(IDEMPOTENCY_KEY)
    return result


# The integer ranges Django reads from the database (connection.ops.integer_field_range):
# SQLite's are 64-bit for every integer column, PostgreSQL's 16, 32 or 64-bit by column.
# Written into the schema they would make it depend on the database it was generated
# against; the API still enforces them (a value out of range is a 400 naming the field).
_DATABASE_BOUNDS = {
    "maximum": {2**15 - 1, 2**31 - 1, 2**63 - 1},
    "minimum": {-(2**15), -(2**31), -(2**63)},
}


def portable_integers(result, generator, request, public):
    """Postprocessing hook: drop integer bounds that only say which database runs the API."""

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "integer":
                for key, values in _DATABASE_BOUNDS.items():
                    if node.get(key) in values:
                        del node[key]
                if node.get("format") == "int64":
                    del node["format"]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(result)
    return result
