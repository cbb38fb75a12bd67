"""GRPO-style rollouts over OpenEnv's WebSocket (`/ws`): G sessions in parallel per task, advantages per group.

    siturec env serve &                                   # http://127.0.0.1:7576
    PYTHONPATH=clients/python python3 clients/python/examples/grpo_rollouts_ws.py --tasks 0:2 --group 4
    ... --env customersim --tasks 0:2 --group 4           # CustomerSim personas instead of store tasks

Needs `websockets` (the client's optional extra). Each rollout is one `/ws` connection (one session):
the group's G rollouts play the same task (or persona) with seeds 0..G-1, at once. The policy is a
stand-in (a scripted, seeded assistant or shopper): replace `act` with your model's sampling of
`obs.messages` (+ `obs.tools`, `obs.action_schema`); the completion recorded is the action's text, as a
model's reply would be. Per group the example prints each rollout's return and its group-normalised
advantage (r - mean) / std; a trainer weights each completion's token log-probabilities by it.
Rollouts that failed (`result.error`: a model or the world, not the policy) are dropped from their group.
"""

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
from typing import Any, Dict, List, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from siturec_env import Observation, OpenEnvClient  # noqa: E402

IDLE = {"name": "idle", "arguments": {}}


def assistant_act(obs: Observation, rng: random.Random) -> Dict[str, Any]:
    """A scripted SituRecBench assistant: asks first, then recommends a product in view, picked at random."""
    products = obs.context["visible"]["products"]
    reply = {"expected_user_action": IDLE, "ranking": [], "tool_calls": []}
    if obs.turn == 0 or not products:
        return dict(reply, utterance="Hello! What are you looking for today?",
                    assistant_actions=[{"type": "AskPreference"}])
    p = rng.choice(products)
    name = f"{p['brand']} {p['name']}"
    return dict(reply, utterance=f"Have a look at the {name}, it is right here.",
                assistant_actions=[{"type": "Recommend", "display_name": name, "visible_now": True,
                                    "reason": "it is right here"}])


def shopper_act(obs: Observation, rng: random.Random) -> Dict[str, Any]:
    """A scripted CustomerSim shopper: states the need, then buys, asks more or leaves, at random."""
    persona = obs.context["persona"]
    if obs.turn == 1:
        return {"text": f"Hi, I'm looking for {persona['shoppingFor']}, budget about ${persona['budget']}."}
    recommended = [p for t in obs.context["transcript"] if t["role"] == "sales" for p in t["recommended"]]
    roll = rng.random()
    if recommended and roll < 0.5:
        return {"text": "That one works for me.",
                "tool_calls": [{"name": "add_to_cart", "arguments": {"product_id": rng.choice(recommended)}}]}
    if roll > 0.85:
        return {"text": "Thanks, I'll think about it.", "tool_calls": [{"name": "end_conversation", "arguments": {}}]}
    return {"text": "Could you tell me a bit more about the options?"}


async def rollout(args: argparse.Namespace, task: int, seed: int) -> Dict[str, Any]:
    """One episode on its own connection: the (prompt, completion) of each turn, the return, the failure."""
    rng = random.Random(seed)
    act = assistant_act if args.env == "situ-rec" else shopper_act
    spec: Dict[str, Any] = {"env": args.env, "seed": seed, "agentId": "grpo-ws-example", "images": args.images}
    if args.env == "situ-rec":
        spec.update(store=args.store, task=task, maxTurns=args.max_turns)
    else:
        spec.update(persona=task)
    turns: List[Tuple[List[Dict[str, Any]], str]] = []
    total = 0.0
    async with OpenEnvClient(args.url, args.token) as env:
        result = await env.reset(**spec)
        while not result.done and result.observation is not None:
            obs = result.observation
            action = act(obs, rng)
            turns.append((obs.messages, json.dumps(action)))   # prompt, completion (a model's reply text)
            result = await env.step(action)
            total += result.reward or 0.0
        state = await env.state()
    # SituRecBench pays per turn (its return is the sum); CustomerSim pays at the end (the sum is that).
    return {"seed": seed, "turns": turns, "reward": total, "error": result.error, "runId": state.get("runId"),
            "ending": (state.get("outcome") or {}).get("reason")}


def advantages(rewards: List[float]) -> List[float]:
    """GRPO's group-normalised advantages: (r - mean) / std, std 1 when the group agrees."""
    mean = statistics.fmean(rewards)
    std = statistics.pstdev(rewards) or 1.0
    return [(r - mean) / std for r in rewards]


async def group(args: argparse.Namespace, task: int) -> Dict[str, Any]:
    rollouts = await asyncio.gather(*(rollout(args, task, seed) for seed in range(args.group)))
    kept = [r for r in rollouts if r["error"] is None]
    adv = advantages([r["reward"] for r in kept]) if kept else []
    # (prompt, completion, reward, advantage) per turn: what a GRPO update consumes.
    samples = [(prompt, completion, r["reward"], a) for r, a in zip(kept, adv) for prompt, completion in r["turns"]]
    return {"task": task, "rewards": [round(r["reward"], 4) for r in kept], "advantages": [round(a, 4) for a in adv],
            "endings": [r["ending"] for r in kept], "dropped": len(rollouts) - len(kept), "samples": len(samples),
            "runs": sorted({r["runId"] for r in rollouts if r["runId"]})}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default=os.environ.get("SITUREC_ENV_URL", "http://127.0.0.1:7576"))
    parser.add_argument("--token", default=os.environ.get("SITUREC_ENV_TOKEN"))
    parser.add_argument("--env", choices=["situ-rec", "customersim"], default="situ-rec")
    parser.add_argument("--store", default="supermarket")
    parser.add_argument("--tasks", default="0:1", help="task (persona) positions FROM:TO")
    parser.add_argument("--group", type=int, default=4, help="rollouts per task (G), played at once")
    parser.add_argument("--max-turns", type=int, default=6)
    parser.add_argument("--images", default="none", help="none, data-url or url")
    args = parser.parse_args()
    start, end = (int(x) for x in args.tasks.split(":"))
    for task in range(start, end):
        print(json.dumps(await group(args, task)))


if __name__ == "__main__":
    asyncio.run(main())
