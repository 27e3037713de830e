"""Hostile input at volume: the mail bridge's .eml corpus replayed through the real handlers.

Every round re-sends each file as a new message (a fresh Message-ID and one more
Received line, as a mail loop or a replaying attacker would), so every round is
processed, not absorbed as a duplicate. No message may crash a job or stay stuck,
no mail may go to an auto-responder, and strangers hear from the hub at most once
a day. The per-message time is printed (no timing assertion: shared machines).
"""

import json
import re
import statistics
import time
from collections import Counter
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

import pytest

from tests.emails.corpus_world import corpus_hub_build
from tests.reliability.figures import figures_record
from tests.reliability.product import scale

pytestmark = pytest.mark.reliability

CORPUS = Path(__file__).resolve().parent.parent / "emails"
_MESSAGE_ID = re.compile(rb"^message-id:[^\r\n]*(\r?\n[ \t][^\r\n]*)*", re.I | re.M)
_SENDER = re.compile(rb"^from:[^\r\n]*?<?([\w.+-]+@[\w.-]+)>?\s*$", re.I | re.M)


def replayed(raw: bytes, round_no: int, index: int) -> bytes:
    """Return `raw` as a new message: a Received line on top, a fresh Message-ID if it had one."""
    newline = b"\r\n" if b"\r\n" in raw[:2000] else b"\n"
    head, sep, body = raw.partition(newline + newline)
    fresh = f"Message-ID: <replay-{round_no}-{index}@replay.example>".encode()
    head = _MESSAGE_ID.sub(fresh, head, count=1)
    received = (
        f"Received: from replay-{round_no} by mx.hub.example.com; "
        f"{format_datetime(datetime.now(UTC))}"
    ).encode()
    return received + newline + head + sep + body


@pytest.fixture
def corpus_hub(db):
    return corpus_hub_build()


def test_hostile_corpus_replayed_crashes_nothing_and_answers_no_robot(
    corpus_hub, django_capture_on_commit_callbacks, capsys, monkeypatch
):
    from mailbridge.inbound import inbound_receive
    from mailbridge.models import InboundMessage, OutboundMessage

    manifest = {e["file"]: e for e in json.loads((CORPUS / "manifest.json").read_text())}
    files = sorted(CORPUS.glob("*.eml"))
    robots, humans, strangers = set(), set(), set()
    for path in files:
        senders = {m.decode().lower() for m in _SENDER.findall(path.read_bytes())}
        if manifest[path.name]["kind"] == "unknown_sender" and len(senders) == 1:
            strangers |= senders
        if manifest[path.name]["kind"] in ("auto_generated", "bounce", "loop"):
            robots |= senders
        else:
            humans |= senders
    # A member's out-of-office is a robot talking, but the member still gets the hub's
    # mail about their own requests: only addresses that never write as people count.
    robots -= humans
    rounds = scale("corpus_rounds", 100)
    # Jobs run in-process (sync): django-q2's log of successful tasks is not under test,
    # and with save_limit > 0 each saved task locks and reads every saved success.
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SAVE_LIMIT", -1)
    seconds: list[float] = []
    per_round: list[float] = []
    started = time.monotonic()
    for round_no in range(rounds):
        round_started = time.monotonic()
        for index, path in enumerate(files):
            raw = replayed(path.read_bytes(), round_no, index)
            t0 = time.perf_counter()
            with django_capture_on_commit_callbacks(execute=True):
                inbound_receive(raw=raw, source="replay", envelope_to=[])
            seconds.append(time.perf_counter() - t0)
        per_round.append(time.monotonic() - round_started)
    elapsed = time.monotonic() - started
    statuses = Counter(InboundMessage.objects.values_list("status", flat=True))
    kinds = Counter(InboundMessage.objects.values_list("kind", flat=True))
    outbound = OutboundMessage.objects.exclude(kind="fixture")
    robot_rows = InboundMessage.objects.filter(kind__in=["auto_generated", "loop"])
    to_robots = (
        outbound.filter(to_email__in=robots).count() + outbound.filter(cause__in=robot_rows).count()
    )
    per_recipient = Counter(outbound.values_list("to_email", flat=True))
    ms = sorted(1000 * s for s in seconds)
    figures_record(
        test="hostile corpus",
        messages=len(seconds),
        duplicates=len(seconds) - sum(statuses.values()),
        seconds=elapsed,
    )
    with capsys.disabled():
        print(
            f"\n[reliability] hostile corpus: {len(files)} files x {rounds} rounds = "
            f"{len(seconds)} messages in {elapsed:.1f} s (per message median "
            f"{statistics.median(ms):.1f} ms, 95th percentile {ms[int(0.95 * len(ms))]:.0f} "
            f"ms, max {ms[-1]:.0f} ms; first round {per_round[0]:.1f} s, last "
            f"{per_round[-1]:.1f} s); absorbed as duplicates "
            f"{len(seconds) - sum(statuses.values())}; "
            f"rows {dict(statuses)}; kinds {dict(kinds)}; outbound {outbound.count()} "
            f"({len(per_recipient)} recipients); to auto-responders {to_robots}"
        )
    failed = list(
        InboundMessage.objects.filter(status="failed").values_list("subject", "error")[:5]
    )
    assert failed == [], failed
    assert not statuses.keys() & {"posted", "received", "processing", "retry"}
    assert to_robots == 0
    # The same day: each stranger is answered once however often they write.
    assert strangers and {a: per_recipient[a] for a in strangers} == {a: 1 for a in strangers}
    assert outbound.count() <= rounds * len(files)
