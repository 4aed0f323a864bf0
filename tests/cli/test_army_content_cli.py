"""An army list is read and checked once per command, against the content the command is
given (issue 25 item 3): `aos army validate X --content D`, `aos game new`, `aos play` and
`aos demo` with `--army X --content D` agree, with a content folder of the tests' own
(`fixtures/own_content`: a warscroll the bundled content does not have)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import RunCli

FIXTURES = Path(__file__).parent / "fixtures"
CONTENT = FIXTURES / "own_content"
WARDENS = FIXTURES / "wardens-army.yaml"
"""A list fielding Test Wardens: valid with `--content CONTENT` only."""
OTHER = Path(__file__).parents[2] / "warscrolls" / "armies" / "nighthaunt-demo.yaml"

NEW_GAMES = {
    "game new": ("game", "new", "--json"),
    "play --quick": ("play", "--quick"),
    "demo": ("demo", "--quiet", "--seed", "3"),
}
"""Every command that starts a battle from army lists, as run here (`--army` twice added)."""


def _start(run_cli: RunCli, command: str, db: Path, *content: str) -> tuple[int, str, str]:
    """Run a command that starts a battle between the Wardens and the Nighthaunt demo army
    (`aos play` quits at its first menu); its exit code, stdout and stderr."""
    args = [*NEW_GAMES[command], "--army", str(WARDENS), "--army", str(OTHER), *content]
    if command != "demo":
        args += ["--db", str(db)]
    result = run_cli(*args, input="q\n" if command.startswith("play") else None)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("command", sorted(NEW_GAMES))
def test_a_list_valid_with_the_content_given_starts_a_game_with_it(
    run_cli: RunCli, tmp_path: Path, command: str
) -> None:
    """Issue 25 item 3: a list `aos army validate --content D` accepts is accepted by every
    command that starts a battle with `--content D` (the folders reach the database before
    the list is checked), and refused by it without, as validate refuses it."""
    valid = run_cli("army", "validate", str(WARDENS), "--content", str(CONTENT))
    assert valid.exit_code == 0, valid.stderr
    code, out, err = _start(run_cli, command, tmp_path / "games.sqlite3", "--content", str(CONTENT))
    assert code == 0, err
    if command != "demo":
        status = run_cli("status", "--db", str(tmp_path / "games.sqlite3"), "--json")
        units = [u["name"] for u in json.loads(status.stdout)["sides"][0]["units"]]
        assert "Test Wardens" in units
    else:
        assert "Test Wardens" in out
    invalid = run_cli("army", "validate", str(WARDENS))
    assert invalid.exit_code == 1 and "no warscroll named 'Test Wardens'" in invalid.stdout
    code, _out, err = _start(run_cli, command, tmp_path / "other.sqlite3")
    assert code == 1 and "no warscroll named 'Test Wardens'" in err


def test_a_stopped_set_up_goes_on_with_its_content(run_cli: RunCli, tmp_path: Path) -> None:
    """`aos play --army X --content D` stopped in its set-up wizard goes on with the same
    content: the draft keeps the folders, so the lists read again against them."""
    db = tmp_path / "games.sqlite3"
    first = run_cli(
        "play", "--army", str(WARDENS), "--army", str(OTHER), "--content", str(CONTENT),
        "--db", str(db), input="q\n",
    )  # fmt: skip
    assert first.exit_code == 0, first.stderr
    assert "every answer so far is kept" in first.stdout
    again = run_cli("play", "--db", str(db), input="q\n")
    assert again.exit_code == 0, again.stderr
    assert "Going on with the set-up that was stopped" in again.stdout


@pytest.mark.parametrize("command", sorted(NEW_GAMES))
def test_each_army_list_is_read_once_per_command(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Issue 25 item 3: one command parses and checks each army list once (it was read
    again when the set-up was built, without the content folders)."""
    from aos_cli.content import loader

    read: list[str] = []
    original = loader.read_army

    def counting(path: Path, db: object) -> object:
        read.append(Path(path).name)
        return original(path, db)  # type: ignore[arg-type]

    monkeypatch.setattr(loader, "read_army", counting)
    code, _out, err = _start(
        run_cli, command, tmp_path / "games.sqlite3", "--content", str(CONTENT)
    )
    assert code == 0, err
    assert sorted(read) == sorted([WARDENS.name, OTHER.name])
