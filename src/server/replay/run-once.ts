import type { ToolSet as AIToolSet } from 'ai';
import { errorMessage } from '../../core/tools/errors';
import type { ApprovedCall } from '../trust/verify-tool-parts';
import type { ReplayClaim, ReplayOutcome, ReplayStore } from './replay-store';

export interface RunOnceOptions {
  /** The verified calls this request approves, by id (see `verifyToolParts`). */
  approved: Map<string, ApprovedCall>;
  store: ReplayStore;
  /** How long after it was signed a call may still be approved; records last as long. */
  ttlMs: number;
  now: () => number;
}

// Records outlive the approval window by this much: instances' clocks differ a little.
const CLOCK_MARGIN_MS = 60_000;

/**
 * The server tools for one request, each approved call's `execute` run at most once: the first
 * copy to claim the call in the store runs it and records its outcome; any other (a resent
 * request, a concurrent copy, another instance) gets that recorded outcome, or an error saying
 * it already ran, and never runs it. A call approved after `ttlMs` is refused, since its record
 * may be gone. Calls the model makes in this request run as they are.
 */
export function runOnceTools(tools: AIToolSet, options: RunOnceOptions): AIToolSet {
  if (options.approved.size === 0) return tools;
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
        if (!call || call.toolName !== name) return execute.call(tool, input, execution);
        return runOnce(name, call, () => execute.call(tool, input, execution), options);
      },
    } as AIToolSet[string];
  }
  return wrapped;
}

async function runOnce(name: string, call: ApprovedCall, run: () => unknown, options: RunOnceOptions): Promise<unknown> {
  const { store, ttlMs } = options;
  if (options.now() - call.issuedAt > ttlMs) {
    throw new Error(
      `Tool "${name}" was not run: it was approved more than ${describeMs(ttlMs)} after the call was made, and approvals expire. Call it again if it is still wanted.`,
    );
  }
  const recordTtlMs = ttlMs + CLOCK_MARGIN_MS;
  let claim: ReplayClaim;
  try {
    claim = await store.claim(call.signature, recordTtlMs);
  } catch (error) {
    // Without the record the handler cannot promise one run: it runs none.
    throw new Error(`Tool "${name}" was not run: its run could not be recorded (${errorMessage(error)}), so it cannot be sure to run only once.`);
  }
  if (!claim.claimed) return replay(name, claim.outcome);

  const keep = (outcome: ReplayOutcome) =>
    store.record(call.signature, recordable(outcome), recordTtlMs).catch((error: unknown) => {
      console.error(`toolchat: the outcome of "${name}" could not be recorded; a replay will say it already ran`, errorMessage(error));
    });
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    await keep({ errorText: errorMessage(error) });
    throw error;
  }
  if (isAsyncIterable(result)) return recordLast(result, keep);
  await keep({ output: result });
  return result;
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

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

function describeMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms} ms`;
}
