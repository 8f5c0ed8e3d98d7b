"""The agent's model: any OpenAI-compatible server, or a small demo model that needs nothing.

Both stream the same deltas, in the shape of OpenAI's Chat Completions chunks: `{"content": str}`
for text, `{"tool_call": {"index", "id", "name", "arguments"}}` for a call (its arguments in pieces).
Only the standard library: the example needs no package outside Debian's python3-fastapi and
python3-uvicorn.
"""

import asyncio
import json
import os
import re
import urllib.error
import urllib.request
from typing import Any, AsyncIterator


class OpenAICompatible:
    """`POST {base_url}/chat/completions` with `stream: true`: OpenAI, Ollama, vLLM, LM Studio, a mock."""

    def __init__(self, base_url: str, api_key: str, model: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.model = model
        self.name = f"{model} at {self.base_url}"

    async def stream(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
        body = {"model": self.model, "messages": messages, "stream": True, **({"tools": tools} if tools else {})}
        request = urllib.request.Request(
            f"{self.base_url}/chat/completions",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json", "authorization": f"Bearer {self.api_key}"},
            method="POST",
        )
        try:
            response = await asyncio.to_thread(urllib.request.urlopen, request, timeout=120)
        except urllib.error.HTTPError as error:
            # The provider's own words ("Incorrect API key provided…"), not just the status.
            detail = error.read().decode(errors="replace")[:500]
            raise RuntimeError(f"The model server answered {error.code}: {detail}") from None
        try:
            while True:
                raw = await asyncio.to_thread(response.readline)
                if not raw:
                    break
                line = raw.decode().strip()
                if not line.startswith("data:"):
                    continue
                data = line[5:].strip()
                if data == "[DONE]":
                    break
                for choice in json.loads(data).get("choices") or []:
                    delta = choice.get("delta") or {}
                    if delta.get("content"):
                        yield {"content": delta["content"]}
                    for call in delta.get("tool_calls") or []:
                        function = call.get("function") or {}
                        yield {
                            "tool_call": {
                                "index": call.get("index", 0),
                                "id": call.get("id"),
                                "name": function.get("name") or "",
                                "arguments": function.get("arguments") or "",
                            }
                        }
        finally:
            response.close()


HELP = (
    "I'm the example's demo model: ask me for the weather in a city (the page's getWeather tool) "
    "or the time on the server (the agent's own getServerTime). Set OPENAI_API_KEY, or "
    "OPENAI_BASE_URL for a local model, and a real one answers."
)


class DemoModel:
    """A deterministic stand-in for a model, so the example runs offline at the first try.

    "Weather in Paris" calls the browser's getWeather; "what time is it on the server" calls the
    agent's getServerTime; with their results it answers in words. Without tools on offer
    (toolchat's forced final round) it answers in words too.
    """

    name = "the demo model (no OPENAI_API_KEY or OPENAI_BASE_URL set)"

    async def stream(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
        offered = {tool["function"]["name"] for tool in tools}
        last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
        request = text_of(messages[last_user].get("content")) if last_user >= 0 else ""
        calls: dict[str, str] = {}
        results: list[tuple[str, Any]] = []
        for message in messages[last_user + 1 :]:
            for call in message.get("tool_calls") or []:
                calls[call["id"]] = call["function"]["name"]
            if message.get("role") == "tool":
                results.append((calls.get(message.get("tool_call_id", ""), "a tool"), parse(message.get("content"))))
        if results:
            answer = " ".join(sentence(name, result) for name, result in results)
        else:
            city = re.search(r"weather\s+(?:in|for|at)\s+([A-Za-zÀ-ÿ .'-]+?)[\s?.!]*$", request, re.IGNORECASE)
            ids = sum(len(m.get("tool_calls") or []) for m in messages)
            if city and "getWeather" in offered:
                yield tool_call_delta(0, f"call_{ids + 1}", "getWeather", {"city": city.group(1).strip()})
                return
            if re.search(r"\btime\b", request, re.IGNORECASE) and "getServerTime" in offered:
                yield tool_call_delta(0, f"call_{ids + 1}", "getServerTime", {"timezone": "UTC"})
                return
            answer = "I cannot look that up now." if (city or "time" in request.lower()) and not offered else HELP
        for word in re.findall(r"\S+\s*", answer):
            yield {"content": word}


def tool_call_delta(index: int, call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool_call": {"index": index, "id": call_id, "name": name, "arguments": json.dumps(arguments)}}


def sentence(name: str, result: Any) -> str:
    if name == "getWeather" and isinstance(result, dict) and "tempC" in result:
        return f"It's {result['tempC']}°C and {result.get('conditions', 'no word on the sky')} in {result.get('city', 'that city')}."
    if name == "getServerTime" and isinstance(result, dict) and "iso" in result:
        return f"The server's clock says {result['iso']} ({result.get('timezone', 'UTC')})."
    if isinstance(result, dict) and "error" in result:
        return f"{name} failed: {result['error']}."
    return f"{name} answered: {json.dumps(result)}."


def text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return " ".join(part.get("text", "") for part in content or [] if isinstance(part, dict) and part.get("type") == "text")


def parse(content: Any) -> Any:
    try:
        return json.loads(content) if isinstance(content, str) else content
    except ValueError:
        return content


def model_from_env() -> OpenAICompatible | DemoModel:
    """A real model when the environment names one (a key, or a server's URL); else the demo model."""
    base_url = os.environ.get("OPENAI_BASE_URL")
    api_key = os.environ.get("OPENAI_API_KEY")
    if not base_url and not api_key:
        return DemoModel()
    return OpenAICompatible(base_url or "https://api.openai.com/v1", api_key or "not-needed", os.environ.get("OPENAI_MODEL", "gpt-4o-mini"))
