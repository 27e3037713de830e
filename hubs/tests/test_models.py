import pytest
from django.db import IntegrityError, connection, transaction

from hubs.models import Contact, Hub, HubLLMSettings, InviteCode, Member
from hubs.models.invites import generate_invite_code
from tests.world import hub_make


def test_hub_email_is_stored_lower_case(db):
    hub = hub_make(email="Family@Hub.example.com")
    hub.refresh_from_db()
    assert hub.email == "family@hub.example.com"
    assert hub.max_rounds == 5
    assert hub.response_window_hours == 72


def test_member_email_unique_per_hub_case_insensitively(hub):
    Member.objects.create(hub=hub, email="alice@example.com", name="Alice")
    with pytest.raises(IntegrityError), transaction.atomic():
        # Bypass save()'s lower-casing: the database itself must refuse.
        Member.objects.bulk_create([Member(hub=hub, email="ALICE@example.com")])


def test_same_member_email_allowed_in_two_hubs(hub):
    other = Hub.objects.create(name="Team", slug="team", email="team@hub.example.com")
    Member.objects.create(hub=hub, email="alice@example.com")
    Member.objects.create(hub=other, email="alice@example.com")
    assert Member.objects.for_hub(hub).count() == 1
    assert Member.objects.for_hub(other).count() == 1


def test_invite_uses_cannot_exceed_max_uses(hub):
    code = InviteCode.objects.create(hub=hub, code="welcome", max_uses=1, uses=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        InviteCode.objects.filter(pk=code.pk).update(uses=2)


def test_invite_code_unique_per_hub_case_insensitively(hub):
    InviteCode.objects.create(hub=hub, code="welcome-2026")
    with pytest.raises(IntegrityError), transaction.atomic():
        InviteCode.objects.create(hub=hub, code="WELCOME-2026")


def test_generated_invite_codes_carry_at_least_128_bits():
    codes = {generate_invite_code() for _ in range(200)}
    assert len(codes) == 200
    sample = next(iter(codes))
    # Lower-case base32: 5 bits per character.
    assert len(sample) * 5 >= 128
    assert sample == sample.lower()


def test_contact_with_agent_needs_agent_address(hub):
    with pytest.raises(IntegrityError), transaction.atomic():
        Contact.objects.create(hub=hub, name="Bob", email="bob@example.com", has_agent=True)


def test_llm_api_key_is_encrypted_at_rest(hub):
    HubLLMSettings.objects.create(hub=hub, model="openai/x", api_key="sk-very-secret")
    with connection.cursor() as cursor:
        cursor.execute("SELECT api_key FROM hubs_hubllmsettings WHERE hub_id = %s", [hub.pk])
        stored = cursor.fetchone()[0]
    assert "sk-very-secret" not in stored
    assert stored.startswith("fernet:")
    assert HubLLMSettings.objects.get(hub=hub).api_key == "sk-very-secret"


def test_invite_code_model_refuses_codes_a_subject_tag_cannot_carry(hub):
    from django.core.exceptions import ValidationError

    for bad in ["has space", "a]b", "ab", "semi;colon"]:
        with pytest.raises(ValidationError):
            InviteCode(hub=hub, code=bad).full_clean()
    InviteCode(hub=hub, code="welcome-2026_x").full_clean()
    InviteCode(hub=hub).full_clean()  # generated codes are always valid
