"""Elemental Clash numbers, names and enums (seed section 1, rulings ECR-1..13).

Everything a rule fixes lives here so that the phases read like the rules: costs and powers
depend on the subtype only (C2, C3); the element is a cosmetic label (C1).
"""

from enum import StrEnum

GAME = "elemental-clash"

# Player stats (E1, E2, E3).
BASE_HP = 20
START_ENERGY = 5
MAX_ENERGY = 10
ENERGY_PER_TURN = 2

# Timing in seconds (T1, D4-draft).
TURN_TIMER = 10
DRAFT_TIMER_SHORT = 12  # rounds 1-4
DRAFT_TIMER_LONG = 15  # rounds 5-6

# Deck and hand (DK1, H1, D1-draft, D3-draft).
DECK_SIZE = 6
HAND_SIZE = 4
DRAFT_ROUNDS = 6
OPTIONS_PER_ROUND = 4

# Walls and deflection (W2, W5, D5-defense).
WALL_HP = 12
WALL_DECAY = 4
DEFLECTION_REDUCTION = 2


class CardType(StrEnum):
    ATTACK = "attack"
    DEFENSE = "defense"
    MINER = "miner"


class Subtype(StrEnum):
    CONTINUOUS = "continuous"
    PROJECTILE = "projectile"
    WALL = "wall"
    DEFLECTION = "deflection"
    DEFLECTION_MINER = "deflection_miner"
    PROJECTILE_MINER = "projectile_miner"
    CONTINUOUS_MINER = "continuous_miner"
    REPAIR_MINER = "repair_miner"


class Element(StrEnum):
    FIRE = "fire"
    WATER = "water"
    EARTH = "earth"
    AIR = "air"
    ICE = "ice"
    LIGHTNING = "lightning"


ELEMENTS: list[str] = [e.value for e in Element]
SUBTYPES: list[str] = [s.value for s in Subtype]
MINERS: list[str] = [
    Subtype.DEFLECTION_MINER,
    Subtype.PROJECTILE_MINER,
    Subtype.CONTINUOUS_MINER,
    Subtype.REPAIR_MINER,
]

# Plain strings, not the enum's members: they go into every view, and a part's digest
# pickles a member through Python code (enum's __reduce_ex__), a string in C (bench/: the
# hand's digest cost ten times the side's).
CARD_TYPE: dict[str, str] = {
    Subtype.CONTINUOUS: CardType.ATTACK.value,
    Subtype.PROJECTILE: CardType.ATTACK.value,
    Subtype.WALL: CardType.DEFENSE.value,
    Subtype.DEFLECTION: CardType.DEFENSE.value,
    Subtype.DEFLECTION_MINER: CardType.MINER.value,
    Subtype.PROJECTILE_MINER: CardType.MINER.value,
    Subtype.CONTINUOUS_MINER: CardType.MINER.value,
    Subtype.REPAIR_MINER: CardType.MINER.value,
}

# C3 / M2: the cost is a property of the subtype, never of the element.
COST: dict[str, int] = {
    Subtype.CONTINUOUS: 5,
    Subtype.PROJECTILE: 3,
    Subtype.WALL: 2,
    Subtype.DEFLECTION: 1,
    Subtype.DEFLECTION_MINER: 2,
    Subtype.PROJECTILE_MINER: 3,
    Subtype.CONTINUOUS_MINER: 5,
    Subtype.REPAIR_MINER: 3,
}

# A1, A5: attack power.
POWER: dict[str, int] = {Subtype.CONTINUOUS: 8, Subtype.PROJECTILE: 3}

# M4: payout intervals; the deflection miner is reactive and has no countdown (None).
MINER_INTERVAL: dict[str, int | None] = {
    Subtype.DEFLECTION_MINER: None,
    Subtype.PROJECTILE_MINER: 2,
    Subtype.CONTINUOUS_MINER: 3,
    Subtype.REPAIR_MINER: 2,
}

# M7: what an attacking miner fires when it pays out (ECR-4: resolved as that attack).
MINER_FIRES: dict[str, str] = {
    Subtype.PROJECTILE_MINER: Subtype.PROJECTILE,
    Subtype.CONTINUOUS_MINER: Subtype.CONTINUOUS,
}

SUBTYPE_LABEL: dict[str, str] = {
    Subtype.CONTINUOUS: "Continuous",
    Subtype.PROJECTILE: "Projectile",
    Subtype.WALL: "Wall",
    Subtype.DEFLECTION: "Deflection",
    Subtype.DEFLECTION_MINER: "Deflection Miner",
    Subtype.PROJECTILE_MINER: "Projectile Miner",
    Subtype.CONTINUOUS_MINER: "Continuous Miner",
    Subtype.REPAIR_MINER: "Repair Miner",
}


# What each card does, in a player's words, for its tile and tooltip (from the numbers above,
# so the words cannot drift from the rules: A1-A5, W2-W5, D5-defense, M2-M8).
EFFECT_TEXT: dict[str, str] = {
    Subtype.CONTINUOUS: f"{POWER[Subtype.CONTINUOUS]} damage. Hits a wall first; what the wall "
    "cannot hold reaches the base.",
    Subtype.PROJECTILE: f"{POWER[Subtype.PROJECTILE]} damage that flies over walls straight at "
    "the base.",
    Subtype.WALL: f"A {WALL_HP} HP wall, up at once. Loses {WALL_DECAY} HP at the end of every "
    "turn. One at a time.",
    Subtype.DEFLECTION: "This turn only: stops a projectile, or takes "
    f"{DEFLECTION_REDUCTION} off a continuous attack.",
    Subtype.DEFLECTION_MINER: "Blocks every projectile aimed at you while it lives. "
    "Dies when your base takes damage.",
    Subtype.PROJECTILE_MINER: f"Fires a free projectile every "
    f"{MINER_INTERVAL[Subtype.PROJECTILE_MINER]} turns. Dies when your base takes damage.",
    Subtype.CONTINUOUS_MINER: f"Fires a free continuous attack every "
    f"{MINER_INTERVAL[Subtype.CONTINUOUS_MINER]} turns. Dies when your base takes damage.",
    Subtype.REPAIR_MINER: f"Every {MINER_INTERVAL[Subtype.REPAIR_MINER]} turns, rebuilds your "
    f"wall to {WALL_HP} HP. Dies when your base takes damage.",
}


class DraftCategory(StrEnum):
    """D2-draft: the fixed category of each draft round, in order."""

    WALL = "wall"
    DEFLECTION = "deflection"
    CONTINUOUS = "continuous"
    PROJECTILE = "projectile"
    MINER = "miner"
    WILDCARD = "wildcard"


DRAFT_CATEGORIES: list[str] = [c.value for c in DraftCategory]
CATEGORY_LABEL: dict[str, str] = {
    DraftCategory.WALL: "Wall",
    DraftCategory.DEFLECTION: "Deflection",
    DraftCategory.CONTINUOUS: "Continuous Attack",
    DraftCategory.PROJECTILE: "Projectile Attack",
    DraftCategory.MINER: "Miner",
    DraftCategory.WILDCARD: "Wildcard",
}


class Stage(StrEnum):
    """The match's top-level state (seed 16.1, without the menu/tutorial screens)."""

    DRAFT = "draft"
    BATTLE = "battle"
    OVER = "over"


class Phase(StrEnum):
    """T2: the thirteen turn phases, in their exact order."""

    ENERGY = "energy"
    SELECTION = "selection"
    REVEAL = "reveal"
    VALIDATION = "validation"
    DEDUCTION = "deduction"
    PLACEMENT = "placement"
    RESOLUTION = "resolution"
    PAYOUTS = "payouts"
    DECAY = "decay"
    DEATH_CHECK = "death_check"
    VICTORY_CHECK = "victory_check"
    CLEANUP = "cleanup"
    ADVANCE = "advance"


PHASE_ORDER: list[str] = [p.value for p in Phase]


class Verdict(StrEnum):
    """VALIDATION's verdict on a revealed card."""

    OK = "ok"  # affordable and placeable: it takes effect
    UNAFFORDABLE = "unaffordable"  # EC5/ECR-7: no effect, costs nothing, stays in hand
    WASTED_WALL = "wasted_wall"  # W3/EC3: energy spent, no effect
    WASTED_MINER = "wasted_miner"  # M3/EC4: energy spent, no effect


class EndReason(StrEnum):
    BASE_DESTROYED = "base_destroyed"
    DOUBLE_KO = "double_ko"
    EXHAUSTION = "exhaustion"


# The members read on every move, as plain strings. In Python 3.11 reading a member off its
# enum class costs about 0.1 µs, fifteen times a module global, and a match reads several
# hundred; a StrEnum member equals its value, so either compares alike with what a state holds.
STAGE_DRAFT: str = Stage.DRAFT.value
STAGE_BATTLE: str = Stage.BATTLE.value
STAGE_OVER: str = Stage.OVER.value
PHASE_ENERGY: str = Phase.ENERGY.value
VERDICT_OK: str = Verdict.OK.value
VERDICT_UNAFFORDABLE: str = Verdict.UNAFFORDABLE.value
VERDICT_WASTED_WALL: str = Verdict.WASTED_WALL.value
VERDICT_WASTED_MINER: str = Verdict.WASTED_MINER.value
WALL: str = Subtype.WALL.value
DEFLECTION: str = Subtype.DEFLECTION.value
PROJECTILE: str = Subtype.PROJECTILE.value
DEFLECTION_MINER: str = Subtype.DEFLECTION_MINER.value

# V2: one of these is shown on a double loss (chosen with the seeded generator).
ANTI_WAR_MESSAGES: list[str] = [
    "In war, there are no winners\u2014only survivors. You didn't survive.",
    "An eye for an eye makes the whole world blind.",
    "The greatest victory is the battle not fought. You both failed.",
    "War does not determine who is right\u2014only who is left. Neither of you.",
    "Every war is a defeat for humanity. Today, humanity lost twice.",
]
