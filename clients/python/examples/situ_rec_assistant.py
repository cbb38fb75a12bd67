"""A scripted assistant playing one SituRecBench episode through the environment server.

    siturec env serve &            # http://127.0.0.1:7576
    PYTHONPATH=clients/python python3 clients/python/examples/situ_rec_assistant.py --task 0

Replace `policy` with your model: `obs.messages` is the prompt the built-in LLM assistant would
send (system + user, images as image_url parts), `obs.action_schema` the JSON Schema of the reply.
Prints one JSON line: the run the episode is stored in (`siturec evaluate RUN` scores it).
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from siturec_env import EnvClient, Observation  # noqa: E402

IDLE = {"name": "idle", "arguments": {}}


def policy(obs: Observation) -> dict:
    """Asks first, then recommends what is in view, one product a turn."""
    products = obs.context["visible"]["products"]
    if obs.turn == 0 or not products:
        return {
            "utterance": "Hello! What are you looking for today?",
            "assistant_actions": [{"type": "AskPreference"}],
            "expected_user_action": IDLE,
            "ranking": [],
            "tool_calls": [],
        }
    p = products[obs.turn % len(products)]
    name = f"{p['brand']} {p['name']}"
    return {
        "utterance": f"Have a look at the {name} ({p['handle']}), {p['distanceM']:.1f} m {p['bearing']}.",
        "assistant_actions": [
            {"type": "Recommend", "display_name": name, "visible_now": True, "reason": "it is right here"}
        ],
        "expected_user_action": IDLE,
        "ranking": [],
        "tool_calls": [],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default=os.environ.get("SITUREC_ENV_URL", "http://127.0.0.1:7576"))
    parser.add_argument("--token", default=os.environ.get("SITUREC_ENV_TOKEN"))
    parser.add_argument("--store", default="supermarket")
    parser.add_argument("--task", default="0", help="a task id or its position in the bank")
    parser.add_argument("--max-turns", type=int, default=8)
    args = parser.parse_args()
    task = int(args.task) if args.task.isdigit() else args.task

    client = EnvClient(args.url, args.token)
    with client.create_session(
        env="situ-rec", store=args.store, role="assistant", task=task, maxTurns=args.max_turns,
        agentId="scripted-python", images="none",
    ) as session:
        obs = session.reset()
        total = 0.0
        while True:
            result = session.step(policy(obs))
            total += result.reward
            if result.done:
                break
            obs = result.observation
        state = session.state()
    print(json.dumps({"runId": state.run_id, "outcome": state.outcome["reason"], "turns": state.turn,
                      "totalReward": round(total, 4)}))


if __name__ == "__main__":
    main()
