"""Swiss events: tie-breaks against hand-worked numbers, pairing with no repeat and one bye
a round, and a five-player Card Battle event run through three rounds."""

from datetime import timedelta
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.engines.card_battle.decks import READY_MADE_DECKS
from games.matches import services
from games.matches.identity import Player
from games.matches.swiss import entry, pairing, rounds, table
from games.models import Deck, SwissEvent, SwissPairing

W, D, L = table.WIN, table.DRAW, table.LOSS
A, B, C, DD, E = 1, 2, 3, 4, 5


def test_tie_breaks_match_the_hand_worked_table():
    """Round 1: A beats B, C draws D, E has the bye. Round 2: E beats A, C beats B, D has
    the bye. Round 3: C draws E, A beats D, B has the bye.

    Scores: A 1+0+1 = 2, B 0+0+1 = 1, C ½+1+½ = 2, D ½+1+0 = 1½, E 1+1+½ = 2½.
    Buchholz (opponents' scores; byes add nothing):
      A: B 1 + E 2½ + D 1½ = 5;  B: A 2 + C 2 = 4;  C: D 1½ + B 1 + E 2½ = 5;
      D: C 2 + A 2 = 4;          E: A 2 + C 2 = 4.
    Sonneborn-Berger (beaten opponents' scores, half of drawn ones'):
      A: B 1 + D 1½ = 2½;  B: 0;  C: ½·1½ + 1 + ½·2½ = 3;  D: ½·2 = 1;  E: 2 + ½·2 = 3.
    So E first; A and C tie on score and on Buchholz, and Sonneborn-Berger puts C above A."""
    games = [
        table.Game(A, B, W),
        table.Game(C, DD, D),
        table.Game(E, None, W),
        table.Game(E, A, W),
        table.Game(C, B, W),
        table.Game(DD, None, W),
        table.Game(C, E, D),
        table.Game(A, DD, W),
        table.Game(B, None, W),
    ]
    got = table.standings([A, B, C, DD, E], games)
    half = Fraction(1, 2)
    expected = {
        A: (2, 5, 2 + half),
        B: (1, 4, 0),
        C: (2, 5, 3),
        DD: (1 + half, 4, 1),
        E: (2 + half, 4, 3),
    }
    assert {p: (s.score, s.buchholz, s.sonneborn_berger) for p, s in got.items()} == expected
    order = sorted(got.values(), key=lambda s: (-s.score, -s.buchholz, -s.sonneborn_berger))
    assert [s.player for s in order] == [E, C, A, DD, B]
    assert [table.shown(got[p].score) for p in (A, DD)] == ["2", "1½"]


def test_buchholz_comes_before_sonneborn_berger():
    # 1 and 2 each win once; 1 beat 3 (who then beat 4), 2 beat 4 (who lost again).
    games = [table.Game(1, 3, W), table.Game(2, 4, W), table.Game(3, 4, W), table.Game(1, 2, D)]
    got = table.standings([1, 2, 3, 4], games)
    assert got[1].score == got[2].score and got[1].buchholz > got[2].buchholz


def test_pairing_never_repeats_and_moves_the_bye_up_when_it_must():
    met = {frozenset((1, 2)), frozenset((3, 4))}
    pairs, bye = pairing.round_pairs([1, 2, 3, 4, 5], met, had_bye={5})
    assert bye == 4 and all(frozenset(p) not in met for p in pairs)
    # 1 has met 2: the backtracking finds 1-3, 2-4.
    assert pairing.pair([1, 2, 3, 4], {frozenset((1, 2)), frozenset((3, 4))}) == [(1, 3), (2, 4)]


@pytest.mark.django_db
def test_five_card_battle_players_three_rounds_one_bye_each_round_no_repeat():
    event = SwissEvent.objects.create(
        game="card-battle",
        name="Friday Swiss",
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=3,
    )
    decks = list(READY_MADE_DECKS.items())
    players = []
    for i in range(5):
        user = get_user_model().objects.create_user(f"swiss{i}", password="x-long-pass-1")
        name, data = decks[i % len(decks)]
        deck = Deck.objects.create(game="card-battle", name=name, user=user, data=dict(data))
        player = Player(user.pk, "", user.username)
        entry.register(event.pk, player, deck.pk)
        players.append((player, deck))
    assert rounds.advance(event.pk) is False, "not before the start"
    SwissEvent.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    for number in (1, 2, 3):
        assert rounds.advance(event.pk) is True
        boards = list(SwissPairing.objects.filter(event=event, round=number))
        assert len(boards) == 3 and sum(b.second_id is None for b in boards) == 1
        # Both decks are set when the match is made, so a Card Battle board is decided at once.
        assert all(b.match is None or b.match.status == "finished" for b in boards)
    assert rounds.advance(event.pk) is False, "three rounds and no more"
    event.refresh_from_db()
    assert rounds.phase(event) == "finished"
    boards = list(SwissPairing.objects.filter(event=event))
    met = [frozenset((b.first_id, b.second_id)) for b in boards if b.second_id is not None]
    assert len(met) == len(set(met)) == 6, "no repeat pairing"
    byes = [b.first_id for b in boards if b.second_id is None]
    assert len(byes) == len(set(byes)) == 3, "nobody had two byes"
    rows = rounds.ranked(event)
    assert sum(s.score for _, s in rows) == 3 * 2 + 3, "two boards and a bye per round"
    # Each match was played with the registered decks, seat 0 the first player's.
    board = next(b for b in boards if b.match is not None)
    assert board.match.config["decks"]["0"]["deck"] == board.first.deck


@pytest.mark.django_db
def test_registration_refuses_guests_others_decks_invalid_decks_and_late_comers():
    event = SwissEvent.objects.create(
        game="card-battle", name="S", starts_at=timezone.now() + timedelta(hours=1), rounds=3
    )
    owner = get_user_model().objects.create_user("owner", password="x-long-pass-1")
    other = get_user_model().objects.create_user("other", password="x-long-pass-1")
    name, data = next(iter(READY_MADE_DECKS.items()))
    deck = Deck.objects.create(game="card-battle", name=name, user=owner, data=dict(data))
    bad = Deck.objects.create(game="card-battle", name="bad", user=owner, data={"cards": []})
    with pytest.raises(services.Rejected, match="Sign up"):
        entry.register(event.pk, Player(None, "g", "g"), deck.pk)
    with pytest.raises(services.Rejected, match="your saved decks"):
        entry.register(event.pk, Player(other.pk, "", "other"), deck.pk)
    with pytest.raises(services.Rejected, match="not valid"):
        entry.register(event.pk, Player(owner.pk, "", "owner"), bad.pk)
    with pytest.raises(services.Rejected, match="saved decks"):
        entry.register(event.pk, Player(owner.pk, "", "owner"), "1; drop")
    first = entry.register(event.pk, Player(owner.pk, "", "owner"), deck.pk)
    again = entry.register(event.pk, Player(owner.pk, "", "owner"), deck.pk)
    assert first.pk == again.pk
    SwissEvent.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    with pytest.raises(services.Rejected, match="closed"):
        entry.register(event.pk, Player(owner.pk, "", "owner"), deck.pk)


@pytest.mark.django_db
def test_event_page_registers_with_a_deck_and_the_sweeper_runs_the_rounds(client):
    from games.management.commands.sweeper import sweep_once

    event = SwissEvent.objects.create(
        game="card-battle",
        name="Swiss <b>night</b>",
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=2,
    )
    decks = list(READY_MADE_DECKS.items())
    for i in range(3):
        user = get_user_model().objects.create_user(f"reg<i>{i}", password="x-long-pass-1")
        name, data = decks[i % len(decks)]
        deck = Deck.objects.create(game="card-battle", name=f"{name} <em>", user=user, data=data)
        client.force_login(user)
        page = client.get(f"/s/{event.pk}/").content.decode()
        assert "<b>night" not in page and "Register" in page
        done = client.post(f"/s/{event.pk}/register/", {"deck": deck.pk}, follow=True)
        assert 'id="swiss-me"' in done.content.decode()
    others_deck = f"{decks[0][0]} &lt;em&gt;"
    assert others_deck not in client.get(f"/s/{event.pk}/live/").content.decode(), (
        "another player's deck is not named before the end"
    )
    refused = client.post(f"/s/{event.pk}/register/", {"deck": "999999"}, follow=True)
    assert "Choose one of your saved decks" in refused.content.decode()
    SwissEvent.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    for _ in range(3):
        sweep_once()
    live = client.get(f"/s/{event.pk}/live/").content.decode()
    assert 'data-phase="finished"' in live
    assert "Buchholz" in live and "Sonneborn–Berger" in live and "bye (scores 1)" in live
    assert "<i>" not in live and "<em>" not in live, "names and deck names are text"
    assert others_deck in live, "every deck is named once the event is over"
    hall = client.get("/").content.decode()
    assert "Swiss <b>" not in hall


@pytest.mark.django_db
def test_a_gundam_board_is_played_live_and_the_page_sends_its_player_to_it(client):
    from games.engines.gundam.cards import STARTER_DECKS

    event = SwissEvent.objects.create(
        game="gundam", name="G", starts_at=timezone.now() + timedelta(hours=1), rounds=1
    )
    users = []
    for i, (name, data) in enumerate(list(STARTER_DECKS.items())[:2]):
        user = get_user_model().objects.create_user(f"pilot{i}", password="x-long-pass-1")
        deck = Deck.objects.create(game="gundam", name=name, user=user, data=data)
        entry.register(event.pk, Player(user.pk, "", user.username), deck.pk)
        users.append(user)
    SwissEvent.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    assert rounds.advance(event.pk)
    board = SwissPairing.objects.get(event=event)
    assert board.match.status == "active"
    client.force_login(users[1])
    live = client.get(f"/s/{event.pk}/live/").content.decode()
    assert f'data-go="/m/{board.match.code}/"' in live
    event.refresh_from_db()
    assert rounds.phase(event) == "running" and rounds.advance(event.pk) is False
    services.resign(board.match.pk, Player(users[1].pk, "", "pilot1"))
    event.refresh_from_db()
    assert rounds.phase(event) == "finished"
    assert [s.score for _, s in rounds.ranked(event)] == [1, 0]
