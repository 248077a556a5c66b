"""A heuristic bot that decides from its own view and its legal actions only.

Draft: the first four rounds are cosmetic (C1), so it keeps to one element where it can;
round 5 prefers the miner that pays most reliably; round 6 takes what complements its deck.
Battle: it scores each legal card against the visible threat (opponent energy, miner, wall,
HP) and selects the best, then locks in. Ties keep hand order, so it is deterministic.
"""

from games.engines.core import IllegalAction

from .constants import POWER, WALL_HP, Subtype

# Round 5: recurring damage first; a repair miner is worth little without walls.
MINER_VALUE = {
    Subtype.PROJECTILE_MINER: 4,
    Subtype.CONTINUOUS_MINER: 3,
    Subtype.DEFLECTION_MINER: 2,
    Subtype.REPAIR_MINER: 1,
}
# Round 6: a second attack wins games; a second miner only matters once the first dies.
WILDCARD_VALUE = {
    Subtype.CONTINUOUS: 5,
    Subtype.PROJECTILE: 4,
    Subtype.WALL: 3,
    Subtype.DEFLECTION: 3,
    Subtype.PROJECTILE_MINER: 2,
    Subtype.CONTINUOUS_MINER: 2,
    Subtype.DEFLECTION_MINER: 1,
    Subtype.REPAIR_MINER: 0,
}
LETHAL = 100.0


def choose(view: dict, legal: list[dict]) -> dict:
    if not legal:
        raise IllegalAction("NOT_PROMPTED", "The bot has nothing to decide now.")
    if view["stage"] == "draft":
        return _draft_pick(view, legal)
    return _battle_move(view, legal)


def _draft_pick(view: dict, legal: list[dict]) -> dict:
    options = {o["id"]: o for o in view["draft"]["options"]}
    drafted = view["me"]["drafted"]
    elements = [c["element"] for c in drafted]
    has_repair = any(c["subtype"] == Subtype.REPAIR_MINER for c in drafted)

    def score(action: dict) -> float:
        o = options[action["card"]]
        flavour = 0.1 * elements.count(o["element"])  # cosmetic tie-break only
        cat = view["draft"]["category"]
        if cat == "miner":
            return MINER_VALUE[o["subtype"]] + flavour
        if cat == "wildcard":
            value = WILDCARD_VALUE[o["subtype"]]
            if has_repair and o["subtype"] == Subtype.WALL:
                value += 3  # more walls for the repair miner to restore
            return value + flavour
        return flavour

    return max(legal, key=score)


def attack_damage(subtype: str, opp: dict) -> int:
    """Base damage a card attack would do now, ignoring a deflection the opponent may play."""
    if subtype == Subtype.PROJECTILE:
        miner = opp["miner"]
        return 0 if miner and miner["subtype"] == Subtype.DEFLECTION_MINER else POWER[subtype]
    wall = opp["wall"]
    return max(0, POWER[subtype] - (wall["hp"] if wall else 0))


def card_score(card: dict, me: dict, opp: dict) -> float:
    st = card["subtype"]
    opp_energy = min(10, opp["energy"])  # what the opponent can spend this turn
    opp_miner = opp["miner"]
    continuous_threat = opp_energy >= 5 or (
        opp_miner is not None
        and opp_miner["subtype"] == Subtype.CONTINUOUS_MINER
        and opp_miner["countdown"] == 1
    )
    projectile_threat = opp_miner is not None and (
        opp_miner["subtype"] == Subtype.PROJECTILE_MINER and opp_miner["countdown"] == 1
    )
    if st in POWER:
        dmg = attack_damage(st, opp)
        if dmg >= opp["hp"]:
            return LETHAL
        bonus = 2.0 if dmg and opp_miner is not None else 0.0  # base damage kills their miner
        return 1.5 * dmg + bonus
    if st == Subtype.WALL:
        return 7.0 if continuous_threat else 2.0
    if st == Subtype.DEFLECTION:
        mine = me["miner"]
        if mine is not None and mine["subtype"] == Subtype.DEFLECTION_MINER:
            return 0.5  # projectiles are already blocked
        return 6.0 if projectile_threat else (2.5 if opp_energy >= 3 else 1.0)
    # Miners: worth most early, when they have time to pay out.
    value = {
        Subtype.PROJECTILE_MINER: 5.0,
        Subtype.CONTINUOUS_MINER: 5.5,
        Subtype.DEFLECTION_MINER: 3.5,
        Subtype.REPAIR_MINER: 3.0 if me["wall"] and me["wall"]["hp"] < WALL_HP else 1.0,
    }[st]
    return value


def _battle_move(view: dict, legal: list[dict]) -> dict:
    me, opp = view["me"], view["opp"]
    hand = {c["id"]: c for c in me["hand"]}
    options = [a for a in legal if a["type"] == "select"]
    lock = next((a for a in legal if a["type"] == "lock"), None)
    current = hand.get(me["selection"]) if me["selection"] else None
    if not options:
        return lock or legal[0]
    best = max(options, key=lambda a: card_score(hand[a["card"]], me, opp))
    # Keep (and lock) the current selection unless another card is strictly better.
    if (
        current is not None
        and lock is not None
        and card_score(current, me, opp) >= card_score(hand[best["card"]], me, opp)
    ):
        return lock
    return best
