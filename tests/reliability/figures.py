"""The suite's figures: each test records its own, the session prints them together."""

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Figures:
    """What one reliability test did and found."""

    test: str
    messages: int
    duplicates: int = 0
    kills: int = 0
    recovered: int = 0
    lost: int = 0
    sent_twice: int = 0
    # Re-sent with the same Message-ID after a kill mid-send (mailbridge/sweeper.py).
    resent_same_id: int = 0
    seconds: float = 0.0


RECORDED: list[Figures] = []


def figures_record(**values) -> None:
    """Keep one test's figures for the closing table (see conftest.py)."""
    RECORDED.append(Figures(**values))


def figures_table() -> list[str]:
    """Return the recorded figures as the lines of a plain-text table."""
    names = list(asdict(RECORDED[0])) if RECORDED else []
    rows = [names] + [
        [f"{v:.1f}" if isinstance(v, float) else str(v) for v in asdict(f).values()]
        for f in RECORDED
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(names))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def recovered_by(sweeps: list[dict]) -> int:
    """Return how many rows the sweeps handed back to the workers."""
    return sum(s.get("inbound", 0) + s.get("outbound", 0) for s in sweeps)
