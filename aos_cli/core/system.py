"""The game-system registry and `GameSystem`, a system's identity and its rules by concern.

Each package under `aos_cli.systems` is one game system: it builds a `GameSystem` and calls
`register` when it is imported (a light package leaves that to the module it names as
`SYSTEM_MODULE`). Core never names a system: `get_system(id)` imports the package
of that name on first use, `all_systems()` imports every one (sorted, so the order is the same
on every run), and the default system is the one the systems package names as `DEFAULT`.

The engine (`aos_cli.core.turn`, `aos_cli.core.actions`) is written once; wherever the rules
of Age of Sigmar 2nd edition, 1st edition and Warhammer 40,000 8th edition part ways it asks the
part of the game's `GameSystem` for that concern (`aos_cli.core.system_parts`): `turn` (the
phases, who goes first, the battle's length), `combat`, `magic` (None for a system without
magic in the game engine), `morale`, `scoring`, `setup` and `scenery`. Each part is a small
protocol; Age of Sigmar 2nd edition's parts are the defaults, and a system replaces the parts
whose rules differ.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from aos_cli.core.errors import ContentError, RuleError
from aos_cli.core.system_parts import (
    AoSCombat,
    AoSMagic,
    AoSMorale,
    AoSScenery,
    AoSScoring,
    AoSSetUp,
    AoSTurn,
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
    choose_first,
    priority_decider,
)
from aos_cli.language.i18n import N_
from aos_cli.language.text import tr

if TYPE_CHECKING:
    from aos_cli.core.effects import AttackRules
    from aos_cli.core.state import GameState

__all__ = [
    "AoSCombat", "AoSMagic", "AoSMorale", "AoSScenery", "AoSScoring", "AoSSetUp", "AoSTurn",
    "CombatRules", "Front", "GameSystem", "MagicRules", "MoraleRules", "Option", "SceneryRules",
    "ScoringRules", "SetUpRules", "SpellRule", "SystemInfo", "TurnRules", "UnbindWords",
    "choose_first", "priority_decider",
]  # fmt: skip


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


AOS_TURN, AOS_COMBAT, AOS_MAGIC = AoSTurn(), AoSCombat(), AoSMagic()
AOS_MORALE, AOS_SCORING, AOS_SETUP, AOS_SCENERY = (
    AoSMorale(),
    AoSScoring(),
    AoSSetUp(),
    AoSScenery(),
)
"""Age of Sigmar 2nd edition's parts: those a `GameSystem` has unless it is given its own."""


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


AOS_FRONT = Front()
"""The game engine's front, with no demo armies: each system names its own."""


@dataclass(frozen=True)
class GameSystem:
    """A game system: who it is, how it is played at the command line, and its rules by
    concern, one part each (`aos_cli.core.system_parts`); one instance per system. A system
    without magic in the game engine has no `magic` part."""

    id: str
    name: str
    section: str
    """How rule references are written in notes: `AoS2`, `AoS1`, `40k8`."""
    turn: TurnRules = AOS_TURN
    combat: CombatRules = AOS_COMBAT
    magic: MagicRules | None = AOS_MAGIC
    morale: MoraleRules = AOS_MORALE
    scoring: ScoringRules = AOS_SCORING
    setup: SetUpRules = AOS_SETUP
    scenery: SceneryRules = AOS_SCENERY
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
    front: Front = AOS_FRONT
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
