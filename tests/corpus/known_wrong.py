"""Held-out sets that are not clean yet: their wrong readings listed, and held to the list."""

import re
from collections.abc import Callable


def reply_case_number(line: str) -> int:
    """The case number in a blind reply report's line ("heldout3/replies.yaml:12 [kind] ...")."""
    return int(line.split(" [", 1)[0].rsplit(":", 1)[1])


def request_case_number(line: str) -> int:
    """The case number in a request report's line ("requests.yaml case 12 [kind] ...")."""
    return int(re.search(r"case (\d+) ", line).group(1))


def known_wrong_check(
    wrong_cases: list[str], known: dict[int, str], number: Callable[[str], int]
) -> None:
    """Fail on a wrong reading not listed in `known`, and on a listed one that is fixed."""
    new = [line for line in wrong_cases if number(line) not in known]
    assert not new, "new confident wrong readings:\n" + "\n".join(new)
    fixed = sorted(set(known) - {number(line) for line in wrong_cases})
    assert not fixed, f"fixed, take them off KNOWN_WRONG: {fixed}"
