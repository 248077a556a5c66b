"""Golden digests of seeded random playouts, one per game: every state's hash, both seats'
legal actions, the three views, the prompts and the events of every move, folded into one
SHA-256. The engines keep encoded pieces of their states between moves (Phalanx's game hash,
for one) to go faster; any change in what they compute, however small, changes the digest.
If a rule change alters a digest on purpose, update it in the same change."""

import hashlib
import random

import pytest

from games.engines import get_engine
from games.engines.core import canonical_json, state_hash

GIVING_UP = {"resign", "forfeit", "concede", "surrender"}
MAX_ENTRIES = 5000

# game: (playouts, digest of all of them)
GOLDEN = {
    "phalanx": (6, "4190e71656898c194738bf55cd91774a126262d34447f4e4c2b026ee50de3bb9"),
    "gundam": (6, "e31b278f6360b9b38705a93773ad16e2f56f9c9c6ba804c7a365fbae68296941"),
    "shapeships": (1, "8fa6cde02fe058a1b46e3297987b61b9e25621388d1c99aa8191c25588e82d00"),
}


def playout_digest(slug: str, playouts: int) -> str:
    engine = get_engine(slug)
    digest = hashlib.sha256()

    def fold(value) -> None:
        digest.update(canonical_json(value).encode("utf-8"))
        digest.update(b"\n")

    for i in range(playouts):
        rng = random.Random(f"golden-digest:{slug}:{i}")
        state = engine.setup({}, f"golden-digest:{i}")
        for _ in range(MAX_ENTRIES):
            fold(state_hash(state))
            for viewer in (0, 1, None):
                fold(engine.view(state, viewer))
            outcome = engine.outcome(state)
            if outcome is not None:
                fold(outcome.to_json())
                break
            prompts = engine.prompts(state)
            fold(
                [
                    prompts.step,
                    sorted(prompts.waiting.items()),
                    prompts.time_limit,
                    prompts.simultaneous,
                ]
            )
            legal = {seat: engine.legal_actions(state, seat) for seat in (0, 1)}
            fold(legal[0])
            fold(legal[1])
            if not prompts.waiting:
                state, events = engine.timeout(state)
            else:
                seat = rng.choice(sorted(prompts.waiting))
                playing = [a for a in legal[seat] if a.get("type") not in GIVING_UP]
                state, events = engine.apply(state, seat, rng.choice(playing or legal[seat]))
            fold(events)
        else:
            pytest.fail(f"{slug} playout {i} did not end")
    return digest.hexdigest()


@pytest.mark.parametrize("slug", sorted(GOLDEN))
def test_seeded_playouts_compute_exactly_what_they_did(slug):
    playouts, expected = GOLDEN[slug]
    assert playout_digest(slug, playouts) == expected
