"""Python client of the siturec environment server (`siturec env serve`).

`EnvClient` (HTTP session API) is standard library only; `OpenEnvClient` (OpenEnv's `/ws` protocol,
async) needs the optional `websockets` package, imported when it connects.
"""

from .client import EnvClient, EnvError, Session
from .messages import Action, Observation, SessionState, StepResult
from .openenv_client import OpenEnvClient
from .openenv_messages import OpenEnvError, OpenEnvResult

__all__ = [
    "Action",
    "EnvClient",
    "EnvError",
    "Observation",
    "OpenEnvClient",
    "OpenEnvError",
    "OpenEnvResult",
    "Session",
    "SessionState",
    "StepResult",
]
