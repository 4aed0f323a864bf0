"""The yardstick: a bare Typer + Rich program that prints one table.

A roll or an odds query must answer within 1.3x of this program's wall time.
"""

import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer()


@app.command()
def main() -> None:
    """Print one small table."""
    table = Table("a", "b")
    table.add_row("1", "2")
    Console().print(table)


if __name__ == "__main__":
    app()
