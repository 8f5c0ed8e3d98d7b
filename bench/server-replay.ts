// The replay-store runs of `npm run bench -- server`: every request approves a server-tool
// call (so the handler claims it in the replay store, runs it and records its output), one in
// three is a resent copy of the one before (the store answers with the recorded output). The
// baseline is the hand-written AI SDK route given the same approvals (it runs every one).
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  stepCountIs,
  streamText,
  tool,
  toUIMessageStream,
  type ToolSet,
  type UIMessage,
} from 'ai';
import { z } from 'zod';
import { createChatHandler, createDemoModel, memoryReplayStore, redisReplayStore, type ReplayStore } from '../src/server/index';
import { createToolSigner } from '../src/server/trust/tool-signature';

export type ReplayRole = 'toolchat-memory' | 'toolchat-memory-async' | 'toolchat-redis' | 'ai-sdk-approval';

export const REPLAY_SECRET = 'bench-secret-bench-secret-bench-secret';

/** A server tool that needs the user's approval. */
const getTime = tool({
  description: 'Current time in a city',
  inputSchema: z.object({ city: z.string() }),
  needsApproval: true,
  execute: async ({ city }) => ({ city, time: '21:04' }),
});

/** The route as the AI SDK's docs write it, with the same approval tool: trusts its body. */
async function aiSdkApprovalRoute(request: Request): Promise<Response> {
  const body = (await request.json()) as { messages: UIMessage[] };
  const tools: ToolSet = { getTime };
  const result = streamText({
    model: createDemoModel(),
    messages: await convertToModelMessages(body.messages, { tools, ignoreIncompleteToolCalls: true }),
    tools,
    stopWhen: stepCountIs(5),
    abortSignal: request.signal,
  });
  return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream, tools, originalMessages: body.messages }) });
}

/** The handler of a replay role, in its worker. */
export async function replayHandler(role: ReplayRole, redisUrl: string | undefined): Promise<(request: Request) => Promise<Response>> {
  if (role === 'ai-sdk-approval') return aiSdkApprovalRoute;
  let replayStore: ReplayStore = memoryReplayStore();
  if (role === 'toolchat-memory-async') replayStore = behindATurn(replayStore);
  if (role === 'toolchat-redis') {
    const { createClient } = await import('redis');
    // node-redis 6 gives up on a command after 5 s by default; a wave under this machine's load
    // can queue replies longer than that, and the bench measures cost, not that limit.
    const commandOptions = { timeout: 60_000 };
    const client = await createClient(redisUrl === undefined ? { commandOptions } : { url: redisUrl, commandOptions }).connect();
    replayStore = redisReplayStore(client);
  }
  return createChatHandler({ model: createDemoModel(), secret: REPLAY_SECRET, tools: { getTime }, replayStore });
}

/**
 * The memory store answering one event-loop turn later, as a network store does, without any
 * client: what waiting costs 300 requests in flight (their streams stay alive across the await),
 * apart from what a Redis client costs.
 */
function behindATurn(store: ReplayStore): ReplayStore {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    claim: async (key, ttlMs) => {
      await turn();
      return store.claim(key, ttlMs);
    },
    record: async (key, outcome, ttlMs) => {
      await turn();
      return store.record(key, outcome, ttlMs);
    },
  };
}

const signer = createToolSigner(REPLAY_SECRET);
/** When the bench's calls were "made": one time for all, so a resent copy is the same call. */
const MADE_AT = Date.now();

/**
 * The body of request `n` of waves of `waveSize`: an approval of a call signed for chat
 * `bench-n`. Every third one resends an approval of the wave before (a Retry after the first
 * ran: every store answers it with the recorded output, so every store's run does the same
 * work); in the first wave (the warm-up), the one just before, a concurrent copy.
 */
export async function approvalBody(n: number, run: string, waveSize: number): Promise<string> {
  const k = n % 3 !== 2 ? n : n > waveSize ? n - waveSize - 1 : n - 1;
  const chatId = `bench-${run}-${k}`;
  const call = { chatId, toolCallId: `call_${k}`, toolName: 'getTime', input: { city: 'Tokyo' } };
  // The resent copy must be the same call: its issue is derived from k alone.
  const fixed = { at: MADE_AT, nonce: `${run}-${k}` };
  const signature = await signer.signCall(call, fixed);
  return JSON.stringify({
    id: chatId,
    messages: [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What time is it in Tokyo?' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          {
            type: 'tool-getTime',
            toolCallId: call.toolCallId,
            state: 'approval-responded',
            input: call.input,
            approval: { id: `ap_${k}`, approved: true },
            callProviderMetadata: { toolchat: { call: signature, ...fixed } },
          },
        ],
      },
    ],
  });
}
