import { AbstractChat, type ChatTransport, type UIMessage } from 'ai';
import { ToolLoopCore } from '../loop/tool-loop-core';
import { checkLoopOptions } from '../loop/tool-loop-options';
import { checkNumberOption, numberRules } from '../tools/number-options';
import type { ToolSet } from '../tools/define-tool';
import { ToolChatState } from './chat-state';
import { createChatNotifier } from './notifier';
import type { ChatGrants } from './chat-grants';
import type { ServerApprovalWatch } from './server-approvals';
import { loadLoopChunk, loopChunk } from '../loop/load-loop-chunk';
import { createChatTransport } from './chat-transport';
import { readSnapshot } from './snapshot';
import type { StorageLifecycle } from './storage-lifecycle';
// Regenerate and Edit rewrite the history: they load when the user first asks (out of the first load).
const rewriteHistory = () => import('./rewrite-history');
import { isWorking, sendUserMessages, toUserMessage } from './send-message';
import { createToolCallsSelector, type ToolCallViews } from './tool-call-views';
import type { ToolChat } from './tool-chat';
import type { ToolChatOptions, ToolChatSnapshot } from './types';

export type { ToolChat } from './tool-chat';

/** One render per frame while tokens stream. */
export const DEFAULT_THROTTLE_MS = 16;
/** How long a chat waits for its storage to load the stored conversation. */
export const DEFAULT_STORAGE_TIMEOUT_MS = 5000;

/**
 * Creates a chat. The stored conversation (with `storage`) is restored before anything is sent.
 *
 * @example
 * const chat = createToolChat({ api: '/api/chat', tools });
 * chat.subscribe(() => render(chat.getState()));
 * await chat.sendMessage('What is the weather in Paris?');
 */
export function createToolChat<TOOLS extends ToolSet = ToolSet>(options: ToolChatOptions<TOOLS> = {}): ToolChat<TOOLS> {
  checkToolChatOptions(options as ToolChatOptions);
  let current = options as ToolChatOptions;
  let disposed = false;
  const read = () => current;
  const loop = new ToolLoopCore(read);
  const state = new ToolChatState();
  state.decorate = (message) => {
    const calls = loop.state.calls;
    // No call known yet (the loop's chunk may still be loading): nothing to write.
    if (calls.size > 0) loopChunk()?.applyLoopStates(message, calls);
  };

  let storage: StorageLifecycle | undefined;
  let serverApprovals: ServerApprovalWatch | undefined;
  const transport = createChatTransport({
    loop,
    options: () => current,
    disposed: () => disposed,
    beforeRequest: (messages) => storage?.beforeRequest(messages),
  });

  const chat = new (class extends AbstractChat<UIMessage> {})({
    ...(options.id === undefined ? {} : { id: options.id }),
    state,
    transport,
    onToolCall: loop.onToolCall,
    sendAutomaticallyWhen: async (input) => !disposed && (await loop.sendAutomaticallyWhen(input)),
    onError: (error) => current.onError?.(error),
    onFinish: ({ message, isAbort, isError, finishReason }) => {
      // A response that ends in tool calls is a round, not the end of the loop.
      const reason = loop.onResponseFinish({ message, isAbort, isError, finishReason });
      // Server tools' approvals it asks: the user's grants answer some, `approvalTimeoutMs` ends the rest.
      if (!isAbort && !isError) serverApprovals?.scan();
      if (reason === 'answered' || reason === 'max-rounds' || reason === 'budget') current.onFinish?.(message);
    },
  });
  loop.attach(chat);
  if (options.initialMessages) state.messages = options.initialMessages;

  // A call's approval (or denial) shows in its part: store the message again when it changes.
  // Only a response brings a call to approve, and responses wait for the loop's chunk; so does
  // restoring a stored chat (below).
  let decorated = loop.state.calls;
  loop.subscribe(() => {
    const calls = loop.state.calls;
    if (calls === decorated) return;
    const previous = decorated;
    decorated = calls;
    const chunk = loopChunk();
    if (chunk) chunk.refreshApprovals(state, previous, calls);
    else loadLoopChunk().then((loaded) => loaded.refreshApprovals(state, previous, calls), () => undefined);
  });

  const notifier = createChatNotifier(
    { onMessages: state.messagesChanged.subscribe, onStatus: state.statusChanged.subscribe, onLoop: loop.subscribe },
    () => current.throttle ?? DEFAULT_THROTTLE_MS,
  );
  const selectToolCalls = createToolCallsSelector();
  /** The user's messages on their way out, not yet in the conversation. */
  let pendingSends = 0;
  /** An answer in flight on the server is being resumed: a new message waits for it. */
  let resuming = false;
  /**
   * A Regenerate or an Edit waiting for its code: counted as sending, so the chat never reads
   * idle in between; a new message waits for it, and Stop (bumping the generation) cancels it.
   */
  let rewriting = 0;
  let rewriteGeneration = 0;
  let storageState: ToolChatSnapshot['storage'] = options.storage ? 'loading' : 'none';
  let snapshot: ToolChatSnapshot | undefined;
  const getState = (): ToolChatSnapshot => {
    snapshot = readSnapshot(snapshot, { state, loop, options: current, storage: storageState, pendingSends: pendingSends + rewriting });
    return snapshot;
  };
  const getToolCalls = (): ToolCallViews => selectToolCalls(state.published(), loop.state.calls);

  // Every change of activity reaches onStatus, also those too brief to be rendered.
  let lastActivity = getState().activity;
  notifier.watch(() => {
    if (!current.onStatus) return;
    const { activity } = getState();
    if (activity === lastActivity) return;
    lastActivity = activity;
    current.onStatus(activity);
  });

  /** Tells the app of a failure outside any request (grants, re-runs): `onError` takes an `Error`. */
  const report = (error: unknown): void => current.onError?.(error instanceof Error ? error : new Error(String(error)));

  const rewrite = async (run: (chunk: Awaited<ReturnType<typeof rewriteHistory>>) => Promise<void>): Promise<void> => {
    if (disposed) return;
    const generation = rewriteGeneration;
    rewriting++;
    notifier.changed();
    try {
      const chunk = await rewriteHistory();
      if (!disposed && generation === rewriteGeneration) await run(chunk);
    } finally {
      rewriting--;
      if (!disposed) notifier.changed();
    }
  };

  // Messages sent while the loop worked (or the stored chat loaded) go once it is free.
  let waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const sendQueue = () => {
    if (disposed || storageState === 'loading' || resuming || rewriting > 0 || loop.state.queued.length === 0 || isWorking(chat, loop)) return;
    queueMicrotask(() => {
      if (disposed || resuming || rewriting > 0 || loop.state.queued.length === 0 || isWorking(chat, loop)) return;
      const sent = waiters;
      waiters = [];
      // Counted as sending from the moment it leaves the queue: never idle in between.
      pendingSends++;
      sendUserMessages(chat, loop, loop.takeQueue())
        .finally(() => {
          pendingSends--;
          if (!disposed) notifier.changed();
        })
        .then(
          () => sent.forEach((waiter) => waiter.resolve()),
          (error: unknown) => sent.forEach((waiter) => waiter.reject(error)),
        );
    });
  };
  notifier.watch(sendQueue);

  // The user's grants come with the loop's chunk, which every response waits for: they are read
  // before any call can arrive. A chunk that does not load keeps grants in the loop, for the page.
  const grants: Promise<ChatGrants | undefined> = loadLoopChunk().then(
    (chunk) =>
      disposed
        ? undefined
        : chunk.bindChatGrants(loop, options.grants ?? chunk.defaultGrants(), { onError: report, now: () => (current.now ?? Date.now)() }),
    () => undefined,
  );
  const ready = (async () => {
    await (await grants)?.ready;
    const chunk = loopChunk();
    if (chunk && !disposed) {
      serverApprovals = chunk.createServerApprovalWatch(chat, loop, () => current.approvalTimeoutMs);
      // A grant made (here or elsewhere) answers the server approvals it covers too.
      let known = loop.state.grants;
      loop.subscribe(() => {
        if (loop.state.grants === known) return;
        known = loop.state.grants;
        serverApprovals?.scan(chat.messages);
      });
    }
    if (!options.storage) return;
    // With the loop's chunk (loading since the chat was made): the calls a stored chat still
    // asks about show as waiting for approval in the same commit as the conversation.
    const [{ bindStorage }] = await Promise.all([import('./storage-lifecycle'), loadLoopChunk().catch(() => undefined)]);
    storage = bindStorage({
      chat,
      state,
      loop,
      watch: notifier.watch,
      storage: options.storage,
      timeoutMs: options.storageTimeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS,
      tools: () => current.tools ?? {},
      onError: (error) => current.onError?.(error),
    });
    await storage.ready;
    serverApprovals?.scan(chat.messages);
  })().finally(() => {
    if (storageState === 'loading') storageState = 'ready';
    notifier.changed();
    resumeOnServer();
    sendQueue();
  });

  // A server that keeps the conversation may still be producing its answer (the page was
  // reloaded mid-answer): take it up where the restored thread ends. It answers 204 when
  // nothing is in flight, and the AI SDK then leaves the chat as it is. A thread with no message
  // has no answer in flight: the server stores the user's message before it answers.
  function resumeOnServer() {
    if (disposed || state.messages.length === 0 || !serverConversation(current.transport)) return;
    resuming = true;
    void chat.resumeStream().finally(() => {
      resuming = false;
      if (disposed) return;
      notifier.changed();
      sendQueue();
    });
  }

  const toolChat: ToolChat = {
    get id() {
      return chat.id;
    },
    getState,
    subscribe: notifier.subscribe,
    getToolCalls,
    getToolCall: (toolCallId) => getToolCalls().get(toolCallId),
    ready,
    async sendMessage(input) {
      if (disposed) return;
      const made = toUserMessage(input);
      const message = made instanceof Promise ? await made : made;
      // Never two requests at once, nor one before the stored chat is back: the message waits.
      if (storageState === 'loading' || resuming || rewriting > 0 || isWorking(chat, loop) || loop.state.queued.length > 0) {
        const sent = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
        loop.enqueue(message);
        sendQueue();
        return sent;
      }
      pendingSends++;
      try {
        await sendUserMessages(chat, loop, [message]);
      } finally {
        pendingSends--;
        if (!disposed) notifier.changed();
      }
    },
    stop() {
      rewriteGeneration++;
      loop.stop();
      serverApprovals?.cancel();
      const stopped = chat.stop();
      // Aborting the request does not stop an answer the server keeps (a reload aborts it too):
      // it is told, with what the page shows, once the chat has stopped reading.
      const server = serverConversation(current.transport);
      if (server) void stopped.then(() => server.stopOnServer(chat.id, chat.messages), report);
    },
    async retry() {
      if (disposed) return;
      // What reads the calls is the loop's chunk, which every response waits for: a chat whose
      // chunk has not loaded has no call from a response to drop or wait for.
      const chunk = loopChunk() ?? (await loadLoopChunk().catch(() => undefined));
      if (disposed) return;
      // A call cut mid-stream is dropped; the model makes it again if it still wants it.
      chunk?.dropIncompleteCalls(chat);
      loop.resume();
      chat.clearError();
      // Results still on their way go back by themselves once they are all in.
      if (chunk?.resultsOnTheirWay(chat, loop)) return;
      await chat.sendMessage();
    },
    approve: (toolCallId) => void toolChat.answerApproval(toolCallId, { choice: 'allow-once' }),
    deny: (toolCallId, reason) => void toolChat.answerApproval(toolCallId, reason === undefined ? { choice: 'deny' } : { choice: 'deny', reason }),
    addToolApprovalResponse: ({ id, approved, reason }) => {
      // A browser tool's approval id is its call id; a server tool's is the server's own.
      const toolCallId = loop.state.calls.has(id) ? id : (loopChunk()?.serverApprovalCallId(chat.messages, id) ?? id);
      void toolChat.answerApproval(toolCallId, approved ? { choice: 'allow-once' } : reason === undefined ? { choice: 'deny' } : { choice: 'deny', reason });
    },
    async answerApproval(toolCallId, answer) {
      if (disposed) return { ok: false, error: 'The chat was disposed' };
      if (loop.state.calls.has(toolCallId)) return loop.answerApproval(toolCallId, answer);
      // A call the loop does not run: a server tool's, answered on its part.
      const chunk = loopChunk() ?? (await loadLoopChunk().catch(() => undefined));
      if (!chunk) return { ok: false, error: `Tool call "${toolCallId.slice(0, 64)}" is not waiting for approval` };
      return chunk.answerServerApproval(chat, loop, toolCallId, answer);
    },
    async revokeGrant(grant) {
      const bound = await grants;
      if (bound) await bound.revoke(grant);
      else loop.setGrants(loop.state.grants.filter((kept) => kept.toolName !== grant.toolName || kept.scope !== grant.scope || kept.chatId !== grant.chatId));
    },
    async continue(prompt) {
      if (disposed) return;
      loop.resume();
      if (loop.decide(chat.messages).send) await chat.sendMessage();
      // An answer cut off (token limit, Stop, round limit): ask the model to go on, in a new turn.
      else if (prompt !== undefined) await toolChat.sendMessage(prompt);
    },
    runAgain(toolCallIds) {
      // Only a reload leaves interrupted calls: what runs them again loads when asked.
      // With the loop's chunk, which shows the calls' states in their parts.
      Promise.all([import('./run-again'), loadLoopChunk().catch(() => undefined)]).then(
        ([{ runCallsAgain }]) => {
          if (!disposed) runCallsAgain(chat, loop, toolCallIds);
        },
        report,
      );
    },
    regenerate: () => rewrite((chunk) => chunk.regenerateAnswer(chat, loop)),
    editMessage: (messageId, text) => rewrite((chunk) => chunk.editUserMessage(chat, loop, messageId, text)),
    alwaysAllow(toolName) {
      loop.grant({ toolName });
    },
    addToolOutput(result) {
      loop.addToolResult('state' in result ? { toolCallId: result.toolCallId, error: result.errorText } : { toolCallId: result.toolCallId, output: result.output });
    },
    addToolResult: (result) => loop.addToolResult(result),
    runToolCall: (request) => loop.runToolCall(request),
    setMessages(messages) {
      chat.messages = messages;
    },
    get options() {
      return current;
    },
    setOptions(next) {
      checkToolChatOptions(next);
      const previous = current;
      current = next;
      // Only what the snapshot shows tells subscribers: options arrive after every render.
      if (previous.labels !== next.labels || previous.toolMarkers !== next.toolMarkers || previous.maxToolRounds !== next.maxToolRounds) {
        notifier.changed();
      }
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      loop.stop();
      void chat.stop();
      notifier.dispose();
      storage?.dispose();
      serverApprovals?.dispose();
      void grants.then((bound) => bound?.dispose());
      for (const waiter of waiters) waiter.resolve();
      waiters = [];
    },
    get disposed() {
      return disposed;
    },
  };
  return toolChat as unknown as ToolChat<TOOLS>;
}

/**
 * The transport of a server that keeps the conversation (`ServerConversationTransport`), found
 * by its `stopOnServer`: the chat core never imports it, so apps without a store never download it.
 */
function serverConversation(transport: ChatTransport<UIMessage> | undefined): ServerStop | undefined {
  const candidate = transport as Partial<ServerStop> | undefined;
  return typeof candidate?.stopOnServer === 'function' ? (candidate as ServerStop) : undefined;
}

interface ServerStop {
  stopOnServer(chatId: string, messages?: readonly UIMessage[]): Promise<void>;
}

/** Options are the app's code: a bad number is a `TypeError` naming it, where it enters. */
export function checkToolChatOptions(options: ToolChatOptions): void {
  checkLoopOptions(options);
  checkNumberOption('throttle', options.throttle, numberRules.throttle);
  checkNumberOption('keepAliveMs', options.keepAliveMs, numberRules.keepAliveMs);
  checkNumberOption('storageTimeoutMs', options.storageTimeoutMs, numberRules.storageTimeoutMs);
}

