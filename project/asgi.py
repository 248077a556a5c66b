"""ASGI entry point: HTTP through Django, websockets through Channels.

Websockets pass the origin check (same scheme, host and port as the socket, or a trusted
origin: games/live/origin.py, so another site cannot open a socket with a visitor's
cookies) and carry the session and user into the consumer scope.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
django_asgi_app = get_asgi_application()

from project.settings import refuse_a_weak_key  # noqa: E402

refuse_a_weak_key()  # before any request is served

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.live.origin import SameOriginValidator  # noqa: E402
from project.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# SIGUSR1 logs what this process's sockets hold (bench/soak.py reads it).
from games.live.diagnostics import install as install_diagnostics  # noqa: E402

install_diagnostics()

# Last, so that everything loaded above is frozen out of the collector's walks.
from games.live.gc_tuning import tune_for_serving  # noqa: E402

tune_for_serving()
