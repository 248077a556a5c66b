"""Playing an Ancient fleet at the ShapeShips board, as a person would: choose Ancient, draw
Cores, use a Cube die when it is high, and read Energy as the board writes it."""

import json
import re

from playwright.sync_api import Error as PlaywrightError

from .driver import click_payload, is_over, offered, offered_moves
from .test_board_viewports import wait_for_moves

# What an Ancient player draws, dearest Energy first, then what it does when nothing is drawn.
DRAW = ('"ship":"MER"', '"ship":"NEP"', '"ship":"PLU"', '"ship":"CUB"', '"ship":"SOL"')
OTHERWISE = ("strike", "copy", "hole", "keep", "confirm")
COLOURS = ("red", "green", "blue")


def energy_in(text: str) -> dict[str, int]:
    """``"2 red 0 green 1 blue"`` (as the board writes Energy) as numbers per colour."""
    return {c: int(n) for n, c in re.findall(r"(\d+)\s*(red|green|blue)", text)}


def cost_of(label: str) -> dict[str, int]:
    """A cast button's cost: its first brackets, e.g. "Cast Supernova (3 red)"."""
    spent = energy_in(label.split("(", 1)[1].split(")", 1)[0])
    return {c: spent.get(c, 0) for c in COLOURS}


def choose_ancient(page) -> None:
    species = [p for p, label in offered_moves(page) if label == "Play Ancient"]
    assert species, "the species choice offers Ancient"
    click_payload(page, species[0])


def click_if_offered(page, payload: str) -> bool:
    """Click a move read a moment ago, unless a frame that arrived since (the bot's move,
    or the answer to the last click) took it away; False then, and the caller reads again."""
    try:
        if payload not in offered(page):
            return False
        click_payload(page, payload)
    except (ValueError, PlaywrightError):
        return False
    return True


def ancient_move(page, moves, built: int) -> str | None:
    """One sensible move that is not a cast: draw up to two Cores a turn (or a Cube), use a
    Cube die when it shows 4 or more, aim, then lock in. Returns the move's type, or None
    when the board changed under it."""
    by_type = {json.loads(p)["type"]: p for p, _ in moves}
    if "cube" in by_type:
        use, keep = ([p for p, label in moves if label.startswith(w)] for w in ("Use", "Keep"))
        high = int(re.search(r"\((\d)\)", dict(moves)[use[0]]).group(1)) >= 4
        return "cube" if click_if_offered(page, use[0] if high else keep[0]) else None
    if built < 2:
        for fragment in DRAW:
            draws = [p for p, _ in moves if '"build"' in p and fragment in p]
            if draws:
                return "build" if click_if_offered(page, draws[0]) else None
    payload = next((by_type[k] for k in OTHERWISE if k in by_type), moves[0][0])
    return json.loads(payload)["type"] if click_if_offered(page, payload) else None


def until_solar_powers(page, turn: int = 1, max_moves: int = 300) -> list[tuple[str, str]]:
    """Play on (as ``ancient_move``) until a Solar Power can be cast on ``turn`` or later;
    the moves offered then."""
    built, step = 0, ""
    for _ in range(max_moves):
        moves = wait_for_moves(page, 40)
        assert not is_over(page), "the match ended before any Solar Power was affordable"
        current = page.locator("#match-step").get_attribute("value") or ""
        now = int(re.match(r"turn(\d+)", current).group(1)) if current.startswith("turn") else 0
        if now >= turn and any('"solar"' in p for p, _ in moves):
            return moves
        if current != step:
            step, built = current, 0
        if ancient_move(page, moves, built) == "build":
            built += 1
    raise AssertionError("no Solar Power was offered")


def cast_a_solar_power(page, turn: int = 1) -> None:
    """Play on until a Solar Power can be cast (on ``turn`` or later), then cast the first."""
    for _ in range(20):
        moves = until_solar_powers(page, turn)
        if click_if_offered(page, next(p for p, _ in moves if '"solar"' in p)):
            return
    raise AssertionError("no cast went through")
