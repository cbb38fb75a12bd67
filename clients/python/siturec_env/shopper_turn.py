"""A generated CustomerSim shopper turn, read as the chat store reads the LLM shopper's reply.

Mirrors src/customersim/llm-agents/reply-text.ts (reasoning blocks stripped, ``<tool_call>`` blocks
read as calls when the model made no structured call) and src/customersim/chat/shopper-actions.ts
(``add_to_cart`` takes exactly ``{"product_id": "<id or exact name>"}``, ``end_conversation``
takes ``{}``; a call that breaks its schema is a format error; the first valid decision counts).

One difference: a run also refuses a product id unknown to the category (a format error); a row
knows only the products recommended so far, so here an unknown id is a well-formed purchase of a
product that was not recommended (decision 0, format 1).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

Completion = Union[str, Dict[str, Any], Sequence[Dict[str, Any]]]
"""A generated turn: text (verl, TRL's standard format) or chat messages (TRL's conversational format)."""


def _block(tag: str) -> "re.Pattern[str]":
    # Closing tags are matched leniently, as the shopper's reader does (`<reasoning>…<reasoning>`).
    return re.compile(r"<%s>([\s\S]*?)(?:</?%s>|$)" % (tag, tag), re.IGNORECASE)


_TIDY = re.compile(r"\n{3,}")
_CALL = re.compile(r"^([A-Za-z_]\w*)\s*\(([\s\S]*)\)$")
_NAME = re.compile(r"^[A-Za-z_]\w*$")


def _tidy(text: str) -> str:
    return _TIDY.sub("\n\n", text).strip()


def _parse_arguments(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


def text_tool_call(body: str) -> Tuple[str, Any]:
    """One ``<tool_call>`` body as (name, arguments): JSON, ``name(args)`` or a bare name."""
    s = body.strip()
    try:
        v = json.loads(s)
        if isinstance(v, dict):
            name = v.get("name", v.get("function"))
            if isinstance(name, str):
                args = next((v[k] for k in ("arguments", "parameters", "args") if v.get(k) is not None), {})
                return name, _parse_arguments(args)
    except ValueError:
        pass
    call = _CALL.match(s)
    if call:
        return call.group(1), _parse_arguments(call.group(2).strip() or "{}")
    if _NAME.match(s):
        return s, {}
    return "tool_call_text", s


def strip_reasoning(raw: str) -> Tuple[str, Optional[str]]:
    """The reply without its ``<reasoning>``/``<think>`` blocks, and the reasoning."""
    found: List[str] = []

    def keep(m: "re.Match[str]") -> str:
        if m.group(1).strip():
            found.append(m.group(1).strip())
        return ""

    text = raw
    for tag in ("reasoning", "think"):
        text = _block(tag).sub(keep, text)
    return _tidy(text), ("\n\n".join(found) if found else None)


@dataclass
class ShopperTurn:
    """What a generated turn says, thinks and does."""

    text: str
    """What the salesperson would see: no reasoning, no tool-call text."""
    reasoning: Optional[str]
    calls: List[Tuple[str, Any]] = field(default_factory=list)
    """Every tool call, as (name, arguments), in order."""
    decision: Optional[Tuple[str, Optional[str]]] = None
    """The first valid decision: ("purchase", product reference) or ("end", None); None: it talks on."""
    format_errors: List[str] = field(default_factory=list)


def _structured_call(call: Dict[str, Any]) -> Tuple[str, Any]:
    fn = call.get("function", call)
    args = fn.get("arguments")
    return str(fn.get("name", "")), _parse_arguments({} if args is None else args)


def _first_assistant(completion: Completion) -> Dict[str, Any]:
    if isinstance(completion, str):
        return {"role": "assistant", "content": completion}
    if isinstance(completion, dict):
        return completion
    for message in completion:
        if message.get("role", "assistant") == "assistant":
            return message
    return {"role": "assistant", "content": ""}


def _judge(name: str, args: Any) -> Tuple[Optional[Tuple[str, Optional[str]]], Optional[str]]:
    """A call's decision, or why it is malformed (the chat layer's shopper tool schemas)."""
    if name == "end_conversation":
        if args is None or args == {}:
            return ("end", None), None
        return None, "end_conversation: takes no arguments"
    if name == "add_to_cart":
        ok = isinstance(args, dict) and set(args) == {"product_id"}
        ref = args.get("product_id") if ok else None
        if isinstance(ref, str) and ref.strip():
            return ("purchase", ref), None
        return None, 'add_to_cart: needs exactly {"product_id": "<id or exact name>"}'
    return None, "%s: not a shopper tool (add_to_cart, end_conversation)" % name


def read_shopper_turn(completion: Completion) -> ShopperTurn:
    """Reads a generated turn: its first assistant message when given messages."""
    message = _first_assistant(completion)
    content = message.get("content") or ""
    if not isinstance(content, str):  # content parts
        content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    text, reasoning = strip_reasoning(content)
    reasoning = message.get("reasoning_content") or message.get("thinking") or reasoning
    calls = [_structured_call(c) for c in message.get("tool_calls") or []]
    blocks = _block("tool_call")
    if not calls:
        calls = [text_tool_call(m.group(1)) for m in blocks.finditer(text) if m.group(1).strip()]
    turn = ShopperTurn(text=_tidy(blocks.sub("", text)), reasoning=reasoning, calls=calls)
    for name, args in calls:
        decision, error = _judge(name, args)
        if error:
            turn.format_errors.append(error)
        elif turn.decision is None:
            turn.decision = decision
    return turn


_WORD = re.compile(r"(?:[^\W_]|\$)+(?:'[^\W\d_]+)*")


def word_count(text: str) -> int:
    """Words as CustomerSim's fidelity metrics count them (src/customersim/fidelity/text-units.ts)."""
    return len(_WORD.findall(text.lower().replace("\u2019", "'").replace("\u2018", "'")))


def resolve_product(ref: str, ids: Sequence[str], names: Optional[Sequence[str]] = None) -> str:
    """A purchase's product: an id as given, or the id of a product named exactly (any case)."""
    key = ref.strip()
    if key in ids:
        return key
    for pid, name in zip(ids, names or []):
        if name and name.lower() == key.lower():
            return pid
    return key
