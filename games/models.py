"""Persistent records of the hall: matches, seats, the append-only action log, saved decks.

Only games/matches/services.py writes Match, Seat and MatchAction rows (see ARCHITECTURE.md),
except a seat's presence columns, which games/matches/presence.py derives from LiveSocket rows.
"""

import secrets

from django.conf import settings
from django.db import models

from games.matches.bounded_json import needs_scrubbing, scrubbed

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes (0/o, 1/l/i)


def new_match_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(7))


def new_seed() -> str:
    return secrets.token_hex(16)


class Match(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "waiting for a player"
        ACTIVE = "active", "in play"
        FINISHED = "finished", "finished"
        ABORTED = "aborted", "aborted"

    class Mode(models.TextChoices):
        ONLINE = "online", "online"
        BOT = "bot", "versus the bot"
        HOTSEAT = "hotseat", "hot-seat"

    code = models.CharField(max_length=12, unique=True, default=new_match_code)
    game = models.CharField(max_length=32, db_index=True)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.ONLINE)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True
    )
    timed = models.BooleanField(default=True)
    # The pace: None is live (the rules' clocks); a number is correspondence, that many days
    # for every decision (games/matches/pace.py), chosen when the challenge is made.
    correspondence_days = models.PositiveSmallIntegerField(null=True, blank=True)
    # Rated matches move both players' ratings when they finish (games/matches/ratings.py);
    # chosen when the challenge is made, only between signed-up players.
    rated = models.BooleanField(default=False)
    config = models.JSONField(default=dict, blank=True)
    # The seed never leaves the server: templates receive engine views only.
    seed = models.CharField(max_length=64, default=new_seed)
    state = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=0)
    step = models.CharField(max_length=120, blank=True, default="")
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    outcome = models.JSONField(null=True, blank=True)
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # A private challenge to one account (a friend's "Challenge"): not in the lobby, and
    # nobody else may take the seat.
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The client address an online challenge was posted from: open challenges are limited
    # per address as well as per player (services.create_match). Never shown to players.
    creator_address = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.game} {self.code} ({self.status})"

    @property
    def correspondence(self) -> bool:
        return self.correspondence_days is not None

    @property
    def group_name(self) -> str:
        return f"match-{self.pk}"

    def seat_at(self, index: int) -> "Seat | None":
        return next((s for s in self.seats.all() if s.index == index), None)


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    guest_id = models.CharField(max_length=40, blank=True, default="", db_index=True)
    bot_level = models.PositiveSmallIntegerField(null=True, blank=True)
    display_name = models.CharField(max_length=40)
    # Open websocket count, updated with F() so concurrent workers never lose an update.
    connections = models.IntegerField(default=0)
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_person_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.display_name} (seat {self.index})"

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def online(self) -> bool:
        return self.is_bot or self.connections > 0


class MatchAction(models.Model):
    """One entry of the append-only log. ``seat`` is None for system entries (timeouts)."""

    class Kind(models.TextChoices):
        ACTION = "action", "action"
        TIMEOUT = "timeout", "timeout"
        RESIGN = "resign", "resign"
        # The player left behind ends a match the other abandoned: the win or a draw.
        CLAIM = "claim", "claim"
        # A correspondence step's days ran out: the seat that did not decide loses (or, when
        # neither did, the match is drawn). Logged without changing the state, like a claim.
        EXPIRED = "expired", "out of correspondence time"

    # Entries that end the match without an engine step: the state stays as it was.
    ENDS_WITHOUT_A_MOVE = (Kind.RESIGN, Kind.CLAIM, Kind.EXPIRED)

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.ACTION)
    action = models.JSONField(null=True, blank=True)
    events = models.JSONField(default=list, blank=True)
    # The engine's step name (turn and phase) when the entry was made; verification checks
    # it, so an entry moved to another turn is named even where the hashes would agree.
    # Empty for entries logged before it was recorded.
    step = models.CharField(max_length=120, blank=True, default="")
    hash_before = models.CharField(max_length=64)
    hash_after = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        # The unique (match, seq) pair is the last line of defence against a step being
        # applied twice: a second writer with the same seq fails instead of forking the log.
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="one_entry_per_seq")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind} seat={self.seat}"


class Deck(models.Model):
    """A saved deck; ``data`` is validated by the game's engine before saving."""

    game = models.CharField(max_length=32, db_index=True)
    name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest_id = models.CharField(max_length=40, blank=True, default="", db_index=True)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "name"]

    def __str__(self) -> str:
        return f"{self.game}: {self.name}"

    @classmethod
    def from_db(cls, db, field_names, values):
        """Decks saved before input checks could hold lone surrogates, which no page or
        frame can encode; read, they are shown with U+FFFD instead of failing every page
        (and every match) that shows the deck. New decks are refused (games/pages/decks.py)."""
        deck = super().from_db(db, field_names, values)
        for field in ("name", "data"):
            value = deck.__dict__.get(field)
            if value is not None and needs_scrubbing(value):
                deck.__dict__[field] = scrubbed(value)
        return deck


class Heartbeat(models.Model):
    """When a background loop (the timer sweeper) last ran. A long gap means every sweeper
    was down, and deadlines that fell due meanwhile get a fresh timer instead of firing."""

    name = models.CharField(max_length=40, unique=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%H:%M:%S}"


class LoginFailure(models.Model):
    """One failed sign-in, counted against an account ("user:<name>") and against a client
    address ("addr:<ip>") by games/pages/login_throttle.py. Rows older than the window are
    deleted as new ones are written."""

    key = models.CharField(max_length=200, db_index=True)
    at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key} at {self.at:%H:%M:%S}"


class RatingPace(models.TextChoices):
    """Live and correspondence results rate separately: a player strong at a minute a move
    need not be at three days a move, and the other way round."""

    LIVE = "live", "live"
    CORRESPONDENCE = "correspondence", "correspondence"


class Rating(models.Model):
    """A signed-up player's rating in one game at one pace (OpenSkill's mu and sigma, on a
    1500 scale)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.CharField(max_length=32, db_index=True)
    pace = models.CharField(max_length=16, choices=RatingPace.choices, default=RatingPace.LIVE)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-mu"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "pace"], name="one_rating_per_game_and_pace"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game} ({self.pace}) {self.mu:.0f}±{self.sigma:.0f}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating: the history a player page charts."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.CharField(max_length=32)
    pace = models.CharField(max_length=16, choices=RatingPace.choices, default=RatingPace.LIVE)
    mu_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_change_per_match_player")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.mu_before:.0f}→{self.mu_after:.0f} ({self.match.code})"


class PairingLane(models.Model):
    """One row per game and option set that "Play now" pairs within. Pairing locks this row,
    so two workers pairing the same lane take turns and nobody is paired twice."""

    game = models.CharField(max_length=32)
    key = models.CharField(max_length=200)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="one_lane_per_key")]

    def __str__(self) -> str:
        return f"{self.game} [{self.key}]"


class QueueEntry(models.Model):
    """A player waiting in "Play now". ``match`` is set, once, when they are paired."""

    lane = models.ForeignKey(PairingLane, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest_id = models.CharField(max_length=40, blank=True, default="")
    display_name = models.CharField(max_length=40)
    rating = models.FloatField(default=1500.0)
    channel_name = models.CharField(max_length=200)
    # The client address the player queued from: the rated lane never pairs two accounts
    # playing from one address (games/matches/pairing.py).
    address = models.CharField(max_length=64, blank=True, default="")
    joined_at = models.DateTimeField()
    seen_at = models.DateTimeField()
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE)

    class Meta:
        ordering = ["joined_at", "pk"]

    def __str__(self) -> str:
        return f"{self.display_name} in {self.lane}"


class LiveSocket(models.Model):
    """One open websocket (match page, lobby, or any page of a signed-in player). Presence is derived from these rows, never
    counted: a socket that dies without saying goodbye stops being heartbeated by its process
    and its row expires (games/matches/presence.py), so a seat can not stay "online" for good."""

    class Kind(models.TextChoices):
        MATCH = "match", "match page"
        LOBBY = "lobby", "lobby page"
        # Any page of a signed-in player: friends' challenges arrive there as a toast.
        PERSONAL = "personal", "any page"

    channel_name = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.CASCADE, related_name="sockets"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # Who holds it: the session (logout closes its sockets; a cap per session), the address
    # (a cap per IP) and the player (a challenge lives while its creator has a page open).
    session_key = models.CharField(max_length=40, blank=True, default="", db_index=True)
    ip = models.CharField(max_length=45, blank=True, default="", db_index=True)
    player_key = models.CharField(max_length=64, blank=True, default="", db_index=True)
    opened_at = models.DateTimeField()
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.kind} socket {self.channel_name}"


class MailPreferences(models.Model):
    """What mail a signed-up player wants (games/matches/mail.py); the address is the
    account's own e-mail. Guests get none. A missing row means both kinds are on."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_preferences"
    )
    your_turn = models.BooleanField(default=True)  # a correspondence move waits for you
    reminders = models.BooleanField(default=True)  # less than a day is left for that move

    def __str__(self) -> str:
        return f"mail for {self.user}: turn={self.your_turn} reminders={self.reminders}"


class MailSent(models.Model):
    """One notification claimed for one wait. The unique key is what makes a mail go at
    most once however many sweepers race and however often they restart: the row is
    committed before the mail is handed to the backend (games/matches/mail.py)."""

    class Kind(models.TextChoices):
        YOUR_TURN = "turn", "your turn"
        REMINDER = "reminder", "reminder"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="mails")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    # The engine's step the mail is about: a new wait is a new step.
    step = models.CharField(max_length=120)
    at = models.DateTimeField(db_index=True)
    delivered = models.BooleanField(default=False)  # False: the backend refused it (logged)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match", "user", "kind", "step"], name="one_mail_per_wait"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} mail to {self.user} about {self.match.code}"


class Arena(models.Model):
    """A timed event of one game (games/matches/arenas/): while it runs, every free player
    who has its page open is paired at once; wins, draws and streaks make the table."""

    game = models.CharField(max_length=32, db_index=True)
    name = models.CharField(max_length=80)
    starts_at = models.DateTimeField(db_index=True)
    minutes = models.PositiveSmallIntegerField()
    rated = models.BooleanField(default=False)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    # The next scoring sequence number: each finished pairing takes one, under this row's
    # lock, so a recount replays the results in the order they were scored.
    next_order = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.starts_at:%Y-%m-%d %H:%M})"


class ArenaPlayer(models.Model):
    """One signed-up player's place in an arena. Only games/matches/arenas/ writes it; its
    score is the sum of ``results``, each added once under the arena row's lock."""

    arena = models.ForeignKey(Arena, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    display_name = models.CharField(max_length=40)
    rating = models.FloatField(default=1500.0)
    score = models.IntegerField(default=0)
    streak = models.PositiveSmallIntegerField(default=0)  # wins in a row, now
    results = models.JSONField(default=list, blank=True)  # [{"r": "W"|"D"|"L", "p": points}]
    # The arena match the player is in now; cleared when it is scored. Set only under the
    # arena row's lock, and only from NULL: nobody is in two arena matches at once.
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    last_opponent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # When one of the player's arena sockets last beat; None once one closed. A player
    # unseen for a few seconds is paused: never paired until a page of theirs beats again.
    seen_at = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-score", "-rating", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["arena", "user"], name="one_entry_per_arena_player")
        ]

    def __str__(self) -> str:
        return f"{self.display_name} in {self.arena_id}: {self.score}"


class ArenaPairing(models.Model):
    """One match an arena paired. ``order`` is set, once, when its result is scored."""

    arena = models.ForeignKey(Arena, on_delete=models.CASCADE, related_name="pairings")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="arena_pairing")
    first = models.ForeignKey(ArenaPlayer, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(ArenaPlayer, on_delete=models.CASCADE, related_name="+")
    order = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["arena", "pk"]

    def __str__(self) -> str:
        return f"arena {self.arena_id}: {self.match_id}"


class SwissEvent(models.Model):
    """A Swiss tournament of a deck game (games/matches/swiss/): a fixed number of rounds,
    everyone plays every round with the deck they registered, pairings by score with no
    repeat, a bye scoring a win."""

    game = models.CharField(max_length=32, db_index=True)
    name = models.CharField(max_length=80)
    starts_at = models.DateTimeField(db_index=True)
    rounds = models.PositiveSmallIntegerField()
    cancelled_at = models.DateTimeField(null=True, blank=True)
    # The round being played (0 before the first); moved on only under this row's lock.
    current_round = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.rounds} rounds)"


class SwissEntry(models.Model):
    """A registered player and the deck they play all event: a copy taken when they
    register, so editing the saved deck later changes nothing."""

    event = models.ForeignKey(SwissEvent, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    display_name = models.CharField(max_length=40)
    rating = models.FloatField(default=1500.0)
    deck_name = models.CharField(max_length=60)
    deck = models.JSONField(default=dict)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_swiss_player")
        ]

    def __str__(self) -> str:
        return f"{self.display_name} in {self.event_id}"


class SwissPairing(models.Model):
    """One board of one round; ``second`` is None for a bye (``match`` too)."""

    event = models.ForeignKey(SwissEvent, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    first = models.ForeignKey(SwissEntry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(
        SwissEntry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.CASCADE, related_name="swiss_pairing"
    )

    class Meta:
        ordering = ["event", "round", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round", "first"], name="one_board_per_round_player"
            )
        ]

    def __str__(self) -> str:
        return f"event {self.event_id} round {self.round}"


class ChatLine(models.Model):
    """One line said in a match's chat or a game's lobby room. A match's players' room is
    read by everyone; its spectators' room only by spectators until the match is over, so no
    watcher can pass a player what the rules hide (games/matches/chat.py decides,
    games/live/chat.py routes). A lobby line has no match and names its game."""

    class Room(models.TextChoices):
        PLAYERS = "players", "players"
        SPECTATORS = "spectators", "spectators"
        LOBBY = "lobby", "lobby"

    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.CASCADE, related_name="chat_lines"
    )
    lobby = models.CharField(max_length=32, blank=True, default="", db_index=True)
    room = models.CharField(max_length=10, choices=Room.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    guest_id = models.CharField(max_length=40, blank=True, default="")
    author_name = models.CharField(max_length=40)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [
            models.Index(fields=["user", "created_at"], name="chat_by_user"),
            models.Index(fields=["guest_id", "created_at"], name="chat_by_guest"),
        ]

    def __str__(self) -> str:
        return f"{self.author_name} in {self.room}: {self.text[:40]}"


class Block(models.Model):
    """One account keeping another away: neither sees the other's chat lines, their
    challenges and "Play now" skip each other (games/matches/blocks.py)."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_received"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_per_pair")
        ]

    def __str__(self) -> str:
        return f"{self.blocker} blocks {self.blocked}"


class Report(models.Model):
    """A chat line or a player put on the staff queue (the admin), with what was said around
    it copied in: the context stays readable whatever happens to the lines later."""

    class Status(models.TextChoices):
        OPEN = "open", "open"
        MUTED = "muted", "author muted"
        DISMISSED = "dismissed", "dismissed"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    # Who is reported: an account, or a guest (by id) when the line was a guest's.
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="reports_received",
    )
    reported_guest_id = models.CharField(max_length=40, blank=True, default="")
    reported_name = models.CharField(max_length=40)
    line = models.ForeignKey(ChatLine, null=True, blank=True, on_delete=models.SET_NULL)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL)
    # [{"name", "room", "text", "at", "reported"}], the lines around the reported one.
    context = models.JSONField(default=list, blank=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"report on {self.reported_name} ({self.status})"


class Mute(models.Model):
    """Staff silenced an account (or a guest) until ``until``: their lines go to no one and
    they are told so (games/matches/chat.py checks it on every line)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest_id = models.CharField(max_length=40, blank=True, default="", db_index=True)
    until = models.DateTimeField(db_index=True)
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"mute of {self.user or self.guest_id} until {self.until:%Y-%m-%d %H:%M}"


class Follow(models.Model):
    """One account following another: the follower's friends list shows them, whether they
    are online and what they play, with a "Challenge" button (games/matches/friends.py)."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="one_follow_per_pair")
        ]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class SocialSettings(models.Model):
    """A signed-in player's choices about talking and being challenged; no row means the
    defaults (games/matches/social_settings.py)."""

    class ChallengesFrom(models.TextChoices):
        EVERYONE = "everyone", "everyone"
        FRIENDS = "friends", "players I follow"
        NOBODY = "nobody", "no one"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="social_settings"
    )
    chat_off = models.BooleanField(
        default=False, help_text="Hide match chat entirely: I neither read nor write."
    )
    spectators_room_off = models.BooleanField(
        default=False, help_text="Never show me the spectators' room, nor let me write in it."
    )
    challenges_from = models.CharField(
        max_length=10,
        choices=ChallengesFrom.choices,
        default=ChallengesFrom.EVERYONE,
        help_text="Who may send me a private challenge from their Friends list.",
    )

    def __str__(self) -> str:
        return f"social settings of {self.user}"
