"""Turnaround with a real qcluster: POST of the last required reply -> confirmations sent.

The web server (runserver) and one qcluster run as separate processes on this
machine; the bench POSTs over HTTP to 127.0.0.1 and watches the mailbox directory.
Meetings are measured one after another, so each figure is one reply's latency,
not a queue's.
"""

import time
import urllib.request
from pathlib import Path

from bench import procs
from bench.drive import replies_for
from bench.fixtures import PARTICIPANTS, fixtures_build, invitations
from bench.mailbox import MailboxWatcher
from bench.stats import summarize
from bench.wire import BASIC_AUTH, WEBHOOK_PATH

WAIT_SECONDS = 30.0


def _post(url: str, payload: bytes) -> int:
    request = urllib.request.Request(
        url,
        data=payload,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": BASIC_AUTH},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def _cluster_ready(work_dir: Path) -> None:
    from django_q.tasks import async_task, result

    task_id = async_task("bench.probes.worker_probe")
    if result(task_id, wait=60_000) is None:
        raise TimeoutError(f"qcluster did not run a task within 60 s; see {work_dir}")


def turnaround_measure(*, env: dict[str, str], work_dir: Path, meetings: int) -> dict:
    """Return median and p95 seconds from the last reply's POST to its confirmation mails."""
    from negotiation.models import Meeting

    before = set(Meeting.objects.values_list("id", flat=True))
    fixtures_build(hubs=5, meetings=meetings + 1, prevoted=True, tag=f"t{time.time_ns() % 10**6}")
    new_ids = sorted(set(Meeting.objects.values_list("id", flat=True)) - before)
    replies = replies_for(invitations(meeting_ids=new_ids, last_only=True))
    watcher = MailboxWatcher(Path(env["MAILBOX_DIR"]))
    watcher.new()
    port = procs.free_port()
    web = procs.web_start(env=env, port=port, log_path=work_dir / "web-turnaround.log")
    cluster = procs.cluster_start(env=env, log_path=work_dir / "cluster-turnaround.log")
    samples, missing, measured = [], [], []
    try:
        _cluster_ready(work_dir)
        url = f"http://{procs.HOST}:{port}{WEBHOOK_PATH}"
        for index, reply in enumerate(replies):
            posted_ns = time.time_ns()
            if _post(url, reply.payload) != 200:
                raise RuntimeError("webhook refused a reply")
            confirmations: list[int] = []
            deadline = time.monotonic() + WAIT_SECONDS
            while len(confirmations) < PARTICIPANTS and time.monotonic() < deadline:
                for mail in watcher.new():
                    if mail.thread == reply.session_id and mail.has_invite:
                        confirmations.append(mail.sent_ns)
                time.sleep(0.02)  # timestamps come from file names: polling slower costs nothing
            if len(confirmations) < PARTICIPANTS:
                missing.append(reply.session_id)
                if len(missing) >= 3:
                    break
                continue
            if index == 0:
                continue  # the first one warms up the web process and the workers
            samples.append((max(confirmations) - posted_ns) / 1e9)
            measured.append((reply.session_id, posted_ns, max(confirmations)))
    finally:
        procs.stop(web)
        procs.stop(cluster)
    result = {"seconds": summarize(samples), "samples": samples, "phases": _phases(measured)}
    if missing:
        result["warning"] = (
            f"{len(missing)} meetings sent no confirmation within {WAIT_SECONDS:.0f} s "
            f"(measurement stopped after 3); see {work_dir}"
        )
    return result


def _phases(measured: list[tuple[str, int, int]]) -> dict:
    """Split each turnaround into its legs (medians), from the rows and django-q2's task log."""
    from django_q.models import Task

    from mailbridge.models import InboundMessage, OutboundMessage

    tasks: dict[tuple[str, int], Task] = {}
    for task in Task.objects.filter(func__startswith="mailbridge.tasks."):
        if not task.args:
            continue
        name, arg = task.func.rsplit(".", 1)[1], task.args[0]
        if name == "send_outbound_many":
            for outbound_id in arg:
                tasks[("send_outbound", outbound_id)] = task
        else:
            tasks[(name, arg)] = task
    # django-q2 stamps a task's `started` when it is queued (async_task), not when a
    # worker takes it: each job leg is its wait in the queue plus its run.
    legs: dict[str, list[float]] = {"web_store": [], "inbound_job": [], "send_job": []}
    for session_id, posted_ns, done_ns in measured:
        inbound = InboundMessage.objects.filter(thread_key=session_id).order_by("-id").first()
        outbound = list(
            OutboundMessage.objects.filter(thread_key=session_id, kind="meeting:confirmation")
        )
        process = inbound and tasks.get(("process_inbound", inbound.id))
        sends = [tasks.get(("send_outbound", o.id)) for o in outbound]
        if not (process and outbound and all(sends)):
            continue
        last_send = max(sends, key=lambda t: t.started)
        legs["web_store"].append(inbound.received_at.timestamp() - posted_ns / 1e9)
        legs["inbound_job"].append((process.stopped - process.started).total_seconds())
        legs["send_job"].append(done_ns / 1e9 - last_send.started.timestamp())
    return {name: summarize(values)["median"] for name, values in legs.items()}
