"""Python client of the siturec environment server (`siturec env serve`); standard library only."""

from .client import EnvClient, EnvError, Session
from .messages import Action, Observation, SessionState, StepResult

__all__ = ["Action", "EnvClient", "EnvError", "Observation", "Session", "SessionState", "StepResult"]
