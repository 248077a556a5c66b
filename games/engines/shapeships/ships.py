"""Ship and Solar Power definitions: the data every mechanic reads (rules page section 3).

A ship is a ``ShipDef``; its powers are plain data (``Power`` entries naming a timing, a
kind and an amount formula of ``powers.amount``), so adding a species is adding rows here
plus any new formula or mechanic it brings. Component notation ``"CAR(0)"`` means a
Carrier whose charges are all used. The Ancients' Solar Powers are not ships (nothing of
them stays in a fleet): each is a ``SolarDef`` with an Energy cost and the effects a cast
queues (SSR-10).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Species(StrEnum):
    HUMAN = "human"
    XENITE = "xenite"
    CENTAUR = "centaur"
    ANCIENT = "ancient"


class Kind(StrEnum):
    BASIC = "basic"
    UPGRADED = "upgraded"


class Timing(StrEnum):
    """When a power's effect is produced (rules page legend)."""

    ONCE = "once"  # the turn the ship is made; survives its source (SSC-4)
    AUTO = "auto"  # every End of Turn while the ship is alive (SSC-5)
    CHARGE = "charge"  # declared with one charge; survives its source
    SOLAR = "solar"  # a Solar Power cast with Energy; has no ship, always resolves


class EffectKind(StrEnum):
    DAMAGE = "damage"  # to the opponent
    HEAL = "heal"  # to the owner
    SELF_DAMAGE = "self_damage"  # to the owner (Ark of Entropy)
    SET_MAX = "set_max"  # owner's health set to maximum first (SSR-3)


@dataclass(frozen=True)
class Power:
    """One effect-producing power: ``amount`` names a formula in ``powers.AMOUNTS``."""

    timing: Timing
    kind: EffectKind
    amount: str = "fixed"
    n: int = 0
    cap: int | None = None


@dataclass(frozen=True)
class ChargeOption:
    """A choice when spending one charge in the Charges steps."""

    option: str
    label: str
    kind: EffectKind | None = None  # None: a special mechanic (Ship of Equality)
    amount: str = "fixed"
    n: int = 0


@dataclass(frozen=True)
class ShipDef:
    code: str
    name: str
    species: Species
    kind: Kind
    cost: int  # total line cost (for upgrades: components + joining)
    text: str
    joining: int = 0
    components: tuple[str, ...] = ()
    charges: int | None = None
    max_count: int | None = None
    buildable: bool = True  # Oxite/Asterite only come from Evolvers
    powers: tuple[Power, ...] = ()
    charge_options: tuple[ChargeOption, ...] = ()
    line_gen: tuple[str, int] | None = None  # (formula in powers.LINES, n)
    joining_gen: int = 0
    prelude: str | None = None  # carrier | bug_breeder | queen | zenith
    dice: str | None = None  # reroll | leviathan | chronoswarm | cube
    reveal: str | None = None  # set_max_built | dreadnought
    first_strike: str | None = None  # guardian | build_turn_* | third_spiral
    on_build_make: tuple[str, ...] = ()
    on_build_joining: int = 0
    on_destroyed_make: tuple[str, ...] = ()
    evolver: bool = False
    trigger: bool = False  # Frigate, Quantum Mystic: choose 1-6 when built
    core: bool = False  # Ancient Cores: never destroyed, never stolen
    energy: tuple[str, int] | None = None  # (formula in energy.GENERATE, n) at Reveal


def component(entry: str) -> tuple[str, bool]:
    """``"CAR(0)"`` -> ``("CAR", True)``: code and whether it must be fully depleted."""
    if entry.endswith("(0)"):
        return entry[:-3], True
    return entry, False


A, H = Timing.AUTO, Timing.ONCE
DMG, HEAL, SELF, SETMAX = (
    EffectKind.DAMAGE,
    EffectKind.HEAL,
    EffectKind.SELF_DAMAGE,
    EffectKind.SET_MAX,
)
DEAL_OR_HEAL = lambda d, h: (  # noqa: E731 - tiny data helper
    ChargeOption("deal", f"deal {d}", DMG, "fixed", d),
    ChargeOption("heal", f"heal {h}", HEAL, "fixed", h),
)

_HUMAN = Species.HUMAN
_XEN = Species.XENITE
_CEN = Species.CENTAUR
_ANC = Species.ANCIENT
B, U = Kind.BASIC, Kind.UPGRADED

SHIP_LIST: tuple[ShipDef, ...] = (
    # --- Human (15) -------------------------------------------------------------------
    ShipDef("DEF", "Defender", _HUMAN, B, 2, "Automatic: heal 1.", powers=(Power(A, HEAL, n=1),)),
    ShipDef("FIG", "Fighter", _HUMAN, B, 3, "Automatic: deal 1.", powers=(Power(A, DMG, n=1),)),
    ShipDef(
        "COM",
        "Commander",
        _HUMAN,
        B,
        4,
        "Automatic: deal 1 for every 3 Fighters you own (rounded down).",
        powers=(Power(A, DMG, "per_3_fighters"),),
    ),
    ShipDef(
        "INT",
        "Interceptor",
        _HUMAN,
        B,
        4,
        "1 charge. Charge: deal 5 or heal 7.",
        charges=1,
        charge_options=DEAL_OR_HEAL(5, 7),
    ),
    ShipDef(
        "ORB",
        "Orbital",
        _HUMAN,
        B,
        6,
        "Line generation: +1 line each turn after it is built. Max 6.",
        max_count=6,
        line_gen=("fixed", 1),
    ),
    ShipDef(
        "CAR",
        "Carrier",
        _HUMAN,
        B,
        6,
        "6 charges. Drawing (from the next turn): make a Defender (1 charge) or a Fighter "
        "(2 charges), or hold.",
        charges=6,
        prelude="carrier",
    ),
    ShipDef("STA", "Starship", _HUMAN, B, 8, "Once: deal 8.", powers=(Power(H, DMG, n=8),)),
    ShipDef(
        "FRI",
        "Frigate",
        _HUMAN,
        U,
        8,
        "Choose a trigger number 1-6 when built. Automatic: deal 6 when your die shows the "
        "trigger (the build turn counts). Automatic: heal 2.",
        joining=3,
        components=("DEF", "FIG"),
        powers=(Power(A, DMG, "trigger_match", 6), Power(A, HEAL, n=2)),
        trigger=True,
    ),
    ShipDef(
        "TAC",
        "Tactical Cruiser",
        _HUMAN,
        U,
        10,
        "Automatic: deal 1 per distinct ship type you own (itself included).",
        joining=3,
        components=("DEF", "DEF", "FIG"),
        powers=(Power(A, DMG, "per_own_type"),),
    ),
    ShipDef(
        "GUA",
        "Guardian",
        _HUMAN,
        U,
        12,
        "2 charges. First Strike: destroy one enemy Basic ship (1 charge). Automatic: heal 1.",
        joining=4,
        components=("DEF", "DEF", "COM"),
        charges=2,
        first_strike="guardian",
        powers=(Power(A, HEAL, n=1),),
    ),
    ShipDef(
        "SCI",
        "Science Vessel",
        _HUMAN,
        U,
        17,
        "Own 1+: your Automatic healing is doubled. Own 2+: extra lines equal to your die each "
        "turn. Own 3: your Automatic damage is doubled too. Once-only and charge effects are "
        "never doubled. Max 3.",
        joining=4,
        components=("DEF", "FIG", "STA"),
        max_count=3,
    ),
    ShipDef(
        "BAT",
        "Battlecruiser",
        _HUMAN,
        U,
        20,
        "Line generation: +2. Automatic: deal 2. Automatic: heal 3.",
        joining=6,
        components=("DEF", "FIG", "FIG", "ORB"),
        line_gen=("fixed", 2),
        powers=(Power(A, DMG, n=2), Power(A, HEAL, n=3)),
    ),
    ShipDef(
        "EAR",
        "Earth Ship",
        _HUMAN,
        U,
        23,
        "Automatic: deal 3 per Carrier you own (Carriers inside upgrades do not count).",
        joining=7,
        components=("DEF", "DEF", "ORB", "CAR(0)"),
        powers=(Power(A, DMG, "per_carrier", 3),),
    ),
    ShipDef(
        "DRE",
        "Dreadnought",
        _HUMAN,
        U,
        27,
        "Reveal: make a free Fighter for every other ship you made this turn. Automatic: "
        "deal 10. Automatic: heal 2.",
        joining=10,
        components=("DEF", "DEF", "FIG", "FIG", "FIG", "COM"),
        reveal="dreadnought",
        powers=(Power(A, DMG, n=10), Power(A, HEAL, n=2)),
    ),
    ShipDef(
        "LEV",
        "Leviathan",
        _HUMAN,
        U,
        44,
        "Dice: from the next turn your die always reads 6. Automatic: deal 10. Automatic: heal 10.",
        joining=12,
        components=("DEF", "DEF", "CAR(0)", "CAR(0)", "STA", "STA"),
        dice="leviathan",
        powers=(Power(A, DMG, n=10), Power(A, HEAL, n=10)),
    ),
    # --- Xenite (17) ------------------------------------------------------------------
    ShipDef("XEN", "Xenite", _XEN, B, 2, "Once: heal 1.", powers=(Power(H, HEAL, n=1),)),
    ShipDef(
        "ANT",
        "Antlion",
        _XEN,
        B,
        3,
        "1 charge. Charge: deal 3 or heal 4.",
        charges=1,
        charge_options=DEAL_OR_HEAL(3, 4),
    ),
    ShipDef(
        "MAN",
        "Mantis",
        _XEN,
        B,
        4,
        "Automatic: heal 1 for every 2 of your Xenites (Xenite, Oxite, Asterite), at most 10.",
        powers=(Power(A, HEAL, "per_2_xenites", cap=10),),
    ),
    ShipDef(
        "EVO",
        "Evolver",
        _XEN,
        B,
        4,
        "Drawing (build turn and later): may turn one Xenite into an Oxite or an Asterite.",
        evolver=True,
    ),
    ShipDef(
        "OXI",
        "Oxite",
        _XEN,
        B,
        2,
        "Only made by an Evolver. Automatic: heal 1.",
        buildable=False,
        powers=(Power(A, HEAL, n=1),),
    ),
    ShipDef(
        "AST",
        "Asterite",
        _XEN,
        B,
        2,
        "Only made by an Evolver. Automatic: deal 1.",
        buildable=False,
        powers=(Power(A, DMG, n=1),),
    ),
    ShipDef(
        "HEL",
        "Hell Hornet",
        _XEN,
        B,
        6,
        "Once: deal 3. Automatic: deal 1 for every 2 of your Xenites.",
        powers=(Power(H, DMG, n=3), Power(A, DMG, "per_2_xenites")),
    ),
    ShipDef(
        "BUG",
        "Bug Breeder",
        _XEN,
        B,
        6,
        "4 charges. Drawing (from the next turn): make a Xenite (1 charge).",
        charges=4,
        prelude="bug_breeder",
    ),
    ShipDef(
        "ZEN",
        "Zenith",
        _XEN,
        B,
        9,
        "When built: make an Antlion. Drawing (later turns): die 2 makes a Xenite, 3 an "
        "Antlion, 4 two Xenites. When destroyed: make 2 Xenites.",
        prelude="zenith",
        on_build_make=("ANT",),
        on_destroyed_make=("XEN", "XEN"),
    ),
    ShipDef(
        "DSW",
        "Defense Swarm",
        _XEN,
        U,
        9,
        "Automatic: heal 3, or heal 7 if your health is below your opponent's.",
        joining=3,
        components=("XEN", "XEN", "XEN"),
        powers=(Power(A, HEAL, "behind_bonus", 3, cap=7),),
    ),
    ShipDef(
        "AAR",
        "Antlion Array",
        _XEN,
        U,
        12,
        "Automatic: deal 3, or deal 8 if your health is below your opponent's.",
        joining=3,
        components=("ANT(0)", "ANT(0)", "ANT(0)"),
        powers=(Power(A, DMG, "behind_bonus", 3, cap=8),),
    ),
    ShipDef(
        "OXF",
        "Oxite Face",
        _XEN,
        U,
        12,
        "Line generation: +1. Automatic: heal 1 per distinct ship type your opponent owns.",
        joining=4,
        components=("OXI", "OXI", "EVO"),
        line_gen=("fixed", 1),
        powers=(Power(A, HEAL, "per_enemy_type"),),
    ),
    ShipDef(
        "ASF",
        "Asterite Face",
        _XEN,
        U,
        12,
        "Line generation: +1. Automatic: deal 1 per distinct ship type your opponent owns.",
        joining=4,
        components=("AST", "AST", "EVO"),
        line_gen=("fixed", 1),
        powers=(Power(A, DMG, "per_enemy_type"),),
    ),
    ShipDef(
        "SAC",
        "Sacrificial Pool",
        _XEN,
        U,
        12,
        "First Strike (build turn only): may destroy one enemy Basic ship. Automatic: deal 2. "
        "Automatic: heal 2.",
        joining=4,
        components=("XEN", "ANT(0)", "ANT(0)"),
        first_strike="build_turn_destroy",
        powers=(Power(A, DMG, n=2), Power(A, HEAL, n=2)),
    ),
    ShipDef(
        "QUE",
        "Queen",
        _XEN,
        U,
        20,
        "Drawing (from the next turn): make a Xenite. Automatic: deal 3 per ship you made this "
        "turn, not counting Xenites made by Queens.",
        joining=6,
        components=("XEN", "ANT(0)", "ANT(0)", "BUG(0)"),
        prelude="queen",
        powers=(Power(A, DMG, "per_made_not_queen", 3),),
    ),
    ShipDef(
        "CHR",
        "Chronoswarm",
        _XEN,
        U,
        25,
        "Dice: 1/2/3 owned give 1/2/3 extra shared dice whose values are extra lines for you. "
        "With one or more, your Bug Breeders, Queens and Zeniths make ships twice. Max 3.",
        joining=4,
        components=("XEN",) * 6 + ("ZEN",),
        max_count=3,
        dice="chronoswarm",
    ),
    ShipDef(
        "HVE",
        "Hive",
        _XEN,
        U,
        35,
        "Automatic: deal 1 and heal 1 per ship you own (itself included). Xenites inside your "
        "upgrades also count for Mantis and Hell Hornet.",
        joining=4,
        components=("XEN", "ANT(0)", "MAN", "MAN", "HEL", "BUG(0)", "BUG(0)"),
        powers=(Power(A, DMG, "per_own_ship"), Power(A, HEAL, "per_own_ship")),
    ),
    # --- Centaur (15) -----------------------------------------------------------------
    ShipDef("FEA", "Ship of Fear", _CEN, B, 2, "Once: heal 3.", powers=(Power(H, HEAL, n=3),)),
    ShipDef("ANG", "Ship of Anger", _CEN, B, 3, "Once: deal 3.", powers=(Power(H, DMG, n=3),)),
    ShipDef(
        "EQU",
        "Ship of Equality",
        _CEN,
        B,
        4,
        "2 charges. Charge: destroy one of your Basic ships and one enemy Basic ship of the "
        "same total cost (never a Ship of Equality).",
        charges=2,
        charge_options=(ChargeOption("equality", "destroy a pair"),),
    ),
    ShipDef(
        "WIS",
        "Ship of Wisdom",
        _CEN,
        B,
        4,
        "2 charges. Charge: deal 3 or heal 4.",
        charges=2,
        charge_options=DEAL_OR_HEAL(3, 4),
    ),
    ShipDef(
        "VIG",
        "Ship of Vigor",
        _CEN,
        B,
        6,
        "Line generation: +2 lines when your die is even. Max 4.",
        max_count=4,
        line_gen=("even_die", 2),
    ),
    ShipDef(
        "FAM",
        "Ship of Family",
        _CEN,
        B,
        6,
        "3 charges. Charge: deal or heal 1 per distinct ship type you own (counted when the "
        "Charges step starts).",
        charges=3,
        charge_options=(
            ChargeOption("deal", "deal 1 per type", DMG, "family_types"),
            ChargeOption("heal", "heal 1 per type", HEAL, "family_types"),
        ),
    ),
    ShipDef(
        "LEG",
        "Ship of Legacy",
        _CEN,
        B,
        8,
        "When built: +4 joining lines. Automatic: deal 1. Automatic: heal 2.",
        on_build_joining=4,
        powers=(Power(A, DMG, n=1), Power(A, HEAL, n=2)),
    ),
    ShipDef(
        "TER",
        "Ark of Terror",
        _CEN,
        U,
        7,
        "Automatic: heal as much as your die shows.",
        joining=3,
        components=("FEA", "FEA"),
        powers=(Power(A, HEAL, "die"),),
    ),
    ShipDef(
        "FUR",
        "Ark of Fury",
        _CEN,
        U,
        10,
        "Automatic: deal as much as your die shows.",
        joining=4,
        components=("ANG", "ANG"),
        powers=(Power(A, DMG, "die"),),
    ),
    ShipDef(
        "KNO",
        "Ark of Knowledge",
        _CEN,
        U,
        12,
        "Dice: owning 1/2/3 gives up to 1/2/3 rerolls of the shared die. Automatic: heal 2. Max 3.",
        joining=2,
        components=("WIS(0)", "FAM(0)"),
        max_count=3,
        dice="reroll",
        powers=(Power(A, HEAL, n=2),),
    ),
    ShipDef(
        "ENT",
        "Ark of Entropy",
        _CEN,
        U,
        12,
        "Automatic: deal 8. Automatic: you take 3 damage.",
        joining=4,
        components=("EQU(0)", "EQU(0)"),
        powers=(Power(A, DMG, n=8), Power(A, SELF, n=3)),
    ),
    ShipDef(
        "RED",
        "Ark of Redemption",
        _CEN,
        U,
        15,
        "Line generation: +2 joining lines. Reveal (build turn): your health is set to its "
        "maximum at End of Turn Resolution, before the turn's damage and healing.",
        joining=3,
        components=("WIS(0)", "WIS(0)", "WIS(0)"),
        joining_gen=2,
        reveal="set_max_built",
    ),
    ShipDef(
        "POW",
        "Ark of Power",
        _CEN,
        U,
        20,
        "Line generation: +4 when your die is even. Automatic: deal 2. Automatic: heal 3. Max 3.",
        joining=6,
        components=("FEA", "ANG", "ANG", "VIG"),
        max_count=3,
        line_gen=("even_die", 4),
        powers=(Power(A, DMG, n=2), Power(A, HEAL, n=3)),
    ),
    ShipDef(
        "DES",
        "Ark of Destruction",
        _CEN,
        U,
        31,
        "Automatic: deal 2 per ship you own (itself included).",
        joining=12,
        components=("FEA", "FEA", "ANG", "EQU(0)", "LEG"),
        powers=(Power(A, DMG, "per_own_ship", 2),),
    ),
    ShipDef(
        "DOM",
        "Ark of Domination",
        _CEN,
        U,
        40,
        "Line generation: +2 joining lines. First Strike (build turn): steal 2 enemy Basic "
        "ships for good. Automatic: heal 2 per ship you own.",
        joining=12,
        components=("FEA", "VIG", "FAM(0)", "FAM(0)", "LEG"),
        joining_gen=2,
        first_strike="build_turn_steal2",
        powers=(Power(A, HEAL, "per_own_ship", 2),),
    ),
    # --- Ancient (7 Basic ships; their 9 Solar Powers are in SOLAR_LIST) ----------------
    ShipDef(
        "PLU",
        "Pluto Core",
        _ANC,
        B,
        3,
        "Core: can never be destroyed or stolen. Reveal: +1 green Energy each turn.",
        core=True,
        energy=("green", 1),
    ),
    ShipDef(
        "MER",
        "Mercury Core",
        _ANC,
        B,
        4,
        "Core: can never be destroyed or stolen. Reveal: +1 red Energy each turn.",
        core=True,
        energy=("red", 1),
    ),
    ShipDef(
        "QUA",
        "Quantum Mystic",
        _ANC,
        B,
        5,
        "Choose a number 1-6 when built. When your die shows it (the build turn counts): "
        "Reveal: +2 blue Energy; Automatic: heal 5. Max 6.",
        max_count=6,
        trigger=True,
        energy=("blue_on_trigger", 2),
        powers=(Power(A, HEAL, "trigger_match", 5),),
    ),
    ShipDef(
        "SPI",
        "Spiral",
        _ANC,
        B,
        6,
        "Automatic: heal 1 per Spiral you own. +5 maximum health each. First Strike, once, "
        "the turn your third Spiral is built: destroy one enemy Basic ship. Max 3.",
        max_count=3,
        first_strike="third_spiral",
        powers=(Power(A, HEAL, "per_spiral"),),
    ),
    ShipDef(
        "NEP",
        "Neptune Core",
        _ANC,
        B,
        7,
        "Core: can never be destroyed or stolen. Reveal: +1 blue Energy each turn. Max 6.",
        max_count=6,
        core=True,
        energy=("blue", 1),
    ),
    ShipDef(
        "SOL",
        "Solar Grid",
        _ANC,
        B,
        8,
        "4 charges. Reveal: spends a charge for 1 red, 1 green and 1 blue Energy each turn. "
        "Automatic, once it is empty: heal 2 on each turn it makes no Energy.",
        charges=4,
        energy=("grid", 1),
        powers=(Power(A, HEAL, "grid_spent", 2),),
    ),
    ShipDef(
        "CUB",
        "Cube",
        _ANC,
        B,
        9,
        "Dice: you roll your own extra die (shown to both) and may use it instead of the "
        "shared die, for you only. Automatic: deal 3 on a turn you use it.",
        dice="cube",
        powers=(Power(A, DMG, "cube_used", 3),),
    ),
)

SHIPS: dict[str, ShipDef] = {s.code: s for s in SHIP_LIST}
XENITE_FAMILY = ("XEN", "OXI", "AST")  # SSR-6: three distinct types, one family
ENERGY_COLOURS = ("red", "green", "blue")


@dataclass(frozen=True)
class SolarDef:
    """An Ancient Solar Power: cast in Declaration by spending Energy (SSR-10).

    ``red``/``green``/``blue`` is the fixed cost; ``variable`` names a cost that depends on
    the cast (``target_cost``: X blue, X the copied ship's cost; ``siphon``: X red and X
    green, X at least 4). ``powers`` are the effects the cast queues (timing SOLAR);
    ``mechanic`` names what it does besides (convert, copy, black_hole).
    """

    code: str
    name: str
    text: str
    red: int = 0
    green: int = 0
    blue: int = 0
    variable: str | None = None
    powers: tuple[Power, ...] = ()
    mechanic: str | None = None


S = Timing.SOLAR
SIPHON_MIN = 4
SOLAR_LIST: tuple[SolarDef, ...] = (
    SolarDef("SLIF", "Life", "Heal 1.", green=1, powers=(Power(S, HEAL, n=1),)),
    SolarDef(
        "SSTA", "Star Birth", "Heal your die + 3.", green=3, powers=(Power(S, HEAL, "die_plus", 3),)
    ),
    SolarDef("SAST", "Asteroid", "Deal 1.", red=1, powers=(Power(S, DMG, n=1),)),
    SolarDef(
        "SSUP", "Supernova", "Deal your die + 3.", red=3, powers=(Power(S, DMG, "die_plus", 3),)
    ),
    SolarDef("SCON", "Convert", "+1 line next turn.", blue=1, mechanic="convert"),
    SolarDef(
        "SSIM",
        "Simulacrum",
        "Copy an enemy Basic ship for X blue, X its cost; the copy joins your fleet at the "
        "start of the next turn.",
        variable="target_cost",
        mechanic="copy",
    ),
    SolarDef(
        "SSIP",
        "Siphon",
        "X red and X green (X at least 4): deal and heal 3X - 4 for X up to 7 (8, 11, 14, "
        "17), 5 × (X - 4) from X = 8 (20, 25, ...).",
        variable="siphon",
        powers=(Power(S, DMG, "siphon"), Power(S, HEAL, "siphon")),
    ),
    SolarDef(
        "SVOR",
        "Vortex",
        "Deal 2 per distinct ship type you own.",
        red=2,
        green=2,
        blue=2,
        powers=(Power(S, DMG, "per_own_type", 2),),
    ),
    SolarDef(
        "SBLA",
        "Black Hole",
        "Destroy 2 enemy Basic ships (never Cores) at the start of End of Turn Resolution; "
        "deal 1 per Core you own.",
        red=4,
        green=4,
        blue=4,
        powers=(Power(S, DMG, "per_core"),),
        mechanic="black_hole",
    ),
)
SOLAR: dict[str, SolarDef] = {p.code: p for p in SOLAR_LIST}


def species_ships(species: str) -> list[ShipDef]:
    return [s for s in SHIP_LIST if s.species == species]


def siphon_value(x: int) -> int:
    """Siphon's deal (and heal) for X red + X green: 3X - 4 up to X = 7, then 5(X - 4)."""
    return 3 * x - 4 if x <= 7 else 5 * (x - 4)


def listed_total(defn: ShipDef) -> int:
    """Components' costs plus joining cost: the listed total of an upgrade."""
    return sum(SHIPS[component(c)[0]].cost for c in defn.components) + defn.joining
