import { EventType, type AGUIEvent, type RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';

const encoder = new EventEncoder();

/** Events as the official encoder writes them to the wire. */
export function sseOf(events: readonly object[]): string {
  return events.map((event) => encoder.encodeSSE(event as AGUIEvent)).join('');
}

export function sseResponse(body: string | ReadableStream<Uint8Array>, init: ResponseInit = {}): Response {
  return new Response(body, { ...init, headers: { 'Content-Type': encoder.getContentType(), ...init.headers } });
}

/** A fetch that records each run's input and answers with `answer(input, n)`. */
export function agentFetch(answer: (input: RunAgentInput, n: number, init: RequestInit) => Response | Promise<Response>) {
  const runs: RunAgentInput[] = [];
  const inits: RequestInit[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    const input = JSON.parse(String(init?.body)) as RunAgentInput;
    runs.push(input);
    inits.push(init ?? {});
    return answer(input, runs.length, init ?? {});
  };
  return { fetch: fetch as typeof globalThis.fetch, runs, inits };
}

/** One run: `RUN_STARTED`, the given events, `RUN_FINISHED`. */
export function run(input: Pick<RunAgentInput, 'threadId' | 'runId'>, events: readonly object[]): object[] {
  return [
    { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
    ...events,
    { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId },
  ];
}

export function textMessage(messageId: string, ...deltas: string[]): object[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
    ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ];
}

export function toolCall(toolCallId: string, toolCallName: string, ...args: string[]): object[] {
  return [
    { type: EventType.TOOL_CALL_START, toolCallId, toolCallName },
    ...args.map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta })),
    { type: EventType.TOOL_CALL_END, toolCallId },
  ];
}
