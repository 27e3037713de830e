from datetime import UTC, datetime, timedelta

from mailbridge.ratelimit import notice_claim


def test_one_notice_per_address_purpose_and_utc_day(hub, other_hub):
    now = datetime(2026, 3, 1, 23, 30, tzinfo=UTC)
    assert notice_claim(hub=hub, address="X@Example.com", purpose="unknown", now=now)
    assert not notice_claim(hub=hub, address="x@example.com", purpose="unknown", now=now)
    assert notice_claim(hub=hub, address="x@example.com", purpose="bad-invite", now=now)
    assert notice_claim(hub=other_hub, address="x@example.com", purpose="unknown", now=now)
    assert notice_claim(
        hub=hub, address="x@example.com", purpose="unknown", now=now + timedelta(hours=1)
    )


def test_several_notices_per_address_and_a_cap_per_hub(hub, other_hub):
    now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def claim(address, on=hub):
        return notice_claim(
            hub=on, address=address, purpose="help", now=now, per_address=3, per_hub=5
        )

    assert [claim("a@example.com") for _ in range(4)] == [True, True, True, False]
    assert [claim("b@example.com") for _ in range(3)] == [True, True, False]  # the hub's 5
    assert claim("c@example.com") is False
    assert claim("c@example.com", on=other_hub) is True  # each hub has its own cap
    assert notice_claim(hub=hub, address="c@example.com", purpose="status", now=now)
