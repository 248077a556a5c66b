"""choose_target against the targeting rules read literally (CB-TARGET-*, CBR-6).

choose_target scans the field once and ranks each card without its slot (the scan keeps the
leftmost of equal ranks), and Kill Shot ranks a killable card first instead of filtering. The
reference below does what the rules say step by step: the active cards, for Kill Shot only the
killable ones when there are any, then the smallest (criterion, higher cost, not attacked,
leftmost slot). Both must pick the same slot for every field.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.card_battle import CARD_TYPES, STRATEGIES
from games.engines.card_battle.targeting import choose_target


def rules_target(strategy: str, attack: int, field: list[dict]) -> int | None:
    candidates = [(slot, card) for slot, card in enumerate(field) if card["active"]]
    if not candidates:
        return None
    if strategy == "kill-shot":
        killable = [(slot, card) for slot, card in candidates if card["hp"] <= attack]
        candidates = killable or candidates

    def key(slot_card: tuple[int, dict]) -> tuple[int, ...]:
        slot, card = slot_card
        tiebreak = (-card["cost"], 1 if card["attacked"] else 0, slot)
        if strategy == "target-mana":
            return tiebreak
        if strategy == "kill-shot":
            return (-card["hp"], *tiebreak)
        return (abs(card["hp"] - attack), *tiebreak)

    return min(candidates, key=key)[0]


COSTS = sorted({stats["cost"] for stats in CARD_TYPES.values()})
cards = st.fixed_dictionaries(
    {
        "cost": st.sampled_from(COSTS),
        # Damaged cards too: any HP a card can have on a field, the base values among them.
        "hp": st.one_of(st.sampled_from([15, 25, 45, 60, 75, 90, 120, 150]), st.integers(1, 150)),
        "active": st.booleans(),
        "attacked": st.booleans(),
    }
)
fields = st.lists(cards, max_size=5)
attacks = st.one_of(st.sampled_from([10, 25, 30, 35, 45, 50, 55, 70]), st.integers(1, 80))


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(STRATEGIES)), attacks, fields)
def test_choose_target_picks_what_the_rules_pick(strategy, attack, field):
    assert choose_target(strategy, attack, field) == rules_target(strategy, attack, field)


def test_an_unknown_strategy_is_refused_only_when_there_is_a_target():
    assert choose_target("no-such-strategy", 10, []) is None
    assert choose_target("no-such-strategy", 10, [{"cost": 1, "hp": 15, "active": False}]) is None
    try:
        choose_target("no-such-strategy", 10, [{"cost": 1, "hp": 15, "active": True}])
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown strategy with a target must raise ValueError")
