"""games/engines/core/kept.py: made once per object (told apart by identity) or per key,
bounded."""

from games.engines.core.kept import KeptByContent, KeptByIdentity


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


def test_content_kept_is_made_once_per_key_and_shared():
    kept = KeptByContent(limit=8)
    made = []
    first = kept.get(("row", 1, "7H"), lambda: made.append(1) or [{"card": "7H"}])
    again = kept.get(("row", 1, "7H"), lambda: made.append(2) or [{"card": "7H"}])
    other = kept.get(("row", 2, "7H"), lambda: made.append(3) or [{"card": "7H"}])
    assert again is first and other is not first
    assert made == [1, 3]


def test_content_kept_empties_itself_at_its_limit():
    kept = KeptByContent(limit=2)
    made = []
    for key in (("a",), ("b",), ("c",)):
        kept.get(key, lambda k=key: made.append(k) or k)
    assert len(kept._kept) == 1  # the third emptied the store before it was kept
    kept.get(("a",), lambda: made.append("again") or "a")
    assert made == [("a",), ("b",), ("c",), "again"]
