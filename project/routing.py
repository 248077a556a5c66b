from django.urls import path

from games.live.arena_socket import ArenaConsumer
from games.live.consumers import LobbyConsumer, MatchConsumer
from games.live.echo import EchoConsumer
from games.live.personal import PersonalConsumer

websocket_urlpatterns = [
    path("ws/m/<str:code>/", MatchConsumer.as_asgi()),
    path("ws/lobby/<slug:game>/", LobbyConsumer.as_asgi()),
    path("ws/arena/<int:arena_id>/", ArenaConsumer.as_asgi()),
    path("ws/arena/<int:arena_id>/from/<str:code>/", ArenaConsumer.as_asgi()),
    path("ws/me/", PersonalConsumer.as_asgi()),
    path("ws/echo/", EchoConsumer.as_asgi()),
    path("ws/echo/<slug:pair>/", EchoConsumer.as_asgi()),
]
