"""Unit tests of the TRL reward functions and verl's compute_score (no network, standard library).

    python3 -m unittest discover -s clients/python/tests
"""

import importlib.util
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from siturec_env.rewards import (  # noqa: E402
    SHOPPER_TOOLS,
    decision_reward,
    format_reward,
    length_reward,
    length_score,
)
from siturec_env.shopper_turn import read_shopper_turn, word_count  # noqa: E402

VERL_REWARD = os.path.join(os.path.dirname(__file__), "..", "siturec_env", "verl_reward.py")


def buy(ref, text="I'll take it."):
    """A conversational completion that buys, as TRL hands it over after its tool loop."""
    return [
        {"role": "assistant", "content": text,
         "tool_calls": [{"type": "function", "function": {"name": "add_to_cart", "arguments": {"product_id": ref}}}]},
        {"role": "tool", "name": "add_to_cart", "content": "ok"},
        {"role": "assistant", "content": "Thanks!"},
    ]


LEAVE = [{"role": "assistant", "content": "Thanks, I'll look elsewhere.",
          "tool_calls": [{"type": "function", "function": {"name": "end_conversation", "arguments": {}}}]}]
TALK = [{"role": "assistant", "content": "Does it come in blue?"}]

ROW = {"acceptable": ["fc-001", "fc-002"], "recommended": ["fc-005", "fc-001"],
       "recommended_names": ["Red Tee", "Blue Tee"], "recommended_later": ["fc-009"], "feasible": True}


def score(completions, row=ROW):
    n = len(completions)
    columns = {k: [v] * n for k, v in row.items()}
    return decision_reward(completions, **columns)


class DecisionRewardTest(unittest.TestCase):
    def test_buying_an_acceptable_recommended_product(self):
        self.assertEqual(score([buy("fc-001"), buy("blue tee"), buy("fc-005"), buy("fc-002")]), [1.0, 1.0, 0.0, 0.0])

    def test_not_buying_when_an_acceptable_product_is_on_the_table(self):
        self.assertEqual(score([LEAVE, TALK]), [0.0, 0.0])

    def test_walking_out_counts_only_when_nothing_acceptable_was_coming(self):
        nothing_yet = dict(ROW, recommended=["fc-005"], recommended_names=["Red Tee"])
        self.assertEqual(score([TALK, LEAVE], nothing_yet), [1.0, 1.0])
        coming = dict(nothing_yet, recommended_later=["fc-002"])
        self.assertEqual(score([TALK, LEAVE], coming), [1.0, 0.0])
        unknown = dict(nothing_yet, recommended_later=None)
        self.assertEqual(score([LEAVE], unknown), [0.0])
        self.assertEqual(score([LEAVE], dict(unknown, acceptable=[], feasible=False)), [1.0])

    def test_text_completions_and_tool_call_text(self):
        text = '<reasoning>fc-001 meets every dealbreaker.</reasoning>\nGreat!\n<tool_call>\n{"name": "add_to_cart", "arguments": {"product_id": "fc-001"}}\n</tool_call>'
        self.assertEqual(score([text, "add_to_cart"]), [1.0, 0.0])
        turn = read_shopper_turn(text)
        self.assertEqual((turn.text, turn.reasoning), ("Great!", "fc-001 meets every dealbreaker."))
        self.assertEqual(read_shopper_turn("<tool_call>add_to_cart(fc-001)</tool_call>").decision, None)
        self.assertEqual(read_shopper_turn('<tool_call>add_to_cart({"product_id": "x"})</tool_call>').decision,
                         ("purchase", "x"))

    def test_arguments_given_as_a_json_string(self):
        msg = {"role": "assistant", "content": "",
               "tool_calls": [{"type": "function",
                               "function": {"name": "add_to_cart", "arguments": '{"product_id": "fc-001"}'}}]}
        self.assertEqual(score([[msg]]), [1.0])


class FormatAndLengthTest(unittest.TestCase):
    def test_malformed_calls_fail_the_format_and_the_first_valid_decision_counts(self):
        bad = [{"role": "assistant", "content": "ok",
                "tool_calls": [{"type": "function", "function": {"name": "add_to_cart", "arguments": {"id": "fc-1"}}},
                               {"type": "function", "function": {"name": "end_conversation", "arguments": {}}}]}]
        self.assertEqual(format_reward([bad, buy("fc-001"), TALK, "<tool_call>checkout</tool_call>"]),
                         [0.0, 1.0, 1.0, 0.0])
        self.assertEqual(read_shopper_turn(bad).decision, ("end", None))

    def test_length_counts_what_the_salesperson_sees(self):
        self.assertEqual(word_count("I'm after a $50 tee, ok?"), 6)
        long = "word " * 60
        self.assertEqual(length_reward(["hi", "<reasoning>" + long + "</reasoning>Is it cotton?", long]),
                         [0.5, 1.0, length_score(60)])
        self.assertAlmostEqual(length_score(60), 1 - 13 / 47)


class ShopperToolsTest(unittest.TestCase):
    def test_tools_have_the_shopper_tool_names_and_documented_arguments(self):
        self.assertEqual([t.__name__ for t in SHOPPER_TOOLS], ["add_to_cart", "end_conversation"])
        self.assertIn("product_id:", SHOPPER_TOOLS[0].__doc__)
        self.assertEqual(SHOPPER_TOOLS[0]("fc-001"), "ok")


class VerlRewardTest(unittest.TestCase):
    def setUp(self):
        # verl imports the file by path, not as a package module: do the same.
        spec = importlib.util.spec_from_file_location("custom_module", VERL_REWARD)
        self.module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.module)

    def test_scores_a_decoded_turn_against_the_row(self):
        extra = {k: ROW[k] for k in ("recommended", "recommended_names", "recommended_later", "feasible")}
        text = 'Great, I will take the Blue Tee.\n<tool_call>\n{"name": "add_to_cart", "arguments": {"product_id": "Blue Tee"}}\n</tool_call>'
        r = self.module.compute_score("siturec/customersim", text, ["fc-001", "fc-002"], extra)
        self.assertEqual((r["decision"], r["format"], r["length"]), (1.0, 1.0, 1.0))
        self.assertEqual(r["score"], 1.0)
        r = self.module.compute_score("siturec/customersim", "Hmm.", ("fc-001",), dict(extra, recommended_later=None))
        self.assertEqual((r["decision"], r["length"]), (0.0, 0.5))
        self.assertAlmostEqual(r["score"], (0 + 0.2 + 0.2 * 0.5) / 1.4)

    def test_refuses_rows_of_another_data_source(self):
        with self.assertRaises(ValueError):
            self.module.compute_score("openai/gsm8k", "42", "42")


if __name__ == "__main__":
    unittest.main()
