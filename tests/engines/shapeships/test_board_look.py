"""How the ShapeShips board reads (issue 18): every ship drawn as its own SVG silhouette,
fleets facing each other, the End of Turn table grouped, charges that name their targets,
and a step header that never repeats itself."""

import html
import re

from games.engines.shapeships.ships import SHIPS
from games.engines.shapeships.tally import grouped_effects
from games.templatetags.ship_figures import shape_paths, ship_figure
from games.templatetags.ship_silhouettes import SILHOUETTES
from tests.engines.boards import render_board

from .support import E, confirm_waiting, give, play, start


def render(state, seat):
    page, _ = render_board(E, state, seat, names=("Alice", "Bob"))
    return html.unescape(page)


def fleet_of(page: str, seat: int) -> str:
    return page.split(f'data-ss-seat="{seat}"')[1].split("</section>")[0]


def test_every_ship_of_the_roster_has_its_own_silhouette():
    assert set(SILHOUETTES) == set(SHIPS), "each ship needs exactly one silhouette entry"
    drawn = {code: tuple(shape_paths(code)) for code in SHIPS}
    by_shape: dict[tuple, list[str]] = {}
    for code, paths in drawn.items():
        assert paths and all(p.startswith("M") for p in paths), code
        by_shape.setdefault(paths, []).append(code)
    assert [codes for codes in by_shape.values() if len(codes) > 1] == []


def test_a_figure_carries_species_kind_count_and_charges():
    one = ship_figure(
        {"code": "CAR", "kind": "basic", "count": 1, "charges": [4], "charges_max": 6}
    )
    assert "ss-sp-human" in one and "ss-k-basic" in one
    assert one.count('class="ss-pip"') == 4 and one.count("ss-pip-spent") == 2
    many = ship_figure({"code": "HVE", "kind": "upgraded", "count": 3, "charges": []}, True)
    assert "ss-sp-xenite" in many and "ss-k-upgraded" in many
    assert ">3</text>" in many, "the count is on the figure"
    assert "rotate(180 20 20)" in many, "an opponent's ship points at the viewer's fleet"
    assert 'aria-hidden="true"' in many, "the caption beside it says it in words"


def test_fleets_face_each_other_with_ships_drawn():
    s = start("human", "xenite")
    give(s, 0, "FIG", 2)
    give(s, 1, "MAN")
    page = render(s, 0)
    # The opponent's fleet first (top), flipped; the viewer's last (bottom), upright.
    assert page.index('data-ss-seat="1"') < page.index('data-ss-seat="0"')
    mine, theirs = fleet_of(page, 0), fleet_of(page, 1)
    assert 'data-ss-ship="FIG"' in mine and "ss-figure ss-sp-human" in mine
    assert "rotate(180" not in mine and "rotate(180" in theirs
    assert "×2" in mine and 'class="ss-hp"' in mine
    spectator = render(s, None)
    assert spectator.index('data-ss-seat="1"') < spectator.index('data-ss-seat="0"')


def test_the_end_of_turn_table_groups_identical_effects():
    s = start("human", "human")
    give(s, 0, "FRI", 6)
    give(s, 1, "DEF")
    s = confirm_waiting(confirm_waiting(s))
    assert s["summary"] is not None
    page = render(s, 0)
    table = page.split("data-ss-summary")[1].split("</table>")[0]
    rows = [r for r in table.split("<tr") if "data-ss-row" in r]
    heals = [r for r in rows if "Frigate" in r and "heal 2" in r]
    assert len(heals) == 1, "six Frigates healing 2 are one row, not six"
    assert re.search(r"heal 2.*×6.*12", heals[0], re.S), heals[0]


def test_grouping_keeps_different_effects_apart():
    effect = {"source_name": "Fighter", "owner": 0, "target": 1, "timing": "auto"}
    rows = grouped_effects(
        [
            effect | {"kind": "damage", "amount": 1, "id": "E1-1"},
            effect | {"kind": "damage", "amount": 1, "id": "E1-2"},
            effect | {"kind": "damage", "amount": 2, "id": "E1-3"},
        ]
    )
    assert [(r["amount"], r["count"], r["total"]) for r in rows] == [(1, 2, 2), (2, 1, 2)]


def test_revealed_charges_say_what_they_hit():
    s = start("human", "centaur")
    give(s, 0, "INT", 2, charges=1)  # one left over, so a response step follows
    give(s, 0, "FIG")
    give(s, 1, "EQU", charges=2)
    give(s, 1, "ANG")
    s = confirm_waiting(s)  # Drawing
    assert s["step"] == "declaration"
    s = play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    equality = {"type": "charge", "ship": "EQU", "option": "equality", "own": "ANG", "enemy": "FIG"}
    s = play(s, 1, equality, {"type": "confirm"})
    assert s["step"] == "response"
    page = render(s, 0)  # Alice, with an Interceptor left, has a response to make
    declared = page.split("data-ss-declared>")[1].split("</p>")[0]
    assert "Interceptor deals 5 to Bob" in declared
    assert "Ship of Equality destroys Bob's Ship of Anger and Alice's Fighter" in declared
    this_turn = re.sub(r"<[^>]+>", "", page.split('class="ss-turn')[1].split("</section>")[0])
    assert "declared Interceptor deals 5 to Bob" in this_turn
    waiting = render(s, 1)  # Bob has nothing left to respond with: told so, in words
    assert "Waiting for the other player" in waiting.split("data-ss-waiting")[1]
    assert "declared Ship of Equality destroys Bob's Ship of Anger" in re.sub(
        r"<[^>]+>", "", waiting
    )


def test_the_step_header_never_repeats_the_phase():
    s = start("human", "human")
    give(s, 0, "FIG")
    while E.outcome(s) is None:
        page = render(s, 0)
        status = page.split('class="ss-status">')[1].split("</p>")[0]
        words = re.sub(r"<[^>]+>", "", status)
        assert not re.search(r"([A-Z][\w ]+?) → \1\b", words), words
        s = confirm_waiting(s)
    words = re.sub(r"<[^>]+>", "", render(s, 0).split('class="ss-status">')[1].split("</p>")[0])
    assert "→" not in words or words.split("→")[0].strip() != words.split("→")[1].strip()


def test_the_copy_question_is_a_prompt_that_takes_focus():
    """SSX-COPY: "which copy?" needs an answer, so the board marks it for focus and view."""
    s = start("human", "human")
    give(s, 0, "GUA", charges=2)
    give(s, 1, "CAR", charges=0)
    give(s, 1, "CAR", charges=6)
    s = confirm_waiting(s)
    gua = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": gua, "target": "CAR"})
    page = render(s, 0)
    aim = page.split("data-ss-aim")[1].split("</div>")[0]
    assert "data-prompt=" in aim and "Which enemy Carrier?" in aim
    bar = page.split('class="ss-actions action-bar"')[1]
    assert "data-ss-aim" in bar, "inside the sticky action bar, so it is on screen"
    assert "data-prompt=" not in render(s, 1)
