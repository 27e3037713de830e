"""The rows a mail's languages are chosen from, in one statement written once per size.

Members' own settings and, newest first, the languages people wrote in at the hub, for
a set of addresses: what negotiation.notices.language chooses from. It was an ORM union
that Django compiled afresh for every confirmation at several times the cost of running
it (issue 19); its SQL is written here once per number of addresses, and tested against
the ORM's reading (negotiation/tests/notices/test_language_rows.py).
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from django.db import DEFAULT_DB_ALIAS, connections

from hubs.models import Member
from negotiation.models import Participant


@functools.lru_cache(maxsize=256)
def _statement(addresses: int, alias: str) -> str:
    q = connections[alias].ops.quote_name
    marks = ", ".join(["%s"] * addresses)
    members, people = q(Member._meta.db_table), q(Participant._meta.db_table)
    return (
        f"SELECT LOWER(m.{q('email')}), m.{q('language')}, m.{q('written_language')}, 0"
        f" FROM {members} m WHERE m.{q('hub_id')} = %s AND LOWER(m.{q('email')}) IN ({marks})"
        " UNION ALL"
        f" SELECT LOWER(p.{q('email')}), '', p.{q('written_language')}, p.{q('id')}"
        f" FROM {people} p WHERE p.{q('hub_id')} = %s AND LOWER(p.{q('email')}) IN ({marks})"
        f" AND NOT (p.{q('written_language')} = '')"
        " ORDER BY 4 DESC"
    )


def language_rows(
    *, hub_id: int, addresses: Collection[str], using: str = DEFAULT_DB_ALIAS
) -> list[tuple[str, str, str, int]]:
    """Rows (address, setting, written language, n): n is 0 for a member, else newest first."""
    lowered = sorted({a.lower() for a in addresses})
    if not lowered:
        return []
    with connections[using].cursor() as cursor:
        cursor.execute(_statement(len(lowered), using), [hub_id, *lowered, hub_id, *lowered])
        return cursor.fetchall()
