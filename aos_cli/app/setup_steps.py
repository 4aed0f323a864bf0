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

    ability = get_system(system).setup.reserve_ability
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
        if unit.get("general") and not get_system(setup.get("system")).setup.general_in_reserve:
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

    if pairs and not get_system(setup.get("system")).scenery.garrisons:
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


def put_in_coalitions(
    setup: StoredSetUp,
    players: Sequence[str],
    generals: Sequence[str] = (),
    warlords: Sequence[str] = (),
) -> None:
    """The players of each coalition, their generals and the coalition's warlord (`aos game
    new --player PLAYER=UNIT,UNIT... --general UNIT --warlord PLAYER`; Coalition of Death,
    seed 000 p.12: three or more players in two coalitions, each led by a warlord whose
    general is "the warlord's general"). Every unit of a coalition named belongs to one of
    its players, and each player has one general, a model set up on the battlefield (p.3)."""
    from aos_cli.core.errors import InputError
    from aos_cli.core.limits import MAX_PLAYER_NAME

    if not (players or generals or warlords):
        return
    if not plan_rules(setup).coalitions:
        raise InputError(
            _("--player, --general, --warlord: this battleplan is for two players"),
            _("pick a coalition battleplan, e.g. --battleplan ill-met-by-moonlight"),
        )
    if not players:
        raise InputError(
            _("--general and --warlord need the coalitions' players"),
            _("name each player's units with --player PLAYER=UNIT,UNIT..."),
        )
    named: dict[int, list[str]] = {}
    for spec in players:
        player, sep, names = spec.partition("=")
        player = player.strip()
        if not sep or not player or not names.strip():
            raise InputError(
                _("--player: write PLAYER=UNIT,UNIT..., not {text}").format(text=repr(spec)),
                _("e.g. --player Ana=Liberators,Judicators"),
            )
        if len(player) > MAX_PLAYER_NAME:
            raise InputError(
                _("--player: a player's name is at most {limit} characters, not {n}").format(
                    limit=MAX_PLAYER_NAME, n=len(player)
                ),
                _("give a shorter name"),
            )
        units = [_named_unit(setup, n, "--player") for n in names.split(",") if n.strip()]
        sides = {id(side) for side, _unit in units}
        if len(sides) > 1:
            raise InputError(
                _("--player: the units of {player} are not of one coalition").format(player=player),
                _("a player's units are all in one army"),
            )
        side = units[0][0]
        index = setup["sides"].index(side)
        if any(player in mine for mine in named.values()):
            raise InputError(
                _("--player: {player} is named twice").format(player=player),
                _("name each player's units once, separated by commas"),
            )
        named.setdefault(index, []).append(player)
        for _side, unit in units:
            if unit.get("player") is not None:
                raise InputError(
                    _("--player: {unit} is brought by {player}").format(
                        unit=unit["name"], player=unit["player"]
                    ),
                    _("each unit belongs to one player"),
                )
            unit["player"] = player
    for index, among in named.items():
        side = setup["sides"][index]
        left = [u["name"] for u in side["units"] if u.get("player") not in among]
        if left:
            raise InputError(
                _("--player: {units} of {side} belong to no player").format(
                    units=", ".join(left), side=side["name"]
                ),
                _("every unit of a coalition belongs to one of its players"),
            )
        side["players"] = list(among)
    total = sum(len(s.get("players") or [s["name"]]) for s in setup["sides"])
    if total < 3:
        raise InputError(
            _("--player: a coalition battle is for three or more players, not {n}").format(n=total),
            _("split a coalition between two players or more with --player"),
        )
    _choose_generals(setup, named, generals)
    _choose_warlords(setup, named, warlords)


def _choose_generals(
    setup: StoredSetUp, named: dict[int, list[str]], generals: Sequence[str]
) -> None:
    """Each player of a coalition has one general (seed 000 p.12), a model set up on the
    battlefield (p.3): `--general UNIT` picks it; a player whose units hold the army list's
    general keeps it."""
    from aos_cli.core.errors import InputError

    chosen: dict[str, StoredUnit] = {}
    for name in generals:
        side, unit = _named_unit(setup, name, "--general")
        player = unit.get("player") or side["name"]
        if player in chosen:
            raise InputError(
                _("--general: {player} has one general, {unit}").format(
                    player=player, unit=chosen[player]["name"]
                ),
                _("give --general once for each player"),
            )
        if unit.get("reserve"):
            raise InputError(
                _("--general: {unit} is in reserve; a general is a model set up on the "
                  "battlefield (AoS2 p.3)").format(unit=unit["name"]),
                _("pick a unit set up on the battlefield"),
            )  # fmt: skip
        chosen[player] = unit
    for index, names in named.items():
        side = setup["sides"][index]
        for player in names:
            mine = [u for u in side["units"] if u.get("player") == player]
            picked = chosen.get(player) or next((u for u in mine if u.get("general")), None)
            if picked is None:
                raise InputError(
                    _("{player} of {side} has no general").format(player=player, side=side["name"]),
                    _("pick one of their units with --general UNIT"),
                )
            for other in mine:
                _keep_trait(other, other is picked)
                other["general"] = other is picked
    for player, unit in chosen.items():
        if not any(player in names for names in named.values()):
            unit["general"] = True  # a side of one player: its general (p.3)
            side = next(s for s in setup["sides"] if unit in s["units"])
            for other in side["units"]:
                _keep_trait(other, other is unit)
                other["general"] = other is unit


def _keep_trait(unit: StoredUnit, general: bool) -> None:
    """A command trait is the general's (seed 000 p.19): a unit carrying one from the army
    list stays its player's general."""
    from aos_cli.core.errors import InputError

    trait = next((c for c in unit.get("choices", ()) if c.get("kind") == "command trait"), None)
    if trait is not None and unit.get("general") and not general:
        raise InputError(
            _("--general: {unit} carries the command trait {trait}, which is the general's "
              "(AoS2 p.19)").format(unit=unit["name"], trait=trait.get("name")),
            _("keep {unit} as its player's general, or change the army list's general").format(
                unit=unit["name"]
            ),
        )  # fmt: skip


def _choose_warlords(
    setup: StoredSetUp, named: dict[int, list[str]], warlords: Sequence[str]
) -> None:
    """Each coalition's warlord, one of its players (seed 000 p.12): the first named unless
    `--warlord PLAYER` says."""
    from aos_cli.core.errors import InputError

    for player in warlords:
        found = [i for i, names in named.items() if player.strip() in names]
        if not found:
            every = ", ".join(p for names in named.values() for p in names)
            raise InputError(
                _("--warlord: {player} is no coalition's player").format(player=repr(player)),
                _("name one of: {players}").format(players=every),
            )
        side = setup["sides"][found[0]]
        if side.get("warlord") not in (None, player.strip()):
            raise InputError(
                _("--warlord: {side} has one warlord, {player}").format(
                    side=side["name"], player=side["warlord"]
                ),
                _("give --warlord once for each coalition"),
            )
        side["warlord"] = player.strip()
    for index, names in named.items():
        setup["sides"][index].setdefault("warlord", names[0])
