"""Admin inspection: staff only; matches listed, filtered, searched; state, seats and the
hash-chained log on the match page; an action that replays and reports mismatches."""

import pytest

from games.matches import services
from games.models import Match, MatchAction

from .conftest import EC

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_match(alice, bob) -> Match:
    match = services.create_match(EC, alice)
    services.join_match(match.pk, bob)
    match.refresh_from_db()
    from games.engines import get_engine

    action = get_engine(EC).legal_actions(match.state, 0)[0]
    services.submit(match.pk, alice, 0, action, match.step)
    services.resign(match.pk, bob)
    return Match.objects.get(pk=match.pk)


def test_the_admin_is_for_staff_only(client, django_user_model, finished_match):
    django_user_model.objects.create_user("dave", password="not-staff-pw")
    client.login(username="dave", password="not-staff-pw")
    response = client.get("/admin/games/match/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_staff_see_matches_with_players_filters_and_search(admin_client, finished_match):
    html = admin_client.get("/admin/games/match/?status__exact=finished&q=alice").content.decode()
    assert finished_match.code in html and "alice vs bob" in html
    assert "bob resigned" in html
    assert (
        finished_match.code not in admin_client.get("/admin/games/match/?q=nobody").content.decode()
    )


def test_the_match_page_shows_state_seats_and_the_log_with_hashes(admin_client, finished_match):
    html = admin_client.get(f"/admin/games/match/{finished_match.pk}/change/").content.decode()
    entry = finished_match.actions.get(seq=1)
    assert entry.hash_before in html and entry.hash_after in html
    assert "&quot;stage&quot;" in html or '"stage"' in html  # the pretty-printed state
    assert "alice" in html and "bob" in html
    assert finished_match.seed not in html, "even staff pages do not need the seed"


def test_the_replay_action_reports_the_first_mismatch(admin_client, finished_match):
    ok = admin_client.post(
        "/admin/games/match/",
        {"action": "replay_and_verify", "_selected_action": [finished_match.pk]},
        follow=True,
    ).content.decode()
    assert "Verified 1 of 1" in ok
    MatchAction.objects.filter(match=finished_match, seq=1).update(hash_after="a" * 64)
    bad = admin_client.post(
        "/admin/games/match/",
        {"action": "replay_and_verify", "_selected_action": [finished_match.pk]},
        follow=True,
    ).content.decode()
    assert "first broken link: entry 1: hash after differs" in bad


def persona_bob():
    from games.matches.identity import Player

    return Player(user_id=None, guest_id="guest-bob", name="bob")


@pytest.fixture
def staff_playing(admin_user, bob):
    """An Elemental Clash match in play between a staff member and bob, both having
    picked in the first draft round (their picks are hidden from each other)."""
    from games.engines import get_engine
    from games.matches.identity import Player

    staff = Player(user_id=admin_user.pk, guest_id="", name=admin_user.username)
    match = services.create_match(EC, staff, timed=False)
    services.join_match(match.pk, bob)
    match.refresh_from_db()
    engine = get_engine(EC)
    pick = engine.legal_actions(match.state, 1)[0]
    services.submit(match.pk, bob, 1, pick, match.step)
    return Match.objects.get(pk=match.pk), pick["card"]


def test_staff_who_play_a_match_do_not_see_its_hidden_state_in_the_admin(
    admin_client, staff_playing
):
    match, bobs_pick = staff_playing
    html = admin_client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert "hold a seat in this match" in html
    assert bobs_pick not in html, "the opponent's hidden pick"
    assert "&quot;stage&quot;" not in html and '"stage"' not in html, "no state at all"
    entry = match.actions.order_by("seq").last()
    assert entry.hash_after in html, "the log's kinds, seats and hashes stay"


def test_other_staff_see_the_public_view_while_in_play_and_everything_once_over(
    client, django_user_model, staff_playing
):
    match, bobs_pick = staff_playing
    django_user_model.objects.create_user("referee", password="referee-pw", is_staff=True, is_superuser=True)  # fmt: skip
    client.login(username="referee", password="referee-pw")
    url = f"/admin/games/match/{match.pk}/change/"
    html = client.get(url).content.decode()
    assert "hold a seat in this match" not in html
    assert "Show the public view" in html and "&quot;stage&quot;" in html
    assert bobs_pick not in html, "a hidden pick stays hidden while the match is in play"
    assert "(hidden until the match is over)" in html
    services.resign(match.pk, persona_bob())
    html = client.get(url).content.decode()
    assert bobs_pick in html and "Show the full state" in html


@pytest.fixture
def staff_guest_seat(admin_client, bob):
    """A match in play where the staff member holds a seat by the guest identity of their
    session, not by their account (issue 22 finding 8)."""
    from games.engines import get_engine
    from games.matches.identity import Player

    guest_id = admin_client.session.get("guest_id") or "staff-guest"
    session = admin_client.session
    session["guest_id"] = guest_id
    session.save()
    as_guest = Player(user_id=None, guest_id=guest_id, name="StaffAsGuest")
    match = services.create_match(EC, as_guest, timed=False)
    services.join_match(match.pk, bob)
    match.refresh_from_db()
    pick = get_engine(EC).legal_actions(match.state, 1)[0]
    services.submit(match.pk, bob, 1, pick, match.step)
    return Match.objects.get(pk=match.pk), pick["card"]


def test_staff_holding_a_guest_seat_see_no_hidden_state_of_the_live_match(
    admin_client, staff_guest_seat
):
    match, bobs_pick = staff_guest_seat
    html = admin_client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert "hold a seat in this match" in html
    assert bobs_pick not in html, "the opponent's hidden pick"
    assert "&quot;stage&quot;" not in html and '"stage"' not in html


def test_a_live_match_is_read_only_in_the_admin(admin_client, staff_playing):
    match, _ = staff_playing
    html = admin_client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert 'name="_save"' not in html, "no save button on a live match"
    version = match.version
    admin_client.post(f"/admin/games/match/{match.pk}/change/", {"timed": "on"})
    match.refresh_from_db()
    assert match.version == version and match.timed is False


def test_the_match_page_summarises_links_folds_the_state_and_pages_the_log(
    admin_client, finished_match
):
    html = admin_client.get(f"/admin/games/match/{finished_match.pk}/change/").content.decode()
    assert f"Match {finished_match.code}" in html and "bob resigned" in html
    reason = finished_match.outcome["reason"]
    assert f"<strong>Result:</strong> alice won: bob resigned <code>{reason}</code>" in html
    assert f'href="/m/{finished_match.code}/"' in html
    assert f'href="/m/{finished_match.code}/replay/"' in html
    assert "<details class='match-state'>" in html or '<details class="match-state">' in html
    assert "Verify this match" in html and "no clock running" in html


def test_the_log_is_paged(admin_client, finished_match):
    from games.admin import LOG_PAGE

    last = finished_match.actions.order_by("seq").last()
    for seq in range(last.seq + 1, last.seq + LOG_PAGE + 5):
        MatchAction.objects.create(
            match=finished_match, seq=seq, seat=0, kind="action", action={"type": "x"},
            hash_before=f"{seq:064d}", hash_after=f"{seq:064d}",
        )  # fmt: skip
    first = admin_client.get(f"/admin/games/match/{finished_match.pk}/change/").content.decode()
    assert "page 1 of 2" in first and "?log_page=2" in first
    second = admin_client.get(
        f"/admin/games/match/{finished_match.pk}/change/?log_page=2"
    ).content.decode()
    assert f"{last.seq + LOG_PAGE + 4:064d}" in second
    assert f"{last.seq + LOG_PAGE + 4:064d}" not in first


def test_the_verify_button_names_the_first_broken_entry(admin_client, finished_match):
    url = f"/admin/games/match/{finished_match.pk}/verify/"
    ok = admin_client.post(url, follow=True).content.decode()
    assert "the chain holds" in ok
    MatchAction.objects.filter(match=finished_match, seq=2).update(events=[{"type": "forged"}])
    bad = admin_client.post(url, follow=True).content.decode()
    assert "first broken link: entry 2: details differ" in bad


def test_a_finished_match_is_a_record_staff_can_read_but_not_change_or_delete(
    admin_client, finished_match
):
    """Issue 34 item 8: a finished match opened as an editable page with "Rated", Save and
    Delete, and "Delete selected" was offered."""
    url = f"/admin/games/match/{finished_match.pk}/change/"
    page = admin_client.get(url).content.decode()
    assert 'name="_save"' not in page and 'name="rated"' not in page
    assert "/delete/" not in page
    rated_before = finished_match.rated
    assert admin_client.post(url, {"rated": "on"}).status_code == 403
    finished_match.refresh_from_db()
    assert finished_match.rated == rated_before
    delete = f"/admin/games/match/{finished_match.pk}/delete/"
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Match.objects.filter(pk=finished_match.pk).exists()
    listing = admin_client.get("/admin/games/match/").content.decode()
    assert "delete_selected" not in listing and "replay_and_verify" in listing


def test_a_live_match_cannot_be_deleted_from_under_its_sockets(admin_client, alice, bob):
    """Issue 38: deleting a live match with sockets open logged three tracebacks."""
    match = services.create_match(EC, alice)
    services.join_match(match.pk, bob)
    delete = f"/admin/games/match/{match.pk}/delete/"
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Match.objects.filter(pk=match.pk).exists()


def test_the_match_page_carries_no_inline_style(admin_client, finished_match):
    page = admin_client.get(f"/admin/games/match/{finished_match.pk}/change/").content.decode()
    assert "style=" not in page.split("<body", 1)[1].split("</body>", 1)[0]
    assert "css/admin" in page
