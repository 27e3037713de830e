"""Email and model economy over every scenario conversation in tests/scenarios/.

Runs the scenario suite twice in a subprocess with bench.economy_plugin: rules only,
then with every hub's LLM enabled against a scripted local server.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import mean

from bench.procs import BASE_DIR


def _run(llm: bool) -> tuple[list[dict], list[str]]:
    with tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False) as tmp:
        out = Path(tmp.name)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL")
    }
    env.update({"BENCH_ECONOMY_OUT": str(out), "BENCH_ECONOMY_LLM": "1" if llm else "0"})
    args = [
        sys.executable,
        "-m",
        "pytest",
        "tests/scenarios",
        "-p",
        "bench.economy_plugin",
        "-q",
        "--no-header",
        "-p",
        "no:randomly",
    ]
    if llm:
        # Scenarios about the LLM set up their own model server and assert on it.
        args += [f"--ignore={p}" for p in sorted(Path(BASE_DIR, "tests/scenarios").glob("*llm*"))]
    proc = subprocess.run(
        args,
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    lines = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    out.unlink(missing_ok=True)
    if proc.returncode != 0 and not lines:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-3:]
        raise RuntimeError(f"scenario run failed: {' | '.join(tail)}")
    failed = [line for line in proc.stdout.splitlines() if line.startswith("FAILED")]
    return lines, failed


# A one-round meeting is the shortest conversation the target is about: the
# request, one invitation each, at most one answer from each participant, the
# confirmation. A stranger's ignored reply changes nothing and is not answered.
ONE_ROUND_EVENTS = frozenset({"requested", "started", "answered", "confirmed"})
HARMLESS_EVENTS = frozenset({"ignored_non_participant"})


def economy_is_one_round(*, meeting: dict) -> bool:
    """Say whether a recorded meeting was settled by one answer per participant and nothing else.

    Anything else in its event log (a clarification, a second or late answer, a bounce,
    a window passing, an organiser's drop, pick or wait) is a longer conversation: its
    mails count in the all-scenarios figure, not in the one-round one.
    """
    if meeting["status"] != "confirmed" or meeting["round"] != 1 or meeting["options_added"]:
        return False
    kinds = [kind for kind, _ in meeting["events"]]
    if set(kinds) - ONE_ROUND_EVENTS - HARMLESS_EVENTS:
        return False
    answerers = [actor for kind, actor in meeting["events"] if kind == "answered"]
    return len(answerers) == len(set(answerers))


def _mean(values: list[int]) -> float | None:
    return mean(values) if values else None


def economy_figures(*, tests: list[dict]) -> dict:
    """Return the email and model-call figures of recorded scenario tests."""
    meetings = [m for t in tests for m in t["meetings"] if m["participants"]]
    replies = [r for m in meetings for r in m["replies"]]
    free = [r for r in replies if not r["labels_only"]]
    labels = [r for r in replies if r["labels_only"]]
    one_round = [
        (t["test"], m)
        for t in tests
        for m in t["meetings"]
        if m["participants"] and economy_is_one_round(meeting=m)
    ]
    per_person = [len(k) for m in meetings for k in m["mails"].values()]
    one_round_all, by_labels, by_words, without_echo, not_two = [], [], [], [], []
    for test, m in one_round:
        # Split by how each participant answered: a free-text answer may be echoed by design.
        in_words = {r["sender"].lower() for r in m["replies"] if not r["labels_only"]}
        for to, kinds in m["mails"].items():
            one_round_all.append(len(kinds))
            (by_words if to in in_words else by_labels).append(len(kinds))
            without_echo.append(len([k for k in kinds if k != "echo"]))
            if len(kinds) != 2:
                not_two.append(f"{test}: {to} {kinds}")
    calls = sum(t["model_calls"] for t in tests)
    # One slow participant, reminded twice before answering (tests/scenarios/
    # test_meeting_reminders.py): every mail that person got, reminders included.
    slow = [
        len(kinds)
        for t in tests
        if "test_the_silent_get_two_reminders" in t["test"]
        for m in t["meetings"]
        for kinds in m["mails"].values()
        if "reminder" in kinds
    ]
    return {
        "slow_participant_emails": max(slow) if slow else None,
        "tests": len(tests),
        "meetings": len(meetings),
        "one_round_meetings": len(one_round),
        "emails_per_participant": _mean(per_person),
        "one_round_emails_per_participant": _mean(one_round_all),
        "one_round_emails_per_participant_without_echo": _mean(without_echo),
        "one_round_emails_per_label_answerer": _mean(by_labels),
        "one_round_emails_per_free_text_answerer": _mean(by_words),
        "one_round_participants_not_at_two": not_two,
        "model_calls": calls,
        "model_calls_per_meeting": calls / len(meetings) if meetings else None,
        "replies": len(replies),
        "free_text_replies": len(free),
        "model_calls_on_label_replies": sum(r["model_calls"] for r in labels),
        "model_calls_per_free_text_reply": (
            sum(r["model_calls"] for r in free) / len(free) if free else None
        ),
        "max_model_calls_per_reply": max((r["model_calls"] for r in replies), default=0),
    }


def economy_measure(*, env: dict[str, str], work_dir: Path) -> dict:
    """Return email and model-call figures, rules only and with a scripted LLM."""
    rules_tests, rules_failed = _run(llm=False)
    llm_tests, llm_failed = _run(llm=True)
    # Scenarios that switch a hub's LLM on themselves are not "rules only".
    rules_only = [t for t in rules_tests if not t.get("llm_enabled")]
    rules, llm = economy_figures(tests=rules_only), economy_figures(tests=llm_tests)
    rules["failed_tests"], llm["failed_tests"] = rules_failed, llm_failed
    result = {
        "one_round_emails_per_participant": rules["one_round_emails_per_participant"],
        "emails_per_participant": rules["emails_per_participant"],
        "slow_participant_emails": rules["slow_participant_emails"],
        "rules": rules,
        "llm": llm,
    }
    warnings = []
    if rules["model_calls"]:
        warnings.append(f"{rules['model_calls']} model calls with the rules engine only")
    if rules_failed or llm_failed:
        warnings.append(
            f"scenario tests failing: {len(rules_failed)} rules-only, "
            f"{len(llm_failed)} with the scripted LLM (figures cover what ran)"
        )
    if warnings:
        result["warning"] = "; ".join(warnings)
    return result
