"""The message catalogues compiled: every ``.po`` under ``locale/`` (the
app's texts) and ``companion/locale/`` (the engine's texts) to the ``.mo``
file gettext reads beside it.

Written with polib, so no GNU gettext (``msgfmt``) is needed: ``make`` runs
it when a catalogue is newer than its compiled file, and the tests run it
before they start. Fuzzy and untranslated entries are left out of the
``.mo``, as ``msgfmt`` does, so their English shows.

    python -m companion.messages            # every stale catalogue
    python -m companion.messages PATH.po …  # these catalogues
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

BASE_DIR = Path(__file__).resolve().parent.parent
LOCALE_DIRS = (BASE_DIR / "locale", BASE_DIR / "companion" / "locale")
"""Where the catalogues live: LOCALE_PATHS, and the app's own locale/."""


def catalogues() -> list[Path]:
    """Every catalogue (``<lang>/LC_MESSAGES/*.po``) in the locale folders."""
    found: list[Path] = []
    for folder in LOCALE_DIRS:
        found.extend(sorted(folder.glob("*/LC_MESSAGES/*.po")))
    return found


def compiled(po: Path) -> Path:
    """The ``.mo`` file beside a catalogue."""
    return po.with_suffix(".mo")


def is_stale(po: Path) -> bool:
    """True when the catalogue has no compiled file, or one older than itself."""
    mo = compiled(po)
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


def compile_catalogue(po: Path) -> Path:
    """Compile one catalogue; a broken ``.po`` raises polib's ``OSError``
    naming the file and line."""
    mo = compiled(po)
    polib.pofile(str(po)).save_as_mofile(str(mo))
    return mo


def compile_stale() -> list[Path]:
    """Compile every catalogue whose ``.mo`` is missing or older; the ``.mo``
    files written."""
    return [compile_catalogue(po) for po in catalogues() if is_stale(po)]


def main(argv: list[str]) -> int:
    """Compile the catalogues named, or every stale one; 1 on a broken catalogue."""
    try:
        written = [compile_catalogue(Path(a)) for a in argv] if argv else compile_stale()
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for mo in written:
        print(f"compiled {mo}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
