"""The environment server's messages as dataclasses (see `siturec schema env-protocol`).

Each class mirrors one zod schema of src/env-server/protocol.ts; `from_json` reads a reply body.
Fields the server may add later are ignored, so an older client keeps working.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union

Action = Union[Dict[str, Any], str]
"""A step's action: the role's output as a JSON object, or a model's raw reply text to parse."""


@dataclass
class Observation:
    """What the role under control sees before it acts."""

    env: str
    """`situ-rec` or `customersim`."""
    role: str
    """The role the client plays: `assistant` or `shopper`."""
    turn: int
    """0-based turn (SituRecBench) or 1-based round (CustomerSim)."""
    messages: List[Dict[str, Any]]
    """The built-in LLM policy's prompt as OpenAI chat messages (system first; images as image_url parts)."""
    action_schema: Dict[str, Any]
    """JSON Schema the action must follow."""
    context: Dict[str, Any]
    """The parsed context: visible entities, handles, pose, the dialogue so far, ..."""
    tools: Optional[List[Dict[str, Any]]] = None
    """Functions the policy may call (CustomerSim's add_to_cart, end_conversation), OpenAI format."""

    @staticmethod
    def from_json(d: Dict[str, Any]) -> "Observation":
        return Observation(
            env=d["env"],
            role=d["role"],
            turn=d["turn"],
            messages=d["messages"],
            action_schema=d["actionSchema"],
            context=d["context"],
            tools=d.get("tools"),
        )


@dataclass
class StepResult:
    """What a step returned (Gymnasium's five-tuple)."""

    observation: Optional[Observation]
    """The next observation; None once the episode has ended."""
    reward: float
    terminated: bool
    """The episode reached an ending of its own (purchase, moderator, exhausted recommendations)."""
    truncated: bool
    """The episode was cut short (turn limit, or an error)."""
    info: Dict[str, Any] = field(default_factory=dict)
    """Raw per-turn metrics, reward terms or components, timing, and the outcome at the end."""

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated

    @staticmethod
    def from_json(d: Dict[str, Any]) -> "StepResult":
        obs = d.get("observation")
        return StepResult(
            observation=Observation.from_json(obs) if obs else None,
            reward=float(d["reward"]),
            terminated=bool(d["terminated"]),
            truncated=bool(d["truncated"]),
            info=d.get("info", {}),
        )


@dataclass
class SessionState:
    """A session: its id, where its episode is stored, and how far it got."""

    id: str
    env: str
    role: str
    status: str
    """`created`, `running`, `ended` or `closed`."""
    run_id: Optional[str]
    """The run the episode is stored in (evaluate it with `siturec evaluate RUN` or `siturec customersim evaluate RUN`)."""
    store_dir: str
    episode: Dict[str, str]
    turn: int
    total_reward: float
    outcome: Optional[Dict[str, Any]]
    spec: Dict[str, Any]

    @staticmethod
    def from_json(d: Dict[str, Any]) -> "SessionState":
        return SessionState(
            id=d["id"],
            env=d["env"],
            role=d["role"],
            status=d["status"],
            run_id=d.get("runId"),
            store_dir=d["storeDir"],
            episode=d["episode"],
            turn=d["turn"],
            total_reward=float(d["totalReward"]),
            outcome=d.get("outcome"),
            spec=d.get("spec", {}),
        )
