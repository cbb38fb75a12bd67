"""A client of the siturec environment server using only the standard library."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any, Dict, Optional

from .messages import Action, Observation, SessionState, StepResult


class EnvError(Exception):
    """A refusal from the server: its HTTP status (4xx: the request was wrong) and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


class EnvClient:
    """Talks to `siturec env serve` over HTTP: create a session, reset, step until done, close."""

    def __init__(self, url: str = "http://127.0.0.1:7576", token: Optional[str] = None, timeout: float = 600.0) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            req.add_header("content-type", "application/json")
        if self.token:
            req.add_header("authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                return json.loads(res.read())
        except urllib.error.HTTPError as err:
            try:
                message = json.loads(err.read()).get("error", err.reason)
            except ValueError:
                message = str(err.reason)
            raise EnvError(err.code, message) from None

    def create_session(self, **spec: Any) -> "Session":
        """Opens a session (one episode): env="situ-rec" or "customersim", and the spec's other fields."""
        return Session(self, SessionState.from_json(self._call("POST", "/sessions", spec)))

    def health(self) -> Dict[str, Any]:
        return self._call("GET", "/health")


class Session:
    """One episode: `reset()` then `step(action)` until `result.done`; `close()` when finished."""

    def __init__(self, client: EnvClient, state: SessionState) -> None:
        self.client = client
        self.id = state.id
        self.initial = state

    def reset(self) -> Observation:
        return Observation.from_json(self.client._call("POST", f"/sessions/{self.id}/reset", {}))

    def step(self, action: Action, role: Optional[str] = None) -> StepResult:
        body: Dict[str, Any] = {"action": action}
        if role is not None:
            body["role"] = role
        return StepResult.from_json(self.client._call("POST", f"/sessions/{self.id}/step", body))

    def state(self) -> SessionState:
        return SessionState.from_json(self.client._call("GET", f"/sessions/{self.id}/state"))

    def close(self) -> SessionState:
        """Closes the session; an episode that has not ended is stored as failed, never as finished."""
        return SessionState.from_json(self.client._call("DELETE", f"/sessions/{self.id}"))

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.close()
        except EnvError:
            pass
