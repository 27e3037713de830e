"""pytest plugin for the economy figures: what each scenario conversation cost in mail and model calls.

Loaded by bench.economy with `-p bench.economy_plugin`; never part of the normal suite.
After each test, before its database is rolled back, it appends one JSON line per
test to $BENCH_ECONOMY_OUT. With BENCH_ECONOMY_LLM=1 every hub created gets an
enabled LLM pointing at the fake OpenAI-compatible server, scripted to answer
"unclear", so conversations run as with the rules alone and the calls are counted.
"""

import json
import os
import re

import pytest

_LABELS_ONLY = re.compile(r"^(?:\s|[A-Da-d](?![a-z])|[1-4]|and|or|&|,|\.|\+|/)+$", re.I)


@pytest.fixture(scope="session")
def _economy_llm():
    if os.environ.get("BENCH_ECONOMY_LLM") != "1":
        yield None
        return
    from django.db.models.signals import post_save

    from hubs.models import Hub, HubLLMSettings
    from tests.llm_fake.server import Behaviour, FakeLLM

    server = FakeLLM().start()
    server.default = Behaviour(content='{"kind": "unclear", "reason": "scripted"}')

    def give_llm(sender, instance, created, **kwargs):
        if created:
            HubLLMSettings.objects.update_or_create(
                hub=instance,
                defaults={
                    "enabled": True,
                    "model": "openai/fake-model",
                    "api_base": server.api_base,
                    "api_key": "sk-bench",
                    "timeout_seconds": 5,
                },
            )

    post_save.connect(give_llm, sender=Hub, dispatch_uid="bench-economy-llm")
    yield server
    post_save.disconnect(dispatch_uid="bench-economy-llm", sender=Hub)
    server.stop()


@pytest.fixture(autouse=True)
def _economy_record(request, db, _economy_llm):
    yield
    out = os.environ.get("BENCH_ECONOMY_OUT")
    if out:
        with open(out, "a") as fh:
            fh.write(json.dumps({"test": request.node.nodeid, **economy_snapshot()}) + "\n")


def _reply_text(raw: bytes) -> str:
    from django.conf import settings

    from mailbridge.reading import read_message

    mail = read_message(
        raw, max_subject=settings.AIMP_MAX_SUBJECT_CHARS, max_body=settings.AIMP_MAX_BODY_CHARS
    )
    return mail.reply_text or ""


def economy_snapshot() -> dict:
    """Return this test's meetings (mails per participant by kind) and replies (model calls)."""
    from mailbridge.models import InboundMessage, OutboundMessage
    from negotiation.models import LLMCall, Meeting

    calls_by_inbound: dict[int | None, int] = {}
    for inbound_id in LLMCall.objects.values_list("inbound_id", flat=True):
        calls_by_inbound[inbound_id] = calls_by_inbound.get(inbound_id, 0) + 1
    meetings = []
    for meeting in Meeting.objects.all():
        people = {p.address.lower(): p for p in meeting.participants.all()}
        mails = {}
        for to, kind in OutboundMessage.objects.filter(thread_key=meeting.session_id).values_list(
            "to_email", "kind"
        ):
            if to.lower() in people:
                mails.setdefault(to.lower(), []).append(kind.removeprefix("meeting:"))
        replies = InboundMessage.objects.filter(thread_key=meeting.session_id, kind="thread_reply")
        meetings.append(
            {
                "status": meeting.status,
                "round": meeting.round,
                "options_added": meeting.options.exclude(round_added=1).exists(),
                "participants": len(people),
                "mails": {to: mails.get(to, []) for to in people},
                # What happened, in order: the one-round classification reads it.
                "events": [
                    [kind, actor.lower()]
                    for kind, actor in meeting.events.values_list("kind", "actor")
                ],
                "replies": [
                    {
                        "sender": r.sender,
                        "labels_only": bool(
                            _LABELS_ONLY.match(_reply_text(bytes(r.raw)).strip() or "x")
                        ),
                        "model_calls": calls_by_inbound.get(r.id, 0),
                    }
                    for r in replies
                ],
            }
        )
    from hubs.models import HubLLMSettings

    return {
        "meetings": meetings,
        "model_calls": sum(calls_by_inbound.values()),
        "llm_enabled": HubLLMSettings.objects.filter(enabled=True).exists(),
    }
