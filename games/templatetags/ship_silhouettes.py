"""One silhouette per ShapeShips ship, as data: a new ship needs only an entry here
(tests/engines/shapeships/test_ship_figures.py fails for a ship without one, or with a
shape another ship already has).

Coordinates are in a 40 x 40 box with the nose up (toward the opponent) and the axis at
x = 20. Each entry is a tuple of shapes, each given for the right half and mirrored:
- ``("hull", points)``: sharp outline, right-half points (dx from the axis, y) from nose to
  tail; a point with dx 0 sits on the axis. Humans are drawn with hulls.
- ``("pod", points)``: the same outline with rounded corners. Centaurs' arks and ships.
- ``("oval", dx, y, rx, ry)``: an ellipse, mirrored when dx > 0. Xenites' bodies and legs.
- ``("ring", dx, y, rx, ry)``: a band three units wide, mirrored when dx > 0.
- ``("core", y, r, colour)``: a disc on the axis tinted with an Energy colour: the
  nucleus of an Ancient Core (and the Quantum Mystic's blue), so the three Cores read as
  what they make. The name beside the figure says it in words.
- ``("spiral", turns, r_in, r_out)``: a band three units wide winding out from the centre.
- ``("grid", y, dx, height, cols, rows)``: a panel 2 * dx wide with cols x rows cells cut
  out (the Solar Grid).
- ``("cube", y, size)``: an isometric cube, three faces (top lit, right shaded).
Species set the colour and kinds the frame (games/templatetags/ship_figures.py), so shapes only
need to differ within a species.
"""

from __future__ import annotations

Shape = tuple
SILHOUETTES: dict[str, tuple[Shape, ...]] = {
    # --- Human: angular hulls -----------------------------------------------------------
    "DEF": (("hull", ((0, 8), (11, 12), (11, 24), (0, 33))),),
    "FIG": (("hull", ((0, 4), (4, 20), (12, 30), (4, 28), (0, 32))),),
    "COM": (
        ("hull", ((0, 4), (6, 16), (6, 24), (12, 32), (3, 30), (0, 34))),
        ("oval", 0, 19, 2, 3),
    ),
    "INT": (("hull", ((0, 2), (3, 18), (14, 26), (14, 29), (3, 27), (2, 36), (0, 36))),),
    "ORB": (("ring", 0, 20, 14, 9), ("hull", ((0, 12), (3, 20), (0, 28)))),
    "CAR": (("hull", ((0, 6), (8, 8), (12, 14), (12, 32), (6, 36), (0, 36))),),
    "STA": (("hull", ((0, 2), (5, 10), (5, 26), (11, 34), (11, 38), (0, 36))),),
    "FRI": (("hull", ((0, 2), (4, 10), (10, 16), (10, 22), (4, 24), (6, 34), (0, 32))),),
    "TAC": (("hull", ((0, 2), (6, 12), (6, 18), (15, 24), (15, 28), (6, 28), (6, 36), (0, 38))),),
    "GUA": (("hull", ((0, 3), (14, 8), (14, 22), (8, 32), (0, 38))), ("oval", 0, 18, 4, 6)),
    "SCI": (("oval", 0, 11, 7, 7), ("hull", ((0, 16), (4, 18), (4, 34), (9, 38), (0, 36)))),
    "BAT": (("hull", ((0, 1), (5, 8), (8, 18), (16, 26), (16, 31), (8, 30), (8, 38), (0, 39))),),
    "EAR": (("ring", 0, 22, 15, 10), ("hull", ((0, 2), (4, 10), (4, 36), (0, 38)))),
    "DRE": (("hull", ((0, 1), (7, 6), (9, 14), (18, 20), (18, 26), (10, 28), (12, 38), (0, 36))),),
    "LEV": (
        (
            "hull",
            (
                (0, 0),
                (6, 4),
                (10, 10),
                (19, 14),
                (19, 20),
                (12, 22),
                (19, 28),
                (19, 34),
                (10, 36),
                (8, 40),
                (0, 40),
            ),
        ),
    ),
    # --- Xenite: bodies and limbs -------------------------------------------------------
    "XEN": (("oval", 0, 21, 6, 9), ("oval", 8, 16, 3, 2)),
    "ANT": (("oval", 0, 25, 7, 9), ("oval", 6, 11, 2, 6)),
    "MAN": (("oval", 0, 27, 4, 10), ("oval", 8, 12, 2, 7), ("oval", 0, 12, 4, 4)),
    "EVO": (("oval", 0, 13, 6, 6), ("oval", 0, 27, 8, 8)),
    "OXI": (("pod", ((0, 10), (8, 15), (8, 26), (0, 31))),),
    "AST": (("hull", ((0, 6), (4, 16), (14, 18), (6, 24), (10, 34), (0, 28))),),
    "HEL": (("oval", 0, 23, 5, 12), ("oval", 10, 16, 7, 4)),
    "BUG": (("oval", 0, 22, 10, 12), ("oval", 9, 32, 3, 3), ("oval", 10, 13, 3, 3)),
    "ZEN": (("pod", ((0, 2), (6, 12), (15, 20), (6, 28), (0, 38))),),
    "DSW": (
        ("oval", 0, 20, 5, 5),
        ("oval", 11, 12, 4, 4),
        ("oval", 12, 27, 4, 4),
        ("oval", 0, 33, 4, 4),
    ),
    "AAR": (("oval", 0, 27, 6, 8), ("oval", 11, 22, 4, 6), ("oval", 5, 8, 2, 7)),
    "OXF": (("pod", ((0, 3), (15, 11), (15, 29), (0, 37))), ("ring", 0, 20, 6, 7)),
    "ASF": (("hull", ((0, 2), (6, 14), (18, 16), (8, 24), (12, 38), (0, 30))),),
    "SAC": (("ring", 0, 22, 15, 9), ("oval", 0, 22, 5, 4)),
    "QUE": (("oval", 0, 27, 8, 11), ("oval", 0, 9, 5, 5), ("oval", 12, 19, 7, 3)),
    "CHR": (("ring", 0, 20, 17, 12), ("oval", 0, 20, 5, 5), ("oval", 0, 3, 2, 2)),
    "HVE": (("pod", ((0, 0), (18, 9), (18, 31), (0, 40))), ("ring", 0, 20, 8, 9)),
    # --- Centaur: rounded arks ----------------------------------------------------------
    "FEA": (("pod", ((0, 8), (8, 22), (0, 30))),),
    "ANG": (("pod", ((0, 4), (10, 14), (4, 30), (0, 26))),),
    "EQU": (
        ("hull", ((0, 6), (2, 6), (2, 32), (0, 32))),
        ("hull", ((0, 10), (13, 10), (13, 13), (0, 13))),
        ("oval", 10, 24, 5, 3),
    ),
    "WIS": (("pod", ((0, 4), (14, 18), (10, 30), (0, 22))),),
    "VIG": (("pod", ((0, 6), (6, 14), (14, 16), (6, 22), (8, 34), (0, 28))),),
    "FAM": (("oval", 0, 12, 5, 5), ("oval", 8, 24, 5, 5), ("oval", 0, 32, 4, 4)),
    "LEG": (("pod", ((0, 2), (8, 10), (12, 26), (4, 38), (0, 34))),),
    "TER": (("pod", ((0, 4), (16, 12), (10, 32), (0, 24))),),
    "FUR": (("pod", ((0, 0), (8, 12), (18, 18), (8, 24), (10, 38), (0, 32))),),
    "KNO": (("ring", 0, 20, 17, 10), ("pod", ((0, 8), (5, 20), (0, 32)))),
    "ENT": (("pod", ((0, 2), (16, 20), (0, 38))), ("ring", 0, 20, 5, 5)),
    "RED": (("pod", ((0, 4), (12, 8), (16, 22), (8, 36), (0, 30))),),
    "POW": (("pod", ((0, 0), (10, 8), (18, 24), (10, 32), (12, 40), (0, 36))),),
    "DES": (("pod", ((0, 0), (6, 6), (19, 10), (12, 22), (19, 34), (6, 30), (0, 40))),),
    "DOM": (("ring", 0, 20, 19, 12), ("pod", ((0, 2), (10, 20), (0, 38)))),
    # --- Ancient: cores, crystals, spirals and cubes -------------------------------------
    # Cores: a nucleus in the colour of the Energy they make inside shells; more shells
    # (and moons) for the dearer ones.
    "PLU": (("ring", 0, 20, 12, 12), ("core", 20, 5.5, "green")),
    "MER": (("ring", 0, 20, 12, 12), ("oval", 16.5, 20, 3, 3), ("core", 20, 6, "red")),
    "NEP": (("ring", 0, 20, 18, 18), ("ring", 0, 20, 11, 11), ("core", 20, 6, "blue")),
    "QUA": (("hull", ((0, 4), (12, 20), (0, 36))), ("oval", 16, 20, 2, 2), ("core", 20, 3, "blue")),
    "SPI": (("spiral", 2.25, 2, 18),),
    "SOL": (("grid", 14, 17, 18, 3, 2), ("oval", 0, 7, 3.5, 3.5)),
    "CUB": (("cube", 20, 17),),
}
