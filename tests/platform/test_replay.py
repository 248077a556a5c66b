"""The replay page: one player for every game over the positions of a finished match,
naming every hidden choice; nothing at all while the match is in play; the record as JSON."""

import json
import re

import pytest
from django.core.management import call_command

from games.engines import get_engine
from games.matches import services
from games.matches.identity import Player
from games.matches.replay import replay_frames
from games.models import Match

pytestmark = pytest.mark.django_db
ALICE = Player(user_id=None, guest_id="guest-alice", name="alice")
GAMES = ["elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"]
AT_THE_END = 10**6  # a position past the last one shows the last (a replay opens at the start)


def bot_match_to_the_end(game: str, seed: str) -> Match:
    match = services.create_match(game, ALICE, mode=Match.Mode.BOT, timed=False, seed=seed)
    engine = get_engine(game)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if 0 in engine.prompts(match.state).waiting:
            services.submit(match.pk, ALICE, 0, engine.bot_action(match.state, 0), match.step)
        else:
            services.drive_bots(match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def label_of(page: str) -> str:
    return re.search(r'id="rp-label">([^<]*)<', page).group(1)


def test_the_replay_of_a_phalanx_match_steps_attack_by_attack_with_an_lp_chart(client):
    match = bot_match_to_the_end("phalanx", "replay-phx")
    html = client.get(f"/m/{match.code}/replay/?at={AT_THE_END}").content.decode()
    assert "<polyline" in html and "LP" in html, "the LP of both players over the turns"
    assert "replay-chart-marker" in html, "the position on show is marked"
    step0 = client.get(f"/m/{match.code}/replay/?at=0").content.decode()
    first_attack = int(re.search(r'data-at="(\d+)">(?:<svg.*?</svg>)?Next attack', step0).group(1))
    at_attack = client.get(f"/m/{match.code}/replay/?at={first_attack}").content.decode()
    assert "attack" in label_of(at_attack).lower()
    assert match.seed not in html


def test_each_position_has_a_url_and_a_fragment_for_in_page_steps(client):
    match = bot_match_to_the_end("elemental-clash", "replay-ec")
    last = match.actions.count()
    full = client.get(f"/m/{match.code}/replay/").content.decode()
    assert f'data-last="{last}"' in full and 'data-at="0"' in full, "a replay opens at the start"
    assert 'id="rp-play"' in full and 'id="rp-seek"' in full and 'aria-label="Turns"' in full
    assert (
        '<span id="rp-at">3</span>' in client.get(f"/m/{match.code}/replay/?at=3").content.decode()
    )
    assert (
        '<span id="rp-at">3</span>'
        in client.get(f"/m/{match.code}/replay/?step=3").content.decode()
    )
    fragment = client.get(f"/m/{match.code}/replay/?at=3", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-frame-at="3"' in fragment and "<html" not in fragment
    assert client.get(f"/m/{match.code}/replay/?at=abc").status_code == 400


def test_a_match_in_play_has_no_replay_and_no_record_and_reveals_nothing(client):
    match = services.create_match("phalanx", ALICE, mode=Match.Mode.BOT, timed=False)
    match.refresh_from_db()
    hidden = set(match.state["players"][1]["hand"]) | set(match.state["players"][0]["drawpile"])
    for url in (f"/m/{match.code}/replay/", f"/m/{match.code}/record.json"):
        response = client.get(url)
        body = response.content.decode()
        assert response.status_code == 403
        assert match.seed not in body and not any(card in body for card in hidden)
        assert "Hidden during play" not in body


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_replay_names_every_hidden_choice_and_charts_health(client, game):
    match = bot_match_to_the_end(game, f"named-{game}")
    frames = replay_frames(match)
    assert not any("made a hidden choice" in f["label"] for f in frames)
    hidden = [f for f in frames if f["hidden"]]
    assert hidden or game == "phalanx", "every game but Phalanx (open moves) has hidden choices"
    engine = get_engine(game)
    state = engine.setup(match.config, match.seed)
    from games.engines.core import step

    for entry, frame in zip(match.actions.order_by("seq"), frames[1:], strict=True):
        if frame["hidden"]:
            assert engine.action_label(state, entry.seat, entry.action) in frame["label"]
        if entry.kind != "resign":
            state, _ = step(engine, state, entry.seat, entry.kind, entry.action)
    html = client.get(f"/m/{match.code}/replay/?at={AT_THE_END}").content.decode()
    assert "Hidden during play" in html and "replay-chart-marker" in html
    # How it ended, in words with names, never the outcome's code ("lp_depleted").
    result = re.search(r'id="replay-result">([^<]*)<', html).group(1)
    assert match.outcome["reason"] not in result, result
    assert re.match(r"(\w+ won|Draw|Both lost)", result), result
    for who in frames[-1]["revealed"]:
        assert who["name"] in html


def test_the_finished_replay_shows_the_drafts_and_a_choice_changed_before_locking_in(client):
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
            # Select one card, then change to another before locking in: hidden during the
            # match, named in the replay once it is over.
            dropped = engine.action_label(match.state, 0, selects[0])
            services.submit(match.pk, ALICE, 0, selects[0], match.step)
            match.refresh_from_db()
            services.submit(match.pk, ALICE, 0, selects[1], match.step)
            continue
        services.submit(match.pk, ALICE, 0, engine.bot_action(match.state, 0), match.step)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and dropped is not None
    labels = [f["label"] for f in replay_frames(match)]
    assert any(label == f"alice (hidden): {dropped}" for label in labels), dropped
    end = client.get(f"/m/{match.code}/replay/?at={AT_THE_END}").content.decode()
    from games.engines.elemental_clash.cards import name

    for seat in (0, 1):
        for card in match.state["players"][seat]["drafted"]:
            assert name(card) in end
    assert end.count("<b>Drafted:</b>") == 2


def test_the_record_downloads_and_verifies_offline(client, tmp_path, capsys):
    match = bot_match_to_the_end("gundam", "record-gd")
    response = client.get(f"/m/{match.code}/record.json")
    assert response.status_code == 200
    assert f'filename="duelhall-{match.code}.json"' in response["Content-Disposition"]
    record = json.loads(response.content)
    assert record["seed"] == match.seed and record["config"] == match.config
    assert len(record["entries"]) == match.actions.count()
    first = match.actions.get(seq=1)
    assert record["entries"][0]["hash_before"] == first.hash_before
    assert record["entries"][0]["action"] == first.action and "step" in record["entries"][0]
    path = tmp_path / "record.json"
    path.write_bytes(response.content)
    call_command("verify_record", str(path))
    assert "entries verified" in capsys.readouterr().out
    page = client.get(f"/m/{match.code}/replay/").content.decode()
    assert f'href="/m/{match.code}/record.json"' in page


def test_card_battle_plays_back_its_battle_through_the_same_player(client):
    match = bot_match_to_the_end("card-battle", "replay-cb")
    log_positions = match.actions.count()
    first = client.get(f"/m/{match.code}/replay/?at=0").content.decode()
    last = int(re.search(r'data-last="(\d+)"', first).group(1))
    assert last > log_positions + 5, "one position per battle event"
    mid = client.get(f"/m/{match.code}/replay/?at={log_positions + 3}").content.decode()
    assert 'data-replay-cb-at="2"' in mid
    assert mid.count('id="replay-controls"') == 1, "one control bar: the player's"
    assert "replay-chart-marker" in mid


def test_the_progress_bar_marks_each_turn_and_the_chart_marks_the_position(client):
    match = bot_match_to_the_end("shapeships", "replay-marks")
    first = client.get(f"/m/{match.code}/replay/?at=0").content.decode()
    last = client.get(f"/m/{match.code}/replay/?at=100000").content.decode()
    turns = re.findall(r'data-turn="(\d+)"(?: selected)?>Turn \1<', first)
    assert len(turns) >= 2 and turns == sorted(turns, key=int)
    assert len(re.findall(r'class="rp-mark\b', first)) == len(turns), "one mark on the bar per turn"
    marker = re.compile(r'class="replay-chart-marker" data-marker-x="([\d.]+)"')
    assert float(marker.search(first).group(1)) < float(marker.search(last).group(1))
    current = re.search(r'data-turn="(\d+)" selected>', last)
    assert current is not None, "the turn on show is the one chosen in the turn menu"


# Card Battle's turns are those of its battle, each event a position of its own after the
# decks (games/pages/replay_page.py), not turns of the log.
@pytest.mark.parametrize("game", [g for g in GAMES if g != "card-battle"])
def test_the_turn_list_ends_with_the_turn_the_match_ended_in(client, game):
    """The move that ends a match may also close its turn (the view then counts the next
    one): the list must not offer a turn in which nothing happened but the end."""
    match = bot_match_to_the_end(game, f"replay-last-turn-{game}")
    frames = replay_frames(match)
    marks = re.findall(
        r'<option value="(\d+)" data-turn="(\d+)"',
        client.get(f"/m/{match.code}/replay/").content.decode(),
    )
    last_turn_starts, last_turn = int(marks[-1][0]), int(marks[-1][1])
    assert last_turn == frames[-2]["turn"], "the end is in the turn of the move before it"
    assert last_turn_starts < len(frames) - 1, "a move was made in the last listed turn"
