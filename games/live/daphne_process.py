"""daphne, as `manage.py play` starts it (``python -m games.live.daphne_process ARGS``):
daphne's own command line, and then a shutdown that cannot hang.

On SIGTERM daphne cancels every open socket's consumer and stops its event loop as soon as
they are cancelled. A consumer's disconnect may still be running in a worker thread then
(games/matches/presence.py closes the socket's row there), and its commit hook broadcasts
with ``async_to_sync``, which hands the send to the event loop and waits for it. The loop
never runs again, the thread waits forever, and the interpreter's exit waits for the thread:
the process stayed up until killed (seen in the scale-out tests' teardowns, which waited 15 s
for it, and the same would hold a systemd stop until its timeout).

So after daphne returns, the loop runs on in a daemon thread while the interpreter exits:
what those threads handed to it runs, they finish, and the exit's join of them returns.
"""

import asyncio
import sys
import threading


def run_loop_while_exiting() -> None:
    """Keep daphne's (stopped) event loop running in a daemon thread, which the interpreter
    abandons once every other thread has finished."""
    loop = asyncio.get_event_loop_policy().get_event_loop()
    if loop.is_closed():
        return
    threading.Thread(target=loop.run_forever, name="loop-at-exit", daemon=True).start()


def main(argv: list[str]) -> None:
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(argv)
    run_loop_while_exiting()


if __name__ == "__main__":  # a spawned process imports this module again (bot_decisions.py)
    main(sys.argv[1:])
