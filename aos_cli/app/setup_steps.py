"""The rules behind the steps of the set-up wizard (AoS2 §5.1, §25, §26): rolling on a table,
who may be general, carry an artefact or wait in reserve, and the deployment roll-off. The
wizard (`aos_cli.cli.setup_wizard`) asks; these decide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from aos_cli.core.dice import DiceSource, roll_off
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from aos_cli.content import RollTable
    from aos_cli.content.schema import TableRow
    from aos_cli.core.battleplan import BattleplanRules
    from aos_cli.core.stored_setup import StoredRow, StoredSetUp, StoredSide, StoredUnit

RESERVE_KEYWORD = "STORMCAST ETERNAL"
"""Scions of the Storm: units with this keyword may be set up in the Celestial Realm (§26.1)."""


def roll_on(table: RollTable, dice: DiceSource) -> tuple[int, TableRow]:
    """Roll a table's dice and return the roll and the row it gives."""
    roll = table.dice.roll(
        dice, _("the {table} table ({dice})").format(table=table.shown(), dice=table.dice)
    )
    for row in table.rows:
        low, high = row.rolls
        if low <= roll <= high:
            return roll, row
    return roll, table.rows[-1]


def row_record(row: TableRow, roll: int | None = None) -> StoredRow:
    """A table row as the set-up keeps it (with the roll, when it was rolled)."""
    record: StoredRow = {"id": row.id, "name": row.name, "text": row.text}
    if roll is not None:
        record["roll"] = roll
    return record


def triumph_record(row: TableRow, roll: int | None = None) -> StoredRow:
    """A triumph as the set-up keeps it: the row with its effects, which are put in force when
    the triumph is declared with an attack (AoS2 §16)."""
    from aos_cli.content.effects import effect_to_data

    record = row_record(row, roll)
    record["effects"] = [effect_to_data(e) for e in row.effects]
    return record


def plan_rules(setup: StoredSetUp) -> BattleplanRules:
    """The battleplan's rules of a set-up being built (`build_setup` writes them)."""
    from aos_cli.core.battleplan import DEFAULT_RULES, BattleplanRules

    rules = setup.get("battleplan_rules")
    return DEFAULT_RULES if rules is None else BattleplanRules.from_dict(rules)


def _keyworded(side: StoredSide, keyword: str) -> list[StoredUnit]:
    return [u for u in side["units"] if keyword in [k.upper() for k in u["keywords"]]]


def heroes(side: StoredSide) -> list[StoredUnit]:
    """The side's Heroes: who may be general or carry an artefact (AoS2 §5.3, §25)."""
    return _keyworded(side, "HERO")


def general_candidates(side: StoredSide) -> list[StoredUnit]:
    """Who may be the general: any model that was set up on the battlefield, not one in
    reserve (seed 000 p.3); the Heroes first, since command traits need one (p.19)."""
    placed = [u for u in side["units"] if not u.get("reserve")]
    return [u for u in placed if u in heroes(side)] + [u for u in placed if u not in heroes(side)]


def reserve_candidates(side: StoredSide, system: str | None = None) -> list[StoredUnit]:
    """The units that may be set up in reserve: in the Celestial Realm (Scions of the Storm,
    AoS2 §26.1), or by the system's reserve ability (Teleport Strike, 40k8 §4.7)."""
    from aos_cli.core.system import get_system

    ability = get_system(system).reserve_ability
    if ability is None:
        return _keyworded(side, RESERVE_KEYWORD)
    return [u for u in side["units"] if any(a["id"] == ability for a in u["abilities"])]


def put_in_reserve(setup: StoredSetUp, names: Sequence[str]) -> None:
    """Set the named units up in reserve (`aos game new --reserve`), each one allowed to."""
    from aos_cli.core.errors import InputError
    from aos_cli.core.system import get_system

    for name in names:
        wanted = name.strip().lower()
        found = [
            (side, unit)
            for side in setup["sides"]
            for unit in side["units"]
            if wanted in (str(unit["id"]).lower(), str(unit["name"]).lower())
        ]
        if not found:
            raise InputError(
                _("--reserve: no unit called {name}").format(name=repr(name)),
                _("name a unit of either army"),
            )
        side, unit = found[0]
        if unit.get("garrison"):
            raise InputError(
                _("--reserve: {unit} garrisons {feature}").format(
                    unit=unit["name"], feature=unit["garrison"]
                ),
                _("a unit is set up either in reserve or in a garrison"),
            )
        if unit.get("general") and not get_system(setup.get("system")).general_in_reserve:
            raise InputError(
                _("--reserve: {unit} is the general, a model set up on the battlefield "
                  "(AoS2 p.3)").format(unit=unit["name"]),
                _("pick another general in the army list"),
            )  # fmt: skip
        allowed = reserve_candidates(side, setup.get("system"))
        if plan_rules(setup).reserves_from_round:
            allowed = side["units"]  # any unit may wait (Coalition of Death, seed 000 p.12)
        if unit not in allowed:
            names_allowed = ", ".join(u["name"] for u in allowed) or _("none")
            raise InputError(
                _("--reserve: {unit} may not be set up in reserve").format(unit=unit["name"]),
                _("units that may: {units}").format(units=names_allowed),
            )
        unit["reserve"] = True


def _named_unit(setup: StoredSetUp, name: str, option: str) -> tuple[StoredSide, StoredUnit]:
    """The side and unit of either army a set-up option names, by id or name."""
    from aos_cli.core.errors import InputError

    wanted = name.strip().lower()
    for side in setup["sides"]:
        for unit in side["units"]:
            if wanted in (str(unit["id"]).lower(), str(unit["name"]).lower()):
                return side, unit
    raise InputError(
        _("{option}: no unit called {name}").format(option=option, name=repr(name)),
        _("name a unit of either army"),
    )


def put_in_garrison(setup: StoredSetUp, pairs: Sequence[str]) -> None:
    """Set units up garrisoning terrain features at the start of the battle (`aos game new
    --garrison UNIT=FEATURE`, AoS2 §4.5, seed 000 p.11): a feature that may be garrisoned,
    never one the other army holds, and a unit on the battlefield (not in reserve). That the
    feature lies wholly within the unit's territory is the players' to see."""
    from aos_cli.core.errors import InputError
    from aos_cli.core.system import get_system

    if pairs and not get_system(setup.get("system")).garrisons:
        raise InputError(_("--garrison: this game system has no garrisons"), _("leave it out"))
    for pair in pairs:
        name, sep, wanted = pair.partition("=")
        if not sep or not wanted.strip():
            raise InputError(
                _("--garrison: write UNIT=FEATURE, not {text}").format(text=repr(pair)),
                _("e.g. --garrison Liberators=Ruined Tower"),
            )
        side, unit = _named_unit(setup, name, "--garrison")
        features = [t for t in setup.get("terrain", ()) if t.get("garrison")]
        feature = next(
            (t for t in features if str(t["name"]).lower() == wanted.strip().lower()), None
        )
        if feature is None:
            names = ", ".join(str(t["name"]) for t in features) or _("none")
            raise InputError(
                _("--garrison: {feature} is not a feature that may be garrisoned").format(
                    feature=repr(wanted.strip())
                ),
                _("features that may (--terrain NAME=RULE+garrison): {features}").format(
                    features=names
                ),
            )
        if unit.get("reserve"):
            raise InputError(
                _("--garrison: {unit} is in reserve").format(unit=unit["name"]),
                _("a unit is set up either in reserve or in a garrison"),
            )
        others = [
            u["name"]
            for s in setup["sides"]
            if s is not side
            for u in s["units"]
            if u.get("garrison") == feature["name"]
        ]
        if others:
            raise InputError(
                _("--garrison: {unit} of the other army garrisons {feature}").format(
                    unit=others[0], feature=feature["name"]
                ),
                _("pick another feature"),
            )
        unit["garrison"] = feature["name"]


def put_in_contingents(setup: StoredSetUp, specs: Sequence[str]) -> None:
    """Split each coalition into the battleplan's contingents, each set up wholly within its
    own territory (`aos game new --contingent TERRITORY=UNIT,UNIT...`; Ill Met by Moonlight,
    seed 000 p.12): every unit of a coalition in one of its three contingents, none with more
    than twice as many units as another, every contingent in a different territory, which then
    counts as its coalition's territory (the objective at its centre scores as in one's own
    territory for that coalition, in enemy territory for the other)."""
    from aos_cli.core.errors import InputError

    if not specs:
        return
    rules = plan_rules(setup)
    wanted = rules.contingents
    territories = list(rules.territories)
    if not wanted:
        raise InputError(
            _("--contingent: this battleplan has no contingents"),
            _("Ill Met by Moonlight splits each coalition into three"),
        )
    taken: dict[str, int] = {}
    for spec in specs:
        territory, sep, names = spec.partition("=")
        territory = territory.strip()
        if not sep or territory not in territories:
            raise InputError(
                _("--contingent: write TERRITORY=UNIT,UNIT..., a territory of {territories}, "
                  "not {text}").format(territories=", ".join(territories), text=repr(spec)),
                _("e.g. --contingent 1=Liberators,Judicators"),
            )  # fmt: skip
        if territory in taken:
            raise InputError(
                _("--contingent: territory {territory} has a contingent already").format(
                    territory=territory
                ),
                _("each contingent sets up in a different territory"),
            )
        chosen = [
            _named_unit(setup, name, "--contingent") for name in names.split(",") if name.strip()
        ]
        sides = {id(side) for side, _unit in chosen}
        if len(sides) != 1:
            raise InputError(
                _("--contingent: the units of territory {territory} are not of one coalition")
                .format(territory=territory) if chosen else
                _("--contingent: territory {territory} names no unit").format(territory=territory),
                _("name the units of one army, comma-separated"),
            )  # fmt: skip
        for _side, unit in chosen:
            if unit.get("contingent"):
                raise InputError(
                    _("--contingent: {unit} is in the contingent of territory {territory}")
                    .format(unit=unit["name"], territory=unit["contingent"]),
                    _("each unit belongs to one contingent"),
                )  # fmt: skip
            unit["contingent"] = territory
        taken[territory] = setup["sides"].index(chosen[0][0])
    for side in setup["sides"]:
        _check_contingents(side, wanted)
    owners = setup.setdefault("objective_territories", {})
    for objective in rules.objectives:
        owner = taken.get(str(objective.territory))
        if owner is not None:
            owners[objective.id] = setup["sides"][owner]["name"]


def _check_contingents(side: StoredSide, wanted: int) -> None:
    """Seed 000 p.12: every unit of the coalition in one of `wanted` contingents, none more
    than twice the size of another."""
    from aos_cli.core.errors import InputError

    left = [u["name"] for u in side["units"] if not u.get("contingent")]
    if left:
        raise InputError(
            _("--contingent: {units} of {side} are in no contingent").format(
                units=", ".join(left), side=side["name"]
            ),
            _("every unit of a coalition belongs to one of its contingents"),
        )
    sizes: dict[str, int] = {}
    for unit in side["units"]:
        territory = str(unit["contingent"])
        sizes[territory] = sizes.get(territory, 0) + 1
    if len(sizes) != wanted:
        raise InputError(
            _("--contingent: {side} has {n} contingents, not {wanted}").format(
                side=side["name"], n=len(sizes), wanted=wanted
            ),
            _("split each coalition into {wanted}, each in its own territory").format(
                wanted=wanted
            ),
        )
    if max(sizes.values()) > 2 * min(sizes.values()):
        raise InputError(
            _("--contingent: a contingent of {side} has more than twice the units of another "
              "({sizes})").format(
                side=side["name"],
                sizes=", ".join(f"{t}: {n}" for t, n in sorted(sizes.items())),
            ),
            _("make them roughly a third of the coalition each"),
        )  # fmt: skip


def artefacts_allowed(side: StoredSide) -> int:
    """One artefact of power for the army and one more per battalion (AoS2 §25)."""
    return 1 + int(side.get("battalions", 0))


def roll_deployment(setup: StoredSetUp, dice: DiceSource) -> tuple[str, str]:
    """The deployment roll-off, kept in the set-up: the winner picks the territories and sets
    up first (AoS2 §5.1). Returns the winner's name and the rolls as read out."""
    names = _("{first}, then {second}").format(
        first=setup["sides"][0]["name"], second=setup["sides"][1]["name"]
    )
    result = roll_off(dice, what=_("the deployment roll-off"), sides=names)
    setup["deployment"] = {"rolls": [list(r) for r in result.rounds], "winner": result.winner}
    first, second = (side["name"] for side in setup["sides"][:2])
    rolls = "; ".join(
        _("{first} {a}, {second} {b}").format(first=first, a=a, second=second, b=b)
        for a, b in result.rounds
    )
    return setup["sides"][result.winner or 0]["name"], rolls


def numbered_rows(table: RollTable) -> list[tuple[int, TableRow]]:
    """A table's rows with the number the players type for each: its result where every row
    has one result (so typing 1 picks result 1), else its place in the table."""
    single = all(row.rolls[0] == row.rolls[1] for row in table.rows)
    if single and len({row.rolls[0] for row in table.rows}) == len(table.rows):
        return [(int(row.rolls[0]), row) for row in table.rows]
    return list(enumerate(table.rows, start=1))
