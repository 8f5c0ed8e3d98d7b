// First: the DOM globals must exist before React loads (a bare import would be tree-shaken).
import { domReady } from './support/dom';
import { Chat, useChat } from '@ai-sdk/react';
import { fireEvent } from '@testing-library/dom';
import {
  lastAssistantMessageIsCompleteWithToolCalls,
  type ChatTransport,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/profiling';
import { z } from 'zod';
import { ChatWrapper, createDemoTransport, defineTool, demoTools, useToolChat, type ToolSet } from 'toolchat';
import { median, round, until } from './support/measure';
import { PlainThread } from './support/plain-list';
import { nextTask } from './support/token-transport';
import type { BenchRow } from './types';

const BENCH = 'loop';
const LOOP_REPS = 21;
const ROUND_REPS = 8;
domReady();

/**
 * Both sides are React hooks mounted in jsdom (React's production build), driven the way an
 * app drives them: `useToolChat` with its tools, and `useChat` hand-wired with `onToolCall`,
 * `addToolOutput` and `sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls`.
 */
function mountHook<T>(useHook: () => T): { current: () => T; mounted: () => boolean; dispose: () => void } {
  let value: T | undefined;
  function Probe() {
    const result = useHook();
    useEffect(() => {
      value = result;
    });
    value = result;
    return null;
  }
  const host = document.createElement('div');
  const root = createRoot(host);
  root.render(<Probe />);
  return {
    current: () => {
      if (value === undefined) throw new Error('hook not mounted');
      return value;
    },
    mounted: () => value !== undefined,
    dispose: () => root.unmount(),
  };
}

/**
 * Chunks of one response: a call to each of `tools` (or a text answer), each chunk in its own
 * task; `onToolInput` hears when a call's `tool-input-available` goes to the chat.
 */
function response(round: number, tools: readonly string[], onToolInput?: () => void, onClose?: () => void): ReadableStream<UIMessageChunk> {
  const chunks: UIMessageChunk[] = [{ type: 'start' }, { type: 'start-step' }];
  if (tools.length === 0) {
    chunks.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' });
  } else {
    tools.forEach((toolName, i) =>
      chunks.push({ type: 'tool-input-available', toolCallId: `call_${round}_${i}`, toolName, input: {} }),
    );
  }
  chunks.push({ type: 'finish-step' }, { type: 'finish' });
  let i = 0;
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      await nextTask();
      const chunk = chunks[i++];
      if (chunk?.type === 'tool-input-available') onToolInput?.();
      if (chunk) controller.enqueue(chunk);
      else {
        controller.close();
        onClose?.();
      }
    },
  });
}

/**
 * A model that calls `perRound` tools for `rounds` rounds, then answers; it logs when each
 * request leaves (and, given `toolInputs`, when each call's input went to the chat).
 */
function scriptedTransport(
  rounds: number,
  perRound: readonly string[],
  requests: number[],
  toolInputs?: number[],
  onClose?: () => void,
): ChatTransport<UIMessage> {
  return {
    async sendMessages() {
      requests.push(performance.now());
      const round = requests.length - 1;
      return response(round, round < rounds ? perRound : [], toolInputs && (() => toolInputs.push(performance.now())), onClose);
    },
    async reconnectToStream() {
      return null;
    },
  };
}

/** The hand-wired baseline: `useChat` + `onToolCall` + `addToolOutput` + `sendAutomaticallyWhen`. */
function handWired(transport: ChatTransport<UIMessage>, tools: ToolSet) {
  const chat: Chat<UIMessage> = new Chat<UIMessage>({
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: ({ toolCall }) => {
      const tool = tools[toolCall.toolName];
      const controller = new AbortController();
      // Not awaited: awaiting addToolOutput inside onToolCall deadlocks the chat.
      void Promise.resolve()
        .then(() => tool?.execute?.(toolCall.input as never, { signal: controller.signal, toolCallId: toolCall.toolCallId }))
        .then(
          (output) => chat.addToolOutput({ tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output }),
          (error: unknown) =>
            chat.addToolOutput({ tool: toolCall.toolName, toolCallId: toolCall.toolCallId, state: 'output-error', errorText: String(error) }),
        );
    },
  });
  const hook = mountHook(() => useChat({ chat }));
  return { chat, hook };
}

const lastHasText = (messages: readonly UIMessage[]) => messages.at(-1)?.parts.some((p) => p.type === 'text') ?? false;

/**
 * Milliseconds from each tool's output to the next request leaving the transport, for
 * `rounds` rounds. A tool that answers `at once` (synchronously) gives its output while the
 * response is still ending, so the window holds the end of the stream too; one that answers
 * `after the response` (as a tool that awaits a network call does) gives it once the
 * response has closed, so the window is only the loop's way from a result to the request.
 */
async function roundOverhead(side: 'ours' | 'useChat', rounds: number, answers: 'at once' | 'after the response' = 'at once'): Promise<number[]> {
  const requests: number[] = [];
  const outputs: number[] = [];
  let closed: () => void = () => {};
  const responseClosed = () => new Promise<void>((resolve) => (closed = resolve));
  let waiting = responseClosed();
  const tools: ToolSet = {
    ping: defineTool({
      description: 'Answers pong',
      inputSchema: z.object({}),
      execute:
        answers === 'at once'
          ? () => {
              outputs.push(performance.now());
              return { pong: true };
            }
          : async () => {
              await waiting;
              waiting = responseClosed();
              outputs.push(performance.now());
              return { pong: true };
            },
    }),
  };
  const transport = scriptedTransport(rounds, ['ping'], requests, undefined, () => closed());
  if (side === 'ours') {
    const hook = mountHook(() => useToolChat({ transport, tools, maxToolRounds: rounds + 10 }));
    await until(hook.mounted);
    await hook.current().sendMessage('go');
    await until(() => requests.length > rounds && lastHasText(hook.current().messages) && hook.current().activity.state === 'idle', 120_000, 1);
    hook.dispose();
  } else {
    const { chat, hook } = handWired(transport, tools);
    await chat.sendMessage({ text: 'go' });
    await until(() => requests.length > rounds && lastHasText(chat.messages) && chat.status === 'ready', 120_000, 1);
    hook.dispose();
  }
  return outputs.map((at, i) => (requests[i + 1] ?? Number.NaN) - at);
}

/** Milliseconds from the first of `n` parallel tools starting to the next request leaving. */
async function parallelRound(n: number, latencyMs: number): Promise<number> {
  const requests: number[] = [];
  const starts: number[] = [];
  const tools: ToolSet = {};
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    names.push(`slow${i}`);
    tools[`slow${i}`] = defineTool({
      description: 'Waits',
      inputSchema: z.object({}),
      execute: async () => {
        starts.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, latencyMs));
        return { waited: latencyMs };
      },
    });
  }
  const hook = mountHook(() => useToolChat({ transport: scriptedTransport(1, names, requests), tools }));
  await until(hook.mounted);
  await hook.current().sendMessage('go');
  await until(() => requests.length > 1 && hook.current().activity.state === 'idle', 60_000, 1);
  hook.dispose();
  return (requests[1] ?? Number.NaN) - Math.min(...starts);
}

/**
 * Milliseconds from each call's `tool-input-available` reaching the chat to the next request
 * leaving, for `rounds` rounds, with a UI on screen: `ChatWrapper` (cards, status, composer),
 * or the hand-wired `useChat` rendering its messages as a plain list.
 */
async function uiRound(side: 'ChatWrapper' | 'useChat', rounds: number): Promise<number[]> {
  const requests: number[] = [];
  const inputs: number[] = [];
  const tools: ToolSet = {
    ping: defineTool({ description: 'Answers pong', inputSchema: z.object({}), execute: () => ({ pong: true }) }),
  };
  const transport = scriptedTransport(rounds, ['ping'], requests, inputs);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  if (side === 'ChatWrapper') {
    let finished = false;
    root.render(<ChatWrapper transport={transport} tools={tools} maxToolRounds={rounds + 10} onFinish={() => (finished = true)} />);
    await until(() => host.querySelector('textarea') !== null);
    fireEvent.change(host.querySelector('textarea')!, { target: { value: 'go' } });
    const send = [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Send');
    if (!send) throw new Error('ChatWrapper: no Send button');
    fireEvent.click(send);
    await until(() => finished && host.querySelector('.toolchat')?.getAttribute('data-state') === 'idle', 120_000, 1);
  } else {
    const { chat, hook } = handWired(transport, tools);
    hook.dispose();
    root.render(<PlainThread chat={chat} />);
    await chat.sendMessage({ text: 'go' });
    await until(() => requests.length > rounds && lastHasText(chat.messages) && chat.status === 'ready', 120_000, 1);
  }
  root.unmount();
  host.remove();
  return inputs.map((at, i) => (requests[i + 1] ?? Number.NaN) - at);
}

/** A 10-round loop on the demo model at zero delay, end to end. */
async function demoLoop(side: 'ours' | 'useChat', rounds: number): Promise<number> {
  const prompt = 'Keep calling tools';
  if (side === 'ours') {
    // The clock starts once the hook is mounted and stops when the loop reports its end
    // (`onFinish`), as the hand-wired side's does on the chat's own state: no render in between.
    let finishedAt: number | undefined;
    const hook = mountHook(() =>
      useToolChat({
        transport: createDemoTransport({ delayMs: 0 }),
        tools: demoTools,
        maxToolRounds: rounds,
        onFinish: () => {
          finishedAt = performance.now();
        },
      }),
    );
    await until(hook.mounted);
    const start = performance.now();
    await hook.current().sendMessage(prompt);
    await until(() => finishedAt !== undefined, 120_000, 1);
    const ms = (finishedAt ?? performance.now()) - start;
    await until(() => lastHasText(hook.current().messages) && hook.current().activity.state === 'idle', 120_000, 1);
    const steps = hook.current().messages.at(-1)?.parts.filter((p) => p.type === 'step-start').length ?? 0;
    hook.dispose();
    if (steps !== rounds + 1) throw new Error(`ours: ${steps} steps, expected ${rounds + 1}`);
    return ms;
  }
  // Hand-wired: the tools' JSON Schemas in every body, tools disabled once `rounds` rounds ran.
  const demo = createDemoTransport({ delayMs: 0 });
  const schemas = Object.fromEntries(
    Object.entries(demoTools as ToolSet).map(([name, tool]) => [
      name,
      { description: tool.description, inputSchema: z.toJSONSchema(tool.inputSchema as z.ZodType) },
    ]),
  );
  const transport: ChatTransport<UIMessage> = {
    sendMessages(options) {
      const steps = options.messages.at(-1)?.role === 'assistant' ? options.messages.at(-1)?.parts.filter((p) => p.type === 'step-start').length ?? 0 : 0;
      return demo.sendMessages({ ...options, body: { tools: schemas, toolsDisabled: steps >= rounds } });
    },
    reconnectToStream: () => Promise.resolve(null),
  };
  const { chat, hook } = handWired(transport, demoTools as ToolSet);
  const start = performance.now();
  await chat.sendMessage({ text: prompt });
  await until(() => lastHasText(chat.messages) && chat.status === 'ready', 120_000, 1);
  const ms = performance.now() - start;
  const steps = chat.messages.at(-1)?.parts.filter((p) => p.type === 'step-start').length ?? 0;
  hook.dispose();
  if (steps !== rounds + 1) throw new Error(`useChat: ${steps} steps, expected ${rounds + 1}`);
  return ms;
}

export default async function run(): Promise<BenchRow[]> {
  // Warm-up of every path.
  await roundOverhead('ours', 10);
  await roundOverhead('useChat', 10);
  // The demo loop runs through most of the AI SDK: its JIT keeps warming for a dozen runs.
  for (let i = 0; i < 10; i++) {
    await demoLoop('ours', 10);
    await demoLoop('useChat', 10);
  }

  const ours: number[] = [];
  const theirs: number[] = [];
  const oursAfter: number[] = [];
  const theirsAfter: number[] = [];
  await roundOverhead('ours', 10, 'after the response');
  await roundOverhead('useChat', 10, 'after the response');
  // Rounds of ~0.1 ms: many of them, the sides interleaved, so a GC or a JIT pause moves a
  // median little.
  for (let rep = 0; rep < ROUND_REPS; rep++) {
    ours.push(...(await roundOverhead('ours', 50)));
    theirs.push(...(await roundOverhead('useChat', 50)));
    oursAfter.push(...(await roundOverhead('ours', 50, 'after the response')));
    theirsAfter.push(...(await roundOverhead('useChat', 50, 'after the response')));
  }
  const oursRound = median(ours);
  const theirRound = median(theirs);
  const oursAfterRound = median(oursAfter);
  const theirAfterRound = median(theirsAfter);


  const L = 50;
  const N = 8;
  const parallel = median([await parallelRound(N, L), await parallelRound(N, L), await parallelRound(N, L)]);

  // A run is ~50 ms, so the machine's noise is a large share of one: many interleaved runs,
  // each side first in turn, and the medians.
  const oursLoop: number[] = [];
  const theirLoop: number[] = [];
  for (let rep = 0; rep < LOOP_REPS; rep++) {
    if (rep % 2 === 0) oursLoop.push(await demoLoop('ours', 10));
    theirLoop.push(await demoLoop('useChat', 10));
    if (rep % 2 === 1) oursLoop.push(await demoLoop('ours', 10));
  }
  if (process.env['BENCH_VERBOSE']) console.error('ours', oursLoop.map((v) => v.toFixed(0)).join(' '), '\nuseChat', theirLoop.map((v) => v.toFixed(0)).join(' '));
  const loopOurs = median(oursLoop);
  const loopTheirs = median(theirLoop);

  // Last, so the rounds with a UI cannot change how warm the hook-level cases above run: from
  // the call's input to the next request, with a UI on screen.
  await uiRound('ChatWrapper', 10);
  await uiRound('useChat', 10);
  const wrapperRounds: number[] = [];
  const handRounds: number[] = [];
  for (let rep = 0; rep < 2; rep++) {
    wrapperRounds.push(...(await uiRound('ChatWrapper', 50)));
    handRounds.push(...(await uiRound('useChat', 50)));
  }
  const wrapperRound = median(wrapperRounds);
  const handRound = median(handRounds);

  return [
    { bench: BENCH, case: `hand-wired useChat: last tool output → next request (median of ${ROUND_REPS * 50} rounds)`, value: round(theirRound), unit: 'ms' },
    {
      bench: BENCH,
      case: `useToolChat: last tool output → next request (median of ${ROUND_REPS * 50} rounds)`,
      value: round(oursRound),
      unit: 'ms',
      baseline: 'hand-wired useChat, same run',
      ratio: round(oursRound / theirRound),
      target: '≤ 1.5',
    },
    { bench: BENCH, case: `hand-wired useChat: a tool answering after the response, its output → next request (median of ${ROUND_REPS * 50} rounds)`, value: round(theirAfterRound), unit: 'ms' },
    {
      bench: BENCH,
      case: `useToolChat: a tool answering after the response, its output → next request (median of ${ROUND_REPS * 50} rounds)`,
      value: round(oursAfterRound),
      unit: 'ms',
      baseline: 'hand-wired useChat, same run',
      ratio: round(oursAfterRound / theirAfterRound),
    },
    { bench: BENCH, case: 'hand-wired useChat with a plain list: tool-input-available → next request (median of 100 rounds)', value: round(handRound), unit: 'ms' },
    {
      bench: BENCH,
      case: 'ChatWrapper: tool-input-available → next request (median of 100 rounds)',
      value: round(wrapperRound),
      unit: 'ms',
      baseline: 'hand-wired useChat with a plain list, same run',
      ratio: round(wrapperRound / handRound),
      target: '≤ 1.5',
    },
    {
      bench: BENCH,
      case: `useToolChat: ${N} parallel tools of ${L} ms, first start → next request`,
      value: round(parallel),
      unit: 'ms',
      baseline: `L = ${L} ms`,
      ratio: round(parallel / L),
      target: '≤ 1.1',
    },
    { bench: BENCH, case: `hand-wired useChat: 10-round demo loop end to end (median of ${LOOP_REPS})`, value: round(loopTheirs), unit: 'ms' },
    {
      bench: BENCH,
      case: `useToolChat: 10-round demo loop end to end (median of ${LOOP_REPS})`,
      value: round(loopOurs),
      unit: 'ms',
      baseline: 'hand-wired useChat, same run',
      ratio: round(loopOurs / loopTheirs),
      target: '≤ 1.1',
    },
  ];
}
