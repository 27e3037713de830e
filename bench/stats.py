"""Summaries of measured samples: medians and percentiles (pure, no Django)."""

import math
import statistics
from collections.abc import Sequence


def percentile(samples: Sequence[float], pct: float) -> float:
    """Return the nearest-rank percentile (pct in 0..100) of the samples."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def summarize(samples: Sequence[float]) -> dict[str, float]:
    """Return count, median, p95, min and max of the samples."""
    if not samples:
        return {"n": 0, "median": math.nan, "p95": math.nan, "min": math.nan, "max": math.nan}
    return {
        "n": len(samples),
        "median": statistics.median(samples),
        "p95": percentile(samples, 95),
        "min": min(samples),
        "max": max(samples),
    }


def ratio(numerator: float, denominator: float) -> float:
    """Return numerator/denominator, NaN when the denominator is zero or missing."""
    if not denominator or math.isnan(denominator) or math.isnan(numerator):
        return math.nan
    return numerator / denominator
