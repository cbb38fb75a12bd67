"""An async client of the server's OpenEnv WebSocket (`/ws`), speaking OpenEnv's EnvClient messages.

Needs the `websockets` package (the optional extra: `pip install websockets`), imported only when a
connection opens; the HTTP client (client.py) stays standard library.

    async with OpenEnvClient("http://127.0.0.1:7576") as env:       # one connection = one session
        result = await env.reset(env="situ-rec", task=0, seed=1, images="none")
        while not result.done:
            result = await env.step(policy(result.observation))
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Dict, Optional

from .messages import Action
from .openenv_messages import (
    OpenEnvError,
    OpenEnvResult,
    close_message,
    parse_result,
    read_reply,
    reset_message,
    state_message,
    step_message,
    ws_url,
)

Connect = Callable[[str], Awaitable[Any]]
"""Opens a connection to a URL: an object with `async send(str)`, `async recv()` and `async close()`."""


async def _websockets_connect(url: str, max_size: int) -> Any:
    try:
        import websockets
    except ImportError:
        raise ImportError(
            "OpenEnvClient needs the `websockets` package (pip install websockets, or Debian's "
            "python3-websockets); the HTTP EnvClient needs nothing"
        ) from None
    return await websockets.connect(url, max_size=max_size)


class OpenEnvClient:
    """One session over OpenEnv's `/ws`: `reset(**spec)`, `step(action)` until `done`, `state()`, `close()`."""

    def __init__(
        self,
        url: str = "http://127.0.0.1:7576",
        token: Optional[str] = None,
        message_timeout: float = 600.0,
        max_message_mb: float = 100.0,
        connect: Optional[Connect] = None,
    ) -> None:
        self.url = ws_url(url, token)
        self.message_timeout = message_timeout
        self._max_size = int(max_message_mb * 1024 * 1024)
        self._connect = connect
        self._ws: Any = None

    async def connect(self) -> "OpenEnvClient":
        if self._ws is None:
            if self._connect is not None:
                self._ws = await self._connect(self.url)
            else:
                self._ws = await _websockets_connect(self.url, self._max_size)
        return self

    async def _ask(self, message: str) -> Dict[str, Any]:
        await self.connect()
        await self._ws.send(message)
        raw = await asyncio.wait_for(self._ws.recv(), timeout=self.message_timeout)
        return read_reply(raw)

    async def reset(self, **spec: Any) -> OpenEnvResult:
        """Starts an episode; `spec` is a session spec (env="situ-rec" or "customersim", task/persona, seed, ...)."""
        return parse_result(await self._ask(reset_message(**spec)))

    async def step(self, action: Action, role: Optional[str] = None) -> OpenEnvResult:
        """Plays the role's action: its output object, or a model's raw reply text."""
        return parse_result(await self._ask(step_message(action, role)))

    async def state(self) -> Dict[str, Any]:
        """The session's state: OpenEnv's episode_id and step_count, with the session's (runId, outcome, ...)."""
        return await self._ask(state_message())

    async def close(self) -> None:
        """Sends `close` (an unfinished episode is stored as failed) and closes the connection; never raises."""
        ws, self._ws = self._ws, None
        if ws is None:
            return
        try:
            await ws.send(close_message())
        except Exception:  # noqa: BLE001 - best effort, as OpenEnv's client
            pass
        try:
            await ws.close()
        except Exception:  # noqa: BLE001
            pass

    async def __aenter__(self) -> "OpenEnvClient":
        return await self.connect()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


__all__ = ["OpenEnvClient", "OpenEnvError", "OpenEnvResult"]
