"""The look of aos: one Theme, one console factory."""

from __future__ import annotations

from rich.console import Console
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


def make_console() -> Console:
    """A console on stdout with our theme; Rich itself honours NO_COLOR and narrow terminals."""
    return Console(theme=THEME, highlight=False)
