"""The set-up wizard of `aos play` (AoS2 §5.1): battleplan, realm and realmscape, terrain and
scenery rules, the deployment roll-off, reserves, who finished first, the general, command trait
and triumphs. It asks only what the tool cannot know; every roll is kept in the set-up."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from aos_cli.app.setup_steps import (
    artefacts_allowed,
    general_candidates,
    heroes,
    numbered_rows,
    plan_rules,
    reserve_candidates,
    roll_deployment,
    roll_on,
    row_record,
    triumph_record,
)
from aos_cli.core.numbers import menu_pick
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from rich.console import Console

    from aos_cli.content import ArmyList, Database, RollTable
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.stored_setup import (
        StoredRow,
        StoredSetUp,
        StoredSide,
        StoredTerrain,
        StoredUnit,
    )

Ask = Callable[[str], str]


def _choose(ask: Ask, out: Console, prompt: str, names: Sequence[str], default: int = 0) -> int:
    """Pick one of `names` by number; Enter takes the default. A name the bundled content
    translates (a command trait, an artefact) is shown in the chosen language."""
    from aos_cli.language.text import content_word

    names = [content_word(name) for name in names]
    for number, name in enumerate(names, start=1):
        out.print(f"  [{number}] {name}", markup=False)
    while True:
        answer = ask(_("{prompt} [Enter: {default}]").format(prompt=prompt, default=names[default]))
        if not answer.strip():
            return default
        picked = menu_pick(answer, len(names))
        if picked is not None:
            return picked
        out.print(_("Type a number from 1 to {n}.").format(n=len(names)))


def _yes(ask: Ask, out: Console, question: str, default: bool = False) -> bool:
    """A yes or no, in English or the chosen language; Enter takes the default."""
    from aos_cli.views.words import read_yes_no, yes_no_hint, yes_no_retry

    while True:
        answer = ask(f"{question} {yes_no_hint(default)}")
        if not answer.strip():
            return default
        said = read_yes_no(answer)
        if said is not None:
            return said
        out.print(yes_no_retry())


def _pick_or_roll(
    ask: Ask, out: Console, prompt: str, rows: Sequence[tuple[int, str]]
) -> int | None:
    """A row picked by its number (a table's result), or None to roll for it (Enter)."""
    for number, name in rows:
        out.print(f"  [{number}] {name}", markup=False)
    numbers = [number for number, _name in rows]
    while True:
        answer = ask(_("{prompt} [Enter: roll for it]").format(prompt=prompt)).strip()
        if not answer:
            return None
        picked = menu_pick(answer, max(numbers))
        if picked is not None and picked + 1 in numbers:
            return picked + 1
        out.print(
            _("Type a number from {low} to {high}, or Enter to roll.").format(
                low=min(numbers), high=max(numbers)
            )
        )


def _table_pick(ask: Ask, out: Console, table: RollTable, dice: DiceSource, what: str) -> StoredRow:
    """Roll on a table, or pick a row by its result (the rules allow either); a table of
    one row is that row, with nothing to ask."""
    if len(table.rows) == 1:
        row = table.rows[0]
        out.print("  " + _("{what}: {name} (the only one).").format(what=what, name=row.shown()))
        return row_record(row)
    rows = numbered_rows(table)
    picked = _pick_or_roll(ask, out, what, [(n, row.shown()) for n, row in rows])
    if picked is None:
        roll, row = roll_on(table, dice)
        out.print(
            "  "
            + _("Rolled {roll}: {name}. {text}").format(
                roll=roll, name=row.shown(), text=row.shown("text")
            )
        )
        return row_record(row, roll)
    return row_record(next(row for n, row in rows if n == picked))


def _artefacts(
    ask: Ask,
    out: Console,
    table: RollTable,
    dice: DiceSource,
    side: StoredSide,
    heroes: list[StoredUnit],
) -> list[StoredRow]:
    """Artefacts of power: one for the army and one more per battalion, each given to a
    different Hero (AoS2 §25)."""
    allowed = artefacts_allowed(side)
    chosen: list[StoredRow] = []
    free = list(heroes)
    for number in range(1, allowed + 1):
        question = _("Give artefact {number} of {allowed}?").format(number=number, allowed=allowed)
        if not free or not _yes(ask, out, question, True):
            break
        artefact = _table_pick(ask, out, table, dice, _("Artefact"))
        bearer = free.pop(_choose(ask, out, _("Bearer"), [h["name"] for h in free]))
        artefact["bearer"] = bearer["id"]
        chosen.append(artefact)
        shown = next((r.shown() for r in table.rows if r.id == artefact["id"]), artefact["name"])
        out.print(
            "  " + _("{unit} carries {artefact}.").format(unit=bearer["name"], artefact=shown)
        )
    return chosen


def _realmscape_names(db: Database | None, system: str | None) -> list[str]:
    """The names of Ghur's realmscape features (AoS2 §24.2) as the players read them: from
    the ruleset's realm, in the chosen language where it has them."""
    from aos_cli.core.terrain import GHUR_REALMSCAPE

    names = [n.replace("-", " ").title() for n in GHUR_REALMSCAPE]
    ruleset = db.rulesets.get(system or "") if db is not None else None
    realm = next((r for r in (ruleset.realms if ruleset else []) if r.id == "ghur"), None)
    table = realm.realmscape_features if realm is not None else None
    if table is not None and len(table.rows) == len(names):
        names = [row.shown() for row in table.rows]
    return names


def _realm(
    ask: Ask, out: Console, dice: DiceSource, db: Database | None = None, system: str | None = None
) -> tuple[str | None, str | None]:
    """The realm of battle and, in Ghur, its realmscape feature (rolled or picked)."""
    from aos_cli.core.terrain import GHUR_REALMSCAPE

    out.rule(_("Set-up: realm of battle"), style="heading")
    realms = [_("none (no realm rules)"), _("Ghur, the Realm of Beasts")]
    realm_index = _choose(ask, out, _("Realm"), realms)
    if realm_index != 1:
        return None, None
    shown = _realmscape_names(db, system)
    picked = _pick_or_roll(ask, out, _("Realmscape feature"), list(enumerate(shown, 1)))
    if picked is not None:
        return "ghur", GHUR_REALMSCAPE[picked - 1]
    roll = dice.roll(1, _("Ghur's realmscape feature (D6)"))[0]
    realmscape = GHUR_REALMSCAPE[roll - 1]
    out.print("  " + _("Rolled {roll}: {name}.").format(roll=roll, name=shown[roll - 1]))
    return "ghur", realmscape


def _terrain(
    ask: Ask, out: Console, dice: DiceSource, garrisons: bool = True
) -> list[StoredTerrain]:
    """The terrain features with a scenery rule (AoS2 §4.3), a rolled rule rolled and shown
    at once, before the next question; whether each may be garrisoned and whether it is an
    obstacle where the system has garrisons (AoS2 §4.4-§4.5; not the 1st edition)."""
    from aos_cli.app.setup import parse_terrain
    from aos_cli.core.terrain import SCENERY_RULES, scenery_name

    out.rule(_("Set-up: terrain"), style="heading")
    terrain: list[StoredTerrain] = []
    while True:
        name = ask(_("Name a terrain feature with a scenery rule (Enter when done)")).strip()
        if not name:
            return terrain
        choices = [
            _("roll for it"), *(scenery_name(r) for r in SCENERY_RULES), _("no scenery rule")
        ]  # fmt: skip
        picked = _choose(ask, out, _("Scenery rule of {feature}").format(feature=name), choices)
        rule = (
            "random"
            if picked == 0
            else ("none" if picked == len(choices) - 1 else SCENERY_RULES[picked - 1])
        )
        feature = parse_terrain(f"{name}={rule}", dice)
        if "roll" in feature:
            rolled = _("{feature}: rolled {roll}, {rule}.").format(
                feature=feature["name"],
                roll=feature["roll"],
                rule=scenery_name(str(feature["rule"])),
            )
            out.print(f"  {rolled}", markup=False)
        question = _("Can {feature} be garrisoned?").format(feature=name)
        feature["garrison"] = garrisons and _yes(ask, out, question)
        if garrisons and _yes(ask, out, _("Is {feature} an obstacle?").format(feature=name)):
            feature["obstacle"] = True  # AoS2 §4.4 (the 1st edition has no obstacles)
        terrain.append(feature)


def _pick_units(answer: str, units: Sequence[StoredUnit]) -> tuple[set[str], str | None]:
    """The ids of the units an answer names, by number ("2 5", "2,5"), name or id; and the
    first word that names none of them (None when every word did)."""
    wanted: set[str] = set()
    for part in (p.strip() for p in answer.split(",")):
        words = part.split() if all(w.isdigit() for w in part.split()) else [part]
        for word in (w for w in words if w):
            found = next(
                (u for u in units if word.lower() in (u["id"].lower(), u["name"].lower())), None
            )
            if found is None and word.isdigit() and 1 <= int(word) <= len(units):
                found = units[int(word) - 1]
            if found is None:
                return wanted, word
            wanted.add(found["id"])
    return wanted, None


def _trait_pick(ask: Ask, out: Console, table: RollTable, side: StoredSide) -> None:
    """The other Hero a command trait picks (Consummate Commander, seed 000 p.19), asked
    when the trait picks one."""
    trait = side.get("command_trait")
    if trait is None:
        return
    row = next((r for r in table.rows if r.id == trait["id"]), None)
    if row is None or not any(e.type_name == "acts_as_general" for e in row.effects):
        return
    others = [u for u in heroes(side) if not u.get("general")]
    if others:
        picked = _choose(ask, out, _("The other Hero it picks"), [u["name"] for u in others], 0)
        trait["pick"] = others[picked]["id"]


def _garrisons(ask: Ask, out: Console, side: StoredSide, setup: StoredSetUp) -> None:
    """The side's units set up garrisoning a feature at the start of the battle (AoS2 §4.5,
    seed 000 p.11), asked when a feature may be garrisoned; a feature the other army holds
    is not offered."""
    from aos_cli.app.setup_steps import put_in_garrison
    from aos_cli.core.errors import InputError

    features = [t for t in setup.get("terrain") or () if t.get("garrison")]
    for feature in features:
        question = _("Unit of {side} set up garrisoning {feature} (name or number; Enter for "
                     "none)").format(side=side["name"], feature=feature["name"])  # fmt: skip
        units = [u for u in side["units"] if not u.get("garrison")]
        while True:
            answer = ask(question).strip()
            if not answer:
                break
            wanted, unknown = _pick_units(answer, units)
            if unknown is None and len(wanted) == 1:
                unit = next(u for u in units if u["id"] in wanted)
                try:
                    put_in_garrison(setup, [f"{unit['id']}={feature['name']}"])
                except InputError as problem:
                    out.print(str(problem), markup=False)
                    continue
                break
            out.print(
                _("Type one unit's number from 1 to {n}, or its name.").format(n=len(units)),
                markup=False,
            )


def _contingents(ask: Ask, out: Console, setup: StoredSetUp) -> None:
    """Each coalition's contingents and their territories (Ill Met by Moonlight, seed 000
    p.12): a territory and the units of each but the last, which takes the units left."""
    from aos_cli.app.setup_steps import put_in_contingents
    from aos_cli.core.errors import InputError

    rules = plan_rules(setup)
    wanted = rules.contingents
    if not wanted:
        return
    out.rule(_("Set-up: contingents"), style="heading")
    out.print(
        _("Each coalition splits into {n} contingents of about a third of its units (none more "
          "than twice the size of another), each wholly within its own territory.").format(n=wanted),
        markup=False,
    )  # fmt: skip
    while True:
        free = list(rules.territories)
        specs: list[str] = []
        for side in setup["sides"]:
            left = list(side["units"])
            for number in range(1, wanted + 1):
                prompt = _("Territory of contingent {n} of {side}").format(
                    n=number, side=side["name"]
                )
                territory = free.pop(_choose(ask, out, prompt, free))
                chosen = left if number == wanted else _contingent_units(ask, out, left, number)
                left = [u for u in left if u not in chosen]
                specs.append(f"{territory}=" + ",".join(str(u["id"]) for u in chosen))
        for side in setup["sides"]:
            for unit in side["units"]:
                unit.pop("contingent", None)
        try:
            put_in_contingents(setup, specs)
        except InputError as problem:
            out.print(str(problem), markup=False)
            continue
        return


def _coalitions(ask: Ask, out: Console, setup: StoredSetUp) -> None:
    """The players of each coalition, the units each brings, each player's general and the
    coalition's warlord (Coalition of Death, seed 000 p.12); `put_in_coalitions` decides."""
    from aos_cli.app.setup_steps import put_in_coalitions
    from aos_cli.core.errors import InputError

    if not plan_rules(setup).coalitions:
        return
    out.rule(_("Set-up: coalitions"), style="heading")
    out.print(
        _("Three or more players in two coalitions: each player brings some of the units and "
          "has a general; each coalition has a warlord, who chooses for it."),
        markup=False,
    )  # fmt: skip
    while True:
        players: list[str] = []
        generals: list[str] = []
        warlords: list[str] = []
        for side in setup["sides"]:
            prompt = _("Players in {side}'s coalition").format(side=side["name"])
            count = _count(ask, out, prompt, most=len(side["units"]))
            left = list(side["units"])
            names: list[str] = []
            for number in range(1, count + 1):
                default = side["name"] if count == 1 else f"{side['name']} {number}"
                typed = ask(
                    _("Name of player {n} of {side} [Enter: {default}]").format(
                        n=number, side=side["name"], default=default
                    )
                ).strip()
                name = typed or default
                mine = (
                    left
                    if number == count
                    else _contingent_units(
                        ask, out, left, number,
                        _("Units of {player} (numbers or names)").format(player=name),
                    )
                )  # fmt: skip
                left = [u for u in left if u not in mine]
                placed = [u for u in mine if not u.get("reserve")] or mine
                current = next((i for i, u in enumerate(placed) if u.get("general")), 0)
                general = _choose(
                    ask, out, _("General of {player}").format(player=name),
                    [u["name"] for u in placed], current,
                )  # fmt: skip
                players.append(f"{name}=" + ",".join(str(u["id"]) for u in mine))
                generals.append(str(placed[general]["id"]))
                names.append(name)
            if count > 1:
                warlords.append(names[_choose(ask, out, _("Warlord"), names, 0)])
        for side in setup["sides"]:
            side.pop("warlord", None)
            for unit in side["units"]:
                unit.pop("player", None)
        try:
            put_in_coalitions(setup, players, generals, warlords)
        except InputError as problem:
            out.print(str(problem), markup=False)
            continue
        return


def _count(ask: Ask, out: Console, prompt: str, most: int) -> int:
    """How many players a coalition has: a whole number from 1 to `most`, its units (each
    player brings at least one; Enter: 2, or 1 for a single unit)."""
    default = min(2, most)
    while True:
        answer = ask(_("{prompt} [Enter: {default}]").format(prompt=prompt, default=default))
        answer = answer.strip()
        if not answer:
            return default
        if answer.isdigit() and 1 <= int(answer) <= most:
            return int(answer)
        out.print(_("Type a whole number from 1 to {most}.").format(most=most), markup=False)


def _contingent_units(
    ask: Ask, out: Console, units: list[StoredUnit], number: int, prompt: str = ""
) -> list[StoredUnit]:
    """The units of one contingent (or of a coalition's player), picked from those not yet
    in one."""
    for index, unit in enumerate(units, start=1):
        out.print(f"  [{index}] {unit['name']}", markup=False)
    while True:
        answer = ask(prompt or _("Units of contingent {n} (numbers or names)").format(n=number))
        wanted, unknown = _pick_units(answer, units)
        if unknown is None and wanted:
            return [u for u in units if u["id"] in wanted]
        out.print(
            _("Type numbers from 1 to {n}, or names, separated by commas.").format(n=len(units)),
            markup=False,
        )


def _side(
    ask: Ask,
    out: Console,
    dice: DiceSource,
    db: Database,
    side: StoredSide,
    army: ArmyList,
    setup: StoredSetUp | None = None,
) -> None:
    """One side's garrisons, reserves, general, command trait, artefacts and triumph."""
    out.rule(_("Set-up: {side}").format(side=side["name"]), style="heading")
    setup = setup or {}
    rules = plan_rules(setup)
    _garrisons(ask, out, side, setup)
    storm = reserve_candidates(side)
    coalition = bool(rules.reserves_from_round)
    if coalition:  # any unit may wait in reserve (Coalition of Death, seed 000 p.12)
        storm = [u for u in side["units"] if not u.get("garrison")]
    if storm:
        out.print(
            _("Any unit can wait in reserve and arrive from battle round {round}.").format(
                round=rules.reserves_from_round
            )
            if coalition
            else _("Scions of the Storm: units can wait in the Celestial Realm and arrive later.")
        )
        for number, unit in enumerate(storm, start=1):
            out.print(f"  [{number}] {unit['name']}", markup=False)
        while True:
            answer = ask(
                _("Units in reserve (numbers or names; Enter for none)")
                if coalition
                else _("Units in the Celestial Realm (numbers or names; Enter for none)")
            )
            wanted, unknown = _pick_units(answer, storm)
            if unknown is None:
                break
            out.print(
                _(
                    "No unit {typed} in the list: type numbers from 1 to {n}, "
                    "or names, separated by commas."
                ).format(typed=repr(unknown), n=len(storm)),
                markup=False,
            )
        for unit in storm:
            unit["reserve"] = unit["id"] in wanted
    leaders = heroes(side)
    candidates = general_candidates(side)  # any model set up, Heroes first (AoS2 p.3)
    current = next((i for i, u in enumerate(candidates) if u.get("general")), 0)
    if candidates:
        general = _choose(ask, out, _("General"), [u["name"] for u in candidates], current)
        for unit in side["units"]:
            unit["general"] = unit is candidates[general]
    allegiance = db.allegiances.get(str(army.allegiance or "").lower().replace(" ", "-"))
    if allegiance is not None and allegiance.command_traits:
        side["command_trait"] = _table_pick(
            ask, out, allegiance.command_traits[0], dice, _("Command trait")
        )
        _trait_pick(ask, out, allegiance.command_traits[0], side)
    if allegiance is not None and allegiance.artefacts and leaders:
        side["artefacts"] = _artefacts(ask, out, allegiance.artefacts[0], dice, side, leaders)
    if allegiance is not None:
        from aos_cli.app.setup import apply_setup_choices

        apply_setup_choices(side, allegiance)
    ruleset = db.rulesets.get(army.system)
    triumphs = ruleset.table("triumphs-2e") if ruleset else None
    won = _("Did the army of {side} win a major victory in its last battle?")
    if triumphs and _yes(ask, out, won.format(side=side["name"])):
        roll, row = roll_on(triumphs, dice)
        side["triumph"] = triumph_record(row, roll)
        rolled = _("Triumph rolled {roll}: {name}. {text}").format(
            roll=roll, name=row.shown(), text=row.shown("text")
        )
        out.print(f"  {rolled}")


def run_wizard(
    armies: Sequence[ArmyList], ask: Ask, out: Console, dice: DiceSource, db: Database
) -> StoredSetUp:
    """Walk the players through set-up and return the game's set-up snapshot; the army lists
    come read and checked against `db`, the content the command was given (issue 25)."""
    import importlib

    from aos_cli.app.setup import build_setup
    from aos_cli.core.system import get_system

    system = armies[0].system
    own = get_system(system).front.setup_steps
    if own:  # a system with a set-up of its own (AoS1 §4)
        module, _sep, name = own.partition(":")
        wizard = getattr(importlib.import_module(module), name)
        own_setup: StoredSetUp = wizard(armies, ask, out, dice, db)
        return own_setup
    plans = sorted((p for p in db.battleplans.values() if p.system == system), key=lambda p: p.name)
    default = next((i for i, p in enumerate(plans) if p.id == "first-blood"), 0)
    out.rule(_("Set-up: battleplan"), style="heading")
    plan = plans[_choose(ask, out, _("Battleplan"), [p.shown() for p in plans], default)]
    realm, realmscape = _realm(ask, out, dice, db, system)
    terrain = _terrain(ask, out, dice)

    setup = build_setup(
        armies, plan.id, realm=realm, realmscape=realmscape, terrain=terrain, dice=dice, db=db
    )

    out.rule(_("Set-up: deployment"), style="heading")
    winner, rolls = roll_deployment(setup, dice)
    out.print(
        _("Deployment roll-off ({rolls}): {side} picks the territories and sets up first.").format(
            rolls=rolls, side=winner
        ),
        markup=False,
    )
    out.print(_("Set up your armies now, as the battleplan says; come back when both are done."))
    names = [s["name"] for s in setup["sides"]]
    first = _choose(ask, out, _("Who finished setting up first?"), names, names.index(winner))
    for index, side in enumerate(setup["sides"]):
        side["finished_setup_first"] = index == first
    for side, army in zip(setup["sides"], armies, strict=True):
        _side(ask, out, dice, db, side, army, setup)
    _contingents(ask, out, setup)
    _coalitions(ask, out, setup)
    if str(setup.get("realm") or "").lower() == "ghur":  # Monstrous Beasts (AoS2 §24.2)
        out.print(
            _("Ghur: after set-up each player may set up a monstrous beast, a Monster that is "
              "not a Hero, starting with the player who finished setting up first."),
            markup=False,
        )  # fmt: skip
    out.print(
        _("Use any pre-battle abilities now, in roll-off order. Then battle round one begins.")
    )
    return setup
