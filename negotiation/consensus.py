"""Consensus over multi-acceptance answers (pure), for the human email flow.

Each voter may accept several options of one item ("A or C"), decline, or stay silent.
One call decides one item (time or place); items are decided independently.
Voter and option ids are opaque strings compared exactly: callers normalise (e.g.
lower-case addresses, option ids rather than labels) before calling. The hub itself is
never a voter and must appear in neither `required` nor `optional`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class OptionKey:
    """An option id with its sort key (start time for times, position for places)."""

    id: str
    order: tuple


@dataclass(frozen=True)
class Acceptance:
    """One voter's latest answer: accepted option ids (None = not answered) or a decline."""

    accepted: frozenset[str] | None = None
    declined: bool = False

    @property
    def answered(self) -> bool:
        """Tell whether this voter has given any answer yet."""
        return self.declined or self.accepted is not None


@dataclass(frozen=True)
class Decision:
    """The state of one item: what is chosen, and why not if nothing is."""

    chosen: str | None
    waiting_on: tuple[str, ...]  # required voters not yet answered, sorted
    declined_required: tuple[str, ...]  # required voters who declined, sorted
    viable: tuple[str, ...]  # accepted by every required voter who answered, best first
    deadlocked: bool  # all required voters answered, and nothing can be chosen


def _accepted(answer: Acceptance | None) -> frozenset[str]:
    if answer is None or answer.declined or answer.accepted is None:
        return frozenset()
    return answer.accepted


def decide(
    options: Sequence[OptionKey],
    answers: Mapping[str, Acceptance],
    *,
    required: Collection[str],
    optional: Collection[str],
) -> Decision:
    """Choose the option every required voter accepts; rank ties by optional votes, then order.

    Rules (issue 4, item 8): nothing is chosen until every required voter has answered;
    a required decline blocks; optional voters never block, they only break ties; voters
    in neither `required` nor `optional` are ignored. With no required voter nothing is
    chosen (a meeting nobody has to attend is not settled by silence). A voter in both
    collections counts as required. `viable` ignores required voters who declined, so the
    initiator can see what dropping them would give.
    """
    if isinstance(required, str) or isinstance(optional, str):
        raise TypeError("decide: required/optional are collections of voter ids, not a string")
    ids = [o.id for o in options]
    if len(set(ids)) != len(ids):
        raise ValueError("decide: duplicate option id")
    must = frozenset(required)
    may = frozenset(optional) - must

    waiting = tuple(sorted(v for v in must if not (answers.get(v) or Acceptance()).answered))
    declined = tuple(sorted(v for v in must if (answers.get(v) or Acceptance()).declined))
    judges = [v for v in must if v not in waiting and v not in declined]

    def acceptable(option: OptionKey) -> bool:
        return all(option.id in _accepted(answers.get(v)) for v in judges)

    def optional_support(option: OptionKey) -> int:
        return sum(1 for v in may if option.id in _accepted(answers.get(v)))

    position = {o.id: i for i, o in enumerate(options)}
    ranked = sorted(
        (o for o in options if acceptable(o)),
        key=lambda o: (-optional_support(o), o.order, position[o.id]),
    )
    viable = tuple(o.id for o in ranked)
    settled = bool(must) and not waiting
    chosen = viable[0] if settled and not declined and viable else None
    return Decision(
        chosen=chosen,
        waiting_on=waiting,
        declined_required=declined,
        viable=viable,
        deadlocked=settled and chosen is None,
    )
