"""The look of aos: one Theme, one console factory."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.console import Console
from rich.segment import Segment
from rich.theme import Theme

if TYPE_CHECKING:
    from rich.text import Text

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
    name from a file or the database can never clear the screen or retitle the terminal.

    The one escaping function for names: C0 and C1 controls (ESC, the 8-bit CSI `\\x9b`, the
    OSC that makes hyperlinks), DEL and the invisible format characters (bidi overrides) are
    shown as escapes. Every form below starts from it: `name_text` (a Rich Text, never read as
    markup), `markup_safe` (inside markup), `markdown_safe` (a file) and `html_safe` (a page).
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in "\n\u00a0" else repr(c)[1:-1] for c in text)


def markup_safe(text: object) -> str:
    """Data to put inside Rich markup: printable, and its brackets escaped, so a name with
    `[bold]` in it prints as written."""
    from rich.markup import escape

    return escape(printable(str(text)))


def name_text(text: object, style: str = "") -> Text:
    """A name as a Rich Text for a table cell or a line: printable and never read as markup,
    so `[link=...]` stays text and an unmatched `[/x]` is no error."""
    from rich.text import Text

    return Text(printable(str(text)), style=style)


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#|~&!+\-.=])")


def markdown_safe(text: object) -> str:
    """A name for a Markdown file: printable, on one line, and every character Markdown or
    HTML would act on (emphasis, links, tables, tags, entities) backslash-escaped."""
    line = printable(str(text)).replace("\n", " ")
    return _MARKDOWN_SPECIAL.sub(r"\\\1", line)


def html_safe(text: object) -> str:
    """A name for a web page (the opponent's screen): printable, and `<`, `>`, `&` and both
    quotes as entities."""
    import html

    return html.escape(printable(str(text)), quote=True)


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
