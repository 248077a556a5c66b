"""The replay page: steps through a finished match from its action log."""

import re

import pytest

from games.engines import get_engine
from games.matches import services
from games.matches.identity import Player
from games.models import Match

pytestmark = pytest.mark.django_db
ALICE = Player(user_id=None, guest_id="guest-alice", name="alice")


def bot_match_to_the_end(game: str, seed: str) -> Match:
    match = services.create_match(game, ALICE, mode=Match.Mode.BOT, timed=False, seed=seed)
    engine = get_engine(game)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        services.submit(match.pk, ALICE, 0, engine.bot_action(match.state, 0), match.step)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def test_the_replay_of_a_phalanx_match_steps_attack_by_attack_with_an_lp_chart(client):
    match = bot_match_to_the_end("phalanx", "replay-phx")
    html = client.get(f"/m/{match.code}/replay/").content.decode()
    assert "<polyline" in html and "LP" in html, "the LP of both players over the turns"
    step0 = client.get(f"/m/{match.code}/replay/?step=0").content.decode()
    first_attack = int(
        re.search(r'href="\?step=(\d+)">(?:<svg.*?</svg>)?Next attack', step0).group(1)
    )
    at_attack = client.get(f"/m/{match.code}/replay/?step={first_attack}").content.decode()
    assert "attack" in re.search(r'class="replay-pos">([^<]*)<', at_attack).group(1).lower()
    assert match.seed not in html


def test_each_step_shows_the_public_view_of_that_moment(client):
    match = bot_match_to_the_end("elemental-clash", "replay-ec")
    last = match.actions.count()
    assert f"Step {last} / {last}" in client.get(f"/m/{match.code}/replay/").content.decode()
    assert "Step 3 /" in client.get(f"/m/{match.code}/replay/?step=3").content.decode()
    assert client.get(f"/m/{match.code}/replay/?step=abc").status_code == 400


def test_a_match_in_play_has_no_replay_yet(client):
    match = services.create_match("elemental-clash", ALICE, mode=Match.Mode.BOT, timed=False)
    assert client.get(f"/m/{match.code}/replay/").status_code == 403


def test_a_choice_changed_before_locking_in_stays_hidden_in_the_replay(client):
    match = services.create_match(
        "elemental-clash", ALICE, mode=Match.Mode.BOT, timed=False, seed="replay-hidden"
    )
    engine = get_engine("elemental-clash")
    dropped = None
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        selects = [a for a in engine.legal_actions(match.state, 0) if a["type"] == "select"]
        if dropped is None and len(selects) >= 2:
            # Select one card, then change to another before locking in: the first choice
            # is never revealed during the match.
            dropped = engine.action_label(match.state, 0, selects[0])
            services.submit(match.pk, ALICE, 0, selects[0], match.step)
            match.refresh_from_db()
            services.submit(match.pk, ALICE, 0, selects[1], match.step)
            continue
        services.submit(match.pk, ALICE, 0, engine.bot_action(match.state, 0), match.step)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and dropped is not None
    pages = [
        client.get(f"/m/{match.code}/replay/?step={i}").content.decode()
        for i in range(match.actions.count() + 1)
    ]
    labels = [re.search(r'class="replay-pos">([^<]*)<', page).group(1) for page in pages]
    assert any("alice made a hidden choice" in label for label in labels)
    assert not any(dropped in label for label in labels), dropped
    assert not any(label.split("— ")[-1].startswith("alice: Play") for label in labels)
