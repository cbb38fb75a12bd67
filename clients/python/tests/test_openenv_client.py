"""Unit tests of the OpenEnv `/ws` client's messages, and of the client over a fake connection.

No network and no `websockets` needed:  python3 -m unittest discover -s clients/python/tests
"""

import asyncio
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from siturec_env import OpenEnvClient, OpenEnvError  # noqa: E402
from siturec_env.openenv_messages import (  # noqa: E402
    close_message,
    parse_result,
    read_reply,
    reset_message,
    state_message,
    step_message,
    ws_url,
)

OBS = {
    "env": "customersim",
    "role": "shopper",
    "turn": 1,
    "messages": [{"role": "system", "content": "You are a shopper."}],
    "actionSchema": {"type": "object"},
    "context": {"persona": {"id": "lt-p001"}},
    "tools": [],
}
META = {"terminated": False, "truncated": False, "error": None, "info": {}}


class FakeSocket:
    """Answers each message with the next scripted reply; records what was sent."""

    def __init__(self, replies):
        self.replies = list(replies)
        self.sent = []
        self.closed = False

    async def send(self, text):
        self.sent.append(json.loads(text))

    async def recv(self):
        return json.dumps(self.replies.pop(0))

    async def close(self):
        self.closed = True


class MessagesTest(unittest.TestCase):
    def test_requests_are_openenvs(self):
        self.assertEqual(json.loads(reset_message(env="situ-rec", seed=2, images="none")),
                         {"type": "reset", "data": {"env": "situ-rec", "seed": 2, "images": "none"}})
        self.assertEqual(json.loads(reset_message()), {"type": "reset", "data": {}})
        self.assertEqual(json.loads(step_message({"text": "Hi"})), {"type": "step", "data": {"text": "Hi"}})
        self.assertEqual(json.loads(step_message("raw reply")), {"type": "step", "data": {"action": "raw reply"}})
        self.assertEqual(json.loads(step_message({"text": "Hi"}, role="shopper")),
                         {"type": "step", "data": {"action": {"text": "Hi"}, "role": "shopper"}})
        self.assertEqual(json.loads(state_message()), {"type": "state"})
        self.assertEqual(json.loads(close_message()), {"type": "close"})

    def test_ws_url(self):
        self.assertEqual(ws_url("http://127.0.0.1:7576/"), "ws://127.0.0.1:7576/ws")
        self.assertEqual(ws_url("https://h"), "wss://h/ws")
        self.assertEqual(ws_url("localhost:8000"), "ws://localhost:8000/ws")
        self.assertEqual(ws_url("ws://h/ws"), "ws://h/ws")
        self.assertEqual(ws_url("ws://h", token="a b/c"), "ws://h/ws?token=a%20b%2Fc")

    def test_results(self):
        first = parse_result(read_reply(json.dumps(
            {"type": "observation", "data": {"observation": dict(OBS, metadata=META), "reward": None, "done": False}})))
        self.assertEqual(first.observation.turn, 1)
        self.assertEqual(first.observation.action_schema, {"type": "object"})
        self.assertIsNone(first.reward)
        self.assertFalse(first.done)
        self.assertEqual(first.metadata, META)
        end = {"terminated": False, "truncated": True, "error": "the model failed", "info": {"x": 1}}
        last = parse_result({"observation": {"metadata": end}, "reward": 0.25, "done": True, "other": 1})
        self.assertIsNone(last.observation)
        self.assertEqual((last.reward, last.done, last.error, last.info, last.extra),
                         (0.25, True, "the model failed", {"x": 1}, {"other": 1}))
        plain = parse_result({"observation": OBS, "reward": 1, "done": False})   # no metadata: any OpenEnv server
        self.assertEqual((plain.metadata, plain.error, plain.info), ({}, None, {}))

    def test_errors(self):
        with self.assertRaises(OpenEnvError) as caught:
            read_reply(json.dumps({"type": "error", "data": {"message": "no episode", "code": "EXECUTION_ERROR"}}))
        self.assertEqual(caught.exception.code, "EXECUTION_ERROR")
        self.assertEqual(str(caught.exception), "no episode (code: EXECUTION_ERROR)")
        for bad in ("not json", json.dumps([1]), json.dumps({"data": {}}), json.dumps({"type": "x", "data": 3})):
            with self.assertRaises(OpenEnvError):
                read_reply(bad)
        with self.assertRaises(OpenEnvError):
            parse_result({"observation": {"env": "situ-rec"}, "done": False})


class ClientTest(unittest.TestCase):
    def test_episode_over_a_fake_socket(self):
        sock = FakeSocket([
            {"type": "observation", "data": {"observation": dict(OBS, metadata=META), "reward": None, "done": False}},
            {"type": "observation", "data": {"observation": {"metadata": META}, "reward": 0.5, "done": True}},
            {"type": "state", "data": {"episode_id": "e", "step_count": 1}},
        ])
        urls = []

        async def connect(url):
            urls.append(url)
            return sock

        async def play():
            async with OpenEnvClient("http://h:1", token="t", connect=connect) as env:
                first = await env.reset(env="customersim", persona=0, seed=3)
                last = await env.step({"text": "bye"})
                return first, last, await env.state()

        first, last, state = asyncio.run(play())
        self.assertEqual(urls, ["ws://h:1/ws?token=t"])
        self.assertEqual(first.observation.role, "shopper")
        self.assertEqual((last.reward, last.done), (0.5, True))
        self.assertEqual(state["step_count"], 1)
        self.assertEqual([m["type"] for m in sock.sent], ["reset", "step", "state", "close"])
        self.assertEqual(sock.sent[0]["data"], {"env": "customersim", "persona": 0, "seed": 3})
        self.assertTrue(sock.closed)

    def test_error_reply_raises(self):
        sock = FakeSocket([{"type": "error", "data": {"message": "bad spec", "code": "VALIDATION_ERROR"}}])

        async def connect(url):
            return sock

        async def play():
            env = OpenEnvClient("http://h:1", connect=connect)
            try:
                await env.reset(env="nope")
            finally:
                await env.close()

        with self.assertRaises(OpenEnvError) as caught:
            asyncio.run(play())
        self.assertEqual(caught.exception.code, "VALIDATION_ERROR")


if __name__ == "__main__":
    unittest.main()
