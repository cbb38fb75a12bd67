"""A GRPO-style loop over CustomerSim: G rollouts per persona, group-normalised advantages.

    siturec env serve &
    PYTHONPATH=clients/python python3 clients/python/examples/customersim_grpo.py --personas 0:2 --group 4

The policy is a stub (a seeded random shopper): replace `StubPolicy.act` with your model's sampling
(`obs.messages` + `obs.tools` are the LLM shopper's prompt and tools) and the update at the end of
each group with your trainer's (TRL, verl, ...). Each rollout is stored as a conversation in a run
(`siturec customersim evaluate RUN` scores them); the reward of the last step is UserGRPO's
trajectory reward, its components in `info["reward"]`.
"""

import argparse
import json
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from siturec_env import EnvClient, Observation  # noqa: E402


class StubPolicy:
    """States the need, then buys a recommended product, asks for more, or leaves, at random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> dict:
        persona = obs.context["persona"]
        if obs.turn == 1:
            return {"text": f"Hi, I'm looking for {persona['shoppingFor']}, budget about ${persona['budget']}."}
        recommended = [p for t in obs.context["transcript"] if t["role"] == "sales" for p in t["recommended"]]
        roll = self.rng.random()
        if recommended and roll < 0.5:
            pick = self.rng.choice(recommended)
            return {"text": "That one works for me.",
                    "tool_calls": [{"name": "add_to_cart", "arguments": {"product_id": pick}}]}
        if roll > 0.85:
            return {"text": "Thanks, I'll think about it.",
                    "tool_calls": [{"name": "end_conversation", "arguments": {}}]}
        return {"text": "Could you tell me a bit more about the options?"}


def rollout(client: EnvClient, persona: int, seed: int) -> dict:
    policy = StubPolicy(seed)
    with client.create_session(env="customersim", persona=persona, agentId="stub-policy", images="none",
                               seed=seed) as session:
        obs = session.reset()
        while True:
            result = session.step(policy.act(obs))
            if result.done:
                break
            obs = result.observation
        state = session.state()
    return {"reward": result.reward, "components": result.info.get("reward", {}).get("components"),
            "runId": state.run_id, "ending": state.outcome["reason"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default=os.environ.get("SITUREC_ENV_URL", "http://127.0.0.1:7576"))
    parser.add_argument("--token", default=os.environ.get("SITUREC_ENV_TOKEN"))
    parser.add_argument("--personas", default="0:2", help="positions FROM:TO")
    parser.add_argument("--group", type=int, default=4, help="rollouts per persona (G)")
    args = parser.parse_args()
    start, end = (int(x) for x in args.personas.split(":"))
    client = EnvClient(args.url, args.token)
    runs = set()
    for persona in range(start, end):
        group = [rollout(client, persona, seed=g) for g in range(args.group)]
        rewards = [r["reward"] for r in group]
        mean = statistics.fmean(rewards)
        std = statistics.pstdev(rewards) or 1.0
        advantages = [(r - mean) / std for r in rewards]
        # Here a trainer would weight each rollout's token log-probabilities by its advantage.
        runs.update(r["runId"] for r in group)
        print(json.dumps({"persona": persona, "rewards": [round(r, 4) for r in rewards],
                          "advantages": [round(a, 4) for a in advantages],
                          "endings": [r["ending"] for r in group]}))
    print(json.dumps({"runs": sorted(runs)}))


if __name__ == "__main__":
    main()
