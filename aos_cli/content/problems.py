"""Content problems: one per thing wrong, each with its file, line and field path.

Validation never stops at the first problem (issue 4 §5): every check appends a `Problem` and
the caller reports them all together as `file.yaml:LINE: path.to.field: what is wrong`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from aos_cli.core.errors import ContentError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _, ngettext

PathPart = str | int
FieldPath = tuple[PathPart, ...]


def format_path(path: Sequence[PathPart]) -> str:
    """`("warscrolls", 0, "rend")` → `warscrolls[0].rend`."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


@dataclass(frozen=True)
class Problem:
    """One thing wrong in one content file."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"

    def to_json(self) -> dict[str, object]:
        """The problem for `--json` output."""
        return {"file": self.file, "line": self.line, "path": self.path, "message": self.message}


class ContentProblems(ContentError):
    """Content that failed validation; `problems` holds every problem found, in file order."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        files = len({p.file for p in self.problems})
        count = len(self.problems)
        summary = problems_summary(count, files)
        first = f": {self.problems[0]}" if self.problems else ""
        more = (
            " " + ngettext("(and {n} more)", "(and {n} more)", count - 1).format(n=count - 1)
            if count > 1
            else ""
        )
        super().__init__(
            summary + first + more, _("see them all with `aos rules validate` on the files")
        )
        self.summary = summary


def problems_summary(count: int, files: int) -> str:
    """`3 problems in 2 files`, as the chosen language says it."""
    problems = ngettext("{n} problem", "{n} problems", count).format(n=count)
    return ngettext("{problems} in {n} file", "{problems} in {n} files", files).format(
        problems=problems, n=files
    )


def display_name(path: Path) -> str:
    """A file name as shown in problems: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # outside the folder, or a link that loops
        return str(path)
