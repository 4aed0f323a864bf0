"""Hostile rosters and lists give one line, never a traceback (issue 32, roster readers;
issue 23 §6): counts and costs holding text, `inf`, `nan`, `1e400`, 5,000 digits or other
digits than 0-9; a roster that leaves no unit (and so no general); selection trees nested
deep; names matched as Warscroll Builder writes them (issue 23 §4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.content import load_database
from aos_cli.content.importers.battlescribe import import_into
from aos_cli.content.importers.roster import _Builder, _html_models, read_roster, read_text
from aos_cli.content.importers.run import import_roster
from aos_cli.content.importers.safexml import ImportProblem

HOSTILE = ["inf", "nan", "1e400", "9" * 5000, "lots", "-3", "\u0663"]


def _xml(number: str = "1", cost: str = "100.0") -> str:
    return (
        '<roster name="x" gameSystemName="Age of Sigmar"><forces><force name="f" '
        'catalogueName="Order - Test Host"><selections>'
        f'<selection name="Wardens" number="1" type="unit"><selections>'
        f'<selection name="5 Wardens" number="{number}" type="model"/></selections>'
        f'<costs><cost name="pts" value="{cost}"/></costs></selection>'
        "</selections></force></forces></roster>"
    )


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_selection_number_is_one_line(tmp_path: Path, value: str) -> None:
    path = tmp_path / "army.ros"
    path.write_text(_xml(number=value), encoding="utf-8")
    with pytest.raises(ImportProblem, match="selection number"):
        read_roster(path)


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_cost_is_one_line(tmp_path: Path, value: str) -> None:
    path = tmp_path / "army.ros"
    path.write_text(_xml(cost=value), encoding="utf-8")
    with pytest.raises(ImportProblem, match="cost"):
        read_roster(path)


def test_a_cost_as_battlescribe_writes_it_is_read() -> None:
    from aos_cli.content.importers.roster import decimal_whole

    assert decimal_whole("120.0", "cost", "here") == 120


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("\u0663 x Wardens (100)", "model count"),  # Arabic-Indic 3
        ("\u0967\u0966 x Wardens (100)", "model count"),  # Devanagari 10
        ("10 x Wardens (\u0661\u0660\u0660)", "points"),
        ("9" * 5000 + " x Wardens (100)", "model count"),
        ("10 x Wardens (" + "9" * 5000 + ")", "points"),
    ],
)
def test_text_list_counts_in_other_digits_or_huge_are_refused_with_their_line(
    line: str, said: str
) -> None:
    with pytest.raises(ImportProblem, match=said) as caught:
        read_text(f"My list\nAllegiance: Order\n{line}\n", "list.txt")
    assert "list.txt:3" in str(caught.value)


def test_html_roster_with_no_unit_is_refused_not_a_stopiteration(tmp_path: Path) -> None:
    page = (
        "<html><body><h1>Empty (Age of Sigmar) [0pts]</h1><ul><li class='force'>"
        "<h2>Pitched Battle (Order - Test Host)</h2><ul><li class='rootselection'>"
        "<h4>Allegiance</h4><p><span class='bold'>Selections:</span> Allegiance: Test Host</p>"
        "<p class='category-names'><span class='bold'>Categories:</span> Allegiance</p>"
        "</li></ul></li></ul></body></html>"
    )
    path = tmp_path / "roster.html"
    path.write_text(page, encoding="utf-8")
    with pytest.raises(ImportProblem, match="no units"):
        import_roster(path, tmp_path / "army.yaml", tmp_path / "content", [])


def test_deeply_nested_selections_are_walked_without_recursion() -> None:
    depth = 95
    page = "<li class='rootselection'><h4>Deep</h4>" + "<ul><li><h4>x</h4>" * depth
    page += "</li></ul>" * depth + "</li>"
    builder = _Builder()
    builder.feed(page)
    root = builder.root
    top = next(root.find_all("li", "rootselection"))
    assert _html_models(top) == 0
    assert len(list(root.find_all("h4"))) == depth + 1
    assert top.text().startswith("Deep")


def test_pack_crew_and_named_members_are_counted_as_models() -> None:
    """A Salamander Hunting Pack of three packs (a Salamander and 3 Skink Handlers each) is
    12 models; a unit of named members (Thundrik's Profiteers) is one model each."""
    member = (
        "<li><h4>{head}</h4><p class='profile-names'><span class='bold'>Unit:</span> "
        "<span class='italic'>{head}</span></p></li>"
    )
    pack = "<li><h4>Hunting Pack</h4><ul>" + member.format(head="Salamander")
    pack += member.format(head="3x Skink Handler") + "</ul></li>"
    page = "<li class='rootselection'><h4>Salamander Hunting Pack</h4><ul>" + pack * 3
    page += "</ul></li>"
    builder = _Builder()
    builder.feed(page)
    assert _html_models(next(builder.root.find_all("li", "rootselection"))) == 12
    named = "".join(member.format(head=n) for n in ("Bjorgen", "Lund", "Enrik", "Garodd"))
    builder = _Builder()
    builder.feed(f"<li class='rootselection'><h4>Profiteers</h4><ul>{named}</ul></li>")
    assert _html_models(next(builder.root.find_all("li", "rootselection"))) == 4


@pytest.fixture
def content(tmp_path: Path) -> Path:
    out = tmp_path / "content"
    import_into([Path(__file__).resolve().parent / "fixtures"], out)
    return out


@pytest.mark.parametrize(
    ("written", "how"),
    [
        ("wardens", "exact"),
        ("Warden", "exact"),
        ("Lord with Test Drake", "form"),
        ("Test Host Wardens", "faction"),
        ("Krosvagg the Spiteful - Lord on Test Drake", "custom"),
        ("Wardenns", "close"),
    ],
)
def test_warscroll_builder_names_match_the_catalogues(
    content: Path, written: str, how: str
) -> None:
    from aos_cli.content.importers.roster import _match

    found = _match(load_database([content]), written)
    assert found is not None and found.how == how


def test_a_loose_name_is_only_proposed(content: Path) -> None:
    from aos_cli.content.importers.roster import _closest, _match

    db = load_database([content])
    assert _match(db, "Drake") is None
    assert "Lord on Test Drake" in _closest(db, "Drake")


def test_skip_unknown_imports_the_rest_and_lists_what_was_left_out(
    content: Path, tmp_path: Path
) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text(
        "Allegiance: Test Host\nLord on Test Drake (320)\n- General\n"
        "10 x Wardens (200)\n3 x Skyfire Gargoyles (90)\n- Gargoyle Claws\n"
    )
    with pytest.raises(ImportProblem, match="Skyfire Gargoyles"):
        import_roster(listing, tmp_path / "army.yaml", content, [])
    report = import_roster(listing, tmp_path / "army.yaml", content, [], skip_unknown=True)
    assert report["units"] == 2
    left = [row for row in report["unit_report"] if row.get("left_out")]
    assert [row["read"] for row in left] == ["Skyfire Gargoyles"]
    assert left[0]["options"] == ["Gargoyle Claws"]


def test_skip_unknown_with_no_unit_known_is_refused(content: Path, tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text("Allegiance: Test Host\n3 x Skyfire Gargoyles (90)\n")
    with pytest.raises(ImportProblem, match="Skyfire Gargoyles"):
        import_roster(listing, tmp_path / "army.yaml", content, [], skip_unknown=True)


def test_truncated_html_export_is_refused_not_imported_smaller(tmp_path: Path) -> None:
    whole = (
        Path(__file__).resolve().parent / "fixtures" / "rosters" / "test-host.html"
    ).read_text()
    path = tmp_path / "cut.html"
    path.write_text(whole[: len(whole) * 2 // 3], encoding="utf-8")
    with pytest.raises(ImportProblem, match="truncated"):
        read_roster(path)


def test_a_zipped_roster_mangled_as_text_says_so(tmp_path: Path) -> None:
    path = tmp_path / "army.html"
    path.write_bytes(b"PK\x03\x04\x14\x00" + "\ufffd".encode() * 40 + b"more")
    with pytest.raises(ImportProblem, match="changed as text"):
        read_roster(path)


def test_aos2_lore_lines_become_the_spells_known_without_their_lore() -> None:
    roster = read_text(
        "My list\nAllegiance: Order\nBattlemage (90)\n"
        "- Spell : Lore of Smog - Choking Fumes (Greywater Fastness Wizard)\n"
        "- Lore of Fate : Bolt of Tzeentch\n- Bloodgullet 2nd Spell: Greasy Deluge\n",
        "list.txt",
    )
    assert roster.units[0].spells == ["Choking Fumes", "Bolt of Tzeentch", "Greasy Deluge"]


def test_artefact_goes_to_its_hero_when_a_unit_before_it_is_left_out(
    content: Path, tmp_path: Path
) -> None:
    import yaml

    listing = tmp_path / "list.txt"
    listing.write_text(
        "Allegiance: Test Host\n3 x Skyfire Gargoyles (90)\n10 x Wardens (200)\n"
        "Lord on Test Drake (320)\n- General\n- Artefact : Crown of Storms\n"
    )
    import_roster(listing, tmp_path / "army.yaml", content, [], skip_unknown=True)
    units = yaml.safe_load((tmp_path / "army.yaml").read_text())["army"]["units"]
    bearers = {u["warscroll"]: u.get("artefact") for u in units}
    assert bearers == {"Wardens": None, "Lord on Test Drake": "Crown of Storms"}


def test_a_battalion_inside_a_battalion_keeps_its_units(tmp_path: Path) -> None:
    """The Wardens and Storm Hawks of a battalion fielded inside another battalion are units
    of the army (issue 23 §5), not one unit named after the inner battalion."""
    page = (Path(__file__).resolve().parent / "fixtures" / "rosters" / "test-host.html").read_text()
    start = page.index("<ul>", page.index("Battalion: Test Vanguard"))
    end = page.index("</ul>", start) + len("</ul>")
    inner = (
        "<ul><li><h4>Battalion: Inner Guard [0pts]</h4><p class='category-names'>"
        "<span class='bold'>Categories:</span> <span class='caps'>Battalion</span></p>"
        + page[start:end]
        + "</li></ul>"
    )
    path = tmp_path / "nested.html"
    path.write_text(page[:start] + inner + page[end:], encoding="utf-8")
    roster = read_roster(path)
    assert [(u.name, u.models) for u in roster.units] == [("Wardens", 10), ("Storm Hawks", 3)]
    assert [b.name for b in roster.battalions] == ["Inner Guard", "Test Vanguard"]


@pytest.mark.parametrize(
    ("head", "models"),
    [
        ("2x 3 Ripperdactyl Riders", 6),
        ("3x Skink Handler", 3),
        ("10 Chainrasps", 10),
        ("Salamander", 1),
    ],
)
def test_a_model_selections_title_counts_its_models(head: str, models: int) -> None:
    from aos_cli.content.importers.roster import _head_count

    assert _head_count(head) == models
