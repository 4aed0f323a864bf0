"""Tables whose translated headers give way before their rows do.

A header is one or two words in English ("Wounds lost") but often longer in another language
("Elvesztett sebek", "Ferite perse"); Rich sizes a column by its widest line, header included,
so a long header took room from the names column and every unit's name wrapped. A `FitTable`
that does not fit the width keeps each column whose header is wider than its cells to its
widest cell or the longest word of its header: the header wraps onto a second line, the rows
keep their room (issue 28 item 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.measure import Measurement
from rich.table import Column, Table

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult


class FitTable(Table):
    """A `rich.table.Table` that wraps long headers rather than its rows when it is too wide."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fitted = self._fit(console, options)
        try:
            yield from super().__rich_console__(console, options)
        finally:
            for column, width in fitted:
                column.max_width = width

    def _fit(self, console: Console, options: ConsoleOptions) -> list[tuple[Column, int | None]]:
        """Cap the header-bound columns, the most saving first, until the whole table fits;
        the columns changed and their widths before, to put back after rendering."""
        sizes = []
        for column in self.columns:
            cells = [Measurement.get(console, options, cell).maximum for cell in column.cells]
            header = column.header if isinstance(column.header, str) else str(column.header)
            sizes.append((column, max(cells, default=0), len(header), _two_lines(header)))
        edges = 3 * len(self.columns) + 1  # padding and borders
        total = sum(max(cell, head) for _column, cell, head, _two in sizes) + edges
        bound = [
            (head - max(cell, two), column, max(cell, two))
            for column, cell, head, two in sizes
            if head > max(cell, two) and column.max_width is None
        ]
        fitted: list[tuple[Column, int | None]] = []
        for saving, column, width in sorted(bound, key=lambda b: -b[0]):
            if total <= options.max_width:
                break
            fitted.append((column, column.max_width))
            column.max_width = width
            total -= saving
        return fitted


def _two_lines(header: str) -> int:
    """The narrowest width at which `header` takes at most two lines (split at a space)."""
    words = header.split()
    if len(words) < 2:
        return len(header)
    return min(
        max(len(" ".join(words[:cut])), len(" ".join(words[cut:]))) for cut in range(1, len(words))
    )
