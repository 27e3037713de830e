"""Services that create and change hubs, members, invite codes and hub-admin logins.

Each is keyword-only and runs in one transaction; callers (management commands, the
admin, the API) only call these. None of them sends mail.
"""

from dataclasses import dataclass, field
from datetime import date

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from hubs.models import Hub, HubAlias, InviteCode, Member
from hubs.setup_specs import HubSpec, SpecError


@dataclass
class HubSetupReport:
    """What hub_setup did, one readable line per change."""

    hub: Hub
    changes: list[str] = field(default_factory=list)
    new_logins: list[str] = field(default_factory=list)


def _unique_slug(name: str) -> str:
    base = slugify(name)[:50] or "hub"
    slug, n = base, 2
    while Hub.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def hub_create(
    *,
    name: str,
    email: str,
    time_zone: str | None = None,
    slug: str | None = None,
    rename: bool = True,
) -> tuple[Hub, bool, list[str]]:
    """Create the hub with this address, or update the existing one; say what changed.

    An existing hub keeps its zone when `time_zone` is None, and its name unless `rename`.
    """
    email = email.strip().lower()
    hub = Hub.objects.filter(email__iexact=email).first()
    if hub is None:
        if HubAlias.objects.filter(email__iexact=email).exists():
            raise SpecError(f"{email} is already an alias of another hub")
        if slug and Hub.objects.filter(slug=slug).exists():
            raise SpecError(f"slug {slug!r} is taken by another hub")
        hub = Hub(
            name=name, email=email, time_zone=time_zone or "UTC", slug=slug or _unique_slug(name)
        )
        hub.full_clean()
        hub.save()
        return hub, True, []
    changes: list[str] = []
    fields: list[str] = []
    if time_zone is not None and hub.time_zone != time_zone:
        changes.append(f"time zone: {hub.time_zone} -> {time_zone}")
        hub.time_zone = time_zone
        fields.append("time_zone")
    if hub.name != name:
        if rename:
            changes.append(f"name: {hub.name!r} -> {name!r}")
            hub.name = name
            fields.append("name")
        else:
            changes.append(f"name left as {hub.name!r} (pass --rename to call it {name!r})")
    if fields:
        hub.full_clean()
        hub.save(update_fields=fields)
    return hub, False, changes


@transaction.atomic
def member_add(
    *, hub: Hub, email: str, name: str = "", role: str = Member.Role.MEMBER
) -> tuple[Member, bool]:
    """Add a member to a hub, or bring an existing member's name and role up to date."""
    email = email.strip().lower()
    member = Member.objects.for_hub(hub).filter(email__iexact=email).first()
    if member is None:
        member = Member(hub=hub, email=email, name=name, role=role)
        member.full_clean()
        member.save()
        return member, True
    changed = []
    if name and member.name != name:
        member.name = name
        changed.append("name")
    if member.role != role:
        member.role = role
        changed.append("role")
    if changed:
        member.save(update_fields=changed)
    return member, False


@transaction.atomic
def invite_create(
    *,
    hub: Hub,
    code: str | None = None,
    max_uses: int = 1,
    expires_on: date | None = None,
    role: str = InviteCode.Role.MEMBER,
) -> tuple[InviteCode, bool]:
    """Create an invite code (generated when none is given), or update an existing one."""
    invite = None
    if code:
        invite = InviteCode.objects.for_hub(hub).filter(code__iexact=code).first()
    if invite is None:
        invite = InviteCode(hub=hub, max_uses=max_uses, expires_on=expires_on, role=role)
        if code:
            invite.code = code
        invite.full_clean()
        invite.save()
        return invite, True
    if invite.uses > max_uses:
        raise SpecError(
            f"invite {invite.code!r} has been used {invite.uses} times; max uses cannot be "
            f"{max_uses}"
        )
    if (invite.max_uses, invite.expires_on, invite.role) != (max_uses, expires_on, role):
        invite.max_uses, invite.expires_on, invite.role = max_uses, expires_on, role
        invite.save(update_fields=["max_uses", "expires_on", "role"])
    return invite, False


@transaction.atomic
def hub_admin_grant(*, member: Member):
    """Give an admin member a staff login for the admin site and return the user.

    The username is the member's address; a user of that name is reused (one person
    may administer several hubs). A new login has no usable password until the
    operator sets one (manage.py changepassword). Access to hub rows follows from
    the link itself (see hubs.admin_scoping), so no Django permissions are granted.
    """
    if member.role != Member.Role.ADMIN:
        raise SpecError(f"{member.email} is not an admin of {member.hub.name}")
    User = get_user_model()
    user = member.user
    if user is None:
        user = User.objects.filter(username__iexact=member.email).first()
    if user is None:
        first, _, last = member.name.partition(" ")
        user = User.objects.create_user(
            username=member.email, email=member.email, first_name=first[:150], last_name=last[:150]
        )
    if not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    if member.user_id != user.pk:
        member.user = user
        member.save(update_fields=["user"])
    return user


def _check_against_database(spec: HubSpec) -> None:
    """Raise SpecError for anything the database would refuse, before the first write."""
    hub = Hub.objects.filter(email__iexact=spec.email).first()
    if hub is None and HubAlias.objects.filter(email__iexact=spec.email).exists():
        raise SpecError(f"{spec.email} is already an alias of another hub")
    if (
        spec.slug
        and Hub.objects.filter(slug=spec.slug).exclude(pk=getattr(hub, "pk", None)).exists()
    ):
        raise SpecError(f"slug {spec.slug!r} is taken by another hub")
    if hub is None:
        return
    for invite in spec.invites:
        existing = InviteCode.objects.for_hub(hub).filter(code__iexact=invite.code).first()
        if existing and existing.uses > invite.max_uses:
            raise SpecError(
                f"invite {existing.code!r} has been used {existing.uses} times; "
                f"max uses cannot be {invite.max_uses}"
            )


@transaction.atomic
def hub_setup(*, spec: HubSpec) -> HubSetupReport:
    """Bring a hub, its members, admins and invite codes to what the spec says."""
    _check_against_database(spec)
    hub, created, changed = hub_create(
        name=spec.name,
        email=spec.email,
        time_zone=spec.time_zone,
        slug=spec.slug,
        rename=spec.rename,
    )
    report = HubSetupReport(hub=hub)
    report.changes.append(f"{'created' if created else 'found'} hub {hub} (slug {hub.slug})")
    report.changes += [f"hub {change}" for change in changed]
    for role, people in ((Member.Role.MEMBER, spec.members), (Member.Role.ADMIN, spec.admins)):
        for person in people:
            member, added = member_add(hub=hub, email=person.email, name=person.name, role=role)
            if added:
                report.changes.append(f"added {role} {member}")
            if role == Member.Role.ADMIN:
                had_login = member.user_id is not None
                user = hub_admin_grant(member=member)
                if not had_login:
                    report.changes.append(f"linked admin login {user.get_username()!r}")
                    if not user.has_usable_password():
                        report.new_logins.append(user.get_username())
    for spec_invite in spec.invites:
        invite, added = invite_create(
            hub=hub,
            code=spec_invite.code,
            max_uses=spec_invite.max_uses,
            expires_on=spec_invite.expires_on,
            role=spec_invite.role,
        )
        if added:
            report.changes.append(f"added invite code {invite.code}")
    return report
