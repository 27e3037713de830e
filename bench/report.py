"""Write the bench results as a Markdown table (runs side by side) and as JSON."""

import json
import math
from pathlib import Path

# (section, label, target, dotted path in the section's result, unit format)
ROWS: list[tuple[str, str, str, str, str]] = [
    ("pipeline", "Floor: raw POST stored, msg/s", "", "floor.per_second", "{:.0f}"),
    (
        "pipeline",
        "Pipeline: webhook → outbound queued, replies/s (one process, serial)",
        "≥ 400 SQLite, ≥ 150 PostgreSQL",
        "pipeline.per_second",
        "{:.0f}",
    ),
    ("pipeline", "Pipeline cost / floor cost per message", "≤ 8", "cost_ratio", "{:.2f}x"),
    ("pipeline", "… the webhook alone, cost / floor", "≤ 1.5", "webhook_ratio", "{:.2f}x"),
    ("pipeline", "… pipeline cost / least pipeline cost", "≤ 3", "least_ratio", "{:.2f}x"),
    (
        "pipeline",
        "… per message: floor / webhook / job",
        "",
        "",
        "pipeline_legs",
    ),
    (
        "pipeline",
        "… anymail's own view alone (receiver unplugged), cost / floor",
        "",
        "anymail.cost_ratio",
        "{:.2f}x",
    ),
    (
        "pipeline",
        "… fixed part: anymail's view + the job reading the mail once, cost / floor",
        "",
        "anymail.fixed_ratio",
        "{:.2f}x",
    ),
    (
        "pipeline",
        "… least any pipeline does: anymail's view, store, read, rules, one write; cost / floor",
        "",
        "least.cost_ratio",
        "{:.2f}x",
    ),
    (
        "pipeline",
        "… units alone: SELECT by key via ORM / raw cursor; ESP parse; job parse",
        "",
        "units",
        "units",
    ),
    (
        "pipeline",
        "Statements per reply (webhook + job)",
        "≤ 13",
        "pipeline.queries_per_message",
        "{:.1f}",
    ),
    (
        "pipeline",
        "… webhook / job; ORM broker per job (dequeue + acknowledge) / per post claimed",
        "",
        "pipeline",
        "statements",
    ),
    (
        "turnaround",
        "Turnaround last reply → confirmations sent, median",
        "< 1 s ORM, < 0.3 s Redis",
        "seconds.median",
        "{:.3f} s",
    ),
    ("turnaround", "Turnaround, p95", "", "seconds.p95", "{:.3f} s"),
    ("turnaround", "Meetings measured", "≥ 20", "seconds.n", "{:d}"),
    (
        "turnaround",
        "… legs: web store / inbound job / send job, each job queued + run (median)",
        "",
        "phases",
        "legs",
    ),
    (
        "economy",
        "Emails per participant, one-round meeting",
        "2",
        "one_round_emails_per_participant",
        "{:.2f}",
    ),
    (
        "economy",
        "… answered with labels / in free text (echo)",
        "",
        "rules",
        "answerers",
    ),
    (
        "economy",
        "Emails per participant per meeting, all scenarios",
        "",
        "emails_per_participant",
        "{:.2f}",
    ),
    (
        "economy",
        "Emails to one slow participant (invitation and two reminders)",
        "≤ 3",
        "slow_participant_emails",
        "{:d}",
    ),
    (
        "economy",
        "Model calls per meeting, rules only",
        "0",
        "rules.model_calls_per_meeting",
        "{:.2f}",
    ),
    (
        "economy",
        "Model calls per free-text reply, scripted LLM",
        "≤ 1",
        "llm.model_calls_per_free_text_reply",
        "{:.2f}",
    ),
    (
        "flat",
        "Per-message cost, small database (median of rounds)",
        "",
        "small.ms_per_message",
        "{:.1f} ms",
    ),
    (
        "flat",
        "Per-message cost, large database (median of rounds)",
        "",
        "large.ms_per_message",
        "{:.1f} ms",
    ),
    ("flat", "Large / small (medians of wall time)", "≤ 1.3", "ratio", "{:.2f}"),
    ("flat", "… CPU per message, small / large (bench process)", "", "cpu", "{}"),
    ("flat", "… PostgreSQL backend CPU per message, small / large", "", "server_cpu", "{}"),
    ("flat", "Queries per message, small / large", "equal", "queries", "{}"),
    ("flat", "Meetings / hubs in the large database", "100,000 / 1,000", "large.size", "{}"),
    ("flat", "Fixtures built in, small / large", "", "build", "{}"),
    (
        "scale",
        "Idle background CPU per minute, 100,000 hubs with IMAP mailboxes, none due",
        "< 1 s",
        "idle.quiet_minute.cpu_s",
        "{:.3f} s",
    ),
    (
        "scale",
        "… a minute with the due ones polled (fake IMAP, nothing new): CPU / polled",
        "grows with due",
        "idle.due_minute",
        "due",
    ),
    ("scale", "… mailboxes contacted when none is due", "0", "idle.contacted_when_none_due", "{}"),
    (
        "scale",
        "Operator changelists (hubs / inbound / outbound / meetings / events), median",
        "< 200 ms each",
        "pages",
        "pages",
    ),
    ("scale", "… statements per changelist; DISTINCT over hub ids", "none", "pages", "page_sql"),
    ("scale", "… hubs / events in that database; built in", "100,000 / 1M", "", "scale_size"),
    ("footprint", "Web process RSS after warm-up", "", "web.rss_kb", "kb"),
    ("footprint", "One worker RSS after warm-up", "", "worker.worker_rss_kb", "kb"),
    ("footprint", "Whole qcluster (all processes) PSS", "", "worker.cluster_pss_kb", "kb"),
    ("footprint", "django.setup() time, median", "", "setup.seconds.median", "{:.3f} s"),
    ("footprint", "litellm loaded (setup / web / worker)", "no / no / no", "litellm", "{}"),
]


def _dig(data, path: str):
    if not path:
        return data
    for part in path.split("."):
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def _fmt(value, fmt: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, float) and math.isnan(value):
        return "n/a"
    if fmt == "legs":
        keys = ("web_store", "inbound_job", "send_job")
        return " / ".join(f"{value.get(k, math.nan):.3f}" for k in keys) + " s"
    if fmt == "pipeline_legs":
        legs = (
            value.get("floor_ms_per_message"),
            _dig(value, "pipeline.webhook_ms_per_message"),
            _dig(value, "pipeline.job_ms_per_message"),
        )
        return " / ".join("—" if v is None else f"{v:.2f}" for v in legs) + " ms"
    if fmt == "statements":
        split = value.get("statements") or {}
        q2 = value.get("q2_statements_per_job")
        post = value.get("broker_statements_per_post")
        cells = ["—" if split.get(k) is None else f"{split[k]:.1f}" for k in ("webhook", "job")]
        brokers = " / ".join("—" if v is None else f"{v:.1f}" for v in (q2, post))
        trips = split.get("job_round_trips")
        sent = "" if trips is None else f"; job round trips {trips:.1f}"
        return f"{cells[0]} / {cells[1]}; {brokers}{sent}"
    if fmt == "units":
        keys = ("orm_select_ms", "raw_select_ms", "esp_parse_ms", "job_read_ms")
        cells = ["—" if value.get(k) is None else f"{value[k]:.2f}" for k in keys]
        return f"{cells[0]} / {cells[1]}; {cells[2]}; {cells[3]} ms"
    if fmt == "answerers":
        keys = ("one_round_emails_per_label_answerer", "one_round_emails_per_free_text_answerer")
        return " / ".join("—" if value.get(k) is None else f"{value[k]:.2f}" for k in keys)
    if fmt == "due":
        return f"{value['cpu_s']:.3f} s / {value['polled']:,}"
    if fmt == "pages":
        return " / ".join(f"{page['median_ms']:.0f}" for page in value.values()) + " ms"
    if fmt == "page_sql":
        counts = " / ".join(str(page["queries"]) for page in value.values())
        distinct = "DISTINCT" if any(p["distinct_hub"] for p in value.values()) else "none"
        return f"{counts}; {distinct}"
    if fmt == "scale_size":
        return f"{value['idle']['hubs']:,} / {value['events']:,}; {value['build_s']:.0f} s"
    if fmt == "kb":
        return f"{value / 1024:.0f} MB"
    try:
        return fmt.format(value)
    except (ValueError, TypeError):
        return str(value)


def _column_name(run: dict) -> str:
    db = {"sqlite": "SQLite", "postgres": "PostgreSQL"}.get(run["db"], run["db"])
    return f"{db} · {run['broker'].upper() if run['broker'] == 'orm' else run['broker'].title()}"


def report_markdown(combined: dict) -> str:
    """Return the Markdown report: one table, runs side by side, then the machine."""
    runs = combined["runs"]
    header = ["Measure", "Target", *(_column_name(r) for r in runs)]
    lines = [
        f"# `make bench`: {combined['started_at']}",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    notes: list[str] = []
    for section, label, target, path, fmt in ROWS:
        cells = []
        for run in runs:
            result = run.get("sections", {}).get(section)
            if result is None:
                cells.append("")
            elif "error" in result:
                note = f"{_column_name(run)} {section}: {result['error']}"
                if note not in notes:
                    notes.append(note)
                cells.append(f"not measured [{notes.index(note) + 1}]")
            else:
                cell = _fmt(_dig(result, path), fmt)
                if result.get("warning"):
                    note = f"{_column_name(run)} {section}: {result['warning']}"
                    if note not in notes:
                        notes.append(note)
                    cell += f" [{notes.index(note) + 1}]"
                cells.append(cell)
        if any(cells):
            lines.append("| " + " | ".join([label, target, *cells]) + " |")
    if notes:
        lines += ["", "Notes:", ""]
        lines += [f"{i}. {n}" for i, n in enumerate(notes, 1)]
    m = combined["machine"]
    dbs = ", ".join(sorted({r.get("database_version", r["db"]) for r in runs}))
    lines += [
        "",
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_mb']} MB RAM, {m['os']}; "
        f"Python {m['python']}; {dbs}; {m.get('redis') or 'no Redis'}; "
        f"Django {m['versions'].get('django')}, django-q2 {m['versions'].get('django_q')}.",
        f"Sizes: {json.dumps(combined['scale'])}. Wall time {combined['wall_seconds']} s.",
        "",
        f"Reproduce: `{combined['command']}` (results in bench/results/latest.md and latest.json).",
    ]
    return "\n".join(lines) + "\n"


def report_write(combined: dict, results_dir: Path) -> tuple[Path, Path]:
    """Write latest.md and latest.json into results_dir and return their paths."""
    results_dir.mkdir(parents=True, exist_ok=True)
    md_path, json_path = results_dir / "latest.md", results_dir / "latest.json"
    md_path.write_text(report_markdown(combined))
    json_path.write_text(json.dumps(combined, indent=2, default=str) + "\n")
    return md_path, json_path
