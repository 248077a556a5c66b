"""Ratings per game for signed-up players, updated inside the transaction that finishes a
rated match.

The maths is OpenSkill's Plackett-Luce model (the ``openskill`` package): it is maintained,
typed, rates a single result at once (Glicko-2 assumes rating periods that batch many games)
and treats a draw as a draw. Its numbers are put on the familiar 1500 scale: a new player
starts at 1500 with a deviation of 500, and the deviation shrinks as results come in. A
player is provisional (shown with a "?" and left off leaderboards) for the first
``PROVISIONAL_GAMES`` rated games.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from openskill.models import PlackettLuce

from games.models import Match, Rating, RatingChange, RatingPace

from .rating_guard import gain_left, too_short_to_rate

START_MU = 1500.0
START_SIGMA = 500.0
PROVISIONAL_GAMES = 10
# beta: the rating gap at which the stronger player wins about 76% of the time (half the
# starting deviation, as OpenSkill's defaults); tau keeps deviations from collapsing to zero
# so a player's rating can still move after hundreds of games.
MODEL = PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=START_SIGMA / 2, tau=START_SIGMA / 100)


@dataclass(frozen=True)
class Shown:
    """A rating as a player reads it."""

    mu: float
    sigma: float
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def __str__(self) -> str:
        return f"{round(self.mu)}{'?' if self.provisional else ''}"


def shown(rating: Rating | None) -> Shown:
    if rating is None:
        return Shown(START_MU, START_SIGMA, 0)
    return Shown(rating.mu, rating.sigma, rating.games)


def rating_of(user_id: int, game: str, pace: str = RatingPace.LIVE) -> Shown:
    return shown(Rating.objects.filter(user_id=user_id, game=game, pace=pace).first())


def pace_of(match: Match) -> str:
    """The rating a match counts for: correspondence and live results rate separately."""
    return RatingPace.CORRESPONDENCE if match.correspondence else RatingPace.LIVE


def is_rateable(match: Match) -> bool:
    """Rated, online, and both seats held by accounts (bots and guests are never rated)."""
    if not match.rated or match.mode != Match.Mode.ONLINE:
        return False
    seats = list(match.seats.all())
    return len(seats) == 2 and all(s.user_id is not None and not s.is_bot for s in seats)


def record_result(match: Match) -> list[RatingChange]:
    """Move both players' ratings for a finished rated match. Call inside the transaction
    that finishes the match, with the match row locked: the unique (match, user) pair on
    RatingChange refuses a second update of the same match even if that lock were missing.
    Aborted matches never get here (they do not finish)."""
    if not is_rateable(match) or not match.outcome:
        return []
    if too_short_to_rate(match):
        match.outcome = {**match.outcome, "unrated": too_short_message()}
        return []
    seats = sorted(match.seats.all(), key=lambda s: s.index)
    pace = pace_of(match)
    ratings = []
    for seat in seats:
        row, _ = Rating.objects.select_for_update().get_or_create(
            user_id=seat.user_id,
            game=match.game,
            pace=pace,
            defaults={"mu": START_MU, "sigma": START_SIGMA},
        )
        ratings.append(row)
    winner = match.outcome.get("winner")
    decisive = winner in (0, 1)  # a draw or a double loss moves both like a draw
    ranks = [1 if seat.index == winner else 2 for seat in seats] if decisive else [1, 1]
    teams = [[MODEL.create_rating([r.mu, r.sigma])] for r in ratings]
    new_teams = MODEL.rate(teams, ranks=ranks)
    changes = []
    for seat, row, [new] in zip(seats, ratings, new_teams, strict=True):
        before = row.mu
        opponent = seats[1 - seat.index].user_id
        # A second account losing on purpose hands over at most the day's allowance.
        change = new.mu - before
        if change > 0:
            change = min(change, gain_left(seat.user_id, opponent, match.game))
        row.mu, row.sigma = before + change, new.sigma
        row.games += 1
        if not decisive:
            row.draws += 1
        elif winner == seat.index:
            row.wins += 1
        else:
            row.losses += 1
        row.save()
        changes.append(
            RatingChange.objects.create(
                match=match,
                user_id=seat.user_id,
                game=match.game,
                pace=pace,
                mu_before=before,
                mu_after=row.mu,
                sigma_after=row.sigma,
            )
        )
    return changes


def too_short_message() -> str:
    return f"Given up before {settings.RATED_MIN_MOVES} moves: this result moves no rating."


def provisional_players(game: str, limit: int = 50, pace: str = RatingPace.LIVE) -> list[Rating]:
    """The players still provisional in ``game`` (at least one rated game), most games first:
    listed below a leaderboard's line, so a new board is not just empty."""
    return list(
        Rating.objects.filter(game=game, pace=pace, games__gt=0, games__lt=PROVISIONAL_GAMES)
        .select_related("user")
        .order_by("-games", "-mu")[:limit]
    )


def leaderboard(game: str, limit: int = 50, pace: str = RatingPace.LIVE) -> list[Rating]:
    """The top established players: provisional ones are left out, as their rating is
    still mostly the starting guess."""
    return list(
        Rating.objects.filter(game=game, pace=pace, games__gte=PROVISIONAL_GAMES)
        .select_related("user")
        .order_by("-mu")[:limit]
    )
