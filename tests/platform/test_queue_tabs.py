"""A second tab's "Play now" takes the player's place in the queue; the first tab is told
(issue 38: it went on saying "Looking for an opponent" with no place behind it)."""

import pytest

from .conftest import persona
from .test_pairing import lobby, send, until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_queue(settings):
    settings.QUEUE_TICK_SECONDS = 0.1
    settings.QUEUE_BOT_OFFER_SECONDS = 60


async def test_the_first_tab_hears_that_its_place_moved_to_the_second():
    ada = persona("ada")
    first, second = await lobby(ada), await lobby(ada)
    await send(first, queue="join")
    await until(first, "Looking for an opponent")
    await send(second, queue="join")
    await until(second, "Looking for an opponent")
    moved = await until(first, "queue-moved")
    assert "your place in the queue is there now" in moved
    await first.disconnect()
    await second.disconnect()
