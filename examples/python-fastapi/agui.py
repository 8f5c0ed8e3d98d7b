"""AG-UI for a Python agent, by hand: the run's input, the events, and their SSE framing.

The protocol is JSON over Server-Sent Events: the client POSTs a RunAgentInput and reads one
event per `data:` line (https://docs.ag-ui.com). The official `ag-ui-protocol` package does the
same with Pydantic models; these few lines are all a server needs without it.
"""

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tool:
    """A frontend tool: the browser runs it; its JSON Schema is in `parameters`."""

    name: str
    description: str = ""
    parameters: Any = None


@dataclass
class RunAgentInput:
    """What the client sends for one run. Field names are the protocol's own (camelCase)."""

    threadId: str
    runId: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    tools: list[Tool] = field(default_factory=list)
    context: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def parse(cls, body: Any) -> "RunAgentInput":
        """Reads a request body; a ValueError names what is missing."""
        if not isinstance(body, dict) or not isinstance(body.get("threadId"), str) or not isinstance(body.get("runId"), str):
            raise ValueError("a RunAgentInput needs threadId and runId")
        tools = [
            Tool(name=t["name"], description=t.get("description") or "", parameters=t.get("parameters"))
            for t in body.get("tools") or []
            if isinstance(t, dict) and isinstance(t.get("name"), str)
        ]
        return cls(
            threadId=body["threadId"],
            runId=body["runId"],
            messages=[m for m in body.get("messages") or [] if isinstance(m, dict)],
            tools=tools,
            context=[c for c in body.get("context") or [] if isinstance(c, dict)],
        )


def sse(event_type: str, **fields: Any) -> str:
    """One AG-UI event as an SSE frame, as `@ag-ui/encoder` writes it."""
    event = {"type": event_type, **{k: v for k, v in fields.items() if v is not None}}
    return f"data: {json.dumps(event, ensure_ascii=False, separators=(',', ':'))}\n\n"


def to_openai_messages(messages: list[dict[str, Any]], context: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """AG-UI messages → OpenAI Chat Completions messages (the two are close cousins)."""
    out: list[dict[str, Any]] = []
    if context:
        lines = "\n".join(f"- {c.get('description', '')}: {c.get('value', '')}" for c in context)
        out.append({"role": "system", "content": f"Context from the app:\n{lines}"})
    for message in messages:
        role = message.get("role")
        if role in ("system", "developer"):
            out.append({"role": "system", "content": message.get("content") or ""})
        elif role == "user":
            out.append({"role": "user", "content": user_content(message.get("content"))})
        elif role == "assistant":
            entry: dict[str, Any] = {"role": "assistant", "content": message.get("content")}
            calls = message.get("toolCalls") or []
            if calls:
                entry["tool_calls"] = [
                    {"id": c["id"], "type": "function", "function": {"name": c["function"]["name"], "arguments": c["function"]["arguments"]}}
                    for c in calls
                ]
            out.append(entry)
        elif role == "tool":
            content = message.get("content")
            if not isinstance(content, str):
                content = json.dumps(content)
            out.append({"role": "tool", "tool_call_id": message["toolCallId"], "content": content})
        # Activity and reasoning messages are for the UI; the model does not need them back.
    return out


def user_content(content: Any) -> Any:
    """A string stays a string; text and image parts become OpenAI content parts."""
    if isinstance(content, str):
        return content
    parts: list[dict[str, Any]] = []
    for part in content or []:
        if part.get("type") == "text":
            parts.append({"type": "text", "text": part.get("text", "")})
        elif part.get("type") == "image":
            source = part.get("source", {})
            url = source.get("value", "")
            if source.get("type") == "data":
                url = f"data:{source.get('mimeType', 'image/png')};base64,{url}"
            parts.append({"type": "image_url", "image_url": {"url": url}})
    return parts


def to_openai_tools(tools: list[Tool]) -> list[dict[str, Any]]:
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": tool.description,
                "parameters": tool.parameters or {"type": "object", "properties": {}},
            },
        }
        for tool in tools
    ]
