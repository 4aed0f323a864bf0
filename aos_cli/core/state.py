"""Game state: sides, units, models, command points, effects in force, the turn position.

A game is its set-up (a snapshot of both armies' units, so later edits to the YAML never change
a game in progress) plus its actions; this module holds the state that replaying them builds.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any

from aos_cli.core.battleplan import DEFAULT_RULES, BattleplanRules, ScoringRule
from aos_cli.core.errors import RuleError
from aos_cli.core.records import dataclass
from aos_cli.core.targets import TargetRule
from aos_cli.language.text import Text, tr

if TYPE_CHECKING:
    from aos_cli.core.dice_odds import DiceOddsSink
    from aos_cli.core.effects import Effect
    from aos_cli.core.events import Event
    from aos_cli.core.stored_setup import (
        StoredAbility,
        StoredChoice,
        StoredLoadout,
        StoredUnit,
        StoredWeapon,
    )

PHASES = ("hero", "movement", "shooting", "charge", "combat", "battleshock")
"""The six phases of an Age of Sigmar turn, in order (AoS2 §6); each game system has its own
list (`aos_cli.core.system.GameSystem.phases`)."""


def _effects(items: Any, where: str) -> tuple[Effect, ...]:
    """A set-up's effect mappings built once into typed effects (validated here, not per roll)."""
    from aos_cli.core.ability_effects import build_effects

    return build_effects(items, where)


@dataclass(frozen=True)
class WeaponSpec:
    """A weapon as the game uses it: characteristics kept as text, parsed when attacking."""

    name: str
    kind: str  # "missile" or "melee"
    range: float
    attacks: str
    to_hit: str
    to_wound: str
    rend: int
    damage: str
    min_range: float = 0.0
    effects: tuple[Effect, ...] = ()
    id: str = ""
    carriers: int | None = None
    """Models carrying it when it is a weapon option; None when every model does."""
    type: str = ""
    """40k8 §7: `Assault 2`, `Heavy D6`, `Rapid Fire 1`, `Pistol 1`, `Grenade D6` or `Melee`."""
    strength: str = ""
    """40k8 §13.2: `4`, `User`, `+1` or `x2` (the wielder's Strength as modified)."""
    ap: int = 0

    @classmethod
    def from_dict(cls, data: StoredWeapon) -> WeaponSpec:
        """A weapon as its set-up stored it, with the defaults of older snapshots."""
        return cls(
            id=str(data.get("id", data["name"])),
            carriers=data.get("carriers"),
            name=str(data["name"]),
            kind=str(data.get("kind", "melee")),
            range=float(data.get("range", 1)),
            attacks=str(data["attacks"]),
            to_hit=str(data.get("to_hit", "")),
            to_wound=str(data.get("to_wound", "")),
            rend=int(data.get("rend", 0)),
            damage=str(data.get("damage", "1")),
            min_range=float(data.get("min_range", 0)),
            effects=_effects(data.get("effects"), f"{data['name']} effects"),
            type=str(data.get("type", "")),
            strength=str(data.get("strength", "")),
            ap=int(data.get("ap", 0)),
        )


@dataclass(frozen=True)
class AbilitySpec:
    """A warscroll ability, command ability or spell as the game needs it."""

    id: str
    name: str
    kind: str  # "ability", "command", "spell", "prayer"
    text: str = ""
    phase: str | None = None
    cost: int = 0
    casting_value: int | None = None
    once_per: str | None = None  # "turn", "phase", "battle"
    effects: tuple[Effect, ...] = ()
    passive: bool = False
    """Always in force (e.g. Ethereal): its attack effects apply to every attack."""
    turn: str = "any"
    """`yours`, `enemy` or `any`: whose turn the ability is used in."""
    weapons: tuple[str, ...] = ()
    """The weapon ids its attack effects apply to (empty: every weapon)."""
    champion: bool = False
    """The champion's own rule (AoS2 §20.3): it applies to the champion's attacks only."""
    usage: str | None = None
    """The warscroll's usage limit as set up (`unlimited`, `once_per_battle` ...); None in a
    game set up before it was kept, whose abilities reach attacks only when `passive`."""
    target: TargetRule | None = None
    """Whom it picks (`aos_cli.core.targets`); None in snapshots taken before targets were
    declared, which keep the old unchecked behaviour."""
    general_only: bool = False
    """A command ability only the general may use (AoS2 §7.1)."""
    step: str = "during"
    """`start`, `during` or `end`: the moment of its phase it is used at (issue 26 item 9)."""
    limit_key: str = ""
    """The use its limit counts against: its own id, or the group of uses it excludes
    ("instead of", AoS2 §21) so that they share one limit."""

    @classmethod
    def from_dict(cls, data: StoredAbility) -> AbilitySpec:
        """An ability as its set-up stored it, with the defaults of older snapshots."""
        return cls(
            weapons=tuple(data.get("weapons", ())),
            champion=bool(data.get("champion", False)),
            usage=data.get("usage"),
            id=str(data["id"]),
            name=str(data["name"]),
            kind=str(data.get("kind", "ability")),
            text=str(data.get("text", "")),
            phase=data.get("phase"),
            cost=int(data.get("cost", 0)),
            casting_value=data.get("casting_value"),
            once_per=data.get("once_per"),
            effects=_effects(data.get("effects"), f"{data['name']} effects"),
            passive=bool(data.get("passive", False)),
            turn=str(data.get("turn", "any")),
            target=TargetRule.from_dict(data.get("target")),
            limit_key=str(data.get("limit_key") or data["id"]),
            general_only=bool(data.get("general_only", False)),
            step=str(data.get("step", "during")),
        )


@dataclass(frozen=True)
class UnitSpec:
    """A unit as it was set up: the snapshot of its warscroll taken when the game began."""

    id: str
    name: str
    warscroll: str
    models: int
    wounds: int
    save: int
    bravery: int
    move: str
    keywords: tuple[str, ...] = ()
    weapons: tuple[WeaponSpec, ...] = ()
    abilities: tuple[AbilitySpec, ...] = ()
    general: bool = False
    casts: int = 0
    unbinds: int = 0
    spells: tuple[str, ...] = ()
    reserve: bool = False
    garrison: str | None = None
    """The terrain feature it is set up garrisoning at the start of the battle (AoS2 §4.5)."""
    contingent: str | None = None
    """The territory of its contingent in a coalition battleplan (Ill Met by Moonlight, seed
    000 p.12); None when the battleplan has no contingents."""
    player: str | None = None
    """The player of a coalition who brought it (seed 000 p.12); None: the side's first."""
    damage_table: tuple[dict[str, Any], ...] = ()
    """Rows `{"min": wounds suffered, "move": ..., "weapon.<id>.<characteristic>": value}`."""
    profile: dict[str, Any] = field(default_factory=dict)
    """A 40k8 datasheet's profile (40k8 §13.1): `ws`, `bs`, `s`, `t`, `a` (the rest are the
    shared `move`, `wounds`, `bravery` = Ld, `save`), `invulnerable` and `power`."""
    transport_capacity: int = 0
    """Models a 40k8 TRANSPORT carries (40k8 §12.2)."""
    embarked_in: str | None = None
    """The transport it starts the battle inside (40k8 §12.2)."""
    loadouts: tuple[StoredLoadout, ...] = ()
    """What its models carry, `{"role", "models", "weapons"}` groups in the order models are
    removed (ordinary, special weapons, the champion); empty in a game set up before they
    were kept (each weapon then counts its carriers, up to the models left)."""
    battalions: tuple[str, ...] = ()
    """The ids of the warscroll battalions it belongs to (AoS2 §23.2; empty in a game set up
    before they were kept)."""
    choices: tuple[StoredChoice, ...] = ()
    """Its set-up choices (AoS2 §25): `{"kind", "name", "text", "effects"}` of a command trait
    or an artefact."""

    @classmethod
    def from_dict(cls, data: StoredUnit) -> UnitSpec:
        """A unit as its set-up stored it, with the defaults of older snapshots."""
        return cls(
            loadouts=tuple(g.copy() for g in data.get("loadouts", ())),
            choices=tuple(c.copy() for c in data.get("choices", ())),
            battalions=tuple(str(b) for b in data.get("battalions", ())),
            id=str(data["id"]),
            name=str(data["name"]),
            warscroll=str(data.get("warscroll", data["id"])),
            models=int(data["models"]),
            wounds=int(data["wounds"]),
            save=int(data["save"]),
            bravery=int(data["bravery"]),
            move=str(data.get("move", "5")),
            keywords=tuple(str(k).upper() for k in data.get("keywords", ())),
            weapons=tuple(WeaponSpec.from_dict(w) for w in data.get("weapons", ())),
            abilities=tuple(AbilitySpec.from_dict(a) for a in data.get("abilities", ())),
            general=bool(data.get("general", False)),
            casts=int(data.get("casts", 0)),
            unbinds=int(data.get("unbinds", 0)),
            spells=tuple(data.get("spells", ())),
            reserve=bool(data.get("reserve", False)),
            garrison=str(data["garrison"]) if data.get("garrison") else None,
            contingent=str(data["contingent"]) if data.get("contingent") else None,
            player=str(data["player"]) if data.get("player") is not None else None,
            damage_table=tuple(data.get("damage_table", ())),
            profile=dict(data.get("profile") or {}),
            transport_capacity=int(data.get("transport_capacity", 0)),
            embarked_in=data.get("embarked_in"),
        )

    def has(self, keyword: str) -> bool:
        return keyword.upper() in self.keywords

    @property
    def is_hero(self) -> bool:
        return self.has("HERO")

    @property
    def is_wizard(self) -> bool:
        return self.has("WIZARD") or self.casts > 0 or self.unbinds > 0

    @property
    def monster_wounds_8(self) -> bool:
        """A Monster or War Machine with Wounds 8+: never gets cover (AoS2 §14.9 b)."""
        return (self.has("MONSTER") or self.has("WAR MACHINE")) and self.wounds >= 8


@dataclass
class ActiveEffect:
    """An effect in force on a unit until it expires."""

    name: str
    effects: tuple[Effect, ...]
    expires: str
    """`phase` (end of this phase), `turn` (end of this turn), `your_next_hero` (start of the
    owning side's next hero phase), `battle` (never)."""
    owner: int
    """The side whose ability or spell created it (for `your_next_hero`)."""


@dataclass
class UnitState:
    """A unit during the battle: models left, the wounded model, flags for this turn."""

    spec: UnitSpec
    side: int
    models: int
    wounds_on_damaged: int = 0
    in_reserve: bool = False
    moved: bool = False
    ran: bool = False
    retreated: bool = False
    shot: bool = False
    charged: bool = False
    fought: bool = False
    slain_this_turn: int = 0
    battleshock_exempt: bool = False
    battleshock_tested: bool = False
    effects: list[ActiveEffect] = field(default_factory=list)
    advanced: bool = False
    """40k8 §4.6: it Advanced this turn (no charging; Assault weapons only)."""
    fell_back: bool = False
    """40k8 §4.5: it Fell Back this turn (no shooting unless it can FLY, no charging)."""
    general: bool = False
    """This unit holds the army's general: set from the army list, passed on when the
    general is slain (AoS2 §5.3)."""
    embarked_in: str | None = None
    """The id of the transport it is inside (40k8 §12.3), None on the battlefield."""
    embarked: bool = False
    disembarked: bool = False
    """It embarked / disembarked this turn (40k8 §12.1: never both in one turn)."""
    must_disembark: bool = False
    """Its transport was destroyed: it must disembark at once (40k8 §12.5)."""
    charge_targets: tuple[str, ...] = ()
    """The units it charged this turn (40k8 §10.4: the only ones it may fight)."""
    intervened: bool = False
    """It made a Heroic Intervention this turn (40k8 §9.5)."""
    charge_rolled: bool = False
    """It has made its charge roll this turn: one attempt per phase (AoS2 §10)."""
    used: list[str] = field(default_factory=list)
    """What it did this turn besides moving and attacking, as the status table shows it:
    spells cast or tried, unbinds, prayers, abilities and command abilities used."""
    may_be_engaged: bool = False
    """An enemy unit may be within 3" of it: it or an enemy charged or piled in since it last
    moved (kept across turns; `aos_cli.core.legality`)."""
    weapons_used: list[str] = field(default_factory=list)
    """The weapons (ids) that have made all their attacks this phase, when it attacks weapon
    by weapon (AoS2 p.7: a target for each weapon); it has shot or fought once all have."""
    attacks_left: dict[str, int] = field(default_factory=dict)
    """A weapon whose attacks are being split between targets (AoS2 p.7): the attacks it has
    still to make, before any other weapon attacks."""
    piled_in: bool = False
    """It used an ability after piling in and before attacking (Cavernous Jaws): it attacks
    before any other unit fights (`aos_cli.core.fight_moments`)."""

    garrison: str | None = None
    """The name of the terrain feature it garrisons (AoS2 §4.5, seed 000 p.11): off the
    battlefield's surface but still attacking, attacked and casting; its models do not move
    until it leaves the feature in its movement phase."""

    beast: bool = False
    """A monstrous beast of Ghur (AoS2 §24.2, seed 000 p.16): part of neither army, it joins
    for each battle round the army opposing its prey (`aos_cli.core.beasts`)."""
    prey: int | None = None
    """A monstrous beast's prey this battle round (the side it hunts); None before the first."""

    locked_with: tuple[str, ...] = ()
    """Enemy units the game knows to be within engagement range of it, for a system that keeps
    them (40k8: from a charge or a fight until one of them Falls Back; kept across turns)."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def alive(self) -> bool:
        return self.models > 0

    @property
    def on_battlefield(self) -> bool:
        return self.alive and not self.in_reserve and self.embarked_in is None

    @property
    def wounds_suffered(self) -> int:
        """Wounds allocated to the unit's damaged model (a single model carries all)."""
        return self.wounds_on_damaged

    @property
    def move_now(self) -> str:
        """Its Move as it stands: the damage table row's when it has one (AoS2 §20.4)."""
        row = self.damage_row() or {}
        return str(row.get("move", self.spec.move)).rstrip('"')

    def damage_row(self) -> dict[str, Any] | None:
        """The damage table row for the wounds the (single-model) unit has suffered."""
        rows = [r for r in self.spec.damage_table if self.wounds_on_damaged >= int(r["min"])]
        return rows[-1] if rows else None

    def reset_turn_flags(self) -> None:
        self.moved = self.ran = self.retreated = self.shot = False
        self.charged = self.fought = False
        self.slain_this_turn = 0
        self.battleshock_exempt = self.battleshock_tested = False
        self.advanced = self.fell_back = self.embarked = self.disembarked = False
        self.intervened = self.charge_rolled = False
        self.charge_targets = ()
        self.used = []
        self.reset_attacks()

    def reset_attacks(self) -> None:
        """A new phase of attacks: no weapon has attacked yet."""
        self.weapons_used = []
        self.attacks_left = {}
        self.piled_in = False

    def attacking(self, kind: str) -> bool:
        """Whether it has begun attacking with its `kind` weapons (melee, missile) weapon by
        weapon and has some left to use."""
        done = self.fought if kind == "melee" else self.shot
        ids = {w.id for w in self.spec.weapons if w.kind == kind}
        begun = ids & set(self.weapons_used) or set(self.attacks_left) & ids
        return not done and bool(begun or (kind == "melee" and self.piled_in))


@dataclass
class SideState:
    """One side: a player (or a coalition of players) with their army."""

    name: str
    players: tuple[str, ...]
    army: str
    units: list[UnitState] = field(default_factory=list)
    command_points: int = 0
    victory_points: int = 0
    used_once_per_battle: set[str] = field(default_factory=set)
    finished_setup_first: bool = False
    command_rerolls: int = 0
    """40k8 §17.6: the Underdog's Command Re-rolls left (one die each)."""
    triumph: dict[str, Any] | None = None
    """The triumph rolled at set-up (AoS2 §16): its name, text and effects, declared once per
    battle with an attack (`triumph_used` once it is)."""
    general_slain: bool = False
    """Its general was slain and `aos general UNIT` may pick the model taking its place
    (AoS2 §5.3); the slain unit is no longer flagged as the general."""
    power_level: int = 0
    command_traits: tuple[dict[str, Any], ...] = ()
    """Its allegiance's command traits (`low`, `high`, `name`, `text`, `effects`, `weapon`):
    a general chosen during the battle generates one at once (seed 000 p.19)."""

    pre_battle_moves: int | None = None
    """The moves its pre-battle ability rolled (Cunning Strategist's D3, seed 000 p.19); None
    until the first is made."""
    pre_battle_moved: list[str] = field(default_factory=list)
    """The units that have made their pre-battle move."""
    warlord: str | None = None
    """In a coalition, the player who leads it and chooses for it (seed 000 p.12)."""
    generals_lost_by: list[str] = field(default_factory=list)
    """The players of a coalition whose general was slain (each picks their own successor)."""

    @property
    def first_player(self) -> str:
        """The player who leads the side: its warlord, else the first named."""
        return self.warlord or (self.players[0] if self.players else self.name)

    def player_of(self, unit: UnitState) -> str:
        """The player who brought a unit (the side's first player unless a coalition says)."""
        return unit.spec.player or self.first_player

    @property
    def triumph_used(self) -> bool:
        """Its triumph has been declared (once per battle, AoS2 §16)."""
        return TRIUMPH_USED in self.used_once_per_battle


TRIUMPH_USED = "triumph"
"""The key a side's declared triumph is kept under among its once-per-battle uses."""


@dataclass
class PendingSpell:
    """A spell cast and waiting for the enemy's one unbind attempt (AoS2 §15)."""

    caster: str
    spell: str
    casting_roll: int
    target: str | None


# ------------------------------------------------- objectives and the score (aos_cli.core.scoring)


@dataclass
class ObjectiveState:
    """An objective marker in play: where it is, who holds it, the model counts of this turn."""

    id: str
    name: str
    position: str = ""
    control_range: int = 6
    sticky: bool = True
    """AoS: control lasts until the enemy takes it (AoS2 §17.3); 40k: it does not (40k8 §17.3)."""
    holder: int | None = None
    territory: int | None = None
    """The side in whose territory the objective lies; None while unknown."""
    counts: dict[int, int] = field(default_factory=dict)
    """Models of each side counted towards it this turn (given by the players)."""
    moves_with: int | None = None
    """Changing Priorities: the side whose warlord rolls where it goes each round (AoS2 §19.2)."""
    area: int | None = None
    placed_by: int | None = None


@dataclass(frozen=True)
class LedgerEntry:
    """One line of the score: in which round which side gained what, and by which rule."""

    round: int
    side: int
    points: int
    reason: Text
    """Why, said in the reader's language when shown."""
    command_points: int = 0


@dataclass
class ScoringBook:
    """The battleplan's rules as the engine uses them, and what it has to remember."""

    plan: BattleplanRules = DEFAULT_RULES
    night_march_until: int = 0
    """Night March (AoS2 §19.1): in force until the end of this battle round (0: not in use)."""
    summoned: set[str] = field(default_factory=set)
    warlord_generals: set[str] = field(default_factory=set)
    underdog: int | None = None
    zones_chosen_by: int | None = None
    """40k8 §17.5: the side that chose the deployment zones, when the set-up asked it."""
    sudden_death: dict[str, Any] | None = None
    """AoS1 §5.2: `{"side", "objective", "unit", "feature"}` once the outnumbered side picks."""
    triumphs: set[int] = field(default_factory=set)
    """Sides that have rolled on the 1st edition Triumphs table (AoS1 §5.3)."""
    destroyed_by: dict[str, int | None] = field(default_factory=dict)
    """Destroyed units by id: the side whose attack, spell or ability slew them (None: terrain,
    or their own side)."""

    @property
    def rules(self) -> tuple[ScoringRule, ...]:
        """The battleplan's scoring rules, in order."""
        return self.plan.scoring


@dataclass
class GameState:
    """Everything replaying a game's actions builds."""

    name: str
    battleplan: str
    sides: list[SideState]
    battle_rounds: int = 5
    system: str = ""
    """The game system's id (`aos_cli.core.system.get_system`); empty for the default."""
    round: int = 0
    """0 until the first priority roll; then the battle round."""
    first_side: int | None = None
    turn_in_round: int = 0
    """0 for the first turn of the round, 1 for the second."""
    phase: str = "setup"
    spells_attempted: set[str] = field(default_factory=set)
    used_this_turn: set[str] = field(default_factory=set)
    used_this_round: set[str] = field(default_factory=set)
    """Uses of abilities limited to once per battle round, cleared as a round begins."""
    used_this_phase: set[str] = field(default_factory=set)
    phase_begun: bool = False
    """An action other than one at the start of the phase has been taken in it."""
    phase_ending: bool = False
    """An action at the end of the phase has been taken: only others at its end may follow."""
    moment: str = "during"
    """The moment of its phase the action being applied is at (`start`, `during`, `end`),
    set by the check of an ability used at a moment."""
    pending_spell: PendingSpell | None = None
    combat_passes: int = 0
    combat_to_pick: int | None = None
    ended: bool = False
    result: dict[str, Any] | None = None
    first_blood: int | None = None
    pre_battle_first: int | None = None
    """The side the pre-battle roll-off's winner sent first to use all its pre-battle abilities
    (seed 000 p.14); None until both armies have them and one is used."""
    pre_battle_closed: bool = False
    """The side that went first has used its pre-battle abilities: the other's turn now."""
    objectives: list[ObjectiveState] = field(default_factory=list)
    """Objective markers in play and who holds them (aos_cli.core.scoring)."""
    ledger: list[LedgerEntry] = field(default_factory=list)
    """Every victory (and bonus command) point scored, by round (aos_cli.core.scoring)."""
    scoring: ScoringBook | None = None
    """The battleplan's scoring rules as the engine uses them (aos_cli.core.scoring)."""
    notes: list[str | Event] = field(default_factory=list)
    """What the last action did, for the CLI to show, in order: sentences the rules still
    write, and the events the views tell (`Event.speaks`, rendered by `aos_cli.views.events`)."""
    events: list[Event] = field(default_factory=list)
    """What the rules decided in the last action, as typed values (`aos_cli.core.events`):
    stored with the action and rendered by the views."""
    attack_log: list[dict[str, Any]] = field(default_factory=list)
    """Every resolved attack: who, when, expected and actual damage (the luck report)."""
    losses: list[dict[str, Any]] = field(default_factory=list)
    """Models lost per action: round, phase, side, unit and how many (the battle report)."""
    clock: dict[int, float] = field(default_factory=dict)
    """Seconds each side spent at the table, from the clock `aos play` keeps per step."""
    terrain: list[dict[str, Any]] = field(default_factory=list)
    """Terrain features: `name`, scenery `rule` (AoS2 §4.3), `garrison` allowed (§4.5)."""
    realm: str | None = None
    realmscape: str | None = None
    """The realmscape feature in force, e.g. `primal-violence` (AoS2 §24.2)."""
    combat_repeated: bool = False
    """Primal Violence repeats a combat phase at most once (AoS2 §24.2)."""
    rules_revision: int = 1
    """The revision of the engine's rules the game was set up with (`aos_cli.core.roll_effects`);
    a game keeps the rules it was begun under, so a stored game replays as it was played."""
    realm_spells: tuple[AbilitySpec, ...] = ()
    """Spells every wizard knows in the realm of battle besides its own (AoS2 §24.1 realmsphere
    magic, Ghur's Wildform), as the set-up snapshot holds them."""
    beasts: list[UnitState] = field(default_factory=list)
    """Ghur's monstrous beasts set up (AoS2 §24.2): each is also in the units of the side it
    has joined this battle round, and in none before the first round begins."""
    beast_turns: list[int] = field(default_factory=list)
    """The side of each monstrous beast set up or declined, in order (`aos_cli.core.beasts`)."""
    beasts_winner: int | None = None
    """The side that won Beasts of Ghur's roll-off for an additional beast (None until rolled)."""
    follow_dice: DiceOddsSink | None = field(default=None, repr=False, compare=False)
    """Set by `aos play` on the action it plays (never recorded nor replayed): told the chance
    to destroy the target as each attack's hit and wound rolls are known (issue 29)."""

    @property
    def active_side(self) -> int:
        """The side whose turn it is."""
        if self.first_side is None:
            return 0
        return self.first_side if self.turn_in_round == 0 else 1 - self.first_side

    def units(self) -> list[UnitState]:
        return [u for side in self.sides for u in side.units]

    def unit(self, name: str) -> UnitState:
        """Find a unit by id or name: exact, then case-insensitive, then unique prefix."""
        from difflib import get_close_matches

        units = self.units()
        wanted = name.strip().lower()
        for unit in units:
            if unit.spec.id == name or unit.name == name:
                return unit
        exact = [u for u in units if wanted in (u.spec.id.lower(), u.name.lower())]
        if len(exact) == 1:
            return exact[0]
        prefix = [u for u in units if u.spec.id.lower().startswith(wanted)] or [
            u for u in units if u.name.lower().startswith(wanted)
        ]
        if len(prefix) == 1:
            return prefix[0]
        names = [u.spec.id for u in units]
        if len(prefix) > 1 or len(exact) > 1:
            choices = ", ".join(u.spec.id for u in (prefix or exact))
            raise RuleError(
                tr("{name} could be any of: {choices}", name=repr(name), choices=choices),
                tr("use the unit's id"),
            )
        close = get_close_matches(wanted, [n.lower() for n in names], n=3, cutoff=0.5)
        hint = (
            tr("did you mean {names}?", names=", ".join(close))
            if close
            else tr("see `aos status` for unit ids")
        )
        raise RuleError(tr("no unit called {name} in this game", name=repr(name)), hint)

    def side_of(self, unit: UnitState) -> SideState:
        return self.sides[unit.side]
