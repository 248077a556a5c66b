from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Daphne's workers wait between a bot's moves on their event loop
        # (games/matches/bot_pacing.py); installed here so every entry point has it.
        from games.live import bot_pacer, sessions
        from games.pages import request_connections

        bot_pacer.install()
        sessions.install()
        request_connections.install()
