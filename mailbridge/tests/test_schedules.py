"""The schedules are written after a migrate only once django_q's tables exist."""

from django.db import connection
from django.db.migrations.loader import MigrationLoader

from mailbridge.schedules import schedules_migrated


def test_a_partial_migrate_of_a_new_database_writes_no_schedule(db):
    # `manage.py migrate hubs 0004` on a new database: post_migrate fires for every app
    # while django_q's tables do not exist yet (it used to crash the command).
    loader = MigrationLoader(connection)
    hubs_only = loader.project_state(("hubs", "0004_member_auto_accept_help"), at_end=True)
    assert schedules_migrated(hubs_only.apps) is False


def test_a_full_migrate_writes_them(db):
    loader = MigrationLoader(connection)
    assert schedules_migrated(loader.project_state().apps) is True
