"""A bare echo consumer: the floor for load benchmarks.

It goes through the same ASGI stack, origin check and session middleware as the match socket
but does no database work and no rendering, so ``bench/`` can state every live figure as a
ratio to what Channels and daphne themselves cost on this machine.

A move reaches two boards: the mover's, on the socket it came from, and the opponent's, on
another socket, through the channel layer. So the echo does both: it sends the frame back to
its sender, and, when the socket was opened as one of a pair (``/ws/echo/<pair>/``), relays
it through the channel layer to the other socket of the pair. The first is the floor of the
mover's figure, the second the floor of the opponent's.

It exists only when ``ECHO_ENDPOINT`` is set (bench.live sets it): anyone could otherwise use
it to relay frames to any socket that names the same pair.
"""

from django.conf import settings

from games.live.consumers import SocketConsumer


class EchoConsumer(SocketConsumer):
    """Same base as the match socket, so the floor is what the stack costs them both."""

    async def connect(self):
        if not settings.ECHO_ENDPOINT:
            await self.close(code=4404)  # off unless a benchmark started this server
            return
        pair = self.scope["url_route"]["kwargs"].get("pair")
        self.group = f"echo-{pair}" if pair else None
        if self.group is not None:
            await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if getattr(self, "group", None) is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > settings.WS_MAX_FRAME_BYTES:
            return
        await self.send(text_data=text_data)
        if self.group is not None:
            await self.channel_layer.group_send(
                self.group, {"type": "echo.relay", "text": text_data, "sender": self.channel_name}
            )

    async def echo_relay(self, event):
        if event["sender"] != self.channel_name:
            await self.send(text_data=event["text"])
