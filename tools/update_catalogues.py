"""Refresh the translation catalogues from the code: run after changing any player-facing text.

    python tools/update_catalogues.py

Extracts `_()`, `ngettext()`, `pgettext()`, `N_()` and the core's `tr()`, `trn()`, `trp()` strings with Babel (babel.cfg), adds every
command's and option's help text (read from the built command tree, since Typer takes them from
docstrings and declarations), and merges the result into aos_cli/locale/*/LC_MESSAGES/aos.po.
New entries arrive empty; the catalogue test fails until each is translated (docs/translating.md).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("hu", "it", "tr", "ru")


def template(path: Path) -> None:
    """Write the message template: Babel's extraction plus the command tree's help texts."""
    from babel.messages.pofile import read_po, write_po

    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
         "-k", "tr", "-k", "trn:1,2", "-k", "trp:1c,2",
         "--no-location", "--sort-output", "--omit-header", "-o", str(path), "."],
        cwd=ROOT, check=True,
    )  # fmt: skip
    sys.path.insert(0, str(ROOT))
    from aos_cli.cli.app import build_app
    from aos_cli.cli.help_i18n import help_messages

    with path.open("rb") as handle:
        catalogue = read_po(handle)
    for text in help_messages(build_app()):
        if text not in catalogue:
            catalogue.add(text)
    with path.open("wb") as handle:
        write_po(handle, catalogue, width=100, no_location=True, omit_header=True, sort_output=True)


def main() -> None:
    """Extract, then merge into every language's catalogue (obsolete entries dropped)."""
    with tempfile.TemporaryDirectory() as folder:
        pot = Path(folder) / "aos.pot"
        template(pot)
        for code in LANGUAGES:
            po = ROOT / "aos_cli" / "locale" / code / "LC_MESSAGES" / "aos.po"
            before = _creation_line(po.read_text(encoding="utf-8"))
            subprocess.run(
                [sys.executable, "-m", "babel.messages.frontend", "-q", "update", "-i", str(pot),
                 "-o", str(po), "-l", code, "--no-fuzzy-matching", "--ignore-obsolete",
                 "--width", "100"],
                cwd=ROOT, check=True,
            )  # fmt: skip
            text = po.read_text(encoding="utf-8")
            after = _creation_line(text)
            if before and after:
                po.write_text(text.replace(after, before, 1), encoding="utf-8")


def _creation_line(text: str) -> str:
    """The catalogue's `POT-Creation-Date` header line, kept as it was so that an update
    changes only entries (and branches that each update the catalogues merge cleanly)."""
    return next((line for line in text.splitlines() if "POT-Creation-Date:" in line), "")


if __name__ == "__main__":
    main()
