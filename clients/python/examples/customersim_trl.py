"""Train a CustomerSim shopper with TRL on rows exported by `siturec customersim export`.

    siturec customersim export RUN --format trl-sft --out sft.jsonl
    siturec customersim export RUN --format trl-grpo --out grpo.jsonl
    PYTHONPATH=clients/python python3 clients/python/examples/customersim_trl.py sft --data sft.jsonl
    PYTHONPATH=clients/python python3 clients/python/examples/customersim_trl.py grpo --data grpo.jsonl
    PYTHONPATH=clients/python python3 clients/python/examples/customersim_trl.py check --data grpo.jsonl

`sft` and `grpo` need `trl` (and `datasets` >= 4.7, whose JSON loader keeps each tool call's
arguments an object); `check` needs nothing: it scores scripted shoppers on the GRPO rows with the
reward functions, to see what the rewards pay for before a GPU is spent.
"""

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from siturec_env.rewards import SHOPPER_TOOLS, decision_reward, format_reward, length_reward  # noqa: E402


def train_sft(args: argparse.Namespace) -> None:
    from datasets import load_dataset
    from trl import SFTConfig, SFTTrainer

    dataset = load_dataset("json", data_files=args.data, split="train")
    # TRL trains every assistant turn (it ignores the messages' `train` flags): leave out the
    # conversations with a malformed shopper tool call instead.
    dataset = dataset.filter(lambda row: not row["shopper_format_error"])
    trainer = SFTTrainer(
        model=args.model,
        train_dataset=dataset,
        args=SFTConfig(output_dir=args.output_dir, assistant_only_loss=True, max_length=None),
    )
    trainer.train()


def train_grpo(args: argparse.Namespace) -> None:
    from datasets import load_dataset
    from trl import GRPOConfig, GRPOTrainer

    trainer = GRPOTrainer(
        model=args.model,
        reward_funcs=[decision_reward, format_reward, length_reward],
        train_dataset=load_dataset("json", data_files=args.data, split="train"),
        tools=SHOPPER_TOOLS,
        args=GRPOConfig(
            output_dir=args.output_dir,
            num_generations=args.group,
            reward_weights=[1.0, 0.2, 0.2],  # UserGRPO's weights of R_align, R_format, R_length
            max_tool_calling_iterations=1,  # both tools end the shopper's turn
        ),
    )
    trainer.train()


def call(name: str, **arguments: str) -> list:
    return [{"role": "assistant", "content": "",
             "tool_calls": [{"type": "function", "function": {"name": name, "arguments": arguments}}]}]


def scripted(policy: str, row: dict) -> list:
    """One scripted shopper turn, as a conversational completion."""
    acceptable = set(row["acceptable"])
    good = [p for p in row["recommended"] if p in acceptable]
    if policy == "walk-out":
        return call("end_conversation")
    if policy == "buy-first" and row["recommended"]:
        return call("add_to_cart", product_id=row["recommended"][0])
    if policy == "oracle" and good:
        return call("add_to_cart", product_id=good[0])
    return [{"role": "assistant", "content": "Could you tell me a bit more about the options?"}]


POLICIES = ["oracle", "buy-first", "walk-out", "talk"]


def check(args: argparse.Namespace) -> None:
    with open(args.data, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    columns = {k: [row[k] for row in rows] for k in rows[0] if k != "prompt"}
    out = {}
    for policy in POLICIES:
        completions = [scripted(policy, row) for row in rows]
        out[policy] = {
            "decision": decision_reward(completions, **columns),
            "format": format_reward(completions),
            "length": length_reward(completions),
        }
    if args.json:
        print(json.dumps(out))
        return
    for policy, rewards in out.items():
        means = {k: round(statistics.fmean(v), 3) for k, v in rewards.items()}
        print(json.dumps({"policy": policy, "rows": len(rows), **means}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["sft", "grpo", "check"])
    parser.add_argument("--data", required=True, help="JSONL from siturec customersim export")
    parser.add_argument("--model", default="Qwen/Qwen3-0.6B")
    parser.add_argument("--output-dir", default="customersim-shopper")
    parser.add_argument("--group", type=int, default=8, help="grpo: completions per prompt (G)")
    parser.add_argument("--json", action="store_true", help="check: every row's rewards as one JSON object")
    args = parser.parse_args()
    {"sft": train_sft, "grpo": train_grpo, "check": check}[args.mode](args)


if __name__ == "__main__":
    main()
