import type { ToolSet as AIToolSet } from 'ai';
import { errorMessage } from '../../core/tools/errors';
import type { ApprovedCall } from '../trust/verify-tool-parts';
import { currentTurn, ownTurn } from './own-turn';
import type { ReplayClaim, ReplayOutcome, ReplayStore } from './replay-store';

export interface RunOnceOptions {
  /** The verified calls this request approves, by id (see `verifyToolParts`). */
  approved: Map<string, ApprovedCall>;
  store: ReplayStore;
  /** How long after it was signed a call may still be approved; records last as long. */
  ttlMs: number;
  now: () => number;
}

/** The server tools of one request, and what its end must wait for. */
export interface RunOnceTools {
  tools: AIToolSet;
  /**
   * Called once when the answer ends (done, failed or cancelled): records "not run" for a call
   * this request claimed whose `execute` never started, and waits for the records still being
   * written, so that a function frozen after its response has written them.
   */
  end(): Promise<void>;
}

// Records outlive the approval window by this much: instances' clocks differ a little.
const CLOCK_MARGIN_MS = 60_000;

/** What claiming an approved call before the model call came to. */
type Claimed = { claim: ReplayClaim } | { error: Error };

/**
 * The server tools for one request, each approved call's `execute` run at most once. The
 * approved calls are claimed in the store **before** the model call starts (one round trip per
 * call, all at once, while no stream of the request exists yet), so that `execute` meets its
 * claim already answered; claims answered on a later turn (over the network) resume the request
 * on a turn of its own (see `own-turn.ts`). The copy that claimed a call runs it and records its
 * outcome without holding the output back (the answer's end waits for the record); any other
 * copy (a resent request, a concurrent copy, another instance) gets that recorded outcome, or an
 * error saying it already ran, and never runs it. A call approved after `ttlMs` is refused
 * unclaimed, since its record may be gone. A claimed call whose `execute` never starts (the
 * request aborted first) is recorded as not run: a replay of that approval says so and runs
 * nothing. Calls the model makes in this request run as they are.
 */
export async function runOnceTools(tools: AIToolSet, options: RunOnceOptions): Promise<RunOnceTools> {
  if (options.approved.size === 0) return { tools, end: async () => {} };
  const { store, ttlMs } = options;
  const recordTtlMs = ttlMs + CLOCK_MARGIN_MS;
  const claims = new Map<string, Claimed>();
  const claimedIn = currentTurn();
  await Promise.all(
    [...options.approved].map(async ([toolCallId, call]) => {
      if (!Object.hasOwn(tools, call.toolName)) return;
      claims.set(toolCallId, await claimCall(call, store, ttlMs, recordTtlMs, options.now));
    }),
  );
  // A store across the network answers many requests' claims at once: each goes on alone.
  await ownTurn(claimedIn);
  const started = new Set<string>();
  const writing = new Set<Promise<void>>();
  const keep = (name: string, call: ApprovedCall, outcome: ReplayOutcome) => {
    const write = store.record(call.signature, recordable(outcome), recordTtlMs).catch((error: unknown) => {
      console.error(`toolchat: the outcome of "${name}" could not be recorded; a replay will say it already ran`, errorMessage(error));
    });
    writing.add(write);
    void write.finally(() => writing.delete(write));
    return write;
  };

  const wrapped: AIToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute as ((input: unknown, execution: { toolCallId: string }) => unknown) | undefined;
    if (typeof execute !== 'function') {
      wrapped[name] = tool;
      continue;
    }
    wrapped[name] = {
      ...tool,
      execute: (input: unknown, execution: { toolCallId: string }) => {
        const call = options.approved.get(execution.toolCallId);
        const claimed = claims.get(execution.toolCallId);
        if (!call || call.toolName !== name || !claimed) return execute.call(tool, input, execution);
        if ('error' in claimed) throw claimed.error;
        if (!claimed.claim.claimed) return replay(name, claimed.claim.outcome);
        // A call runs once even if the SDK asked twice within this request.
        if (started.has(execution.toolCallId)) return replay(name, undefined);
        started.add(execution.toolCallId);
        return runClaimed(() => execute.call(tool, input, execution), (outcome) => keep(name, call, outcome));
      },
    } as AIToolSet[string];
  }

  let ended: Promise<void> | undefined;
  const end = () =>
    (ended ??= (async () => {
      for (const [toolCallId, claimed] of claims) {
        if (!('claim' in claimed) || !claimed.claim.claimed || started.has(toolCallId)) continue;
        const call = options.approved.get(toolCallId)!;
        void keep(call.toolName, call, {
          errorText: `Tool "${call.toolName}" was not run: the request that approved it ended before it started. Call it again if it is still wanted.`,
        });
      }
      await Promise.all(writing);
    })());
  return { tools: wrapped, end };
}

/** The claim of one approved call, or why it cannot run. */
async function claimCall(call: ApprovedCall, store: ReplayStore, ttlMs: number, recordTtlMs: number, now: () => number): Promise<Claimed> {
  const name = call.toolName;
  if (now() - call.issuedAt > ttlMs) {
    return {
      error: new Error(
        `Tool "${name}" was not run: it was approved more than ${describeMs(ttlMs)} after the call was made, and approvals expire. Call it again if it is still wanted.`,
      ),
    };
  }
  try {
    return { claim: await store.claim(call.signature, recordTtlMs) };
  } catch (error) {
    // Without the record the handler cannot promise one run: it runs none.
    return { error: new Error(`Tool "${name}" was not run: its run could not be recorded (${errorMessage(error)}), so it cannot be sure to run only once.`) };
  }
}

/** Runs a claimed call: its output goes on at once, its outcome is recorded beside it. */
function runClaimed(run: () => unknown, keep: (outcome: ReplayOutcome) => Promise<void>): unknown {
  const failed = (error: unknown): never => {
    void keep({ errorText: errorMessage(error) });
    throw error;
  };
  const done = (result: unknown) => {
    if (isAsyncIterable(result)) return recordLast(result, keep);
    void keep({ output: result });
    return result;
  };
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    return failed(error);
  }
  return isPromiseLike(result) ? Promise.resolve(result).then(done, failed) : done(result);
}

/** What a replayed approval gets: the first run's outcome, or an error the model reads. */
function replay(name: string, outcome: ReplayOutcome | undefined): unknown {
  if (outcome && 'output' in outcome) return outcome.output;
  if (outcome) throw new Error(outcome.errorText);
  throw new Error(`Tool "${name}" already ran for this call (or is running now): it was not run again.`);
}

/** Outputs past 1 MB of JSON, or with none, are recorded as "ran" only: replays say so. */
const MAX_RECORDED_CHARS = 1_000_000;

function recordable(outcome: ReplayOutcome): ReplayOutcome {
  if (!('output' in outcome)) return outcome;
  let json: string | undefined;
  try {
    json = JSON.stringify(outcome.output);
  } catch {
    json = undefined;
  }
  if (json === undefined || json.length > MAX_RECORDED_CHARS) return { errorText: 'This call already ran; its output was not kept, so it is not shown again.' };
  return { output: JSON.parse(json) as unknown };
}

/** A tool that streams preliminary outputs: passed through, its last one recorded. */
async function* recordLast(result: AsyncIterable<unknown>, keep: (outcome: ReplayOutcome) => Promise<void>): AsyncGenerator<unknown> {
  let last: unknown;
  let any = false;
  try {
    for await (const value of result) {
      last = value;
      any = true;
      yield value;
    }
  } catch (error) {
    await keep({ errorText: errorMessage(error) });
    throw error;
  }
  await keep(any ? { output: last } : { errorText: 'This call already ran and gave no output.' });
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

function describeMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms} ms`;
}
