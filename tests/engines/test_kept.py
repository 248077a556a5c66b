"""games/engines/core/kept.py: made once per object, told apart by identity, bounded."""

from games.engines.core.kept import KeptByIdentity


def test_the_same_object_is_made_once_and_an_equal_one_is_made_again():
    made = []
    kept = KeptByIdentity(limit=8)
    entry, twin = {"turn": 1}, {"turn": 1}

    def make(source):
        made.append(source)
        return dict(source)

    first = kept.get(entry, make)
    assert kept.get(entry, make) is first
    assert kept.get(twin, make) is not first  # equal, but another object: made again
    assert made == [entry, twin] and made[1] is twin


def test_the_store_empties_itself_at_its_limit():
    kept = KeptByIdentity(limit=2)
    held = [{"n": n} for n in range(3)]  # held, so no id is reused during the test
    calls = []
    for entry in held:
        kept.get(entry, lambda e: calls.append(e) or e["n"])
    assert len(kept._kept) == 1  # the third emptied the store before it was kept
    kept.get(held[0], lambda e: calls.append(e) or e["n"])
    assert len(calls) == 4  # held[0] was dropped, so it is made again
