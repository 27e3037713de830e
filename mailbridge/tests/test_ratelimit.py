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
