import type { AbstractChat, ChatTransport, UIMessage } from 'ai';
import type { ApprovalResult } from '../loop/approval';
import { loopChunk, type LoopChunk } from '../loop/load-loop-chunk';
import { ToolLoopCore } from '../loop/tool-loop-core';
import type { ToolSet } from '../tools/define-tool';
import { errorMessage } from '../tools/errors';
import type { ToolCallResult } from '../tools/types';
import { canSendNow, initialChatControl, reduceChat, type ChatAction } from './chat-control';
import { runChatEffects } from './chat-effects';
import { ToolChatState } from './chat-state';
import type { ChatEngineInit } from './chat-engine';
import { createEngineSlot } from './engine-slot';
import type { ChatGrants } from './chat-grants';
import { sameReach } from './grant-reach';
import { createListeners } from './listeners';
import { createChatNotifier } from './notifier';
import { resolveToolChatOptions } from './options';
import { createRowStore } from './row-store';
import type { ServerApprovalWatch } from './server-approvals';
import { cancelEarlySends, isWorking, sendUserMessages, toUserMessage, type SendContext } from './send-message';
import { startChat } from './chat-start';
import { gatedTransport } from './request-gate';
import { serverConversation } from './server-stop';
import { createSnapshotReader, sameShown } from './snapshot';
import type { StorageLifecycle } from './storage-lifecycle';
import { createToolCallsSelector, type ToolCallViews } from './tool-call-views';
import { chatLease, type LeasedChat, type ToolChat } from './tool-chat';
import type { ToolChatOptions, ToolChatSnapshot } from './types';
import { generateId } from './ui-part';

export type { ToolChat } from './tool-chat';

// Regenerate and Edit rewrite the history: they load when the user first asks (out of the first load).
const rewriteHistory = () => import('./rewrite-history');

/**
 * Creates a chat. The stored conversation (with `storage`) is restored before anything is sent.
 *
 * @example
 * const chat = createToolChat({ api: '/api/chat', tools });
 * chat.subscribe(() => render(chat.getState()));
 * await chat.sendMessage('What is the weather in Paris?');
 */
export function createToolChat<TOOLS extends ToolSet = ToolSet>(options: ToolChatOptions<TOOLS> = {}): ToolChat<TOOLS> {
  return makeToolChat(options, true);
}

/**
 * A chat for a component to show, made during its render: it loads and sends nothing until the
 * component holds it in its commit (`shown`), or it is subscribed to or used. A render React
 * throws away leaves nothing behind. @internal
 */
export function createHeldChat<TOOLS extends ToolSet = ToolSet>(options: ToolChatOptions<TOOLS>): ToolChat<TOOLS> {
  return makeToolChat(options, false);
}

function makeToolChat<TOOLS extends ToolSet>(given: ToolChatOptions<TOOLS>, startNow: boolean): ToolChat<TOOLS> {
  let options = resolveToolChatOptions(given as ToolChatOptions);
  const readOnly = given.readOnly === true;
  let control = initialChatControl(!readOnly && given.storage !== undefined);
  const disposed = () => control.life === 'disposed';
  const loop = new ToolLoopCore(() => options, loopChunk.loaded);
  const state = new ToolChatState();
  /** What reads the loop's calls: loaded before any call exists (the rule of `loopChunk`). */
  const chunk = (): LoopChunk => loopChunk.loaded()!;
  state.decorates = () => loop.state.calls.size > 0;
  state.decorate = (message) => {
    const calls = loop.state.calls;
    if (calls.size > 0) chunk().applyLoopStates(message, calls);
  };

  let storage: StorageLifecycle | undefined;
  let serverApprovals: ServerApprovalWatch | undefined;
  const lifeChanged = createListeners();
  // The transport with the loop's stages comes with the loop's chunk, as the AI SDK's chat that calls it does.
  let staged: ChatTransport<UIMessage> | undefined;
  const transport = gatedTransport(
    () => control.life,
    lifeChanged.subscribe,
    () => (staged ??= chunk().createChatTransport({ loop, options: () => options, beforeRequest: (messages) => storage?.beforeRequest(messages) })),
  );

  const id = given.id ?? generateId();
  const init: ChatEngineInit = {
    id,
    state,
    transport,
    onToolCall: loop.onToolCall,
    sendAutomaticallyWhen: async (input) => !disposed() && (await loop.sendAutomaticallyWhen(input)),
    onError: (error) => options.onError?.(error),
    onFinish: ({ message, isAbort, isError, finishReason }) => {
      // A response that ends in tool calls is a round, not the end of the loop.
      const reason = loop.onResponseFinish({ message, isAbort, isError, finishReason });
      // Server tools' approvals it asks: the user's grants answer some, `approvalTimeoutMs` ends the rest.
      if (!isAbort && !isError) serverApprovals?.scan();
      if (reason === 'answered' || reason === 'max-rounds' || reason === 'budget') options.onFinish?.(message);
    },
  };
  const engine = createEngineSlot(init, { state, loop, onError: (error) => options.onError?.(error), disposed });
  const sending: SendContext = { state, loop, engine, early: new Set() };
  if (given.initialMessages) state.messages = given.initialMessages;

  // A call's approval (or denial) shows in its part: store the message again when it changes.
  let decorated = loop.state.calls;
  loop.subscribe(() => {
    const calls = loop.state.calls;
    if (calls === decorated) return;
    const previous = decorated;
    decorated = calls;
    chunk().refreshApprovals(state, previous, calls);
  });

  const notifier = createChatNotifier(
    { onMessages: state.messagesChanged.subscribe, onStatus: state.statusChanged.subscribe, onLoop: loop.subscribe },
    () => options.throttle,
  );
  const readSnapshot = createSnapshotReader();
  const getState = (): ToolChatSnapshot => readSnapshot({ state, loop, options, control });
  const selectToolCalls = createToolCallsSelector();
  const getToolCalls = (): ToolCallViews => selectToolCalls(state.published(), loop.state.calls);

  // The chat's own changes are told once the task's synchronous work is done: a send counted
  // before its message lands in the conversation is never seen without it.
  let telling = false;
  const changed = () => {
    if (telling) return;
    telling = true;
    queueMicrotask(() => {
      telling = false;
      if (!disposed()) notifier.changed();
    });
  };

  function dispatch(action: ChatAction): void {
    const prev = control;
    const next = reduceChat(prev, action);
    if (next === prev) return;
    control = next;
    runChatEffects(action, prev, next, { changed, lifeChanged: lifeChanged.emit, drain });
  }

  // Every change of activity reaches onStatus, also those too brief to be rendered.
  let lastActivity = getState().activity;
  notifier.watch(() => {
    if (!options.onStatus) return;
    const { activity } = getState();
    if (activity === lastActivity) return;
    lastActivity = activity;
    options.onStatus(activity);
  });

  /** Tells the app of a failure outside any request (grants, re-runs): `onError` takes an `Error`. */
  const report = (error: unknown): void => options.onError?.(error instanceof Error ? error : new Error(String(error)));

  /** The messages that waited go, as one turn, once the chat can send (the guard is `canSendNow`). */
  function drain(): void {
    if (control.queued.length === 0 || !canSendNow(control, isWorking(state, loop))) return;
    queueMicrotask(() => {
      const waiting = control.queued;
      if (waiting.length === 0 || !canSendNow(control, isWorking(state, loop))) return;
      // Counted as sending from the moment it leaves the queue: never idle in between.
      dispatch({ type: 'queue-taken' });
      sendUserMessages(
        sending,
        waiting.map((entry) => entry.message),
        () => dispatch({ type: 'send-ended' }),
      ).then(
          () => waiting.forEach((entry) => entry.resolve()),
          (error: unknown) => waiting.forEach((entry) => entry.reject(error)),
        );
    });
  }
  notifier.watch(drain);

  let grants: Promise<ChatGrants | undefined> | undefined;
  let ready: Promise<void> | undefined;
  /** The first subscriber or action: the chat loads the grants, its stored conversation and the loop's chunk. */
  function start(): Promise<void> {
    if (ready) return ready;
    if (readOnly || disposed()) return (ready = Promise.resolve());
    dispatch({ type: 'started' });
    const started = startChat({
      given: given as ToolChatOptions,
      options: () => options,
      engine: engine.from,
      state,
      loop,
      watch: notifier.watch,
      disposed,
      report,
      bound: (bound) => (storage = bound),
      watching: (watch) => (serverApprovals = watch),
    });
    grants = started.grants;
    ready = started.ready.finally(() => {
      dispatch({ type: 'storage-restored' });
      resumeOnServer();
    });
    return ready;
  }

  // A server that keeps the conversation may still be producing its answer (the page was
  // reloaded mid-answer): take it up where the restored thread ends. It answers 204 when
  // nothing is in flight, and the AI SDK then leaves the chat as it is. A thread with no message
  // has no answer in flight: the server stores the user's message before it answers.
  function resumeOnServer() {
    if (disposed() || state.messages.length === 0 || !serverConversation(options.transport)) return;
    dispatch({ type: 'resume-started' });
    void engine.run((loaded) => loaded.resumeStream()).finally(() => dispatch({ type: 'resume-ended' }));
  }

  /** Stop: settles once the chat has stopped reading and the AI SDK has written every result. */
  function stopAll(): Promise<void> {
    dispatch({ type: 'stopped' });
    loop.stop();
    serverApprovals?.cancel();
    cancelEarlySends(sending);
    const stopped = engine.current?.stop() ?? Promise.resolve();
    // Aborting the request does not stop an answer the server keeps (a reload aborts it too):
    // it is told, with what the page shows, once the chat has stopped reading.
    const server = serverConversation(options.transport);
    return server ? stopped.then(() => server.stopOnServer(id, state.messages), report) : stopped;
  }

  /** Regenerate and Edit wait for their code, counted as sending; Stop meanwhile cancels them. */
  const rewrite = async (run: (chunk: Awaited<ReturnType<typeof rewriteHistory>>, chat: AbstractChat<UIMessage>) => Promise<void>): Promise<void> => {
    if (readOnly || disposed()) return;
    void start();
    const stops = control.stops;
    dispatch({ type: 'rewrite-started' });
    try {
      const code = await rewriteHistory();
      await engine.run((loaded) => (stops === control.stops ? run(code, loaded) : undefined));
    } finally {
      dispatch({ type: 'rewrite-ended' });
    }
  };

  /**
   * An answer to a call's approval, read in the loop's chunk: at once when it is there (a call
   * waits only once it is; a restored server call's may ask before). Never rejects.
   */
  const answering = (answer: (code: LoopChunk, chat: AbstractChat<UIMessage>) => Promise<ApprovalResult>): Promise<ApprovalResult> => {
    if (readOnly || disposed()) return Promise.resolve({ ok: false, error: readOnly ? 'The chat is read-only' : 'The chat was disposed' });
    return Promise.resolve(loopChunk.withLoaded((code) => answer(code, engine.from(code)))).catch((error: unknown) => ({ ok: false, error: errorMessage(error) }));
  };

  /** Actions of a read-only or disposed chat do nothing; the others start it first. */
  const acts = (): boolean => {
    if (readOnly || disposed()) return false;
    void start();
    return true;
  };

  const rows = createRowStore({
    get options() {
      return options;
    },
    getState,
    working: readSnapshot.working,
    getToolCalls,
    subscribe: (listener) => toolChat.subscribe(listener),
  });

  const toolChat: LeasedChat = {
    id,
    getState,
    subscribe(listener) {
      void start();
      return notifier.subscribe(listener);
    },
    rows,
    readOnly,
    getToolCalls,
    getToolCall: (toolCallId) => getToolCalls().get(toolCallId),
    get ready() {
      return start();
    },
    async sendMessage(input) {
      if (!acts()) return;
      const made = toUserMessage(input);
      const message = made instanceof Promise ? await made : made;
      // Never two requests at once, nor one before the stored chat is back: the message waits.
      if (control.queued.length > 0 || !canSendNow(control, isWorking(state, loop))) {
        return new Promise<void>((resolve, reject) => dispatch({ type: 'message-queued', queued: { message, resolve, reject } }));
      }
      dispatch({ type: 'send-started' });
      await sendUserMessages(sending, [message], () => dispatch({ type: 'send-ended' }));
    },
    stop() {
      void stopAll();
    },
    async retry() {
      if (!acts()) return;
      // Retry is a request: when the chunk cannot load it fails readably, in the chat, as requests do.
      await engine.run(async (loaded) => {
        const code = chunk();
        // A call cut mid-stream is dropped; the model makes it again if it still wants it.
        code.dropIncompleteCalls(loaded);
        loop.resume();
        loaded.clearError();
        // Results still on their way go back by themselves once they are all in.
        if (code.resultsOnTheirWay(loaded, loop)) return;
        await loaded.sendMessage();
      });
    },
    approve: (toolCallId) => void toolChat.answerApproval(toolCallId, { choice: 'allow-once' }),
    deny: (toolCallId, reason) => void toolChat.answerApproval(toolCallId, reason === undefined ? { choice: 'deny' } : { choice: 'deny', reason }),
    addToolApprovalResponse: (response) => void answering((code, loaded) => code.answerApprovalResponse(loaded, loop, response)),
    answerApproval: (toolCallId, answer) => answering((code, loaded) => code.answerCallApproval(loaded, loop, toolCallId, answer)),
    async revokeGrant(grant) {
      if (!acts()) return;
      const bound = await grants;
      if (bound) await bound.revoke(grant);
      else loop.setGrants(loop.state.grants.filter((kept) => !sameReach(kept, grant)));
    },
    async continue(prompt) {
      if (!acts()) return;
      loop.resume();
      if (loop.decide(state.messages).send) await engine.run((loaded) => loaded.sendMessage());
      // An answer cut off (token limit, Stop, round limit): ask the model to go on, in a new turn.
      else if (prompt !== undefined) await toolChat.sendMessage(prompt);
    },
    runAgain(toolCallIds) {
      if (!acts()) return;
      // Only a reload leaves interrupted calls: what runs them again loads when asked, with the
      // loop's chunk, which runs them.
      Promise.all([import('./run-again'), engine.load()]).then(([{ runCallsAgain }, loaded]) => {
        if (!disposed()) runCallsAgain(loaded, loop, toolCallIds);
      }, report);
    },
    regenerate: () => rewrite((code, loaded) => code.regenerateAnswer(loaded, state, loop)),
    editMessage: (messageId, text) => rewrite((code, loaded) => code.editUserMessage(loaded, state, loop, messageId, text)),
    getBranches: (messageId) => state.syncTree()?.position(messageId) ?? { index: 0, count: 1 },
    async switchBranch(messageId, index) {
      if (!acts()) return;
      // Only a chat with versions has a tree, and the code that walks it loads with it.
      const [{ switchBranch }, loaded] = await Promise.all([import('./switch-branch'), engine.load()]);
      const busy = () => control.sending + control.rewriting > 0 || isWorking(state, loop);
      if (!disposed()) await switchBranch({ chat: loaded, state, loop, busy, stop: stopAll, disposed, server: serverConversation(options.transport) }, messageId, index);
    },
    alwaysAllow(toolName) {
      if (!acts()) return;
      loop.grant({ toolName });
    },
    addToolOutput(result) {
      loop.addToolResult('state' in result ? { toolCallId: result.toolCallId, error: result.errorText } : { toolCallId: result.toolCallId, output: result.output });
    },
    addToolResult: (result) => loop.addToolResult(result),
    // A call exists only once the loop's chunk is there, this one too, and with the AI SDK's chat
    // made from it (an approval "for this chat" reads its id); a chunk that cannot load is its
    // error result.
    runToolCall: (request) =>
      engine.load().then(
        () => loop.runToolCall(request),
        (error: unknown): ToolCallResult => ({ toolCallId: request.origin, toolName: request.toolName, ok: false, error: errorMessage(error) }),
      ),
    setMessages(messages) {
      state.messages = messages;
      state.tree = undefined;
    },
    get options() {
      return options;
    },
    setOptions(next) {
      const previous = options;
      options = resolveToolChatOptions(next as ToolChatOptions, previous);
      // Only what the snapshot shows tells subscribers: options arrive after every render.
      if (!sameShown(previous, options)) notifier.changed();
    },
    dispose() {
      if (disposed()) return;
      dispatch({ type: 'disposed' });
      loop.stop();
      cancelEarlySends(sending);
      void engine.current?.stop();
      notifier.dispose();
      storage?.dispose();
      serverApprovals?.dispose();
      void grants?.then((bound) => bound?.dispose());
    },
    get disposed() {
      return disposed();
    },
    [chatLease]: {
      shown() {
        void start();
        dispatch({ type: 'unparked' });
      },
      hidden: () => dispatch({ type: 'parked' }),
    },
  };
  if (startNow) void start();
  return toolChat as unknown as ToolChat<TOOLS>;
}
