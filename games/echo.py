"""A bare echo consumer: the floor for load benchmarks.

It goes through the same ASGI stack, origin check and session middleware as the match socket
but does no database work and no rendering, so ``bench/`` can state every live figure as a
ratio to what Channels and daphne themselves cost on this machine.
"""

from django.conf import settings

from .consumers import SocketConsumer


class EchoConsumer(SocketConsumer):
    """Same base as the match socket, so the floor is what the stack costs them both."""

    async def connect(self):
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is not None and len(text_data) <= settings.WS_MAX_FRAME_BYTES:
            await self.send(text_data=text_data)
