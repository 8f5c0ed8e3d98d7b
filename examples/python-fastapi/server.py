"""A Python agent for a toolchat page: FastAPI, an OpenAI-style model loop, AG-UI events out.

POST /api/agent takes an AG-UI RunAgentInput and streams the run's events. The model loop runs
the server's own tools itself (their results stream as TOOL_CALL_RESULT) and stops at the first
call to a browser tool: the page runs it and starts the next run with its result.

  OPENAI_BASE_URL   any OpenAI-compatible server (default: OpenAI's, when OPENAI_API_KEY is set)
  OPENAI_API_KEY    its key (a placeholder is fine for local servers and mocks)
  OPENAI_MODEL      the model name (default gpt-4o-mini)
  HOST, PORT        where to listen (default 127.0.0.1:8000)
  ALLOWED_ORIGINS   comma-separated origins for CORS, for a page served elsewhere (default none)

With neither OPENAI_BASE_URL nor OPENAI_API_KEY, a small demo model answers (models.py): the
example runs offline, with nothing to sign up for.
"""

import json
import os
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, AsyncIterator

import uvicorn
from fastapi import FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles

from agui import RunAgentInput, sse, to_openai_messages, to_openai_tools
from models import model_from_env

MAX_STEPS = 5
model = model_from_env()


def get_server_time(timezone_name: str = "UTC") -> dict[str, Any]:
    """A tool the server runs itself."""
    return {"timezone": timezone_name, "iso": datetime.now(timezone.utc).isoformat(timespec="seconds")}


SERVER_TOOLS = {
    "getServerTime": {
        "run": lambda args: get_server_time(args.get("timezone", "UTC")),
        "schema": {
            "type": "function",
            "function": {
                "name": "getServerTime",
                "description": "The current time on the server",
                "parameters": {"type": "object", "properties": {"timezone": {"type": "string"}}},
            },
        },
    }
}

app = FastAPI()
origins = [o for o in os.environ.get("ALLOWED_ORIGINS", "").split(",") if o]
if origins:
    app.add_middleware(CORSMiddleware, allow_origins=origins, allow_methods=["POST"], allow_headers=["*"])


@app.post("/api/agent")
async def agent(request: Request) -> Response:
    try:
        run = RunAgentInput.parse(await request.json())
    except ValueError as error:
        return JSONResponse({"error": {"message": f"Invalid request body: {error}"}}, status_code=400)
    return StreamingResponse(run_agent(run), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})


async def run_agent(run: RunAgentInput) -> AsyncIterator[str]:
    yield sse("RUN_STARTED", threadId=run.threadId, runId=run.runId)
    try:
        messages = to_openai_messages(run.messages, run.context)
        frontend = {tool.name for tool in run.tools}
        # No browser tools (toolchat's forced final round sends none): no server tools either,
        # so the model answers in text.
        tools = to_openai_tools(run.tools) + [t["schema"] for t in SERVER_TOOLS.values()] if frontend else []
        for _ in range(MAX_STEPS):
            message_id = str(uuid.uuid4())
            text = ""
            calls: dict[int, dict[str, str]] = {}
            async for delta in model.stream(messages, tools):
                if "content" in delta:
                    if not text:
                        yield sse("TEXT_MESSAGE_START", messageId=message_id, role="assistant")
                    text += delta["content"]
                    yield sse("TEXT_MESSAGE_CONTENT", messageId=message_id, delta=delta["content"])
                    continue
                piece = delta["tool_call"]
                call = calls.get(piece["index"])
                if call is None:
                    call = calls[piece["index"]] = {"id": piece["id"] or str(uuid.uuid4()), "name": piece["name"], "arguments": ""}
                    yield sse("TOOL_CALL_START", toolCallId=call["id"], toolCallName=call["name"], parentMessageId=message_id)
                if piece["arguments"]:
                    call["arguments"] += piece["arguments"]
                    yield sse("TOOL_CALL_ARGS", toolCallId=call["id"], delta=piece["arguments"])
            if text:
                yield sse("TEXT_MESSAGE_END", messageId=message_id)
            for call in calls.values():
                yield sse("TOOL_CALL_END", toolCallId=call["id"])
            if not calls:
                break

            messages.append({
                "role": "assistant",
                "content": text or None,
                "tool_calls": [
                    {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
                    for c in calls.values()
                ],
            })
            # The server's own tools run here; their results go to the page and to the model.
            for call in calls.values():
                tool = SERVER_TOOLS.get(call["name"]) if call["name"] not in frontend else None
                if tool is None:
                    continue
                result = json.dumps(tool["run"](json.loads(call["arguments"] or "{}")))
                yield sse("TOOL_CALL_RESULT", messageId=str(uuid.uuid4()), toolCallId=call["id"], content=result, role="tool")
                messages.append({"role": "tool", "tool_call_id": call["id"], "content": result})
            # Any other call is the browser's: the run ends, and the next one carries its result.
            if any(c["name"] not in SERVER_TOOLS or c["name"] in frontend for c in calls.values()):
                break
        yield sse("RUN_FINISHED", threadId=run.threadId, runId=run.runId)
    except Exception as error:  # noqa: BLE001: any failure is the run's error, shown in the chat
        yield sse("RUN_ERROR", message=str(error), code=type(error).__name__)


# The built page (npm run build), when there is one.
dist = Path(__file__).parent / "dist"
if dist.is_dir():
    app.mount("/", StaticFiles(directory=dist, html=True), name="page")

if __name__ == "__main__":
    host, port = os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("PORT", "8000"))
    print(f"The agent answers with {model.name}: http://{host}:{port}", flush=True)
    uvicorn.run(app, host=host, port=port)
