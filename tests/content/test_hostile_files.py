"""Hostile or odd content files end in one line each, never a hang or a traceback (issue 16
items 5-7, 12 and 14). Each test reproduces an item that hung or crashed before."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from aos_cli.content import load_database, validate_paths
from aos_cli.content.files import UnreadableFile, file_problem, read_regular_file
from aos_cli.content.problems import ContentProblems
from aos_cli.content.yamlsrc import YamlProblem, parse
from aos_cli.core.limits import MAX_CONTENT_FILE_BYTES, MAX_MODELS, MAX_YAML_NODES
from tests.conftest import RunCli

GOBLIN = (
    "schema_version: 1\nwarscrolls:\n"
    "  - {id: test-goblin, name: Test Goblin, faction: Test, move: 5, wounds: 1, bravery: 4,"
    " save: 6+, unit_size: {min: 10, max: UNITS}}\n"
)


def _messages(path: Path) -> list[str]:
    problems, _ = validate_paths([path])
    return [str(p) for p in problems]


def test_an_alias_bomb_is_refused_before_it_is_built() -> None:
    """A 'billion laughs' file (9 aliases, 8 levels: 43 million values) is one problem."""
    lines = ["schema_version: 1", "a0: &a0 [" + ", ".join(["lol"] * 9) + "]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    with pytest.raises(YamlProblem, match=f"more than {MAX_YAML_NODES:,} values"):
        parse("\n".join(lines))


def test_an_alias_bomb_under_an_unknown_key_is_refused_too(tmp_path: Path) -> None:
    lines = ["schema_version: 1", "junk:", "  a0: &a0 [" + ", ".join(["x"] * 9) + "]"]
    for level in range(1, 8):
        lines.append(f"  a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    (tmp_path / "bomb.yaml").write_text("\n".join(lines) + "\n")
    assert any("aliases expand" in m for m in _messages(tmp_path / "bomb.yaml"))


def test_a_few_aliases_are_still_fine() -> None:
    source, _ = parse("a: &a [1, 2]\nb: *a\nc: *a\n")
    assert source.data == {"a": [1, 2], "b": [1, 2], "c": [1, 2]}


def test_an_alias_inside_its_own_value_is_refused() -> None:
    with pytest.raises(YamlProblem, match="refers to the value it is part of"):
        parse("x: &a [1, *a]\n")


def test_a_nul_byte_is_a_problem_with_its_line() -> None:
    """Item 12: ReaderError came from the loader's constructor, outside the handling."""
    with pytest.raises(YamlProblem) as raised:
        parse("schema_version: 1\nname: a\x00b\n")
    assert raised.value.line == 2


def test_deep_nesting_is_a_problem_not_a_recursion_error() -> None:
    """Item 12: flow sequences nested 500 deep raised RecursionError."""
    with pytest.raises(YamlProblem, match="nested more than"):
        parse("x: " + "[" * 500 + "]" * 500)
    with pytest.raises(YamlProblem, match="nested more than"):
        parse("x: " + "[" * 150 + "]" * 150)


@pytest.mark.parametrize("field", ["schema_version", "models"])
def test_a_number_of_5000_digits_is_a_problem(field: str) -> None:
    """Item 9: the loader's ValueError (int over 4,300 digits) escaped."""
    with pytest.raises(YamlProblem, match="larger than any rule needs") as raised:
        parse(f"a: 1\n{field}: {'9' * 5000}\n")
    assert raised.value.line == 2


def test_a_unit_of_ten_million_models_is_refused(tmp_path: Path) -> None:
    """Item 7: a custom warscroll with unit_size max 10,000,000 made every command replay it."""
    for size in ("10000000", str(MAX_MODELS + 1)):
        (tmp_path / "goblins.yaml").write_text(GOBLIN.replace("UNITS", size))
        with pytest.raises(ContentProblems, match=r"goblins\.yaml:3"):
            load_database([tmp_path])
    (tmp_path / "goblins.yaml").write_text(GOBLIN.replace("UNITS", str(MAX_MODELS)))
    assert load_database([tmp_path]).warscroll("test goblin").unit_size.max == MAX_MODELS


def test_an_army_of_five_million_models_is_refused(run_cli: RunCli, tmp_path: Path) -> None:
    army = tmp_path / "army.yaml"
    army.write_text(
        "schema_version: 1\narmy:\n  name: Horde\n  allegiance: Nighthaunt\n  units:\n"
        "    - {id: horde, warscroll: Chainrasp Horde, models: 5000000}\n"
    )
    result = run_cli("army", "validate", str(army))
    assert result.exit_code == 1
    assert "army.yaml:6" in result.stdout + result.stderr


def test_a_file_over_the_size_limit_is_refused_without_reading_it(tmp_path: Path) -> None:
    """Item 7: a 50 MB content file took minutes; it is refused by its size alone."""
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(MAX_CONTENT_FILE_BYTES + 1)  # sparse: no 5 MB written to disk
    assert file_problem(big) == "is larger than the 5 MB limit"
    assert _messages(big) == [f"{big}: is larger than the 5 MB limit"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_as_content_is_refused(run_cli: RunCli, tmp_path: Path) -> None:
    """Item 6: `--content /dev/zero` and a .yaml link to it read for ever."""
    result = run_cli("warscroll", "list", "--content", "/dev/zero")
    assert result.exit_code == 1
    assert "not a regular file" in result.stdout + result.stderr
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    with pytest.raises(ContentProblems, match="not a regular file"):
        load_database([tmp_path])
    with pytest.raises(UnreadableFile):
        read_regular_file(Path("/dev/zero"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    """Item 6: a FIFO blocked for ever. The timeout is the test harness's, not the product's."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    env = {**os.environ, "AOS_CACHE_DIR": str(tmp_path / "cache"), "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "aos_cli", "rules", "validate", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 1
    assert "is not a regular file" in done.stdout


def test_a_folder_given_as_an_army_says_it_is_a_folder(run_cli: RunCli, tmp_path: Path) -> None:
    """Item 14: a directory as an army file said 'does not exist'."""
    result = run_cli("army", "validate", str(tmp_path))
    assert result.exit_code == 1
    assert "is a folder, not a file" in result.stderr
    missing = run_cli("army", "validate", str(tmp_path / "nothing.yaml"))
    assert "does not exist" in missing.stderr


def test_a_file_name_too_long_for_the_system_is_one_line(run_cli: RunCli) -> None:
    result = run_cli("army", "show", "9" * 5000)
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1


def test_dangling_and_looping_links_in_a_content_folder_are_reported(tmp_path: Path) -> None:
    """Item 14: a dangling .yaml link or a link loop was skipped silently ('0 files valid')."""
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "missing.yaml")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path)
    messages = _messages(tmp_path)
    assert any("gone.yaml: is a link to nothing" in m for m in messages)
    assert any("loop: is a link that loops back on itself" in m for m in messages)
    assert any("is a link back to a folder already read" in m for m in messages)


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads every folder"
)
def test_an_unreadable_subfolder_is_reported(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "a.yaml").write_text("schema_version: 1\n")
    locked.chmod(0)
    try:
        messages = _messages(tmp_path)
    finally:
        locked.chmod(0o755)
    assert any("locked: is a folder that cannot be read" in m for m in messages)
