"""The game-system registry and `GameSystem`, a system's identity and its rules by concern.

Each package under `aos_cli.systems` is one game system: it builds a `GameSystem` and calls
`register` when it is imported (a light package leaves that to the module it names as
`SYSTEM_MODULE`). Core never names a system: `get_system(id)` imports the package
of that name on first use, `all_systems()` imports every one (sorted, so the order is the same
on every run), and the default system is the one the systems package names as `DEFAULT`.

The engine (`aos_cli.core.turn`, `aos_cli.core.actions`) is written once; wherever the rules
of Age of Sigmar 2nd edition, 1st edition and Warhammer 40,000 8th edition part ways it asks the
part of the game's `GameSystem` for that concern: `turn` (the phases, who goes first, the
battle's length), `combat`, `magic` (None for a system without magic in the game engine),
`morale`, `scoring`, `setup` and `scenery`. Each part is a small protocol
(`aos_cli.core.system_parts`); Age of Sigmar 2nd edition's parts, the `AoS...` classes here, are
the defaults, and a system replaces the parts whose rules differ.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import field, fields
from typing import TYPE_CHECKING, Any

from aos_cli.core.errors import ContentError, RuleError
from aos_cli.core.phases import Phase
from aos_cli.core.records import dataclass
from aos_cli.core.system_parts import (
    CombatRules,
    MagicRules,
    MoraleRules,
    Option,
    SceneryRules,
    ScoringRules,
    SetUpRules,
    SpellRule,
    TurnRules,
    UnbindWords,
)
from aos_cli.core.weapon_kinds import WeaponKind
from aos_cli.language.i18n import N_
from aos_cli.language.text import tr

if TYPE_CHECKING:
    from aos_cli.core.action_types import Priority
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.effects import AttackRules
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.core.stored_setup import StoredSide
    from aos_cli.core.system_scoring import SystemScoring

__all__ = [
    "AoSCombat", "AoSMagic", "AoSMorale", "AoSScenery", "AoSScoring", "AoSSetUp", "AoSTurn",
    "CombatRules", "Front", "GameSystem", "MagicRules", "MoraleRules", "Option", "SceneryRules",
    "ScoringRules", "SetUpRules", "SpellRule", "SystemInfo", "TurnRules", "UnbindWords",
]  # fmt: skip
"""The parts' protocols and values (`system_parts`) are imported from here too."""


TERMS: dict[str, str] = {
    "wizard": "WIZARD",
    "casts": "casts",
    "unbinds": "unbinds",
    "unbind_command": "unbind",
    "unbind_attempt": N_("an unbind attempt"),
    "bravery_short": "Br",
    "round_one": "roll priority for battle round 1",
    "general": N_("general"),
    "ward_rolls": N_("ward rolls"),
    "trait_keyword": "HERO",
    "trait_rule": "AoS2 §25",
}
"""The words the tool uses for a system's game (Age of Sigmar's here); a system gives its own
in `GameSystem.terms` (40k8: PSYKER, manifests, denies, `aos deny`, Ld)."""


def term_in(terms: tuple[tuple[str, str], ...], key: str) -> str:
    """A system's word for `key` among its `terms`, else Age of Sigmar's."""
    return dict(terms).get(key, TERMS[key])


# ---- Age of Sigmar 2nd edition's parts: the reference behaviour -----------------------------


AOS_PHASES: tuple[str, ...] = tuple(Phase)
"""AoS2 §6: hero, movement, shooting, charge, combat, battleshock."""


@dataclass(frozen=True)
class AoSTurn:
    """The AoS2 turn (§6): a priority roll-off each round, the winner chooses."""

    phases: tuple[str, ...] = AOS_PHASES
    battle_rounds: int = 5
    """The battle length when the battleplan gives none."""
    command_phase: str = Phase.HERO
    """The phase the general's command ability is used in (AoS1); unused where CP are spent."""
    general_commands: bool = False
    """AoS1 §7.2: only the general commands, one command ability per hero phase, for free;
    Inspiring Presence is used in the hero phase and lasts until your next hero phase."""

    @property
    def turn_start_phase(self) -> str:
        """The first phase of a turn: effects lasting "until your next ..." end here."""
        return self.phases[0]

    def priority_menu(self, state: GameState) -> list[Option]:
        """What `aos play` offers as a battle round starts: the priority roll (AoS2 §6)."""
        label = tr("Roll priority for battle round {round}", round=state.round + 1)
        return [Option(str(label), "priority", {"ask": True})]  # said: a menu label is a string

    def menu(self, state: GameState) -> list[Option] | None:
        """The system's own menu of a turn, or None for the game engine's (`aos_cli.core.guide`)."""
        return None

    def needs_priority_roll(self, state: GameState) -> bool:
        """Whether the next battle round starts with a priority action (a roll or a choice)."""
        return True

    def priority(
        self, state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers
    ) -> int:
        """Decide who takes the first turn of the coming battle round (AoS2 §6).

        A roll-off; the winner chooses. On a tie the side that went first last round chooses,
        in round one the side that finished set-up first."""
        from aos_cli.core.dice import roll_off
        from aos_cli.core.events import PriorityRolled, emit

        names = tr("{first}, then {second}", first=state.sides[0].name, second=state.sides[1].name)
        what = tr("the priority roll-off")  # said below: a roll's purpose is a string in `dice`
        result = roll_off(dice, reroll_ties=False, what=str(what), sides=str(names))
        first, second = result.rounds[-1]
        decider = priority_decider(state, result.winner)
        rolled = PriorityRolled(
            state.round + 1, tuple(side.name for side in state.sides), (first, second),
            result.winner is None, decider, state.sides[decider].name,
        )  # fmt: skip
        emit(state, rolled)
        return choose_first(state, decider, act, answers)

    def battle_over(self, state: GameState, answers: Any) -> bool:
        """Whether the battle ends as the battle round just played ends: after the battle's
        length in rounds (AoS2 §17.1, 40k8 §17.8)."""
        return state.round >= state.battle_rounds


@dataclass(frozen=True)
class AoSCombat:
    """AoS2 combat: the 3" engagement (§8), shooting while engaged and Look Out, Sir! (§9), the
    dice judged as they are, a charger owed its fight (p.6)."""

    phase: str = Phase.COMBAT
    engagement: int = 3
    """Within this many inches of an enemy a unit is engaged (AoS 3", 40k 1")."""
    tracks_engagement: bool = False
    """Whether the shared move, charge and fight rules work out who may be engaged, so the
    tool asks only when an enemy can be that close (`aos_cli.core.legality`)."""
    shooting_engaged_rule: bool = True
    """AoS2 §9: a unit within 3" of the enemy may only shoot units within 3" (none in AoS1)."""
    look_out_sir: bool = True
    """AoS2 §9: -1 to hit a Hero near a unit of 3+ models with missiles (none in AoS1)."""
    attack_planner: str = "aos_cli.core.handlers.combat:planned_attack"
    """Where the phase planner gets one unit's attack on another as its engine takes it
    (`module:attribute`, called with state, attacker, target, `shoot` or `fight`, answers and
    extra effects; it returns (engine, spec) or None), built as the system's own shooting and
    fighting build it before their dice, so plan and dice share one model."""

    def attack_rules(self, rules: AttackRules) -> AttackRules:
        """The compiled attack rules judged by this system's dice conventions (AoS2: as is)."""
        return rules

    def owed_fight(self, state: GameState) -> RuleError | None:
        """The error for ending the combat phase while a unit that charged this turn has not
        fought, or None: AoS2 p.6, a charger is eligible and must be picked while an enemy is
        left (it attacks with 0 attacks when none is within reach)."""
        waiting = [
            u
            for u in state.units()
            if u.on_battlefield
            and u.charged
            and not u.fought
            and any(w.kind == WeaponKind.MELEE for w in u.spec.weapons)
            and any(e.on_battlefield for e in state.sides[1 - u.side].units)
        ]
        if not waiting:
            return None
        return RuleError(
            tr("{unit} charged this turn and has not fought: it must fight before the combat "
              "phase ends (AoS2 p.6)", unit=waiting[0].name),
            tr("fight with `aos fight` (with --attacks 0 when no enemy is within reach)"),
        )  # fmt: skip


@dataclass(frozen=True)
class AoSMagic:
    """AoS2 §15 magic: cast in the hero phase, each spell once per turn army-wide, unbound
    within 30"; Arcane Bolt and Mystic Shield."""

    phase: str = Phase.HERO
    spells: tuple[SpellRule, ...] = (
        SpellRule("arcane bolt", 5, 18, "enemy"),
        SpellRule("mystic shield", 6, 18, "friendly"),
    )
    spell_limit: str = "army"
    """`army`: each spell once per turn army-wide (AoS2 §15); `caster`: once per caster."""
    unbind_range: int = 30
    unbind_verb: str = "Unbind"
    """The verb on a menu line: `Unbind Arcane Bolt with ...` (40k8: `Deny`)."""
    unbind_words: UnbindWords = field(default_factory=UnbindWords)
    """The notes, questions and errors of an unbinding attempt in the system's terms."""

    def spell(self, name: str) -> SpellRule | None:
        """A generic spell of this system by name or id (`arcane-bolt`, `Arcane Bolt`)."""
        key = name.strip().lower().replace("-", " ").replace("_", " ")
        return next((s for s in self.spells if s.name.lower() == key), None)

    def arcane_bolt(self, casting_roll: int, dice: DiceSource) -> int:
        """Mortal wounds of Arcane Bolt: 1, or D3 on a casting roll of 10+ (AoS2 §15)."""
        from aos_cli.core.dice import parse_dice

        return (
            1
            if casting_roll < 10
            else parse_dice("D3").roll(dice, tr("the mortal wounds of Arcane Bolt (D3)"))
        )

    def mystic_shield(self) -> tuple[dict[str, Any], str]:
        """Mystic Shield's effect and the note it makes, a template of {spell} and {unit}
        translated where it is said (AoS2 §15: reroll save rolls of 1)."""
        return (
            {"type": "reroll", "roll": "save", "which": "ones"},
            N_("{spell}: {unit} rerolls save rolls of 1 until your next hero phase."),
        )


@dataclass(frozen=True)
class AoSMorale:
    """AoS2 §12 battleshock: Bravery, tested in the battleshock phase."""

    phase: str = Phase.BATTLESHOCK
    bravery_name: str = "Bravery"

    def battleshock_exempt(self, state: GameState, unit_side: int, effects: list[Any]) -> bool:
        """Whether a lasting effect spares the unit its battleshock test (AoS1 §7.2)."""
        from aos_cli.core.ability_effects import NoBattleshock

        return any(isinstance(e, NoBattleshock) for effect in effects for e in effect.effects)


@dataclass(frozen=True)
class AoSScoring:
    """AoS2 §17.3 objectives: 6" from the centre, held until the enemy takes them; no scoring
    of the system's own beside the battleplans' rules."""

    objective_control_range: int = 6
    """Models within this many inches of an objective's centre count towards it (AoS2 §17.3)."""
    objectives_sticky: bool = True
    """Control lasts until the enemy takes it (AoS2 §17.3); 40k8 §17.3 checks it afresh."""

    def rules(self) -> SystemScoring:
        """The system's own scoring beside its battleplans' rules (AoS1 §5.2 Sudden Death,
        40k8 §17.4 Ancient Relic), called by `aos_cli.core.scoring`; none in AoS2."""
        from aos_cli.core.system_scoring import NO_SCORING

        return NO_SCORING


@dataclass(frozen=True)
class AoSSetUp:
    """AoS2 set-up: the general set up on the battlefield and replaced when slain (§5.3, p.3),
    reserves arriving on a 3+ (Scions of the Storm, §26.1)."""

    general_replaced: bool = True
    """AoS2 §5.3: a slain general is replaced by another model of the army."""
    general_in_reserve: bool = False
    """Whether the general may be set up off the battlefield: never in AoS2 (p.3, the general
    is a model set up on the battlefield); 40k8's Warlord may wait in a teleportarium (§4.7)."""
    arrival_roll: int | None = 3
    """The D6 a unit in reserve needs to arrive (Scions of the Storm: 3+, AoS2 §26.1); None
    when it arrives without a roll at the end of its Movement phase (Teleport Strike, 40k8
    §4.7)."""
    reserve_ability: str | None = None
    """The id of the ability that lets a unit be set up off the battlefield (40k8 §4.7:
    `teleport-strike`); None where a keyword decides (Scions of the Storm, AoS2 §26.1)."""

    def prepare_sides(self, sides: list[StoredSide], underdog: int | None) -> None:
        """Complete the sides' set-up snapshots with what the system decides before the battle
        (nothing in AoS); `underdog` is the side named by `aos game new --underdog`."""


@dataclass(frozen=True)
class AoSScenery:
    """AoS2 §4.3 scenery (1") and §14.9 cover, garrisons (§4.5)."""

    own_reminders: bool = False
    """The system reminds the players of its scenery rules itself (`start_of_phase`, AoS1
    §3.4): the 2nd edition's Damned reminder is not shown beside its own."""
    garrisons: bool = True
    """Terrain features may be garrisoned (AoS2 §4.5); the 1st edition has no garrisons."""
    garrisons_before: int = 0
    """Games set up before this revision still had the AoS2 garrisons their system's book
    lacks (40k8 before `COALITION_REVISION`): they replay as they were played."""
    cover_question: str = N_("is every model of {unit} wholly on or within a terrain feature?")
    """How the cover question is put (AoS2 §14.9 "wholly"; AoS1 §11.7 "within or on")."""

    def cover_for_monsters(self) -> bool:
        """Whether a Monster or War Machine with Wounds 8+ is denied cover (AoS2 §14.9 b)."""
        return True

    def start_of_phase(self, state: GameState) -> None:
        """Rules the tool reminds the players of as a phase starts (none in AoS2)."""

    def arcane_bonus(self, state: GameState, wizard: UnitState, answers: RecordedAnswers) -> int:
        """Arcane scenery: +1 to casting and unbinding rolls near the feature (AoS2 §4.3)."""
        from aos_cli.core import terrain

        return terrain.arcane_bonus(state, wizard, answers)

    def bravery_modifier(self, state: GameState, unit: UnitState, answers: RecordedAnswers) -> int:
        """Inspiring +1 and Sinister -1 Bravery near the feature (AoS2 §4.3)."""
        from aos_cli.core import terrain

        return terrain.bravery_modifier(state, unit, answers)

    def mystical_ward(
        self, state: GameState, target: UnitState, answers: RecordedAnswers
    ) -> int | None:
        """Mystical scenery's 6+ ward within 1" (AoS2 §4.3)."""
        from aos_cli.core import terrain

        return terrain.mystical_ward(state, target, answers)

    def after_move(
        self, state: GameState, unit: UnitState, dice: DiceSource, answers: RecordedAnswers,
        how: str,
    ) -> int:  # fmt: skip
        """Deadly scenery after a move, a run or a charge (AoS2 §4.3, as the engine has always
        applied it); `how` is `move`, `run`, `retreat`, `advance`, `fall_back` or `charge`.
        Returns the mortal wounds the unit suffers (the engine allocates them)."""
        from aos_cli.core import terrain

        return terrain.deadly_check(state, unit, dice, answers)


@dataclass(frozen=True)
class Front:
    """How a system's games are played, shown and demonstrated at the command line: which
    engine runs them, its demo, its set-up wizard, and for a system with its own engine the
    commands that show and walk its games. Data the app and the command line read."""

    engine: str = "battle"
    """`battle`: games are played turn by turn by the game engine; any other value names the
    system's own engine (MESBG's heroes are tracked by `aos hero`), see `other_engine_hint`."""
    other_engine_hint: str = ""
    """Where a game of a system with its own engine is followed instead of the game engine."""
    demo_armies: tuple[str, ...] = ()
    """The bundled demo army list files (`armies/NAME.yaml`) `aos demo` and `aos play` field."""
    demo_battleplan: str | None = None
    """The battleplan a new game of this system is fought on unless one is given."""
    autoplay: bool = True
    """Whether `aos demo` can fight this system's battles by itself (its phases are the Age
    of Sigmar ones the demo's automatic player knows)."""
    demo_command: str = ""
    """For a system with its own engine: where `aos demo` plays one of its battles
    (`module:attribute`, called with the seed, quiet and json)."""
    demo_player: str = ""
    """The system's own automatic player for `aos demo` (`module:attribute`, a class taking the
    state, dice, seed and a reporter, with `play_battle()`) where the Age of Sigmar one does not
    know its phases; empty for that one."""
    status_command: str = ""
    """For a system with its own engine: the command (`module:attribute`, taking `db`, `game`
    and `json`) that shows one of its games where `aos status` shows the game engine's."""
    log_command: str = ""
    """For a system with its own engine: the command (like `status_command`) that shows one of
    its games' history where `aos game log` shows the game engine's."""
    first_step: str = N_("Roll priority for battle round 1 with `aos priority`.")
    """What the players do first once a new game is set up."""
    setup_wizard: bool = False
    """Whether `aos play` walks the players through the set-up questions (AoS2 §5.1)."""
    play_command: str = ""
    """Where a system with its own engine walks a game in `aos play` (`module:attribute`,
    called with db, game, new, dice and seed), where the game engine's play loop does not."""
    setup_steps: str = ""
    """The system's own set-up wizard for `aos play` (`module:attribute`, called like
    `aos_cli.cli.setup_wizard.run_wizard`), where its set-up differs (AoS1 §4)."""
    attack_odds_hint: str = ""
    """Where `?N` in `aos play` sends the players for an attack's odds, when the play menu does
    not work them out itself (they are worked out with the Age of Sigmar attack engine)."""


@dataclass(frozen=True)
class GameSystem:
    """A game system: who it is, how it is played at the command line, and its rules by
    concern, one part each (`aos_cli.core.system_parts`); one instance per system. A system
    without magic in the game engine has no `magic` part."""

    id: str
    name: str
    section: str
    """How rule references are written in notes: `AoS2`, `AoS1`, `40k8`."""
    # Age of Sigmar 2nd edition's parts unless it is given its own; made when a system is
    # built, not at import (`aos --help` reads only the light `SystemInfo`).
    turn: TurnRules = field(default_factory=AoSTurn)
    combat: CombatRules = field(default_factory=AoSCombat)
    magic: MagicRules | None = field(default_factory=AoSMagic)
    morale: MoraleRules = field(default_factory=AoSMorale)
    scoring: ScoringRules = field(default_factory=AoSScoring)
    setup: SetUpRules = field(default_factory=AoSSetUp)
    scenery: SceneryRules = field(default_factory=AoSScenery)
    rank: int = 100
    """Where the system is listed among the others (lowest first, then by id)."""
    datasheets: bool = False
    """Units are datasheets: their Move, Wounds, Leadership and Save come from the profile
    (M, W, Ld, Sv), which every unit must have (40k8)."""
    command_points: bool = True
    """AoS2 §7.1 command points; AoS1 has none, 40k8 core has Command Re-rolls instead."""
    terms: tuple[tuple[str, str], ...] = ()
    """(key, word) of the system's own words where they differ from `TERMS`."""
    imports: tuple[str, ...] = ()
    """The other programs' formats whose content is of this system (`IMPORT_FORMAT`): the
    importers ask which system that is rather than naming one."""
    phase_names: tuple[tuple[str, str], ...] = ()
    """(id, English name) of its phases that Age of Sigmar's do not name
    (`core.phase_names.PHASE_NAMES`), marked for translation: 40k8's psychic phase."""
    commands: tuple[tuple[str, str], ...] = ()
    """The system's own top-level commands (or groups of them): the name typed and where the
    Typer command lives (`module:attribute`), imported only when it runs or is listed."""
    help_panel: str = ""
    """The heading its own commands are listed under in `aos --help`."""
    front: Front = field(default_factory=Front)
    """How its games are played, shown and demonstrated at the command line."""

    def term(self, key: str) -> str:
        """The system's word for `key` (`wizard`: WIZARD in AoS, PSYKER in 40k8)."""
        return term_in(self.terms, key)

    def spell_waiting(self, spell: str) -> RuleError:
        """The error for an action taken while a cast spell (a manifested power) waits for
        the enemy's unbind (Deny the Witch) attempt, naming the system's command."""
        verb, wizard = self.term("unbind_command"), self.term("wizard")
        return RuleError(
            tr(
                "{spell} is waiting for {attempt}",
                spell=spell,
                attempt=tr(self.term("unbind_attempt")),
            ),
            tr("use `aos {verb} {wizard}` or `aos {verb} --pass`", verb=verb, wizard=wizard),
        )


def generic_spell(system: GameSystem, name: str) -> SpellRule | None:
    """A generic spell of the system by name or id, or None (none without magic)."""
    return None if system.magic is None else system.magic.spell(name)


def generic_spells(system: GameSystem) -> tuple[SpellRule, ...]:
    """The spells every wizard of the system knows (none without magic)."""
    return () if system.magic is None else system.magic.spells


@dataclass(frozen=True)
class SystemInfo:
    """What lists, `aos --help` and content validation need of a game system, known without
    importing its rules: a light system package names it as `INFO`, and its rules build the
    `GameSystem` from it (`settings`). Its `phase_names` name the system's phases for
    `core.phase_names.phase_name` without importing the rules."""

    id: str
    name: str
    rank: int = 100
    datasheets: bool = False
    command_points: bool = True
    commands: tuple[tuple[str, str], ...] = ()
    help_panel: str = ""
    terms: tuple[tuple[str, str], ...] = ()
    imports: tuple[str, ...] = ()
    phase_names: tuple[tuple[str, str], ...] = ()

    def term(self, key: str) -> str:
        """The system's word for `key`, as `GameSystem.term`."""
        return term_in(self.terms, key)

    def settings(self) -> dict[str, Any]:
        """These facts as keyword arguments of the system's `GameSystem`, which is built from
        its package's `INFO` (`GameSystem(**INFO.settings(), ...)`): neither repeats the other."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def of(cls, system: GameSystem) -> SystemInfo:
        """The light facts of a system already built."""
        return cls(**{f.name: getattr(system, f.name) for f in fields(cls)})


def choose_first(state: GameState, decider: int, act: Priority, answers: RecordedAnswers) -> int:
    """The side the decider sends first: the action's `first`, else asked, else itself."""
    chosen = act.first
    if chosen is None and act.ask:
        side = state.sides[decider]
        question = (
            tr(
                "{side}'s warlord, {player}, chooses: take the first turn (n gives it away)?",
                side=side.name,
                player=side.warlord,
            )
            if side.warlord and len(side.players) > 1  # a coalition's warlord (seed 000 p.12)
            else tr("{side} chooses: take the first turn (n gives it away)?", side=side.name)
        )
        keeps = answers.yes_no("decider-first", question)
        chosen = decider if keeps else 1 - decider
    return decider if chosen is None else chosen


def priority_decider(state: GameState, winner: int | None) -> int:
    """Who chooses the first turn: the roll-off winner; on a tie, the side that went first last
    round, or in round one the side that finished set-up first (AoS2 §6)."""
    if winner is not None:
        return winner
    if state.first_side is not None:
        return state.first_side
    return 0 if state.sides[0].finished_setup_first else 1


def rebuild_rules(cls: type[AttackRules], rules: AttackRules) -> AttackRules:
    """The same compiled rules as an instance of `cls` (a system's way of judging dice)."""
    return cls(**{f.name: getattr(rules, f.name) for f in fields(rules)})


SYSTEMS_PACKAGE = "aos_cli.systems"
"""The package whose sub-packages are the game systems, each registering itself on import."""

_REGISTERED: dict[str, GameSystem] = {}


def register(system: GameSystem) -> GameSystem:
    """Make a game system known by its id (a system package calls this once on import)."""
    known = _REGISTERED.get(system.id)
    if known is not None and known is not system:
        raise ValueError(f"two game systems have the id {system.id!r}")
    _REGISTERED[system.id] = system
    return system


def unregister(system_id: str) -> None:
    """Forget a registered system (tests that register a toy system clean up with this)."""
    _REGISTERED.pop(system_id, None)


@functools.cache
def _packages() -> tuple[str, ...]:
    """The system packages' names, sorted, found without importing them (once per run: the
    content validators ask for every record)."""
    package = importlib.import_module(SYSTEMS_PACKAGE)
    return tuple(sorted(info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg))


def _load(name: str) -> None:
    """Import a system package, and the module that registers its system when the package is
    light and names that module as `SYSTEM_MODULE` (its kits and verbs then import fast)."""
    package = importlib.import_module(f"{SYSTEMS_PACKAGE}.{name}")
    module = getattr(package, "SYSTEM_MODULE", None)
    if name not in _REGISTERED and module:
        importlib.import_module(f"{package.__name__}.{module}")


def system_ids() -> tuple[str, ...]:
    """Every game system's id (a package's name is its system's id), without importing them."""
    return tuple(sorted({*_packages(), *_REGISTERED}))


def default_id() -> str:
    """The id of the default game system, named by the systems package."""
    return str(importlib.import_module(SYSTEMS_PACKAGE).DEFAULT)


def get_system(system_id: str | None = None) -> GameSystem:
    """The game system by id (the default system for None); an unknown id is a RuleError."""
    key = (system_id or default_id()).strip().lower()
    if key not in _REGISTERED and key in _packages():
        _load(key)
    found = _REGISTERED.get(key)
    if found is None:
        raise RuleError(
            tr("there is no game system {system}", system=repr(system_id)),
            tr("systems: {systems}", systems=", ".join(s.id for s in all_systems())),
        )
    return found


def all_systems() -> list[GameSystem]:
    """Every game system, in listing order (rank, then id): the same order on every run."""
    for name in _packages():
        if name not in _REGISTERED:
            _load(name)
    return sorted(_REGISTERED.values(), key=lambda s: (s.rank, s.id))


def system_info(system_id: str | None = None) -> SystemInfo:
    """The light facts of a system by id (the default for None), from its package's `INFO`
    when its rules are not loaded yet; an unknown id is a RuleError."""
    key = (system_id or default_id()).strip().lower()
    if key not in _REGISTERED and key in _packages():
        info = getattr(importlib.import_module(f"{SYSTEMS_PACKAGE}.{key}"), "INFO", None)
        if isinstance(info, SystemInfo):
            return info
    return SystemInfo.of(get_system(key))


IMPORT_FORMAT = "battlescribe-aos"
"""BattleScribe's Age of Sigmar data and Warscroll Builder's lists: the format the importers read."""


def system_importing(fmt: str) -> str:
    """The id of the system whose content the importers of `fmt` write (its `imports`)."""
    for info in all_system_infos():
        if fmt in info.imports:
            return info.id
    raise ContentError(tr("no game system reads files of the format {fmt}", fmt=fmt))


def all_system_infos() -> list[SystemInfo]:
    """The light facts of every system, in listing order (rank, then id)."""
    return sorted((system_info(i) for i in system_ids()), key=lambda s: (s.rank, s.id))


def system_of(state: GameState) -> GameSystem:
    """The game system of a game in progress."""
    return get_system(state.system)


def magic_of(state: GameState) -> MagicRules:
    """The magic of a game's system; a RuleError for a system without magic in the game
    engine (it has no magic part)."""
    system = system_of(state)
    if system.magic is None:
        raise RuleError(tr("{system} has no spells in this tool", system=system.name))
    return system.magic
