"""Choosing the individual ship a strike or a Ship of Equality hits (SSX-COPY, SSG-FS, SSG-CHARGE)."""

import pytest

from games.engines.core import IllegalAction

from .support import E, codes, confirm_waiting, finish_turn, give, play, start


def carriers(state, seat):
    return sorted(
        (s["charges"], s["id"]) for s in state["players"][seat]["fleet"] if s["code"] == "CAR"
    )


def test_SSG_FS_a_guardian_can_destroy_the_empty_carrier_an_earth_ship_needs():
    """SSX-COPY SSG-FS SSG-UPGRADE: the enemy keeps an empty Carrier (an Earth Ship component) and a
    charged one. Targeting "Carrier" asks which copy; the empty one is destroyed and the
    charged one stays (the old rule always hit the most charged)."""
    s = start("human", "human")
    give(s, 0, "GUA", charges=2)
    give(s, 1, "CAR", charges=0)
    give(s, 1, "CAR", charges=6)
    s = confirm_waiting(s)
    (empty_id,) = [i for c, i in carriers(s, 1) if c == 0]
    gua = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": gua, "target": "CAR"})
    legal = E.legal_actions(s, 0)
    copies = [a for a in legal if a["type"] == "copy"]
    assert len(copies) == 2 and {"type": "cancel"} in legal
    assert {"type": "confirm"} not in legal  # the target is not complete yet
    labels = sorted(E.action_label(s, 0, a) for a in copies)
    assert labels == ["Carrier (0 charges left)", "Carrier (6 charges left)"]
    aim = E.view(s, 0)["me"]["aim"]
    assert aim["question"] == "Which enemy Carrier?" and len(aim["choices"]) == 2
    assert "aim" not in E.view(s, 1)["me"]  # the choice is hidden from the other seat
    s = play(s, 0, {"type": "copy", "ship": empty_id})
    assert E.view(s, 0)["me"]["strikes"][0]["target"] == "Carrier (0 charges left)"
    s = play(s, 0, {"type": "confirm"})
    s = confirm_waiting(s)
    assert [c for c, _ in carriers(s, 1)] == [6]


def test_SSG_FS_the_charged_carrier_can_be_chosen_too_and_cancel_goes_back():
    """SSG-FS: Back drops the half-chosen target; choosing the charged copy destroys it."""
    s = start("human", "human")
    give(s, 0, "GUA", charges=2)
    give(s, 1, "CAR", charges=0)
    give(s, 1, "CAR", charges=6)
    s = confirm_waiting(s)
    gua = s["players"][0]["fleet"][0]["id"]
    aimed = play(s, 0, {"type": "strike", "source": gua, "target": "CAR"})
    back = play(aimed, 0, {"type": "cancel"})
    assert E.legal_actions(back, 0) == E.legal_actions(s, 0)
    (full_id,) = [i for c, i in carriers(s, 1) if c == 6]
    with pytest.raises(IllegalAction):
        E.apply(aimed, 0, {"type": "copy", "ship": "SS1-CAR-999"})
    done = play(aimed, 0, {"type": "copy", "ship": full_id}, {"type": "confirm"})
    done = confirm_waiting(done)
    assert [c for c, _ in carriers(done, 1)] == [0]


def test_SSG_FS_alike_copies_need_no_second_choice():
    """SSG-FS: two Fighters (no charges) are alike: the type alone completes the strike."""
    s = start("human", "human")
    give(s, 0, "GUA", charges=2)
    give(s, 1, "FIG", 2)
    s = confirm_waiting(s)
    gua = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": gua, "target": "FIG"})
    assert not any(a["type"] == "copy" for a in E.legal_actions(s, 0))
    s = confirm_waiting(play(s, 0, {"type": "confirm"}))
    assert codes(s, 1) == ["FIG"]


def test_SSG_CHARGE_equality_names_the_enemy_copy_and_your_own():
    """SSX-COPY SSG-CHARGE: a Ship of Equality against differing copies asks for the enemy copy,
    then for your own; both named ships are destroyed."""
    s = start("xenite", "centaur")
    give(s, 0, "ANT", charges=1)
    give(s, 0, "ANT", charges=0)
    give(s, 1, "EQU", charges=2)
    give(s, 1, "ANG", charges=None)
    s = confirm_waiting(s)
    equality = {"type": "charge", "ship": "EQU", "option": "equality", "own": "ANG", "enemy": "ANT"}
    s = play(s, 0, {"type": "confirm"})
    s = play(s, 1, equality)
    # Only one Angel: the own side needs no choice; the Antlions differ.
    aim = E.view(s, 1)["me"]["aim"]
    assert aim["role"] == "enemy" and [c["charges"] for c in aim["choices"]] == [1, 0]
    empty = aim["choices"][1]["ship"]
    s = play(s, 1, {"type": "copy", "ship": empty})
    (declared,) = E.view(s, 1)["me"]["charges"]
    assert declared["enemy"] == "Antlion (0 charges left)"
    s = play(s, 1, {"type": "confirm"})
    s = finish_turn(s)
    left = [x["charges"] for x in s["players"][0]["fleet"] if x["code"] == "ANT"]
    assert left == [1] and codes(s, 1) == ["EQU"]


def test_SSG_CHARGE_the_bot_completes_a_target_that_needs_a_copy():
    """The bot, offered only copies, picks the enemy's most charged one."""
    s = start("human", "human")
    give(s, 0, "GUA", charges=2)
    give(s, 1, "CAR", charges=0)
    give(s, 1, "CAR", charges=6)
    s = confirm_waiting(s)
    gua = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": gua, "target": "CAR"})
    choice = E.bot_action(s, 0)
    (full_id,) = [i for c, i in carriers(s, 1) if c == 6]
    assert choice == {"type": "copy", "ship": full_id}
