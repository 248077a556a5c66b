"""The Ancient fleet on the ShapeShips board (issue 24): Energy by colour in words and icons,
the Solar Powers the Energy left pays for, cast as declarations shown back before Lock in,
the Cube dice and the choice to use one, Quantum Mystic numbers on their ships, pending
Simulacrum copies, and nothing of a seat's casts shown to anyone else before the reveal."""

import html
import re

from games.templatetags.ship_figures import ship_figure
from tests.engines.boards import render_board

from .support import E, confirm_waiting, edited, finish_turn, give, play, start


def render(state, seat):
    page, _ = render_board(E, state, seat, names=("Ada", "Bob"))
    return html.unescape(page)


def words(fragment: str) -> str:
    """The text a fragment reads as, one space between words and none before punctuation."""
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)).strip()
    return re.sub(r" ([,.;:)])", r"\1", text)


def bar(page: str) -> str:
    return page.split('class="ss-actions action-bar"')[1].split("</section>\n</div>")[0]


def declaring(red=0, green=0, blue=0, enemy=("FIG", "DEF")):
    """Ada (Ancient, seat 0) in Declaration with the Energy her Cores make; Bob (Human) has
    an Interceptor with a charge, so the step waits for both."""
    s = start("ancient", "human")
    for code, n in (("MER", red), ("PLU", green), ("NEP", blue)):
        if n:
            give(s, 0, code, n)
    for code in enemy:
        give(s, 1, code)
    give(s, 1, "INT", charges=1)
    s = confirm_waiting(s)
    assert s["step"] == "declaration"
    return s


def test_energy_shows_by_colour_with_a_word_and_an_icon_for_each():
    """SSG-ENERGY: Energy made at Reveal is public: both players and a spectator read it on
    the Ancient's side, each colour named in words beside its own icon."""
    s = declaring(red=2, green=1)
    for viewer in (0, 1, None):
        page = render(s, viewer)
        made = page.split('data-ss-energy="0"')[1].split("</span></span>")[0]
        assert re.search(r"Energy 2 red 1 green 0 blue$", words("Energy" + made.split(">", 1)[1]))
        assert "icon-flame" in made and "icon-leaf" in made and "icon-drop" in made
        assert 'data-ss-energy="1"' not in page, "a Human makes no Energy"


def test_the_solar_powers_the_energy_pays_for_are_offered_with_cost_and_text():
    """SSG-SOLAR, SSR-10: with 3 red and 1 green, Asteroid, Supernova and Life are offered
    with what they cost and do; the rest are folded away with what they lack."""
    s = declaring(red=3, green=1)
    page = render(s, 0)
    solar = page.split("data-ss-solar")[1].split("</section>")[0]
    offered, folded = solar.split('class="ss-powers-off"')
    for code, name, cost, text in (
        ("SAST", "Asteroid", "1 red", "Deal 1."),
        ("SSUP", "Supernova", "3 red", "Deal your die + 3."),
        ("SLIF", "Life", "1 green", "Heal 1."),
    ):
        card = words(offered.split(f'data-ss-power="{code}"')[1].split("</li>")[0])
        assert name in card and cost in card and text in card, card
        assert f"Cast {name} ({cost})" in card
    assert 'data-ss-power="SSTA"' in folded
    star_birth = words(folded.split('data-ss-power="SSTA"')[1].split("</li>")[0])
    assert "Needs 2 more green." in star_birth
    assert "Needs 1 more red and 3 more green." in words(
        folded.split('data-ss-power="SSIP"')[1].split("</li>")[0]
    )
    assert 'data-action="{"power":"SSTA"' not in page, "only what the Energy pays for"


def test_casts_are_listed_with_what_they_spend_before_lock_in():
    """SSR-10: the same power may be cast again while Energy lasts; each cast is listed with
    its cost and a withdraw, the Energy left goes down, and the bar's head says what Lock in
    will send."""
    s = declaring(red=4, green=1)
    s = play(s, 0, {"type": "solar", "power": "SSUP"}, {"type": "solar", "power": "SAST"})
    page = render(s, 0)
    casts = page.split("data-ss-casts")[1].split("</ul>")[0]
    assert words(casts).count("withdraw") == 2
    assert "Supernova spends 3 red" in words(casts) and "Asteroid spends 1 red" in words(casts)
    left = words(page.split("data-ss-energy-left>")[1].split("</p>")[0])
    assert "0 red 1 green 0 blue" in left
    head = words(page.split("data-ss-bar-line>")[1].split("</p>")[0])
    assert "2 Solar Powers (Supernova, Asteroid)" in head
    assert "Energy left 0 red 1 green 0 blue" in head
    assert "Lock in declaration" in bar(page)
    assert 'aria-label="Withdraw Supernova"' in casts


def test_a_siphon_offers_each_x_with_what_it_deals():
    """SSG-SIPHON: X red and X green, X at least 4; the button says what that X deals."""
    s = declaring(red=5, green=5)
    siphon = words(render(s, 0).split('data-ss-power="SSIP"')[1].split("</li>")[0])
    assert "Cast Siphon X=4 (4 red + 4 green): deal and heal 8" in siphon
    assert "Cast Siphon X=5 (5 red + 5 green): deal and heal 11" in siphon


def test_simulacrum_names_its_target_and_a_mystics_number():
    """SSG-SIMULACRUM, SSX-COPY-ARRIVAL: a copy per enemy Basic ship, for its cost in blue;
    a Quantum Mystic's copy needs its number, offered as six numbered buttons whose names
    say the whole cast."""
    s = start("ancient", "ancient")
    give(s, 0, "NEP", 6)
    give(s, 1, "QUA", trigger=2)
    give(s, 1, "PLU")
    s = confirm_waiting(s)
    card = render(s, 0).split('data-ss-power="SSIM"')[1].split("</li>")[0]
    assert "Cast Simulacrum on a Pluto Core (3 blue)" in words(card)
    assert "Copy a Quantum Mystic, its number:" in words(card)
    numbers = re.findall(r'aria-label="(Cast Simulacrum on a Quantum Mystic[^"]*)">(\d)<', card)
    assert [n for _, n in numbers] == ["1", "2", "3", "4", "5", "6"]
    assert numbers[2][0] == "Cast Simulacrum on a Quantum Mystic, number 3 (5 blue)"
    s = play(s, 0, {"type": "solar", "power": "SSIM", "target": "QUA", "trigger": 5})
    casts = words(render(s, 0).split("data-ss-casts")[1].split("</ul>")[0])
    assert "Simulacrum, copying a Quantum Mystic (number 5) spends 5 blue" in casts


def test_a_black_hole_asks_for_its_second_target_as_a_prompt():
    """SSX-BLACK-HOLE: the second target is asked before anything else (it takes focus);
    Back drops the Black Hole."""
    s = declaring(red=4, green=4, blue=4, enemy=("FIG", "DEF"))
    s = play(s, 0, {"type": "solar", "power": "SBLA", "target": "FIG"})
    page = render(s, 0)
    hole = page.split("data-ss-hole")[1].split("</div>\n    </div>")[0]
    assert 'data-prompt="hole-' in hole
    assert "Black Hole destroys a Fighter" in words(hole)
    assert "Black Hole: also destroy a Defender" in words(hole)
    assert "Interceptor" in words(hole) and "Back: drop the Black Hole" in words(hole)
    assert "Lock in" not in words(bar(page)), "a Black Hole being aimed is not complete"


def test_the_opponent_and_spectators_see_only_has_chosen_until_the_reveal():
    """SSR-8: a seat's casts and the Energy they spend are hidden until both lock in; the
    others' boards are the same as before the casts, but for "has chosen". Then the reveal
    names every cast and what it spent, on every board."""
    s = declaring(red=3, green=1)
    give(s, 1, "INT", charges=1)  # a second Interceptor: Bob will have a response to make
    s = play(s, 0, {"type": "solar", "power": "SSUP"}, {"type": "solar", "power": "SLIF"})
    s = play(s, 0, {"type": "confirm"})
    # The same lock-in with nothing composed: what the others may know.
    unchosen = dict(s, commit=[{**s["commit"][0], "data": {}}, s["commit"][1]])
    for viewer in (1, None):
        page = render(s, viewer)
        assert page == render(unchosen, viewer)
        assert "Supernova" not in page and "SSUP" not in page and "Energy left" not in page
        assert "has chosen" in page.split('data-ss-seat="0"')[1].split("</header>")[0]
    s = play(s, 1, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    assert s["step"] == "response"
    for viewer in (0, 1, None):
        page = render(s, viewer)
        turn = words(page.split('class="ss-turn')[1].split("</section>")[0])
        assert re.search(r"Ada made: .*; cast Supernova \(damage \d+\), Life \(heal 1\)", turn)
        assert "spending 3 red 1 green" in turn
        assert "Player 1 casts Supernova" not in page and "Ada casts Supernova" in page
    # Bob, who has a response to make, reads both sides' declarations in his moves bar.
    declared = words(render(s, 1).split("data-ss-declared>")[1].split("</p>")[0])
    assert re.search(r"Ada: Supernova \(damage \d+\), Life \(heal 1\); Bob: Interceptor", declared)


def test_the_cube_die_shows_to_both_and_its_owner_chooses_in_the_bar():
    """SSG-CUBE, SSX-CUBE: each Cube owner's die is shown to both; the owner is asked in the
    moves bar whether to use it; after the choice the dice say which one was used."""
    s = start("ancient", "human")
    give(s, 0, "CUB")
    s = finish_turn(s)
    assert s["dice"]["cube_open"]
    cube = s["dice"]["cube"][0]
    mine = render(s, 0)
    dice = words(mine.split('aria-label="Dice"')[1].split("</div>")[0])
    assert f"Ada's Cube die {cube} (choosing)" in dice
    head = words(mine.split("data-ss-bar-line>")[1].split("</p>")[0])
    assert head == f"Cube die {cube} or the shared die {s['dice']['main']}?"
    moves = words(bar(mine))
    assert f"Use your Cube die ({cube})" in moves
    assert f"Keep the shared die ({s['dice']['main']})" in moves
    theirs = render(s, 1)
    assert f"Ada's Cube die {cube}" in words(theirs) and "Use your Cube" not in theirs
    s = play(s, 0, {"type": "cube", "use": True})
    assert f"Ada's Cube die {cube} used" in words(render(s, 1))


def test_quantum_mystic_numbers_show_on_the_ship_and_are_chosen_by_number():
    """SSG-QUANTUM: a Quantum Mystic's number is drawn on its figure and said beside it;
    drawing one offers its six numbers as buttons named in full."""
    s = edited(start("ancient", "human"), lines=[5, 0])
    give(s, 0, "QUA", trigger=2)
    give(s, 0, "QUA", trigger=5)
    page = render(s, 0)
    ship = page.split('data-ss-ship="QUA"')[1].split("</li>")[0]
    assert "numbers 2, 5" in words(ship)
    drawn = re.findall(r'class="ss-fig-number"><rect x="([\d.]+)"[^>]*/><text[^>]*>(\d)<', ship)
    assert [n for _, n in sorted(drawn, key=lambda d: float(d[0]))] == ["2", "5"], "left to right"
    # What can be added comes first; the rest is folded away below the submission.
    ready, rest = bar(page).split('class="ss-catalogue-rest"')
    assert "Quantum Mystic" in ready and "Neptune Core" in rest and "Neptune Core" not in ready
    row = ready.partition("Quantum Mystic")[2].split("</tr>")[0]
    assert "Draw, number:" in words(row)
    assert 'aria-label="Draw Quantum Mystic (5), number 4">4<' in row


def test_a_pending_simulacrum_copy_shows_on_the_casters_side():
    """SSX-COPY-ARRIVAL: a copy cast this turn is public once revealed, as a ship on its way
    that joins at the start of the next turn."""
    s = start("ancient", "human")
    give(s, 0, "NEP", 3)
    give(s, 1, "FIG")
    give(s, 1, "INT", 2, charges=1)
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "solar", "power": "SSIM", "target": "FIG"}, {"type": "confirm"})
    s = play(s, 1, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    assert s["step"] == "response"
    for viewer in (0, 1, None):
        side = render(s, viewer).split('data-ss-seat="0"')[1].split("</section>")[0]
        copy = side.split('data-ss-copy="FIG"')[1].split("</li>")[0]
        assert "Fighter copy, next turn" in words(copy) and "ss-sp-human" in copy


def test_cores_are_drawn_with_a_nucleus_in_the_colour_of_their_energy():
    """SSG-ENERGY: Mercury makes red, Pluto green, Neptune blue; their figures say so (the
    name beside them says it in words)."""
    for code, colour in (("MER", "red"), ("PLU", "green"), ("NEP", "blue")):
        figure = ship_figure({"code": code, "kind": "basic", "count": 1})
        assert f'class="ss-tint-{colour}"' in figure and "ss-sp-ancient" in figure
        others = {"red", "green", "blue"} - {colour}
        assert not any(f"ss-tint-{c}" in figure for c in others)


def test_the_how_to_play_page_covers_the_ancients():
    """SSG-ANCIENT, SSG-SOLAR: every Ancient ship and Solar Power is named for players."""
    from django.template.loader import render_to_string

    from games.engines.shapeships.ships import SOLAR_LIST, species_ships

    text = words(render_to_string("games/shapeships/how_to_play.html", {}))
    assert "Playing the Ancients" in text and "lost at the end of the turn" in text
    for thing in [*species_ships("ancient"), *SOLAR_LIST]:
        assert thing.name in text, thing.name
