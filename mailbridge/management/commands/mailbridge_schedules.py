"""`manage.py mailbridge_schedules`: (re)create the sweeper and IMAP poll schedules."""

from django.core.management.base import BaseCommand

from mailbridge.schedules import schedules_ensure


class Command(BaseCommand):
    help = "Create or update the mail bridge's django-q2 schedules (idempotent)."

    def handle(self, *args, **options):
        schedules_ensure()
        self.stdout.write("mail bridge schedules are in place")
