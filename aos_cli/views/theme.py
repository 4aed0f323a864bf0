"""The look of aos: one Theme, one console factory."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.segment import Segment
from rich.theme import Theme

THEME = Theme(
    {
        "success": "bold green",
        "fail": "red",
        "rerolled": "dim",
        "heading": "bold cyan",
        "total": "bold",
        "muted": "dim",
    }
)


def printable(text: str) -> str:
    """`text` with every control character but newline shown as an escape (`\\x1b`), so a
    name from a file or the database can never clear the screen or retitle the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in "\n\u00a0" else repr(c)[1:-1] for c in text)


def markup_safe(text: object) -> str:
    """Data to put inside Rich markup: printable, and its brackets escaped, so a name with
    `[bold]` in it prints as written."""
    from rich.markup import escape

    return escape(printable(str(text)))


class SafeConsole(Console):
    """A Rich console that never writes a control character it did not make itself: every
    piece of text is made printable as it is written, whatever view built it."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            Segment(printable(text), style, control)
            if not control
            else Segment(text, style, control)
            for text, style, control in buffer
        )


def make_console() -> Console:
    """A console on stdout with our theme; Rich itself honours NO_COLOR and narrow terminals."""
    return SafeConsole(theme=THEME, highlight=False)
