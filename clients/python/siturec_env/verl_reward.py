"""verl's custom reward function for `siturec customersim export RUN --format verl` rows.

    custom_reward_function.path=clients/python/siturec_env/verl_reward.py
    custom_reward_function.name=compute_score

verl calls ``compute_score(data_source, solution_str, ground_truth, extra_info)`` per response:
``solution_str`` is the decoded shopper turn, ``ground_truth`` the row's ``reward_model.ground_truth``
(the persona's acceptable products) and ``extra_info`` the row's ``extra_info`` (what was recommended
so far and later, …). The score is the weighted mean of the turn's decision (weight 1), format (0.2)
and length (0.2) rewards, as UserGRPO weights them; the components come back beside it.

verl loads this file by path, so it imports its siblings by path too. Standard library only.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Dict, Optional

if __package__ in (None, ""):  # loaded by file path (verl's custom_reward_function.path)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from siturec_env.rewards import decision_score, length_score  # noqa: E402
    from siturec_env.shopper_turn import read_shopper_turn, word_count  # noqa: E402
else:
    from .rewards import decision_score, length_score
    from .shopper_turn import read_shopper_turn, word_count

DATA_SOURCE = "siturec/customersim"
WEIGHTS = {"decision": 1.0, "format": 0.2, "length": 0.2}


def _ids(value: Any) -> list:
    """A list column as verl hands it over: a list, a numpy array, or None."""
    return [] if value is None else [str(v) for v in value]


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: Optional[Dict[str, Any]] = None,
    **kwargs: Any,
) -> Dict[str, float]:
    """The shopper turn's reward (``score``) and its components."""
    if data_source != DATA_SOURCE:
        raise ValueError("compute_score scores %s rows, not %r" % (DATA_SOURCE, data_source))
    extra = extra_info or {}
    turn = read_shopper_turn(solution_str)
    later = extra.get("recommended_later")
    parts = {
        "decision": decision_score(
            turn,
            _ids(ground_truth),
            _ids(extra.get("recommended")),
            None if later is None else _ids(later),
            _ids(extra.get("recommended_names")),
            extra.get("feasible"),
        ),
        "format": 0.0 if turn.format_errors else 1.0,
        "length": length_score(word_count(turn.text)),
    }
    score = sum(WEIGHTS[k] * v for k, v in parts.items()) / sum(WEIGHTS.values())
    return {"score": score, **parts}
