"""Age of Sigmar 1st edition's own events (`aos_cli.systems.aos1.events`) told in the chosen
language, in the words of the AoS1 rules sheet."""

from __future__ import annotations

from aos_cli.language.i18n import _, ngettext
from aos_cli.systems.aos1.events import (
    BattleLengthReached,
    BlessedChanged,
    DeadlyTerrain,
    MysticalRolled,
    PriorityRolledOff,
    Sacrificed,
    SceneryReminder,
    SetUpFirst,
    SuddenDeathPicked,
    TriumphRolled,
)
from aos_cli.views.events import tells


@tells(BattleLengthReached)
def _battle_length(event: BattleLengthReached) -> list[str]:
    """AoS1 §5.1."""
    return [
        _(
            "Battle round {round} is over and the battle ends after the {n} rounds "
            "set up; the sheet leaves the length to the players: to play on, take "
            "this back with `aos undo` and give `aos next --answer battle-over=no` "
            "(AoS1 §5.1)."
        ).format(round=event.round, n=event.rounds)
    ]


@tells(SetUpFirst)
def _set_up_first(event: SetUpFirst) -> list[str]:
    """AoS1 §4."""
    return [
        _(
            "{side} finished setting up first and chooses who takes the first turn (AoS1 §4)."
        ).format(side=event.side_name)
    ]


@tells(PriorityRolledOff)
def _priority(event: PriorityRolledOff) -> list[str]:
    """AoS1 §6."""
    pairs = list(zip(event.rolls[::2], event.rolls[1::2], strict=False))
    first, second = (*event.side_names, "", "")[:2]
    line = (
        _(
            "Priority: {first} against {second} {rolls} (ties rolled again); {decider} "
            "chooses (AoS1 §6)."
        )
        if len(pairs) > 1
        else _("Priority: {first} against {second} {rolls}; {decider} chooses (AoS1 §6).")
    )
    rolls = ", ".join(f"{a}-{b}" for a, b in pairs)
    return [line.format(first=first, second=second, rolls=rolls, decider=event.decider_name)]


@tells(SceneryReminder)
def _scenery(event: SceneryReminder) -> list[str]:
    """AoS1 §3.4: the rules of Damned, Mystical and Sinister features, as reminders."""
    text = {
        "damned": _(
            '{features} - Damned: one of your units within 3" may make a sacrifice: D3 '
            "mortal wounds, +1 to its hit rolls until your next hero phase. (AoS1 §3.4)"
        ),
        "mystical": _(
            '{features} - Mystical: roll a D6 for each of your units within 3": 1 befuddled '
            "(no casting, moving or attacking), 2-6 ensorcelled (reroll failed wound rolls) "
            "until your next hero phase. (AoS1 §3.4)"
        ),
        "sinister": _(
            '{features} - Sinister: your units within 3" cause fear until your next hero '
            'phase: enemy units within 3" of them subtract 1 from their Bravery. (AoS1 §3.4)'
        ),
    }
    line = text.get(event.rule)
    return [line.format(features=", ".join(event.features))] if line else []


@tells(DeadlyTerrain)
def _deadly(event: DeadlyTerrain) -> list[str]:
    """AoS1 §3.4 Deadly."""
    return [
        _("Deadly terrain: {unit} rolled {dice}: {n} slain.").format(
            unit=event.unit_name, dice=", ".join(map(str, event.rolls)), n=event.slain
        )
    ]


@tells(Sacrificed)
def _sacrificed(event: Sacrificed) -> list[str]:
    """AoS1 §3.4 Damned."""
    return [
        _(
            "{unit} makes a sacrifice: {wounds}; it adds 1 to all its hit rolls until your next "
            "hero phase (AoS1 §3.4)."
        ).format(
            unit=event.unit_name,
            wounds=ngettext("{n} mortal wound", "{n} mortal wounds", event.wounds).format(
                n=event.wounds
            ),
        )
    ]


@tells(MysticalRolled)
def _mystical(event: MysticalRolled) -> list[str]:
    """AoS1 §3.4 Mystical."""
    line = (
        _(
            "Mystical terrain: {unit} rolled 1 and is befuddled: it cannot cast spells, move or "
            "attack until your next hero phase (AoS1 §3.4)."
        )
        if event.roll == 1
        else _(
            "Mystical terrain: {unit} rolled {roll} and is ensorcelled: it re-rolls failed wound "
            "rolls until your next hero phase (AoS1 §3.4)."
        )
    )
    return [line.format(unit=event.unit_name, roll=event.roll)]


@tells(SuddenDeathPicked)
def _sudden_death(event: SuddenDeathPicked) -> list[str]:
    """AoS1 §5.2."""
    from aos_cli.systems.aos1.sudden_death import sudden_death_name

    objective = sudden_death_name(event.objective)
    target = _("a terrain feature in enemy territory") if event.any_feature else event.target
    if not target:
        return [
            _(
                "{side} is outnumbered and picks Sudden Death: {objective}; achieving it wins a "
                "major victory at once (AoS1 §5.2)."
            ).format(side=event.side_name, objective=objective)
        ]
    return [
        _(
            "{side} is outnumbered and picks Sudden Death: {objective} ({target}); achieving it "
            "wins a major victory at once (AoS1 §5.2)."
        ).format(side=event.side_name, objective=objective, target=target)
    ]


@tells(TriumphRolled)
def _triumph(event: TriumphRolled) -> list[str]:
    """AoS1 §5.3."""
    if event.triumph == "Empowered":
        return [
            _("Triumph {roll}: Empowered - {unit} has Wounds {wounds}.").format(
                roll=event.roll, unit=event.unit_name, wounds=event.wounds
            )
        ]
    if event.triumph == "Blessed":
        return [
            _(
                "Triumph {roll}: Blessed - once in the battle change one die to any result: "
                "right after the step that rolled it, with `aos blessed` (`b` in `aos play`)."
            ).format(roll=event.roll)
        ]
    return [
        _(
            "Triumph {roll}: Inspired - in one combat phase one unit rerolls all failed hit "
            "rolls: declare it with --triumph as it fights."
        ).format(roll=event.roll)
    ]


@tells(BlessedChanged)
def _blessed(event: BlessedChanged) -> list[str]:
    """AoS1 §5.3 Blessed."""
    return [
        _("Blessed ({side}, AoS1 §5.3): {purpose} - the {was} is made a {value}.").format(
            side=event.side_name, purpose=str(event.purpose), was=event.was, value=event.value
        )
    ]
