"""The serving process's garbage-collector settings (games/live/gc_tuning.py)."""

import gc

from games.live import gc_tuning


def test_the_asgi_application_serves_with_the_tuned_collector():
    import project.asgi  # noqa: F401  (what daphne loads)

    assert gc.get_threshold() == (gc_tuning.YOUNG, gc_tuning.MIDDLE, gc_tuning.OLD)
    assert gc.get_freeze_count() > 0, "the loaded application is frozen out of full walks"
    assert gc.isenabled(), "tuned, never switched off: cycles are still collected"
