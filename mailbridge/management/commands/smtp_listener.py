"""`manage.py smtp_listener`: receive mail for the hubs directly over SMTP."""

import logging
import signal
import threading

from django.conf import settings
from django.core.management.base import BaseCommand

from mailbridge.smtp_server import smtp_controller


class Command(BaseCommand):
    help = "Accept mail for hub addresses over SMTP (550 for others) and store it."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=settings.AIMP_SMTP_HOST)
        parser.add_argument("--port", type=int, default=settings.AIMP_SMTP_PORT)

    def handle(self, *args, host, port, **options):
        # aiosmtpd logs every SMTP command at INFO; keep the console for what matters.
        logging.getLogger("mail.log").setLevel(logging.WARNING)
        controller = smtp_controller(host=host, port=port)
        controller.start()
        self.stdout.write(f"SMTP listener on {host}:{port} (Ctrl-C stops it)")
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        try:
            while not stop.wait(1):
                pass
        except KeyboardInterrupt:
            pass
        finally:
            controller.stop()
