"""Plays a match against the bot to its end in the live site's database and prints its code:
``python -m tests.browser.finished_match GAME SEED`` with the live site's environment."""

import sys

import django


def main(game: str, seed: str) -> str:
    django.setup()
    from games.engines import get_engine
    from games.matches import services
    from games.matches.identity import Player
    from games.models import Match

    player = Player(user_id=None, guest_id="replay-watcher", name="Watcher")
    match = services.create_match(game, player, mode=Match.Mode.BOT, timed=False, seed=seed)
    engine = get_engine(game)
    for _ in range(5000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        try:
            if 0 in engine.prompts(match.state).waiting:
                move = engine.bot_action(match.state, 0)
                services.submit(match.pk, player, 0, move, match.step)
            else:
                services.drive_bots(match.pk)
        except services.Rejected:
            continue  # the server's own bot driver moved first: read the match again
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED, match.status
    return match.code


if __name__ == "__main__":
    print(main(sys.argv[1], sys.argv[2]))
