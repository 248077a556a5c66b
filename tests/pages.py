"""A match page as a browser keeps it: the first render, then every frame swapped in by id.

Frames (games/live/frames.py) carry the flash, the status bar and the game-over panel whole, and
the board whole or only the parts of it that changed. htmx swaps each top-level element of a
frame into the page by id; this does the same for the board, which is what tests compare.
"""

import re

PART = re.compile(r'<div id="(part-[^"]+)" class="part">.*?</div><!--/part-->', re.S)


def board_of(html: str) -> str:
    """The board element of a full render or a whole-board frame."""
    return html[html.index('<div id="board"') : html.index('<div id="gameover"')].rstrip("\n")


def is_board_frame(frame: str) -> bool:
    """A frame sent for a new version (a presence change sends the status bar alone)."""
    return 'id="match-status"' in frame and 'id="gameover"' in frame


def apply_frame(board: str, frame: str) -> str:
    """The page's board after ``frame``: the frame's whole board, or the old board with each
    part the frame brings replacing the part of the same id."""
    if '<div id="board"' in frame:
        return board_of(frame)
    for part in PART.finditer(frame):
        name, new = part.group(1), part.group(0)
        old = re.compile(rf'<div id="{re.escape(name)}" class="part">.*?</div><!--/part-->', re.S)
        found = old.search(board)
        assert found, f"a frame replaces {name}, which the page lacks"
        board = board[: found.start()] + new + board[found.end() :]
    return board
