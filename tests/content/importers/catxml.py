"""Small BattleScribe files written by the tests: a game system and one catalogue built from
entry snippets, so each test states the XML shape it is about."""

from __future__ import annotations

import zlib
from pathlib import Path


def _h(text: str) -> str:
    return format(zlib.crc32(text.encode()), "x")


GST = """<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="gs-1" name="Age of Sigmar" revision="1"
 xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <categoryEntries>
    <categoryEntry id="k-hero" name="HERO"/>
    <categoryEntry id="k-wizard" name="WIZARD"/>
    <categoryEntry id="k-order" name="ORDER"/>
    <categoryEntry id="k-host" name="TEST HOST"/>
    <categoryEntry id="k-war" name="WAR MACHINE"/>
  </categoryEntries>
  {shared}
</gameSystem>
"""

CAT = """<?xml version="1.0" encoding="UTF-8"?>
<catalogue id="{ident}" name="{name}" revision="3" library="{library}" gameSystemId="gs-1"
 xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  {links}
  <sharedSelectionEntries>
  {entries}
  </sharedSelectionEntries>
</catalogue>
"""


def unit_profile(
    name: str, move: str = '5"', wounds: str = "2", bravery: str = "7", save: str = "4+"
) -> str:
    """A `Unit` profile."""
    return f"""<profile id="p-{_h(name + move + wounds)}" name="{name}" typeName="Unit"><characteristics>
      <characteristic name="Move">{move}</characteristic>
      <characteristic name="Wounds">{wounds}</characteristic>
      <characteristic name="Bravery">{bravery}</characteristic>
      <characteristic name="Save">{save}</characteristic></characteristics></profile>"""


def weapon(
    name: str,
    kind: str = "Melee",
    rng: str = '1"',
    attacks: str = "2",
    hit: str = "4+",
    wound: str = "3+",
    rend: str = "-",
    damage: str = "1",
) -> str:
    """A `Weapon` profile."""
    return f"""<profile id="w-{_h(name + kind)}" name="{name}" typeName="Weapon"><characteristics>
      <characteristic name="Type">{kind}</characteristic>
      <characteristic name="Range">{rng}</characteristic>
      <characteristic name="Attacks">{attacks}</characteristic>
      <characteristic name="To Hit">{hit}</characteristic>
      <characteristic name="To Wound">{wound}</characteristic>
      <characteristic name="Rend">{rend}</characteristic>
      <characteristic name="Damage">{damage}</characteristic></characteristics></profile>"""


def row(type_name: str, name: str, **cells: str) -> str:
    """A profile of a table type (one row), its characteristics in the order given."""
    chars = "".join(
        f'<characteristic name="{k.replace("_", " ")}">{v}</characteristic>'
        for k, v in cells.items()
    )
    return f'<profile id="r-{_h(type_name + name)}" name="{name}" typeName="{type_name}"><characteristics>{chars}</characteristics></profile>'


def ability(name: str, text: str, type_name: str = "Unit Abilities") -> str:
    """An ability profile."""
    return f"""<profile id="a-{_h(name)}" name="{name}" typeName="{type_name}"><characteristics>
      <characteristic name="Ability Details">{text}</characteristic></characteristics></profile>"""


def entry(
    ident: str,
    name: str,
    profiles: str = "",
    *,
    kind: str = "unit",
    inner: str = "",
    points: str | None = "100.0",
    keywords: tuple[str, ...] = ("k-order", "k-host"),
    constraints: str = "",
) -> str:
    """A selection entry with profiles, nested XML (`inner`), points and keywords."""
    cost = f'<costs><cost name="pts" typeId="points" value="{points}"/></costs>' if points else ""
    cats = "".join(
        f'<categoryLink id="cl-{ident}-{k}" targetId="{k}" primary="false"/>' for k in keywords
    )
    return f"""<selectionEntry id="{ident}" name="{name}" type="{kind}">
      {constraints}<profiles>{profiles}</profiles>{inner}
      <categoryLinks>{cats}</categoryLinks>{cost}</selectionEntry>"""


def constraint(kind: str, value: str, scope: str = "parent") -> str:
    """A selections constraint."""
    return f'<constraint field="selections" scope="{scope}" value="{value}" type="{kind}" id="c-{_h(kind + value)}"/>'


def write(
    folder: Path,
    entries: str,
    *,
    name: str = "Order - Test Host",
    ident: str = "cat-1",
    library: bool = False,
    links: str = "",
    gst_shared: str = "",
) -> Path:
    """Write the game system and one catalogue into `folder`; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Test.gst").write_text(GST.format(shared=gst_shared), encoding="utf-8")
    text = CAT.format(
        ident=ident,
        name=name,
        library="true" if library else "false",
        links=links,
        entries=entries,
    )
    (folder / f"{name}.cat").write_text(text, encoding="utf-8")
    return folder
