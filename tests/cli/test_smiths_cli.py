"""Gift of the Six Smiths through the commands (seed 000 p.19): `aos fight --smiths hit`
re-rolls one failed hit die of the blessed weapon, typed at the table (`--dice manual`) or
seeded, and is refused a second time in the same turn."""

from __future__ import annotations

from pathlib import Path

from aos_cli.app.start import bundled_armies
from tests.conftest import CliResult, RunCli


def aos(run_cli: RunCli, db: Path, *args: str, stdin: str | None = None) -> CliResult:
    result = (
        run_cli(*args, "--db", str(db), input=stdin) if stdin else run_cli(*args, "--db", str(db))
    )
    assert result.exit_code == 0, result.stderr
    return result


def in_combat(run_cli: RunCli, tmp_path: Path) -> Path:
    """The demo game with the Stardrake's hammer a Gift of the Six Smiths; the Stardrake has
    charged (5", 6 and 6) and it is the combat phase."""
    armies = bundled_armies()
    army = tmp_path / armies[0].name
    army.write_text(
        armies[0].read_text().replace("artefact: strife-ender", "artefact: gift-of-the-six-smiths")
    )
    db = tmp_path / "games.sqlite3"
    aos(run_cli, db, "game", "new", "--battleplan", "first-blood",
        "--army", str(army), "--army", str(armies[1]))  # fmt: skip
    aos(run_cli, db, "priority", "--first", "Player One", "--seed", "1")
    for _ in range(3):
        aos(run_cli, db, "next")
    aos(run_cli, db, "charge", "stardrake", "--distance", "5", "--dice", "manual", stdin="6 6\n")
    aos(run_cli, db, "next")
    return db


def test_p19_gift_of_the_six_smiths_with_aos_fight_and_typed_dice(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Typed dice: Inescapable Vengeance D3 rolls 1 (4 attacks), the hits 1 2 2 2 (3+) all
    miss; the first is re-rolled, 1 again: no hit, and the Gift is spent for the turn. A roll
    it cannot go on (a save) is refused in one line."""
    db = in_combat(run_cli, tmp_path)
    wrong = run_cli(
        "fight", "stardrake", "--target", "chainrasps", "--weapon", "celestine-hammer",
        "--smiths", "save", "--no-cover", "--seed", "3", "--db", str(db),
    )  # fmt: skip
    assert wrong.exit_code != 0 and "not 'save'" in wrong.stderr
    fought = aos(
        run_cli, db, "fight", "stardrake", "--target", "chainrasps", "--weapon",
        "celestine-hammer", "--smiths", "hit", "--no-cover", "--dice", "manual",
        stdin="1\n1 2 2 2\n1\n",
    )  # fmt: skip
    assert "Gift of the Six Smiths: re-roll of a failed die of" in fought.stderr
    assert "has used Gift of the Six Smiths this turn" in fought.stdout
