"""Colour contrast holds while a board moves (issue 34, item 15): axe-core, run without
reduced motion, finds no serious problem on a Phalanx board caught half-way through the
step-by-step reveal of an attack (which used to fade its text in, so half-way it failed the
contrast). The animations are held at their middle so axe measures that moment."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from .driver import start_mid_match

pytestmark = pytest.mark.browser

# The latest attack's steps as a frame brings them (the part arrives with "is-fresh"), each
# animation then held at its middle.
REPLAY_HALF_WAY = """() => {
    const attack = document.querySelector('.phx-attack');
    attack.classList.remove('is-fresh');
    void attack.offsetWidth;
    attack.classList.add('is-fresh');
    const running = attack.getAnimations({subtree: true});
    running.forEach(a => {
        const t = a.effect.getTiming();
        a.pause();
        a.currentTime = (t.delay || 0) + t.duration / 2;
    });
    return running.length;
}"""


def test_a_phalanx_attack_mid_reveal_keeps_its_contrast(live_site, new_page):
    page = new_page(1366, 768)
    start_mid_match(page, live_site, "phalanx")
    page.wait_for_selector(".phx-attack .phx-step", state="attached", timeout=60_000)
    assert page.evaluate(REPLAY_HALF_WAY) > 0, "the attack's steps are animated"
    result = Axe().run(page, context={"include": [[".phx-attack.is-fresh"]]})
    serious = [
        (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in result.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == [], serious
