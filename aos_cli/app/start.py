"""Starting a game: the army lists and battleplan it is fought with (the given ones or a
system's bundled demo armies), and what the players do first once it is set up."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.core.system import all_systems, get_system, system_ids
from aos_cli.language.i18n import _, ngettext

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aos_cli.content import ArmyList, Database
    from aos_cli.core.stored_setup import StoredSetUp
    from aos_cli.core.system import GameSystem
    from aos_cli.store import Store


def chosen_system(system: str | None) -> GameSystem:
    """The system named by --system (the default one when None); an unknown name is a usage
    error naming the systems there are."""
    if system is not None and system.strip().lower() not in system_ids():
        raise InputError(
            _("--system: no game system {name}").format(name=repr(system)),
            _("use {choices}").format(choices=", ".join(system_ids())),
        )
    return get_system(system)


def bundled_armies(system: str | None = None) -> list[Path]:
    """The demo army lists of a system (the default one when None), from the installed
    package data or the source tree."""
    from aos_cli.content.loader import bundled_dirs
    from aos_cli.core.errors import ContentError

    names = chosen_system(system).demo_armies
    if not names:
        with_demo = ", ".join(s.id for s in all_systems() if s.demo_armies)
        raise InputError(
            _("--system: no demo armies for {name}").format(name=repr(system)),
            _("use {choices}").format(choices=with_demo),
        )
    for folder in bundled_dirs():
        armies = folder / "armies"
        if all((armies / name).is_file() for name in names):
            return [armies / name for name in names]
    raise ContentError(_("the demo armies are missing"), _("reinstall aos-cli"))


@dataclass(frozen=True)
class StartingArmies:
    """The armies and battleplan a new game is fought with: the army lists' paths (a wizard
    keeps them for a resumed set-up), the lists as read and checked once against `db` (the
    bundled content and the folders the command was given), and the battleplan's name."""

    paths: list[Path]
    lists: list[ArmyList]
    battleplan: str
    db: Database

    @property
    def armies(self) -> list[ArmyList]:
        """What `build_setup` takes (with `db=self.db`): the lists already read."""
        return self.lists


def read_armies(paths: Sequence[Path], content_dirs: Sequence[Path] = ()) -> StartingArmies:
    """Army lists read and checked once against the bundled content and `content_dirs`
    (a set-up resumed from its draft; its battleplan is the draft's)."""
    from aos_cli.content import load_army, load_database

    db = load_database(content_dirs)
    return StartingArmies(list(paths), [load_army(Path(p), db) for p in paths], "", db)


def starting_armies(
    army: list[Path] | None,
    system: str | None,
    battleplan: str | None,
    content_dirs: Sequence[Path] = (),
) -> StartingArmies:
    """The army lists and battleplan of a new game: the given lists (they must be of
    `system` when one is named), or the bundled demo armies of `system`; read and checked
    once against the bundled content and `content_dirs`, the database the set-up is then
    built from (`build_setup(..., db=start.db)`), so a list `aos army validate --content`
    accepts is accepted here with the same folders (issue 25)."""
    from aos_cli.content import load_army, load_database

    db = lists = None
    if army:
        if len(army) != 2:
            raise InputError(
                ngettext(
                    "--army: {n} army list given", "--army: {n} army lists given", len(army)
                ).format(n=len(army)),
                _("give --army twice"),
            )
        db = load_database(content_dirs)
        lists = [load_army(Path(p), db) for p in army]
        found = {a.system for a in lists}
        if system is not None and found != {system}:
            raise InputError(
                _("--system {name}: the army lists are for {systems}").format(
                    name=system, systems=", ".join(sorted(found))
                ),
                _("give army lists of that system, or leave out --army for its demo armies"),
            )
        if system is None and len(found) == 1:
            system = next(iter(found))  # the lists' own system picks the default battleplan
    plan = battleplan or chosen_system(system).demo_battleplan or get_system().demo_battleplan
    paths = [Path(p) for p in army] if army else bundled_armies(system)
    if db is None:
        db = load_database(content_dirs)
    if lists is None:
        lists = [load_army(p, db) for p in paths]
    return StartingArmies(paths, lists, str(plan), db)


def armies_for(
    army: list[Path] | None, system: str | None, battleplan: str | None
) -> tuple[list[Path], str]:
    """The army lists' paths and the battleplan of a new game (`starting_armies`, which
    reads the lists too: a caller that builds the set-up takes that, so they are read once)."""
    start = starting_armies(army, system, battleplan)
    return start.paths, start.battleplan


def save_game(store: Store, setup: StoredSetUp) -> int:
    """Save a new game's set-up; it becomes the current game."""
    return store.create_game(setup["name"], setup, get_system(setup.get("system")).id)


def first_step(setup: StoredSetUp) -> str:
    """What the players do first in a new game."""
    return _(get_system(setup.get("system")).first_step)
