"""The clocks of Phalanx, ShapeShips and Gundam through the platform: stored deadlines, the
sweeper applying the rules' default, abandonment after three timeouts in a row, the start
grace, and ECR-13's untimed matches only in hot-seat."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engines import get_engine
from games.management.commands.sweeper import sweep_once
from games.matches import services
from games.matches.replay import verify
from games.models import Match, MatchAction

from .conftest import EC, persona

pytestmark = pytest.mark.django_db

ALICE, BOB = persona("alice"), persona("bob")


def started(game: str, seed: str = "clock") -> Match:
    match = services.create_match(game, ALICE, seed=seed)
    services.join_match(match.pk, BOB)
    return Match.objects.prefetch_related("seats").get(pk=match.pk)


def expire(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))


def test_the_first_step_starts_after_the_grace(settings):
    """The first step's clock starts after CLOCK_START_GRACE_SECONDS, so a draft round's 12 s
    (ECR-13's timers) or a Phalanx deployment's 30 s (PXC-1) are not spent loading the board."""
    settings.CLOCK_START_GRACE_SECONDS = 10
    for game, limit in ((EC, 12), ("phalanx", 30)):
        before = timezone.now()
        match = started(game)
        left = (match.deadline_at - before).total_seconds()
        assert limit + 10 <= left <= limit + 12, (game, left)


def test_PXC_2_the_sweeper_applies_a_phalanx_timeout_and_the_match_goes_on():
    """PXC-1/PXC-2: an overdue Phalanx step is fired by the sweeper: the active seat's default
    move is logged as a timeout entry, the next seat's clock starts, the chain verifies."""
    match = started("phalanx")
    engine = get_engine("phalanx")
    active = engine.prompts(match.state).waiting
    expire(match)
    assert sweep_once() == 1
    match.refresh_from_db()
    entry = match.actions.get()
    assert entry.kind == MatchAction.Kind.TIMEOUT and entry.seat is None
    assert match.state["txlog"][-1]["timeout"] is True
    assert engine.prompts(match.state).waiting != active
    assert match.status == Match.Status.ACTIVE
    assert match.deadline_at > timezone.now() + timedelta(seconds=25)
    assert verify(match) is None


def test_PXC_3_three_timeouts_in_a_row_end_a_phalanx_match_by_abandonment():
    """PXC-3 through the sweeper: the absent seat times out, the present one moves, three
    times; the third timeout ends the match, the present player wins with reason
    ``abandoned``, and the result is on the match row and its verified log."""
    match = started("phalanx", seed="abandon")
    engine = get_engine("phalanx")
    (absent,) = engine.prompts(match.state).waiting
    present_player = ALICE if absent == 1 else BOB
    for n in range(3):
        expire(match)
        assert sweep_once() == 1
        match.refresh_from_db()
        if n < 2:
            assert match.status == Match.Status.ACTIVE
            (seat,) = engine.prompts(match.state).waiting
            assert seat == 1 - absent
            action = engine.legal_actions(match.state, seat)[0]
            services.submit(match.pk, present_player, seat, action, match.step)
            match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winner"] == 1 - absent and match.outcome["reason"] == "abandoned"
    assert match.deadline_at is None
    assert match.actions.filter(kind=MatchAction.Kind.TIMEOUT).count() == 3
    assert verify(match) is None


PREFERRED = ("confirm", "keep", "skip_resource", "end_main", "end_turn", "pass_block", "pass")


def a_move(engine, state, seat) -> dict:
    """A move that moves the game on (locking in, passing, ending a phase) when there is
    one, else the first legal move other than giving up."""
    legal = [a for a in engine.legal_actions(state, seat) if a["type"] not in ("resign", "forfeit")]
    return next((a for kind in PREFERRED for a in legal if a["type"] == kind), legal[0])


@pytest.mark.parametrize(
    "game,rule",
    [("phalanx", "PXC-3"), ("shapeships", "SSX-ABANDON"), ("gundam", "GUN-X-ABANDON")],
)
def test_an_absent_player_loses_by_abandonment_through_the_sweeper(game, rule):
    """PXC-3, SSX-ABANDON, GUN-X-ABANDON: Alice plays every decision she is asked for; Bob
    never moves. Each of his deadlines is fired by the sweeper with the rules' default
    (PXC-2, SSX-TIMER, GUN-X-TIMEOUT) and the match goes on, until his third timeout in a
    row ends it: Alice wins by abandonment, and the log verifies."""
    match = started(game, seed=f"absent-{game}")
    engine = get_engine(game)
    alice_seat = next(s.index for s in match.seats.all() if s.display_name == "alice")
    timeouts = 0
    for _ in range(60):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        waiting = engine.prompts(match.state).waiting
        if alice_seat in waiting:
            move = a_move(engine, match.state, alice_seat)
            services.submit(match.pk, ALICE, alice_seat, move, match.step)
            continue
        assert match.deadline_at is not None, f"{rule}: Bob's step has a clock"
        expire(match)
        assert sweep_once() == 1
        timeouts += 1
    assert match.status == Match.Status.FINISHED, f"{rule}: the match ended"
    assert match.outcome["reason"] == "abandoned"
    assert match.outcome["winner"] == alice_seat
    assert timeouts == 3
    assert match.actions.filter(kind=MatchAction.Kind.TIMEOUT).count() == 3
    assert verify(match) is None


@pytest.mark.parametrize("game", ["shapeships", "gundam"])
def test_the_sweeper_fires_a_timeout_and_the_next_step_gets_its_clock(game):
    """SSX-CLOCK/SSX-TIMER and GUN-X-CLOCK/GUN-X-CHOOSE-DECK: the first step of an online
    match is timed; the sweeper applies its default and the next step has a fresh deadline."""
    match = started(game, seed=f"sweep-{game}")
    step = match.step
    assert match.deadline_at is not None
    expire(match)
    assert sweep_once() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.step != step
    assert match.deadline_at > timezone.now()
    assert match.actions.get().kind == MatchAction.Kind.TIMEOUT
    assert verify(match) is None


def test_an_untimed_match_of_these_games_never_gets_a_deadline():
    """The lobby's "Timed" box, unticked: no clock runs (the rules of these games allow it)."""
    for game in ("phalanx", "shapeships", "gundam"):
        match = services.create_match(game, ALICE, timed=False)
        services.join_match(match.pk, BOB)
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE and match.deadline_at is None


def test_the_status_bar_shows_whose_clock_runs(client):
    """PXC-1 on the page: the seat that must decide carries the running clock (a timer with
    the step's deadline); the other seat's tag has none. Spectators see the same."""
    from games.live.rendering import Viewer, render_fragments

    match = started("phalanx", seed="status-clock")
    (deciding,) = get_engine("phalanx").prompts(match.state).waiting
    names = {s.index: s.display_name for s in match.seats.all()}
    deadline_ms = str(int(match.deadline_at.timestamp() * 1000))
    for viewer in (Viewer(ALICE, 0), Viewer(persona("carol"), None)):
        html = render_fragments(match, viewer)
        bar = html[html.index('id="match-status"') : html.index('<span class="turn">')]
        tags = bar.split('<span class="seat-tag')[1:]
        running = [t for t in tags if "clock-runs" in t]
        assert len(running) == 1 and names[deciding] in running[0]
        assert 'role="timer"' in running[0] and f'data-deadline="{deadline_ms}"' in running[0]
        idle = [t for t in tags if "clock-runs" not in t]
        assert idle and names[1 - deciding] in idle[0] and "data-deadline" not in idle[0]


def test_each_how_to_play_page_states_the_clock_the_engine_runs(client):
    """PXC-1, SSX-CLOCK, GUN-X-CLOCK: the players' rules page gives the same limits as the
    engine (a changed limit must change the page too)."""
    from games.engines.gundam.clock import PHASE_SECONDS
    from games.engines.phalanx.clock import LIMITS as PHALANX
    from games.engines.shapeships.clock import LIMITS as SHAPESHIPS

    for game, seconds in (
        ("phalanx", PHALANX.values()),
        ("shapeships", SHAPESHIPS.values()),
        ("gundam", PHASE_SECONDS.values()),
    ):
        page = client.get(f"/g/{game}/how-to-play/").content.decode()
        assert "The clock" in page and "abandoned the match" in page
        for limit in seconds:
            assert f"{limit} s" in page, (game, limit)


def test_CB_TIME_02_a_card_battle_left_at_the_deck_choice_ends_when_its_time_runs_out(client):
    """A bot match whose player never chose a deck used to stay "in play" for ever and be
    counted in the hall: its deck choice now has the hall's clock, and when it runs out the
    player gets the Balanced deck, the battle resolves and the match is over."""
    match = services.create_match("card-battle", ALICE, mode=Match.Mode.BOT, seed="cb-left")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.deadline_at is not None
    expire(match)
    sweep_once()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.deadline_at is None
    assert match.state["picks"]["0"]["name"] == "Balanced"
    assert match.actions.filter(kind="timeout").count() == 1
    assert verify(match) is None
    page = client.get("/g/card-battle/how-to-play/").content.decode()
    assert "3 minutes" in page and "Balanced" in page, "the players' page says the same"
