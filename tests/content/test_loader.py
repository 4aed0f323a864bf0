"""Loading: bundled content validates, problems carry file and line, the cache, overrides."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from aos_cli.content import ContentProblems, load_database, loader, validate_paths
from aos_cli.content.loader import Cache, bundled_dirs, cache_dir, yaml_files

BROKEN = Path(__file__).parent / "broken"
ROOT = Path(__file__).resolve().parents[2]


def test_bundled_content_validates() -> None:
    problems, count = validate_paths(
        [ROOT / "warscrolls", ROOT / "battleplans", ROOT / "aos_cli" / "rulesets"]
    )
    assert problems == []
    assert count >= 8


def test_database_has_the_seed_records() -> None:
    db = load_database()
    assert {"lord-relictor", "lord-castellant", "lord-celestant-on-stardrake"} <= set(db.warscrolls)
    assert {"first-blood", "ill-met-by-moonlight", "changing-priorities"} <= set(db.battleplans)
    assert {"exemplar-chamber", "harbinger-chamber"} <= set(db.battalions)
    assert db.ruleset("aos2").realms[0].id == "ghur"


def test_every_broken_file_reports_each_problem_with_its_line() -> None:
    problems, count = validate_paths([BROKEN])
    assert count == 5
    lines = [str(p) for p in problems]
    expected = [
        "bad_values.yaml:16: warscrolls[0].melee_weapons[0].to_hit: '7+'",
        "bad_values.yaml:18: warscrolls[0].melee_weapons[0].rnd: unknown key (did you mean rend?)",
        "bad_values.yaml:24: warscrolls[0].abilities[0].effects[0].type: unknown effect type 'teleport'",
        "bad_values.yaml:25: warscrolls[0].abilities[0].effects[1].colour: unknown key",
        "bad_values.yaml:37: warscrolls[1].damage_table.rows[1].wounds_suffered: gap",
        "bad_values.yaml:39: warscrolls[2].wounds: missing",
        "bad_values.yaml:46: warscrolls[2].melee_weapons[0].attacks:",
        "bad_values.yaml:46: warscrolls[2].melee_weapons[0].rend: rend 1 is positive",
        "duplicate_ids.yaml:4: warscrolls[1].id: duplicate id 'twin'",
        "no_version.yaml:1: schema_version: missing",
        "python_object.yaml:3: the tag",
        "syntax_error.yaml:4:",
    ]
    for fragment in expected:
        assert any(fragment in line for line in lines), fragment


def test_python_object_tag_is_refused_not_run(tmp_path: Path) -> None:
    """yaml.safe_load semantics only: a python/object tag is a problem, never executed."""
    marker = tmp_path / "ran"
    bad = tmp_path / "evil.yaml"
    bad.write_text(
        f"schema_version: 1\nwarscrolls:\n  - !!python/object/apply:os.system ['touch {marker}']\n"
    )
    problems, _ = validate_paths([bad])
    assert "refused" in problems[0].message
    assert not marker.exists()


def test_load_database_raises_every_problem(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text((BROKEN / "bad_values.yaml").read_text())
    with pytest.raises(ContentProblems) as raised:
        load_database([tmp_path])
    assert len(raised.value.problems) == 8


def test_later_folders_override_the_same_id(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(
        "schema_version: 1\nwarscrolls:\n"
        "  - {id: lord-relictor, name: Lord-Relictor, faction: Stormcast Eternals,"
        " move: 4, wounds: 6, bravery: 9, save: 3+}\n"
    )
    assert load_database().warscroll("lord-relictor").wounds == 5
    assert load_database([tmp_path]).warscroll("lord-relictor").wounds == 6


def test_aos_content_env_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "extra.yaml").write_text(
        "schema_version: 1\nwarscrolls:\n"
        "  - {id: test-goblin, name: Test Goblin, faction: Test, move: 5, wounds: 1, bravery: 4, save: 6+}\n"
    )
    monkeypatch.setenv("AOS_CONTENT", str(tmp_path))
    assert load_database().warscroll("test gob").id == "test-goblin"


def test_cache_is_used_when_files_are_unchanged() -> None:
    load_database()
    cache = Cache()
    files = yaml_files(bundled_dirs())
    for path in files:
        cache.result(path)
    assert cache.hits == len(files)
    assert cache.misses == 0


def test_cache_revalidates_a_changed_file(tmp_path: Path) -> None:
    scroll = tmp_path / "one.yaml"
    scroll.write_text(
        "schema_version: 1\nwarscrolls:\n"
        "  - {id: test-ogre, name: Test Ogre, faction: Test, move: 6, wounds: 4, bravery: 7, save: 5+}\n"
    )
    assert load_database([tmp_path]).warscroll("test ogre").wounds == 4
    scroll.write_text(scroll.read_text().replace("wounds: 4", "wounds: 5, fly: true"))
    assert load_database([tmp_path]).warscroll("test ogre").wounds == 5


def test_a_crafted_pickle_in_the_cache_folder_never_runs(tmp_path: Path) -> None:
    """Issue 16 item 17: a content-cache.pickle that runs os.system is never unpickled."""
    import pickle

    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, (f"touch {marker}",))

    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "content-cache.pickle").write_bytes(pickle.dumps(Payload()))
    assert load_database().warscroll("lord-relictor").wounds == 5
    assert not marker.exists()
    assert not (folder / "content-cache.pickle").exists()


@pytest.mark.parametrize(
    "damage",
    [
        b"\x80\x04not json at all",
        b'{"fingerprint": "x", "entries": {}}',
        b"[1, 2, 3]",
        b'{"fingerprint": "FP", "entries": {"KEY": {"stamp": "STAMP", "result": '
        b'{"file": "f", "records": [{"kind": "warscrolls", "record": {"id": "x", "wounds": '
        b'"!!python/object"}, "origin": ["f", 1, "w"]}], "problems": []}}}}',
    ],
)
def test_a_damaged_or_crafted_cache_is_rebuilt_not_trusted(damage: bytes) -> None:
    """A cache that fails to read or to validate is rebuilt from the files."""
    loader._VALIDATED.clear()
    load_database()
    cache = Cache()
    path = bundled_dirs()[0] / "aos2.yaml"
    key = str(path.resolve())
    stamp = json.dumps(cache.entries[key]["stamp"]).encode()
    text = damage.replace(b"FP", cache.fingerprint.encode()).replace(b"KEY", key.encode())
    cache.path.write_bytes(text.replace(b'"STAMP"', stamp))
    loader._VALIDATED.clear()  # what this process validated itself is not the cache file
    again = Cache()
    assert again.result(path).records
    assert again.misses == 1 and again.hits == 0
    again.save()
    assert Cache().result(path).records


def test_the_cache_is_plain_json_checked_against_the_file_contents(tmp_path: Path) -> None:
    """A file changed without its size or mtime changing is validated again (SHA-256)."""
    scroll = tmp_path / "one.yaml"
    text = (
        "schema_version: 1\nwarscrolls:\n"
        "  - {id: test-ogre, name: Test Ogre, faction: Test, move: 6, wounds: 4, bravery: 7, save: 5+}\n"
    )
    scroll.write_text(text)
    before = scroll.stat()
    assert load_database([tmp_path]).warscroll("test ogre").wounds == 4
    json.loads(Cache().path.read_text())  # the cache is JSON data, nothing else
    scroll.write_text(text.replace("wounds: 4", "wounds: 5"))
    os.utime(scroll, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert load_database([tmp_path]).warscroll("test ogre").wounds == 5


TWO_OGRES = (
    "schema_version: 1\nwarscrolls:\n"
    "  - {id: test-ogre, name: Test Ogre, faction: Test, move: 6, wounds: 4, bravery: 7, save: 5+}\n"
    "  - {id: test-brute, name: Test Brute, faction: Test, move: 5, wounds: 3, bravery: 6, save: 4+}\n"
)


def _cached(tmp_path: Path) -> tuple[Cache, str]:
    """A cache written for `tmp_path`'s one file, read back; and that file's cache key."""
    load_database([tmp_path])
    loader._VALIDATED.clear()  # what this process validated itself is not the cache file
    cache = Cache()
    return cache, str((tmp_path / "ogres.yaml").resolve())


def test_an_unchanged_file_gives_only_the_records_a_command_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the cache, a record is validated the first time it is used, not at start-up."""
    (tmp_path / "ogres.yaml").write_text(TWO_OGRES)
    _cached(tmp_path)
    built: list[str] = []
    original = loader.Pending.build

    def counting(self: loader.Pending) -> object:
        built.append(self.entry.id)
        return original(self)

    monkeypatch.setattr(loader.Pending, "build", counting)
    db = load_database([tmp_path])
    assert "test-brute" in {entry.id for entry in db.warscrolls.entries()}
    assert db.warscroll("test ogre").wounds == 4
    assert built == ["test-ogre"]


def test_a_cached_record_that_fails_to_validate_is_rebuilt_from_its_file(tmp_path: Path) -> None:
    """A cache entry whose index is fine but whose record is damaged is never trusted: when
    the record is used, the file is read again and the cache mended."""
    (tmp_path / "ogres.yaml").write_text(TWO_OGRES)
    cache, key = _cached(tmp_path)
    stored = json.loads(cache.path.read_text())
    stored["entries"][key]["result"]["records"][0]["record"]["wounds"] = "!!python/object"
    cache.path.write_text(json.dumps(stored))
    assert load_database([tmp_path]).warscroll("test ogre").wounds == 4
    mended = json.loads(cache.path.read_text())["entries"][key]["result"]["records"][0]
    assert mended["record"]["wounds"] == 4


def test_a_damaged_cached_record_of_a_broken_file_reports_the_file_lines(tmp_path: Path) -> None:
    """Rebuilt from its file, a record whose file is broken reports file:line when used."""
    (tmp_path / "ogres.yaml").write_text(TWO_OGRES)
    cache, key = _cached(tmp_path)
    stored = json.loads(cache.path.read_text())
    stored["entries"][key]["result"]["records"][0]["record"]["wounds"] = "lots"
    cache.path.write_text(json.dumps(stored))
    db = load_database([tmp_path])
    (tmp_path / "ogres.yaml").write_text(TWO_OGRES.replace("wounds: 4", "wounds: lots"))
    with pytest.raises(ContentProblems) as raised:
        db.warscroll("test ogre")
    (problem,) = raised.value.problems
    assert "ogres.yaml:3: warscrolls[0].wounds: must be a whole number" in str(problem)


def test_problems_of_a_cached_file_are_reported_every_time(tmp_path: Path) -> None:
    """A file with one bad record: the cache keeps its problem and reports it again, with
    the line, while the good record stays in the index."""
    (tmp_path / "ogres.yaml").write_text(TWO_OGRES.replace("wounds: 3", "wounds: -3"))
    for _ in range(2):
        loader._VALIDATED.clear()
        with pytest.raises(ContentProblems) as raised:
            load_database([tmp_path])
        assert [p.line for p in raised.value.problems] == [4]
    key = str((tmp_path / "ogres.yaml").resolve())
    records = Cache().entries[key]["result"]["records"]
    assert [r["entry"][0] for r in records] == ["test-ogre"]


def test_a_stale_cache_is_rebuilt(tmp_path: Path) -> None:
    """A cache written by other code, or for other file contents, is validated afresh."""
    (tmp_path / "ogres.yaml").write_text(TWO_OGRES)
    cache, key = _cached(tmp_path)
    stored = json.loads(cache.path.read_text())
    stored["entries"][key]["stamp"][2] = "0" * 64
    cache.path.write_text(json.dumps(stored))
    again = Cache()
    assert again.result(tmp_path / "ogres.yaml").records
    assert (again.hits, again.misses) == (0, 1)
    stored["fingerprint"] = "another aos"
    cache.path.write_text(json.dumps(stored))
    loader._VALIDATED.clear()
    other = Cache()
    assert other.result(tmp_path / "ogres.yaml").records
    assert (other.hits, other.misses) == (0, 1)
