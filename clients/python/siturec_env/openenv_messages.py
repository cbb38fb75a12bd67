"""OpenEnv's WebSocket messages (`/ws`, one connection = one session), built and read as its EnvClient does.

In: `{"type": "reset", "data": {...spec}}`, `{"type": "step", "data": {...action}}`, `{"type": "state"}`,
`{"type": "close"}`. Out: `{"type": ..., "data": {"observation", "reward", "done"}}` after a reset or a
step, `{"type": "state", "data": {...}}`, and `{"type": "error", "data": {"message", "code"}}`. As in
OpenEnv's client, a reply's type is read only to tell an error. Standard library only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, Optional
from urllib.parse import quote

from .messages import Action, Observation


class OpenEnvError(Exception):
    """An error reply (OpenEnv's `WSErrorCode`: VALIDATION_ERROR, CAPACITY_REACHED, ...) or a bad reply."""

    def __init__(self, code: str, message: str, data: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(f"{message} (code: {code})")
        self.code = code
        self.message = message
        self.data = data or {}


@dataclass
class OpenEnvResult:
    """A reset's or a step's reply: OpenEnv's StepResult (observation, reward, done)."""

    observation: Optional[Observation]
    """The next observation; None once the episode has ended (the server then sends only its metadata)."""
    reward: Optional[float]
    """The step's reward; None after a reset."""
    done: bool
    metadata: Dict[str, Any] = field(default_factory=dict)
    """siturec's beside `done`: `terminated`, `truncated`, `error` (set: drop the rollout), `info`."""
    extra: Dict[str, Any] = field(default_factory=dict)
    """Anything else the reply's data carries."""

    @property
    def error(self) -> Optional[str]:
        """Why the episode failed (a model or the world, not the policy's play); None otherwise."""
        return self.metadata.get("error")

    @property
    def info(self) -> Dict[str, Any]:
        return self.metadata.get("info") or {}


def ws_url(base: str, token: Optional[str] = None) -> str:
    """OpenEnv's `convert_to_ws_url` plus `/ws`; the token as `?token=` (any websockets version sends it)."""
    url = base.rstrip("/")
    if url.startswith("http://"):
        url = "ws://" + url[len("http://"):]
    elif url.startswith("https://"):
        url = "wss://" + url[len("https://"):]
    elif not url.startswith(("ws://", "wss://")):
        url = "ws://" + url
    if not url.endswith("/ws"):
        url += "/ws"
    return f"{url}?token={quote(token, safe='')}" if token else url


def reset_message(**spec: Any) -> str:
    """`reset`: the session spec (env, store/task or persona, seed, images, ...) is its data."""
    return json.dumps({"type": "reset", "data": spec})


def step_message(action: Action, role: Optional[str] = None) -> str:
    """`step`: an action object is the data; raw reply text, or an action with its role, goes as {action, role?}."""
    if isinstance(action, str) or role is not None:
        data: Dict[str, Any] = {"action": action}
        if role is not None:
            data["role"] = role
        return json.dumps({"type": "step", "data": data})
    return json.dumps({"type": "step", "data": dict(action)})


def state_message() -> str:
    return json.dumps({"type": "state"})


def close_message() -> str:
    return json.dumps({"type": "close"})


def read_reply(raw: Any) -> Dict[str, Any]:
    """A reply frame's data; raises OpenEnvError for an error reply or a malformed frame."""
    try:
        reply = json.loads(raw)
    except (TypeError, ValueError):
        raise OpenEnvError("INVALID_REPLY", "the server's reply is not valid JSON") from None
    if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
        raise OpenEnvError("INVALID_REPLY", "the server's reply has no type")
    data = reply.get("data") or {}
    if reply["type"] == "error":
        data = data if isinstance(data, dict) else {}
        raise OpenEnvError(str(data.get("code", "UNKNOWN")), str(data.get("message", "Unknown error")), data)
    if not isinstance(data, dict):
        raise OpenEnvError("INVALID_REPLY", "the reply's data is not an object")
    return data


def parse_result(data: Dict[str, Any]) -> OpenEnvResult:
    """A reset's or step's data; an observation holding only its metadata (the episode ended) reads as None."""
    obs = dict(data.get("observation") or {})
    metadata = obs.pop("metadata", None) or {}
    reward = data.get("reward")
    extra = {k: v for k, v in data.items() if k not in ("observation", "reward", "done")}
    try:
        return OpenEnvResult(
            observation=Observation.from_json(obs) if obs else None,
            reward=float(reward) if reward is not None else None,
            done=bool(data.get("done", False)),
            metadata=metadata,
            extra=extra,
        )
    except (KeyError, TypeError, ValueError) as err:
        raise OpenEnvError("INVALID_REPLY", f"the reply's observation is malformed: {err!r}") from None
