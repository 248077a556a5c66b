"""The battle's d6 is exactly ``core.rng(seed, "d6", n).randint(1, 6)`` (CB-QUEUE-02, CBR-5).

dice.roll_d6 repeats what ``random.Random(str)`` and ``randint`` do, without their Python
layers; if a Python version's ``random`` works otherwise, this fails before a battle changes.
"""

import threading

from games.engines.card_battle.dice import roll_d6
from games.engines.core import rng


def test_every_die_is_the_core_generator_named_by_seed_and_number():
    for seed in ("bench:0", "bench:417", "sim:3", "bot-eval:Rush:5", "hs-0a1f", "é:ü", ""):
        for number in range(300):
            expected = rng(seed, "d6", number).randint(1, 6)
            assert roll_d6(f"{seed}:d6:{number}") == expected, (seed, number)


def test_dice_on_other_threads_roll_the_same():
    names = [f"thread-test:d6:{n}" for n in range(200)]
    expected = [rng("thread-test", "d6", n).randint(1, 6) for n in range(200)]
    results: dict[int, list[int]] = {}

    def roll_all(index: int) -> None:
        results[index] = [roll_d6(name) for name in names]

    threads = [threading.Thread(target=roll_all, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[i] == expected for i in range(4))
