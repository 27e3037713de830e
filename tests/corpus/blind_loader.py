"""The blind corpus: replies written from a brief by someone who had not read the rules.

Every case goes through the product's own mail path: raw bytes (a `.eml` as the client
sent it, or the YAML text in a plain mail) -> mailbridge.reading.read_message (MIME,
charsets, HTML, quote and signature stripping) -> the rules engine, with no model.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from email import message_from_bytes, policy
from pathlib import Path

import yaml

from mailbridge.reading import read_message
from mailbridge.testing import build_email
from negotiation.understanding.rules import understand_reply
from tests.corpus.corpus_loader import answer_as_expectation, build_view, parse_expectation

HERE = Path(__file__).parent / "blind"
HELDOUT2 = Path(__file__).parent / "heldout2"
VIEWS = {
    name: build_view(raw)
    for name, raw in yaml.safe_load((HERE / "views.yaml").read_text(encoding="utf-8")).items()
}
SUBJECT = "Re: [AIMP:m-7xk2p9] Q1 review"


@dataclass(frozen=True)
class BlindCase:
    name: str  # where it comes from: replies.yaml:<n> or the .eml's file name
    view: str
    spec: str
    kind: str
    raw: bytes


def blind_cases(folder: Path = HERE) -> list[BlindCase]:
    """Every case of a blind corpus folder, as the raw mail the hub would receive."""
    data = yaml.safe_load((folder / "replies.yaml").read_text(encoding="utf-8"))
    cases = [
        BlindCase(
            f"{folder.name}/replies.yaml:{n}",
            view,
            spec,
            kind,
            build_email(
                from_="Carol White <carol@guest.example>",
                to="hub@family.example",
                subject=SUBJECT,
                body=text,
            ),
        )
        for n, (view, text, spec, kind) in enumerate(data["cases"], start=1)
    ]
    for path in sorted((folder / "eml").glob("*.eml")):
        raw = path.read_bytes()
        headers = message_from_bytes(raw, policy=policy.default)
        cases.append(
            BlindCase(
                path.name,
                str(headers["X-Corpus-View"]).strip(),
                str(headers["X-Corpus-Expect"]).strip(),
                str(headers["X-Corpus-Kind"]).strip(),
                raw,
            )
        )
    return cases


@dataclass
class Report:
    exact: Counter
    unclear: Counter
    wrong: Counter
    wrong_cases: list[str]
    unclear_cases: list[str]

    def lines(self) -> list[str]:
        kinds = sorted(set(self.exact) | set(self.unclear) | set(self.wrong))
        rows = [f"{'kind':<18} {'cases':>5} {'exact':>6} {'unclear':>8} {'wrong':>6}"]
        for kind in [*kinds, "all"]:
            if kind == "all":
                e, u, w = (sum(c.values()) for c in (self.exact, self.unclear, self.wrong))
            else:
                e, u, w = self.exact[kind], self.unclear[kind], self.wrong[kind]
            n = e + u + w
            rows.append(f"{kind:<18} {n:>5} {e / n:>6.1%} {u / n:>8.1%} {w:>6}")
        return rows


def run_blind(cases: list[BlindCase]) -> Report:
    """Read every case through the mail path; count exact, unclear and wrong per kind."""
    exact, unclear, wrong = Counter(), Counter(), Counter()
    wrong_cases: list[str] = []
    unclear_cases: list[str] = []
    for case in cases:
        view = VIEWS[case.view]
        mail = read_message(case.raw, max_subject=500, max_body=20_000)
        got = answer_as_expectation(understand_reply(mail.reply_text, view), view.reader_tz)
        expected = parse_expectation(case.spec)
        if _same(got, expected):
            exact[case.kind] += 1
        elif got.unclear:
            unclear[case.kind] += 1
            unclear_cases.append(
                f"{case.name} [{case.kind}] {mail.reply_text[:120]!r} expected {case.spec!r}"
            )
        else:
            wrong[case.kind] += 1
            wrong_cases.append(
                f"{case.name} [{case.kind}] {mail.reply_text[:160]!r} expected {case.spec!r}, got {got}"
            )
    return Report(exact, unclear, wrong, wrong_cases, unclear_cases)


def _same(got, expected) -> bool:
    """Equal, a proposed place matching by name ("Teams" is the hub's "Microsoft Teams")."""
    if got == expected:
        return True
    if replace(got, proposals=frozenset()) != replace(expected, proposals=frozenset()):
        return False
    mine, theirs = sorted(got.proposals), sorted(expected.proposals)
    return len(mine) == len(theirs) and all(
        a == b or (a.startswith("place:") and b.startswith("place:") and _same_place(a[6:], b[6:]))
        for a, b in zip(mine, theirs, strict=True)
    )


def _same_place(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a in b or b in a


def by_kind(cases: list[BlindCase]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for case in cases:
        counts[case.kind] += 1
    return dict(counts)
