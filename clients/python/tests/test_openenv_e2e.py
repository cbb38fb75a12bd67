"""End to end: the OpenEnv `/ws` client and the GRPO example against a running server.

Skipped unless SITUREC_ENV_URL names one (src/env-server/openenv-client.e2e.test.ts starts a server
and runs this file). Uses `websockets` when installed, else the test-only stdlib socket (stdlib_ws.py).
"""

import asyncio
import argparse
import importlib.util
import os
import sys
import unittest

HERE = os.path.dirname(__file__)
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from siturec_env import OpenEnvClient  # noqa: E402
from stdlib_ws import StdlibSocket  # noqa: E402

URL = os.environ.get("SITUREC_ENV_URL")
HAVE_WEBSOCKETS = importlib.util.find_spec("websockets") is not None


def client(*args, **kwargs) -> OpenEnvClient:
    if not HAVE_WEBSOCKETS:
        kwargs.setdefault("connect", StdlibSocket.open)
    return OpenEnvClient(*args, **kwargs)


def load_example():
    path = os.path.join(HERE, "..", "examples", "grpo_rollouts_ws.py")
    spec = importlib.util.spec_from_file_location("grpo_rollouts_ws", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.OpenEnvClient = client
    return module


@unittest.skipUnless(URL, "SITUREC_ENV_URL is not set (no server to talk to)")
class OpenEnvE2ETest(unittest.TestCase):
    def test_situ_rec_episode(self):
        example = load_example()

        async def play():
            async with client(URL) as env:
                result = await env.reset(env="situ-rec", task=0, seed=1, maxTurns=3, images="none",
                                         agentId="python-e2e")
                self.assertEqual(result.observation.role, "assistant")
                self.assertFalse(result.done)
                steps = 0
                while not result.done:
                    result = await env.step(example.assistant_act(result.observation, example.random.Random(0)))
                    steps += 1
                return steps, result, await env.state()

        steps, last, state = asyncio.run(play())
        self.assertGreaterEqual(steps, 1)
        self.assertIsNone(last.observation)
        self.assertIsNone(last.error)
        self.assertEqual(state["status"], "ended")
        self.assertTrue(state["runId"])

    def test_grpo_example_group(self):
        example = load_example()
        args = argparse.Namespace(url=URL, token=None, env="situ-rec", store="supermarket", group=2, max_turns=2,
                                  images="none")
        out = asyncio.run(example.group(args, 0))
        self.assertEqual(len(out["rewards"]) + out["dropped"], 2)
        self.assertEqual(len(out["advantages"]), len(out["rewards"]))
        self.assertGreater(out["samples"], 0)
        self.assertAlmostEqual(sum(out["advantages"]), 0.0, places=6)


if __name__ == "__main__":
    unittest.main()
