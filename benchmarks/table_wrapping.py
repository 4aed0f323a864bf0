"""How many lines the army tables, the battle report and an odds table take in each language at
a given width (issue 28 item 4: no language may wrap more than English).

    PYTHONPATH=$PWD python benchmarks/table_wrapping.py [WIDTH]

Plays the seeded demo battle once (quietly), then renders its army tables and report, and the
odds of one attack, in every language to a console of WIDTH columns (140 unless given).
"""

from __future__ import annotations

import io
import sys

from rich.console import Console


def _lines(renderable: object, width: int) -> int:
    """How many lines `renderable` takes on a console `width` columns wide."""
    from aos_cli.views.theme import THEME

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, theme=THEME).print(renderable)
    return out.getvalue().count("\n")


def measure(width: int) -> dict[str, dict[str, int]]:
    """Lines per language of each table, from one seeded demo battle."""
    from aos_cli.app.autoplay import AutoPlayer
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import starting_armies
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.turn import new_game
    from aos_cli.language import i18n
    from aos_cli.views.game import army_table
    from aos_cli.views.report import report_view

    start = starting_armies(None, None, None)
    setup = build_setup(
        start.armies, start.battleplan, name="Demo", dice=SeededDice(1), db=start.db
    )
    state = new_game(setup)
    AutoPlayer(state, SeededDice(1), 1, lambda heading, notes: None).play_battle()
    counts: dict[str, dict[str, int]] = {}
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        counts[code] = {
            "army 1": _lines(army_table(state, 0), width),
            "army 2": _lines(army_table(state, 1), width),
            "report": _lines(report_view(state), width),
        }
    i18n.set_language(i18n.ENGLISH)
    return counts


def main() -> None:
    """Print the line counts, English first, and each language's excess over English."""
    width = int(sys.argv[1]) if len(sys.argv) > 1 else 140
    counts = measure(width)
    english = counts["en"]
    for code, tables in counts.items():
        shown = ", ".join(
            f"{name} {n}" + (f" (+{n - english[name]})" if n > english[name] else "")
            for name, n in tables.items()
        )
        print(f"{code}: {shown}")


if __name__ == "__main__":
    main()
