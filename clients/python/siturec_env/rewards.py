"""Reward functions for TRL's GRPOTrainer on `siturec customersim export RUN --format trl-grpo` rows.

Each row's prompt is a CustomerSim conversation up to a shopper turn; the policy generates that turn.
TRL calls every reward function with the generated ``completions`` and, as keyword arguments, the
row's other columns (one value per completion), and wants one float per completion::

    from datasets import load_dataset
    from trl import GRPOConfig, GRPOTrainer
    from siturec_env.rewards import SHOPPER_TOOLS, decision_reward, format_reward, length_reward

    trainer = GRPOTrainer(
        model="Qwen/Qwen3-0.6B",
        reward_funcs=[decision_reward, format_reward, length_reward],
        args=GRPOConfig(reward_weights=[1.0, 0.2, 0.2], max_tool_calling_iterations=1),
        train_dataset=load_dataset("json", data_files="grpo.jsonl", split="train"),
        tools=SHOPPER_TOOLS,  # add_to_cart and end_conversation, as the LLM shopper has them
    )

The rewards read everything from the row (no server): ``acceptable`` (the persona's acceptable
products), ``recommended`` and ``recommended_names`` (what the salesperson recommended so far),
``recommended_later`` (what it recommended after this turn in the stored conversation, or null),
``feasible``. Standard library only.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence

from .shopper_turn import Completion, ShopperTurn, read_shopper_turn, resolve_product, word_count

LENGTH_BAND = (2, 47)
"""R_length's band of human-like turn lengths in words (RecQuest's 5th and 95th percentiles)."""


def decision_score(
    turn: ShopperTurn,
    acceptable: Sequence[str],
    recommended: Sequence[str],
    recommended_later: Optional[Sequence[str]] = None,
    recommended_names: Optional[Sequence[str]] = None,
    feasible: Optional[bool] = None,
) -> float:
    """Whether the turn does the right thing now: decision alignment (the paper's equation (1)) of
    the action, walking out counted right only when no acceptable product was coming.

    - buying: 1 when the product was recommended so far and is acceptable, else 0;
    - an acceptable product has been recommended and the turn does not buy one: 0;
    - nothing acceptable recommended yet: talking on is 1; walking out is 1 only when the salesperson
      recommended nothing acceptable later in the stored conversation (when that is unknown,
      ``recommended_later`` null: only for an infeasible persona).
    """
    ok = set(acceptable)
    on_table = [p for p in recommended if p in ok]
    kind, ref = turn.decision or ("talk", None)
    if kind == "purchase":
        return 1.0 if resolve_product(ref or "", recommended, recommended_names) in on_table else 0.0
    if on_table:
        return 0.0
    if kind == "talk":
        return 1.0
    if recommended_later is None:
        infeasible = (not feasible) if feasible is not None else not ok
        return 1.0 if infeasible else 0.0
    return 0.0 if any(p in ok for p in recommended_later) else 1.0


def length_score(words: int, band: Sequence[int] = LENGTH_BAND) -> float:
    """One turn's R_length: 1 inside the band, the share of the minimum below it, falling linearly
    to 0 at twice the maximum above it (src/customersim/rewards/length-reward.ts)."""
    low, high = band
    if words < low:
        return words / low
    if words <= high:
        return 1.0
    return max(0.0, 1.0 - (words - high) / high)


def _column(kwargs: dict, name: str, n: int) -> List[Any]:
    values = kwargs.get(name)
    return list(values) if values is not None else [None] * n


def decision_reward(
    completions: Sequence[Completion],
    acceptable: Sequence[Sequence[str]],
    recommended: Sequence[Sequence[str]],
    **kwargs: Any,
) -> List[float]:
    """R_align for one turn (see ``decision_score``), per completion."""
    n = len(completions)
    later = _column(kwargs, "recommended_later", n)
    names = _column(kwargs, "recommended_names", n)
    feasible = _column(kwargs, "feasible", n)
    return [
        decision_score(read_shopper_turn(c), a, r, later[i], names[i], feasible[i])
        for i, (c, a, r) in enumerate(zip(completions, acceptable, recommended))
    ]


def format_reward(completions: Sequence[Completion], **kwargs: Any) -> List[float]:
    """R_format: 1 when no tool call of the turn is malformed, else 0 (the paper's Fmt.)."""
    return [0.0 if read_shopper_turn(c).format_errors else 1.0 for c in completions]


def length_reward(completions: Sequence[Completion], **kwargs: Any) -> List[float]:
    """R_length of the turn's text as the salesperson would see it (reasoning and calls removed)."""
    return [length_score(word_count(read_shopper_turn(c).text)) for c in completions]


def add_to_cart(product_id: str) -> str:
    """
    Buy a product the salesperson recommended. This ends the conversation: call it only when you have decided to buy.

    Args:
        product_id: The product's id as the salesperson gave it (e.g. fc-017), or its exact full name.

    Returns:
        A confirmation.
    """
    return "ok"


def end_conversation() -> str:
    """
    Leave without buying anything. This ends the conversation: call it only when you are done looking.

    Returns:
        A confirmation.
    """
    return "ok"


SHOPPER_TOOLS = [add_to_cart, end_conversation]
"""The shopper's tools for ``GRPOTrainer(tools=...)``: TRL renders their schemas into the prompt
and runs them when the policy calls one (both end the turn; the rewards read the call)."""
