"""python manage.py create_hub "Family" family@hub.example.com --tz Europe/Berlin ..."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from hubs.services import hub_setup
from hubs.setup_specs import SpecError, hub_spec_build


def _one_line(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        messages = (
            [f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()]
            if hasattr(exc, "error_dict")
            else exc.messages
        )
        return "; ".join(messages).replace("\n", " ")
    return str(exc).replace("\n", " ")


class Command(BaseCommand):
    help = (
        "Create a hub with members, admins and invite codes, or bring an existing hub "
        "(same address) up to date: only what the flags name changes, and each change is "
        "printed. Safe to re-run; bad input changes nothing; --dry-run shows without changing."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help='The hub\'s display name, e.g. "Family".')
        parser.add_argument("email", help="The hub's address, e.g. family@hub.example.com.")
        parser.add_argument(
            "--tz",
            default=None,
            help="IANA time zone (a new hub: default UTC; an existing hub keeps its own).",
        )
        parser.add_argument(
            "--rename",
            action="store_true",
            help="Give an existing hub (found by its address) the name given.",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Print what would change; change nothing."
        )
        parser.add_argument("--slug", default=None, help="URL name (default: from the name).")
        parser.add_argument(
            "--member",
            action="append",
            default=[],
            metavar='"NAME <ADDRESS>"',
            help="A member; repeat for more.",
        )
        parser.add_argument(
            "--admin",
            action="append",
            default=[],
            metavar='"NAME <ADDRESS>"',
            help="An admin member with a staff login for the admin site; repeat for more.",
        )
        parser.add_argument(
            "--invite",
            action="append",
            default=[],
            metavar="CODE:MAX_USES:YYYY-MM-DD",
            help="An invite code with its max uses and last valid day; repeat for more.",
        )

    def handle(self, *args, **options):
        try:
            spec = hub_spec_build(
                name=options["name"],
                email=options["email"],
                time_zone=options["tz"],
                slug=options["slug"],
                members=options["member"],
                admins=options["admin"],
                invites=options["invite"],
                rename=options["rename"],
            )
            with transaction.atomic():
                report = hub_setup(spec=spec)
                if options["dry_run"]:
                    transaction.set_rollback(True)
        except (SpecError, ValidationError) as exc:
            raise CommandError(_one_line(exc)) from exc
        prefix = "would be: " if options["dry_run"] else ""
        for line in report.changes:
            self.stdout.write(prefix + line)
        if options["dry_run"]:
            self.stdout.write("dry run: nothing was changed")
            return
        for username in report.new_logins:
            self.stdout.write(
                f"admin login {username!r} has no password yet: "
                f"python manage.py changepassword {username}"
            )
