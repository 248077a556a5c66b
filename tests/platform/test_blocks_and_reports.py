"""Blocking keeps two accounts apart (challenges, "Play now", chat lines); reports reach the
staff queue with the lines around them, where staff mute or dismiss."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.matches import blocks, chat, pairing, reports, services
from games.matches.identity import Player
from games.matches.lobby import lobby_context
from games.models import ChatLine, Match, Mute, Report

from .conftest import EC

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(django_user_model):
    def make(name):
        user = django_user_model.objects.create_user(name, password=f"pw-{name}-long-1")
        return user, Player(user_id=user.pk, guest_id="", name=name)

    return {n: make(n) for n in ("ann", "ben", "cat")}


def test_a_blocked_player_can_not_join_the_blockers_challenge_nor_see_it(people):
    (ann, p_ann), (ben, p_ben), (_, p_cat) = people["ann"], people["ben"], people["cat"]
    match = services.create_match(EC, p_ann)
    blocks.block(ann.pk, ben.pk)
    codes = lambda p: [row["code"] for row in lobby_context(EC, p)["open_challenges"]]  # noqa: E731
    assert match.code in codes(p_cat)
    assert match.code not in codes(p_ben)
    with pytest.raises(services.Rejected, match="one of you blocked the other"):
        services.join_match(match.pk, p_ben)
    # Either way round: the blocker can not join the blocked one's challenge either.
    theirs = services.create_match(EC, p_ben)
    assert theirs.code not in codes(p_ann)
    with pytest.raises(services.Rejected, match="one of you blocked the other"):
        services.join_match(theirs.pk, p_ann)
    services.join_match(match.pk, p_cat)  # anyone else still can


def test_play_now_never_pairs_two_players_kept_apart(people):
    (ann, p_ann), (ben, p_ben), (_, p_cat) = people["ann"], people["ben"], people["cat"]
    blocks.block(ben.pk, ann.pk)
    _, paired = pairing.join(EC, p_ann, "chan-ann", {}, True, False)
    assert paired is None
    _, paired = pairing.join(EC, p_ben, "chan-ben", {}, True, False)
    assert paired is None, "ann and ben wait side by side"
    _, paired = pairing.join(EC, p_cat, "chan-cat", {}, True, False)
    assert paired is not None
    match = Match.objects.prefetch_related("seats").get(code=paired.match_code)
    assert {s.user_id for s in match.seats.all()} == {people["ann"][0].pk, people["cat"][0].pk}


def test_stored_lines_of_a_blocked_account_are_not_shown_either_way(people):
    (ann, p_ann), (ben, p_ben), (_, p_cat) = people["ann"], people["ben"], people["cat"]
    match = services.create_match(EC, p_ann)
    services.join_match(match.pk, p_ben)
    chat.say(match.pk, p_ann, "hello ben")
    chat.say(match.pk, p_ben, "hello ann")
    blocks.block(ann.pk, ben.pk)
    texts = lambda p: [x["text"] for x in chat.lines_for(match, p)["players"]]  # noqa: E731
    assert "hello ann" not in texts(p_ann) and "hello ben" in texts(p_ann)
    assert "hello ben" not in texts(p_ben) and "hello ann" in texts(p_ben)
    assert texts(p_cat) == ["hello ben", "hello ann"]


def _conversation(p_ann, p_ben, p_cat):
    match = services.create_match(EC, p_ann)
    services.join_match(match.pk, p_ben)
    for n in range(4):
        ChatLine.objects.create(match=match, room="players", author_name="ann", text=f"a{n}")
    chat.say(match.pk, p_ben, "you are a <b>clown</b>")
    chat.say(match.pk, p_cat, "spectators see this")
    return match, ChatLine.objects.get(text__contains="clown")


def test_the_staff_queue_shows_the_reported_line_in_context_and_mutes(people, admin_client):
    (ann, p_ann), (ben, p_ben), (_, p_cat) = people["ann"], people["ben"], people["cat"]
    match, line = _conversation(p_ann, p_ben, p_cat)
    report = reports.report_line(line, ann.pk)
    assert reports.report_line(line, ann.pk).pk == report.pk, "reported twice is once"
    assert [x["text"] for x in report.context] == [
        "a0",
        "a1",
        "a2",
        "a3",
        "you are a <b>clown</b>",
        "spectators see this",
    ]
    html = admin_client.get(f"/admin/games/report/{report.pk}/change/").content.decode()
    assert "you are a &lt;b&gt;clown&lt;/b&gt;" in html, "hostile words stay text"
    assert 'class="reported-line"' in html and "spectators see this" in html
    assert f"#{match.code}" in html
    listing = admin_client.get("/admin/games/report/?status__exact=open").content.decode()
    assert "ben" in listing
    admin_client.post(
        "/admin/games/report/",
        {"action": "mute_a_day", "_selected_action": [report.pk]},
    )
    report.refresh_from_db()
    assert report.status == Report.Status.MUTED
    mute = Mute.objects.get(user=ben)
    assert timedelta(hours=23) < mute.until - timezone.now() <= timedelta(hours=24)
    with pytest.raises(chat.ChatRefused, match="You are muted until"):
        chat.say(match.pk, p_ben, "anything")


def test_dismissing_a_report_leaves_the_author_free(people, admin_client):
    (ann, p_ann), (_ben, p_ben), (_, p_cat) = people["ann"], people["ben"], people["cat"]
    match, line = _conversation(p_ann, p_ben, p_cat)
    report = reports.report_line(line, ann.pk)
    admin_client.post(
        "/admin/games/report/", {"action": "dismiss", "_selected_action": [report.pk]}
    )
    report.refresh_from_db()
    assert report.status == Report.Status.DISMISSED
    chat.say(match.pk, p_ben, "still here")


def test_staff_playing_the_match_do_not_see_the_spectators_room_in_a_report(
    people, django_user_model, client
):
    (ann, p_ann), (_ben, p_ben), (_, p_cat) = people["ann"], people["ben"], people["cat"]
    ann.is_staff = ann.is_superuser = True
    ann.save()
    match, line = _conversation(p_ann, p_ben, p_cat)
    report = reports.report_line(line, ann.pk)
    client.force_login(ann)
    html = client.get(f"/admin/games/report/{report.pk}/change/").content.decode()
    assert "clown" in html and "spectators see this" not in html


def test_reports_per_person_are_limited(people):
    (ann, p_ann), (ben, p_ben), (_, _p_cat) = people["ann"], people["ben"], people["cat"]
    match = services.create_match(EC, p_ann)
    services.join_match(match.pk, p_ben)
    lines = [
        ChatLine.objects.create(
            match=match, room="players", user=ben, author_name="ben", text=str(n)
        )
        for n in range(reports.REPORTS_PER_HOUR + 1)
    ]
    for line in lines[:-1]:
        reports.report_line(line, ann.pk)
    with pytest.raises(reports.ReportRefused, match="reports this hour"):
        reports.report_line(lines[-1], ann.pk)


def test_a_player_can_not_reach_a_spectators_line_through_the_report_button(people, client):
    (ann, p_ann), (_ben, p_ben), (_, p_cat) = people["ann"], people["ben"], people["cat"]
    match, _ = _conversation(p_ann, p_ben, p_cat)
    spectators_line = ChatLine.objects.get(text="spectators see this")
    client.force_login(ann)
    assert client.post(f"/chat/{spectators_line.pk}/report/").status_code == 404
    assert client.post(f"/chat/{spectators_line.pk}/block/").status_code == 404
    assert not Report.objects.exists()
    services.resign(match.pk, p_ann)  # once over, the room is open to the players
    response = client.post(f"/chat/{spectators_line.pk}/report/")
    assert "staff will read it" in response.content.decode()


def test_blocking_from_a_chat_line_removes_their_lines_from_the_page(people, client):
    (ann, p_ann), (ben, p_ben), _ = people["ann"], people["ben"], people["cat"]
    match = services.create_match(EC, p_ann)
    services.join_match(match.pk, p_ben)
    first = chat.say(match.pk, p_ben, "one")
    second = chat.say(match.pk, p_ben, "two")
    client.force_login(ann)
    html = client.post(f"/chat/{second.pk}/block/").content.decode()
    assert "You blocked ben" in html
    for line in (first, second):
        assert f'<li id="chat-line-{line.pk}" hx-swap-oob="delete"></li>' in html
    assert blocks.between(ann.pk, ben.pk)


def test_guests_can_not_block_or_report(people, client):
    (ann, p_ann), (ben, p_ben), _ = people["ann"], people["ben"], people["cat"]
    match = services.create_match(EC, p_ann)
    services.join_match(match.pk, p_ben)
    line = chat.say(match.pk, p_ben, "hi")
    assert "Sign in to report" in client.post(f"/chat/{line.pk}/report/").content.decode()
    assert "Sign in to block" in client.post(f"/chat/{line.pk}/block/").content.decode()
    assert not Report.objects.exists() and not blocks.between(ann.pk, ben.pk)
