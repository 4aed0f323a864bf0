"""`aos --help`: the commands grouped in panels, the ones used most first (issue 13 item 16)."""

from __future__ import annotations

import re

from tests.conftest import RunCli

PANELS = [
    "Play",
    "Turn actions",
    "Rolls and odds",
    "Rules database",
    "Age of Sigmar 1st edition",
    "40k 8th edition",
    "Middle-earth",
]
"""The commands everyone uses, then each game system's own, in the systems' listing order."""


def test_help_groups_the_commands_in_panels_play_first(run_cli: RunCli) -> None:
    result = run_cli("--help")
    assert result.exit_code == 0, result.stderr
    titles = re.findall(r"╭─ (.+?) ─", result.stdout)
    assert titles == ["Options", *PANELS]
    play = result.stdout.split("╭─ Play")[1].split("╰")[0]
    for command in ("play", "demo", "status", "game"):
        assert re.search(rf"│ {command} ", play), command


def test_each_system_lists_its_own_verbs(run_cli: RunCli) -> None:
    """The systems declare their own commands (issue 14): the app names none of them."""
    from aos_cli.cli.app import COMMANDS, GROUPS, system_commands

    assert not {"advance", "deny", "triumph", "hero"} & {*COMMANDS, *GROUPS}
    assert {"advance", "deny", "triumph", "hero"} <= set(system_commands())
    result = run_cli("--help")
    forty_k = result.stdout.split("╭─ 40k 8th edition")[1].split("╰")[0]
    aos1 = result.stdout.split("╭─ Age of Sigmar 1st edition")[1].split("╰")[0]
    for verb in ("advance", "fall-back", "embark", "disembark", "intervene", "morale", "deny"):
        assert re.search(rf"│ {verb} ", forty_k), verb
    assert "triumph" in aos1 and "sudden-death" in aos1
    assert "Deny the Witch" in forty_k and "AoS2" not in forty_k.split("deny")[1]


def test_a_verb_builds_only_itself_yet_shows_the_same_help(run_cli: RunCli) -> None:
    """The in-game verbs are registered lazily; their own help is unchanged by it."""
    from aos_cli.cli.app import build_app

    app = build_app("shoot")
    assert [c.name for c in app.registered_commands] == ["shoot"]
    result = run_cli("shoot", "--help")
    assert result.exit_code == 0 and "--target" in result.stdout


def toy_verb() -> None:
    """Say hello from the toy system."""
    print("toy says hello")


def test_a_new_system_brings_its_own_command(run_cli: RunCli) -> None:
    """Adding a game system with its own verb needs no change to the app (issue 14)."""
    from dataclasses import replace

    from aos_cli.core.system import get_system, register, unregister

    toy = replace(
        get_system(),
        id="toy",
        name="Toy",
        commands=(("toy-verb", "tests.cli.test_help:toy_verb"),),
        help_panel="Toy system",
    )
    register(toy)
    try:
        assert run_cli("toy-verb").stdout.strip() == "toy says hello"
        assert "toy-verb" in run_cli("--help").stdout.split("╭─ Toy system")[1]
    finally:
        unregister("toy")
