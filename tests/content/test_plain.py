"""Plain values of records read from the content cache (`aos warscroll show`, `aos rules
show`): the same data as the schema's, without validating it again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aos_cli.content import load_database, loader, plain
from aos_cli.content.loader import Cache
from tests.content.test_loader import TWO_OGRES


def _warm() -> None:
    """Fill the cache, then forget what this process validated: the next load reads it."""
    load_database()
    loader._VALIDATED.clear()


def test_every_bundled_record_reads_plain_as_the_schema_writes_it() -> None:
    """Each warscroll, ruleset and allegiance read plain from the cache keeps the data its
    validated model dumps, and the numbers the cards print (a roll needed as an int)."""
    _warm()
    db = load_database()
    for entry in db.warscrolls.entries():
        card = db.warscrolls.plain(entry.id, plain.Warscroll)
        model = db.warscrolls[entry.id]
        assert card.data == model.model_dump(mode="json"), entry.id
        assert (card.save, card.wounds, card.keywords) == (model.save, model.wounds, model.keywords)
        for ours, theirs in zip(
            card.missile_weapons + card.melee_weapons, model.weapons, strict=True
        ):
            assert (ours.to_hit, ours.to_wound, ours.attacks) == (
                theirs.to_hit,
                theirs.to_wound,
                str(theirs.attacks),
            )
            assert ours.range_text == theirs.range_text
    for system in db.rulesets:
        rules = db.plain_ruleset(system)
        assert rules.data == db.ruleset(system).model_dump(mode="json")
        assert [p.shown() for p in rules.phases] == [p.shown() for p in db.ruleset(system).phases]
    for allegiance in db.plain_allegiances():
        assert allegiance.data == db.allegiances[allegiance.id].model_dump(mode="json")


def test_a_warm_card_validates_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A warscroll shown from a warm cache is never built by its model."""
    _warm()

    def refuse(self: loader.Pending) -> object:
        raise AssertionError(f"validated {self.entry.id}")

    monkeypatch.setattr(loader.Pending, "build", refuse)
    db = load_database()
    assert db.plain_warscroll("liberators").name == "Liberators"
    assert db.plain_ruleset("aos2").phases


def test_a_cached_record_of_the_wrong_shape_is_validated_from_its_file(tmp_path: Path) -> None:
    """A damaged cached record is never shown as it is: it is rebuilt from its file."""
    (tmp_path / "ogres.yaml").write_text(TWO_OGRES)
    load_database([tmp_path])
    loader._VALIDATED.clear()
    cache = Cache()
    key = str((tmp_path / "ogres.yaml").resolve())
    stored = json.loads(cache.path.read_text())
    stored["entries"][key]["result"]["records"][0]["record"]["save"] = ["not", "a", "save"]
    cache.path.write_text(json.dumps(stored))
    card = load_database([tmp_path]).plain_warscroll("test ogre")
    assert (card.save, card.data["save"]) == (5, "5+")


@pytest.mark.parametrize(
    "data",
    [
        {"id": "x", "name": "X", "text": "t", "casting_value": "7"},
        {"id": "x", "name": "X", "text": "t", "casting_value": True},
        {"id": "x", "name": "X", "casting_value": 7},
        {"id": "x", "name": "X", "text": "t", "casting_value": 7, "translations": []},
        ["not", "a", "mapping"],
    ],
)
def test_data_not_shaped_as_the_schema_writes_it_is_unreadable(data: object) -> None:
    """Wrong types, a missing field or a wrong container are refused, never passed on."""
    with pytest.raises(plain.Unreadable):
        plain.from_data(plain.Spell, data)


def test_a_roll_needed_reads_from_its_printed_form() -> None:
    """`4+` is 4 and `-` (no save) is 7, as the schema stores them."""
    profile = {"m": 6, "ws": "3+", "bs": "-", "s": 4, "t": 4, "w": 1, "a": "2", "ld": 7, "sv": "4+"}
    read = plain.from_data(plain.Profile40k, profile)
    assert (read.ws, read.bs, read.sv) == (3, 7, 4)
    with pytest.raises(plain.Unreadable):
        plain.from_data(plain.Profile40k, {**profile, "sv": "4"})


@pytest.mark.parametrize("code", ["en", "hu", "ru", "xx"])
def test_plain_records_show_the_words_of_each_language_as_the_schema_does(code: str) -> None:
    """Names, texts and chart rows read plain say what the validated records say in every
    language (the pseudo-language's ⟦ ⟧ included)."""
    from aos_cli.language.i18n import language, set_language

    _warm()
    db = load_database()
    before = language()
    set_language(code)
    try:
        for system in db.rulesets:
            ours, theirs = db.plain_ruleset(system), db.ruleset(system)
            pairs = [
                *zip(ours.phases, theirs.phases, strict=True),
                *zip(ours.tables, theirs.tables, strict=True),
                *(p for a, b in zip(ours.tables, theirs.tables, strict=True)
                  for p in zip(a.rows, b.rows, strict=True)),
                *zip(ours.rules, theirs.rules, strict=True),
            ]  # fmt: skip
            for a, b in pairs:
                assert (a.shown(), a.shown("text")) == (b.shown(), b.shown("text"))
            for chart, model in zip(ours.charts, theirs.charts, strict=True):
                for row, theirs_row in zip(chart.rows, model.rows, strict=True):
                    assert row.shown("when") == theirs_row.shown("when")
                    assert row.shown("result") == theirs_row.shown("result")
    finally:
        set_language(before)
