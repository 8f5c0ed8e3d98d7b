import { DEFAULT_THROTTLE_MS, type ToolChat, type ToolCallView, type ToolChatSnapshot } from '../core/chat/index';
import type { ToolSet } from '../core/tools/define-tool';
import { fakeClock } from './vitest-hooks';

/** Options of the kit's waits. */
export interface WaitOptions {
  /**
   * How long to wait before failing, in milliseconds. Under Vitest's fake timers the wait
   * advances them itself, and this much fake time may pass (tool timeouts and retries included).
   * @default 5000
   */
  timeoutMs?: number;
}

/** What a wait looks for in the chat: found, hopeless (fail now, with why), or not yet. */
export type ChatCheck<T> = (chat: ToolChat) => { found: T } | { hopeless: string } | undefined;

/** How a wait lets time pass: plainly, or inside React's `act` (the kit's `renderChat`). */
export interface WaitDriver {
  /** Runs what changes the chat (time passing) so React renders it once it is done. */
  act(work: () => Promise<void>): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5000;
// Fake time moves in steps no longer than the chat's render throttle, so no change is skipped over.
const FAKE_STEP_MS = 10;
// Fake time let pass once the wait found what it looks for, so the screen shows it: the chat's
// render throttle, React's own scheduling, and its 300 ms pace of revealing suspended parts.
const FAKE_SETTLE_MS = 400;
// With real timers: beyond the chat's render throttle, a turn for React to render what it was told.
const REAL_SETTLE_MARGIN_MS = 16;

/**
 * Waits until the chat is idle: the final answer is in, or the chat failed (`state.error`), and
 * resolves with its state. Fails at once when a call waits for the user's approval, since
 * nothing would come of waiting: approve or deny it first (`waitForApproval`).
 */
export function waitForIdle<TOOLS extends ToolSet>(chat: ToolChat<TOOLS>, options: WaitOptions = {}): Promise<ToolChatSnapshot<TOOLS>> {
  return waitForChat(chat as unknown as ToolChat, idle, 'waitForIdle', options) as Promise<ToolChatSnapshot<TOOLS>>;
}

/**
 * Waits until a call (of `toolName`, if given) waits for the user's approval, and resolves with
 * it; the first, when several do. Fails at once when the chat goes idle without one.
 */
export function waitForApproval<TOOLS extends ToolSet>(
  chat: ToolChat<TOOLS>,
  options: WaitOptions & { toolName?: keyof TOOLS & string } = {},
): Promise<ToolCallView<TOOLS>> {
  return waitForChat(chat as unknown as ToolChat, awaitingApproval(options.toolName), 'waitForApproval', options) as Promise<ToolCallView<TOOLS>>;
}

/** The chat is idle; hopeless while a call waits for approval. */
export const idle: ChatCheck<ToolChatSnapshot> = (chat) => {
  const state = chat.getState();
  if (!state.busy) return { found: state };
  if (state.activity.state === 'awaiting-approval') return { hopeless: `the chat waits for the user to approve ${waitingCalls(chat)}: approve or deny first` };
  return undefined;
};

/** It is the user's turn: the chat is idle, or a call waits for their approval. */
export const usersTurn: ChatCheck<ToolChatSnapshot> = (chat) => {
  const state = chat.getState();
  return !state.busy || state.activity.state === 'awaiting-approval' ? { found: state } : undefined;
};

/** A call of `toolName` (any tool without it) waits for approval; hopeless once the chat is idle without one. */
export function awaitingApproval(toolName: string | undefined): ChatCheck<ToolCallView> {
  return (chat) => {
    for (const call of chat.getToolCalls().values()) {
      if (call.phase === 'awaiting-approval' && (toolName === undefined || call.toolName === toolName)) return { found: call };
    }
    const state = chat.getState();
    if (state.busy) return undefined;
    const which = toolName === undefined ? 'no call' : `no call of ${toolName}`;
    const waiting = toolName === undefined ? '' : waitingCalls(chat);
    return { hopeless: `${which} waits for approval, and the chat is ${describeState(state)}${waiting ? ` (waiting: ${waiting})` : ''}` };
  };
}

/**
 * Waits until `check` finds what it looks for in the chat. With Vitest's fake timers it
 * advances them in small steps (and gives real work, such as a module loading, turns of the
 * event loop without spending fake time); with real timers it watches the chat.
 */
export async function waitForChat<T>(
  chat: ToolChat,
  check: ChatCheck<T>,
  name: string,
  options: WaitOptions = {},
  driver: WaitDriver = plainDriver,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new TypeError(`${name}: timeoutMs must be a number greater than 0; got ${String(timeoutMs)}`);
  const fail = (why: string) => new Error(`${name}: ${why}`);
  const clock = await fakeClock();
  if (clock) {
    let fakeTime = 0;
    // Each advance waits at least one real timer turn: this bounds the real time spent too.
    for (let turns = 0; ; ) {
      const result = check(chat);
      if (result && 'found' in result) {
        for (let settled = 0; settled < FAKE_SETTLE_MS; settled += FAKE_STEP_MS) await driver.act(() => clock.advance(FAKE_STEP_MS));
        // What it found must still hold once the screen caught up; else the wait goes on.
        const now = check(chat);
        if (now && 'found' in now) return now.found;
        fakeTime += FAKE_SETTLE_MS;
        if (fakeTime > timeoutMs) throw fail(`gave up after ${timeoutMs} ms of fake time; the chat is ${describeState(chat.getState())}`);
        continue;
      }
      if (result) throw fail(result.hopeless);
      if (clock.pending() > 0 && fakeTime < timeoutMs) {
        await driver.act(() => clock.advance(FAKE_STEP_MS));
        fakeTime += FAKE_STEP_MS;
      } else if (turns++ < timeoutMs) {
        await driver.act(() => clock.advance(0));
      } else {
        throw fail(`gave up after ${timeoutMs} ms of fake time; the chat is ${describeState(chat.getState())}`);
      }
    }
  }
  // Real time: one `act` around the whole wait, so what the chat changes meanwhile renders when it
  // ends. Once found, the chat has its throttle's time to tell its subscribers (the UI), and
  // what it finds must still hold after it.
  const settleMs = (chat.options.throttle ?? DEFAULT_THROTTLE_MS) + REAL_SETTLE_MARGIN_MS;
  const deadline = Date.now() + timeoutMs;
  let outcome: { found: T } | { hopeless: string } | undefined;
  await driver.act(async () => {
    for (;;) {
      outcome = await poll(() => check(chat), Math.max(0, deadline - Date.now()));
      if (!outcome || 'hopeless' in outcome) return;
      const seen = chat.getState();
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      if (chat.getState() === seen) return;
    }
  });
  if (!outcome) throw fail(`gave up after ${timeoutMs} ms; the chat is ${describeState(chat.getState())}`);
  if ('hopeless' in outcome) throw fail(outcome.hopeless);
  return outcome.found;
}

/** Looks every few milliseconds until `look` gives something, or `timeoutMs` passed (undefined). */
function poll<R>(look: () => R | undefined, timeoutMs: number): Promise<R | undefined> {
  return new Promise((resolve) => {
    const finish = (result: R | undefined) => {
      clearInterval(interval);
      clearTimeout(timer);
      resolve(result);
    };
    const interval = setInterval(() => {
      const result = look();
      if (result !== undefined) finish(result);
    }, 10);
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const now = look();
    if (now !== undefined) finish(now);
  });
}

const plainDriver: WaitDriver = { act: (work) => work() };

function describeState(state: ToolChatSnapshot): string {
  const { activity } = state;
  if (activity.state === 'error') return `failed: ${activity.error?.message ?? state.error?.message ?? 'unknown error'}`;
  const tools = activity.toolNames?.length ? ` ${activity.toolNames.join(', ')}` : '';
  return `${activity.state}${tools}`;
}

function waitingCalls(chat: ToolChat): string {
  const calls = [...chat.getToolCalls().values()].filter((call) => call.phase === 'awaiting-approval');
  return calls.map((call) => `${call.toolName} (${call.toolCallId})`).join(', ');
}
