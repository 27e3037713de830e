"""Compile the translation catalogues (locale/*/LC_MESSAGES/*.po -> .mo) with Babel.

The .mo files are build output, not committed: `make run`, `make test`, CI and the
test session compile them, so a fresh clone needs only Python (no GNU gettext).
Run as `python -m aimp_site.catalogues` or `manage.py compile_catalogues`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def catalogues_stale(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """The .po files whose .mo is missing or older than they are."""
    stale = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime:
            stale.append(po)
    return stale


def catalogues_compile(locale_dir: Path = LOCALE_DIR, *, force: bool = False) -> list[Path]:
    """Write the .mo of every stale (or, forced, every) catalogue; return the .mo paths."""
    targets = sorted(locale_dir.glob("*/LC_MESSAGES/*.po")) if force else None
    written = []
    for po in targets if targets is not None else catalogues_stale(locale_dir):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        mo = po.with_suffix(".mo")
        # Written aside and renamed: a reader never sees half a catalogue.
        partial = mo.with_suffix(".mo.tmp")
        with partial.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        partial.replace(mo)
        written.append(mo)
    return written


if __name__ == "__main__":
    for path in catalogues_compile(force="--force" in sys.argv):
        print(f"compiled {path.relative_to(LOCALE_DIR.parent)}")
