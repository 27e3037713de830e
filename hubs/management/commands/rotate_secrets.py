"""Re-encrypt every stored secret with the first FIELD_ENCRYPTION_KEYS key, so old keys can go."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from hubs.encryption import derived_key, key_problems
from hubs.stored_secrets import scan


class Command(BaseCommand):
    help = (
        "Re-encrypt every encrypted field with the first key of FIELD_ENCRYPTION_KEYS and "
        "report counts (rewritten, already current, unreadable); exit 1 when a value is "
        "unreadable. --check reports without writing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="Report only; write nothing.")
        parser.add_argument("--database", default="default", help="Database alias.")
        parser.add_argument(
            "--clear-unreadable",
            action="store_true",
            help="Blank the values no key decrypts, so they can be entered again in the admin.",
        )
        parser.add_argument(
            "--print-derived-key",
            action="store_true",
            help="Print the key derived from SECRET_KEY (used before FIELD_ENCRYPTION_KEYS "
            "was required) to list after the new key while rotating; write nothing.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["print_derived_key"]:
            self.stdout.write(derived_key(settings.SECRET_KEY))
            return
        keys = [k.strip() for k in settings.FIELD_ENCRYPTION_KEYS if k.strip()]
        problems = key_problems(keys)
        if problems:
            raise CommandError("; ".join(problems))
        check = options["check"]
        clear = options["clear_unreadable"] and not check
        reports = scan(options["database"], rewrite=not check, clear=clear)
        rewritten = current = unreadable = 0
        for r in reports:
            if not (r.current or r.old_key or r.unreadable):
                continue
            moved = f"{r.old_key} to rewrite" if check else f"{r.rewritten} rewritten"
            line = f"{r.label}: {moved}, {r.current} already current, {r.unreadable} unreadable"
            if r.unreadable:
                ids = ", ".join(str(pk) for pk in r.unreadable_ids[:20])
                line += f" (ids {ids}{', ...' if r.unreadable > 20 else ''})"
            if r.cleared:
                line += f", {r.cleared} cleared"
            self.stdout.write(line)
            rewritten += r.old_key if check else r.rewritten
            current += r.current
            unreadable += r.unreadable - r.cleared
        verb = "to rewrite" if check else "rewritten"
        self.stdout.write(
            f"total: {rewritten} {verb}, {current} already current, {unreadable} unreadable"
        )
        if unreadable:
            raise CommandError(
                f"{unreadable} stored value(s) cannot be decrypted with the current "
                "FIELD_ENCRYPTION_KEYS: put their key back, enter them again in the admin, "
                "or blank them with --clear-unreadable"
            )
