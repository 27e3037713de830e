"""The house rules a reader cannot see from one file: import direction, size, one owner.

Read from the source with `ast`, so a rule broken anywhere fails here, with its place.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("aimp_site", "hubs", "negotiation", "mailbridge", "bench", "tests")
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _imported(module: str, path: Path) -> set[str]:
    """Every project module `module` imports, at module level or inside a function."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            # `from pkg import sub` imports pkg.sub when that is a module, else pkg's name.
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        for name in names:
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
    return targets


GRAPH = {module: _imported(module, path) for module, path in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_import_cycle_anywhere_even_through_imports_inside_functions():
    # Imports inside functions are counted: one cannot hide a cycle there.
    assert _cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("hubs", "mailbridge"),
        ("hubs", "negotiation"),
        ("mailbridge", "negotiation"),
        # Reading text sends nothing: the understanding code knows no mail.
        ("negotiation.understanding", "mailbridge"),
        ("negotiation.understanding", "negotiation.services"),
        ("negotiation.understanding", "negotiation.notices"),
        # The pure core imports nothing of the project or of Django.
        ("negotiation.protocol", "negotiation.models"),
        ("negotiation.lifecycle", "negotiation.models"),
    ],
)
def test_imports_point_one_way(lower, higher):
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if (module == lower or module.startswith(lower + ".")) and ".tests" not in module
        for target in targets
        if target == higher or target.startswith(higher + ".")
    )
    assert wrong == []


PURE_MODULES = (
    "negotiation.protocol",
    "negotiation.protocol_checks",
    "negotiation.protocol_session",
    "negotiation.protocol_json",
    "negotiation.consensus",
    "negotiation.lifecycle",
    "negotiation.reminders",
    "negotiation.agent_admission",
)


@pytest.mark.parametrize("module", PURE_MODULES)
def test_pure_modules_import_nothing_of_django_or_the_project(module):
    # A fresh interpreter per module: each must stay pure on its own, importing of the
    # project only its pure siblings (and the package itself).
    allowed = {"negotiation", *PURE_MODULES}
    code = (
        f"import sys, {module}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'aimp_site', 'hubs', 'mailbridge'} "
        f"or (m.split('.')[0] == 'negotiation' and m not in {allowed!r})); "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_no_module_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): n
        for path in MODULES.values()
        if "migrations" not in path.parts and (n := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


# A meeting's status, version, round, window and calendar sequence change only in its
# transition methods (negotiation/models/meetings.py, checked by negotiation/lifecycle.py).
GUARDED = {
    "status",
    "version",
    "round",
    "deadline",
    "window_notice_sent",
    "ics_sequence",
    "chosen_time",
    "chosen_place",
}


def test_only_the_transition_methods_change_a_meetings_lifecycle_fields():
    owner = ROOT / "negotiation" / "models" / "meetings.py"
    wrong = []
    for path in (ROOT / "negotiation").rglob("*.py"):
        if path == owner or "tests" in path.parts or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "update"
            ):
                names = {k.arg for k in node.keywords} & GUARDED
                if names:
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} update({names})")
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr in GUARDED:
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} .{target.attr} =")
    assert wrong == []
