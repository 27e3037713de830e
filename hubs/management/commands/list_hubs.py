"""python manage.py list_hubs: every hub with its addresses, members and invite codes."""

from django.core.management.base import BaseCommand

from hubs.models import Hub


class Command(BaseCommand):
    help = "Print hubs with their aliases, members and invite codes."

    def add_arguments(self, parser):
        parser.add_argument("--hub", help="Only the hub with this slug or address.")

    def handle(self, *args, **options):
        hubs = Hub.objects.prefetch_related("aliases", "members__user", "invite_codes")
        if options["hub"]:
            key = options["hub"].strip().lower()
            hubs = hubs.filter(slug=key) | hubs.filter(email=key)
        if not hubs:
            self.stdout.write("no hubs")
            return
        for hub in hubs:
            state = "active" if hub.active else "inactive"
            self.stdout.write(
                f"{hub.name} <{hub.email}>  slug={hub.slug}  tz={hub.time_zone}  {state}"
            )
            for alias in hub.aliases.all():
                self.stdout.write(f"  alias {alias.email}")
            members = list(hub.members.all())
            self.stdout.write(f"  members ({len(members)}):")
            for m in members:
                login = f"  [login {m.user.get_username()}]" if m.user else ""
                self.stdout.write(f"    {m.role:<6}  {m}{login}")
            codes = list(hub.invite_codes.all())
            self.stdout.write(f"  invite codes ({len(codes)}):")
            for c in codes:
                expiry = f"expires {c.expires_on.isoformat()}" if c.expires_on else "no expiry"
                self.stdout.write(
                    f"    {c.code}  {c.uses}/{c.max_uses} used  {expiry}  grants {c.role}"
                )
