import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { act } from '@testing-library/react';
import { isToolUIPart, type UIMessage } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { vi } from 'vitest';
import { createChatHandler } from 'toolchat/server';
import { routeFetch } from 'toolchat/testing';

export type Body = { messages: UIMessage[]; tools?: Record<string, unknown>; toolsDisabled?: boolean };

/**
 * The real endpoint in-process, behind the hook's own `fetch` option: real SSE encoding and
 * parsing, and the request bodies as the server received them. `respond` may replace a
 * response (an HTTP error, a cut stream) by request number.
 */
export function endpoint(
  model: MockLanguageModelV4,
  respond?: (n: number, request: Request) => Response | Promise<Response> | undefined,
) {
  const handler = createChatHandler({ model });
  const bodies: Body[] = [];
  const fetch = vi.fn(
    routeFetch(async (request) => {
      bodies.push((await request.clone().json()) as Body);
      return (await respond?.(bodies.length, request)) ?? handler(request);
    }),
  );
  return { api: 'http://localhost/api/chat', fetch, bodies };
}

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export function stream(parts: LanguageModelV4StreamPart[]) {
  return { stream: convertArrayToReadableStream<LanguageModelV4StreamPart>(parts) };
}

/** A model turn that calls tools; `input` is sent as given when it is a string (malformed JSON). */
export function calls(...list: { toolCallId: string; toolName: string; input: unknown }[]) {
  return stream([
    ...list.map(
      (call): LanguageModelV4StreamPart => ({
        type: 'tool-call',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
      }),
    ),
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
  ]);
}

export function text(answer: string) {
  return stream([
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: answer },
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ]);
}

/** The tool results of the prompt the model got on request `n` (0-based), by call id. */
export function toolResultsSent(model: MockLanguageModelV4, n: number) {
  const results: Record<string, unknown> = {};
  for (const message of model.doStreamCalls[n]?.prompt ?? []) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) if (part.type === 'tool-result') results[part.toolCallId] = part.output;
  }
  return results;
}

/** The tool parts of the last message. */
export function toolParts(messages: UIMessage[]) {
  return messages.at(-1)?.parts.filter(isToolUIPart) ?? [];
}

export function textOf(message: UIMessage | undefined): string {
  return (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** With fake timers: advances time in steps until the assertion holds. */
export async function advanceUntil(assertion: () => void, stepMs = 50, maxSteps = 400): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (i >= maxSteps) throw error;
      await act(() => vi.advanceTimersByTimeAsync(stepMs));
    }
  }
}
