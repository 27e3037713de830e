"""manage.py compile_catalogues: the .po catalogues under locale/ to .mo, with Babel."""

from django.core.management.base import BaseCommand

from aimp_site.catalogues import catalogues_compile


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo (pure Python; only stale ones unless --force)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Compile every catalogue.")

    def handle(self, *args, force: bool = False, **options):
        for path in catalogues_compile(force=force):
            self.stdout.write(f"compiled {path}")
