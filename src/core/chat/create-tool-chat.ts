import { AbstractChat, type UIMessage } from 'ai';
import { withHttpErrors } from '../loop/http-errors';
import { withLoop } from '../loop/loop-transport';
import { ToolLoop } from '../loop/tool-loop';
import { checkLoopOptions } from '../loop/tool-loop-options';
import { checkNumberOption, numberRules } from '../tools/number-options';
import type { ToolSet } from '../tools/define-tool';
// The AI SDK's default transport, hardened: the one transport the chat needs without options.
import { ToolChatEndpointTransport } from '../../transports/ai-sdk-endpoint';
import { ToolChatState } from './chat-state';
import { createChatNotifier } from './notifier';
import { defaultGrants } from './grants';
import { applyLoopStates, toRequestMessages } from './part-states';
import { readSnapshot } from './snapshot';
import type { StorageLifecycle } from './storage-lifecycle';
import { dropIncompleteCalls, inProgress, openCalls, runCallsAgain } from './open-calls';
import { isWorking, sendUserMessages, toUserMessage } from './send-message';
import { createToolCallsSelector, type ToolCallViews } from './tool-call-views';
import type { SendMessageInput, ToolCallView, ToolChatOptions, ToolChatSnapshot, ToolOutputInput } from './types';
import type { ReadableStore } from './listeners';

/** One render per frame while tokens stream. */
export const DEFAULT_THROTTLE_MS = 16;
/** How long a chat waits for its storage to load the stored conversation. */
export const DEFAULT_STORAGE_TIMEOUT_MS = 5000;

/**
 * A chat whose model calls browser-side tools, without React: the AI SDK chat, the tool loop,
 * the storage lifecycle and one store. Create it anywhere (module scope, a loader, a test, a
 * non-React UI) and share it; `useToolChat(chat)` binds it to React.
 */
export interface ToolChat<TOOLS extends ToolSet = ToolSet> extends ReadableStore<ToolChatSnapshot<TOOLS>> {
  readonly id: string;
  /** Everything the chat shows, as one value; a new object after each change. */
  getState(): ToolChatSnapshot<TOOLS>;
  /** Told of changes at most once per `throttle` ms (one render per frame); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Every call of the conversation, joined with the loop's state (see `ToolCallView`), by id. */
  getToolCalls(): ReadonlyMap<string, ToolCallView<TOOLS>>;
  /** One call's view, by id, anywhere in the conversation. */
  getToolCall(toolCallId: string): ToolCallView<TOOLS> | undefined;
  /** Settles once the stored conversation is restored (or given up on); at once without `storage`. */
  readonly ready: Promise<void>;
  /**
   * Sends the user's message and resolves once it has left and its response ended. While the
   * loop works (a request in flight, tools running) or the stored chat still loads, the message
   * waits its turn (the chat reads as busy); while it waits for the user (approval, held results)
   * it goes at once and the calls still waiting end as cancelled.
   */
  sendMessage(message: SendMessageInput): Promise<void>;
  /** Stops the stream and running tools; nothing goes to the model until the user writes. */
  stop(): void;
  /** Resends the last request after an error. */
  retry(): Promise<void>;
  approve(toolCallId: string): void;
  deny(toolCallId: string, reason?: string): void;
  /**
   * Sends the tool results now when they wait (automatic continuation off, a restored chat);
   * otherwise, with a `prompt`, asks the model to go on after an answer that did not finish.
   */
  continue(prompt?: string): Promise<void>;
  /** Runs calls of the last turn again that a reload cut off ("Run again"); approval rules apply. */
  runAgain(toolCallIds: readonly string[]): void;
  /** "Always allow": calls of this tool run without asking, in every chat of this user (`grants`). */
  alwaysAllow(toolName: string): void;
  /** Hands back the result of a tool the app runs itself (a tool without `execute`), as in the AI SDK. */
  addToolOutput(result: ToolOutputInput): void;
  /** @deprecated Use `addToolOutput({ toolCallId, output })` or `{ toolCallId, state: 'output-error', errorText }`. */
  addToolResult(result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }): void;
  /** Replaces the messages (e.g. to edit the conversation); the loop's calls stay as they are. */
  setMessages(messages: UIMessage[]): void;
  /** The options now; `setOptions` replaces them (all but `id`, `storage`, `grants`, `initialMessages`, read once). */
  readonly options: ToolChatOptions<TOOLS>;
  setOptions(options: ToolChatOptions<TOOLS>): void;
  /** Ends the chat: the stream and running tools stop, nothing more is sent, the storage flushes. */
  dispose(): void;
  readonly disposed: boolean;
}

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
  const loop = new ToolLoop(read);
  const state = new ToolChatState();
  state.decorate = (message) => applyLoopStates(message, loop.state.calls);

  // `api`, `fetch`, `transport` and `toolMarkers` are read at each request: a change applies to
  // the next request, never silently ignored.
  const endpoint = new ToolChatEndpointTransport({
    prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({
      api: current.api ?? '/api/chat',
      body: { ...body, id, messages, trigger, messageId },
    }),
    // Failures become readable errors (status, message, Retry-After).
    fetch: withHttpErrors((input, init) => (current.fetch ?? globalThis.fetch)(input, init)),
  });
  const base = () => current.transport ?? endpoint;
  let storage: StorageLifecycle | undefined;
  const transport = withLoop(
    {
      sendMessages: async (request) => {
        if (disposed) throw new DOMException('The chat was disposed.', 'AbortError');
        if (storage) await storage.beforeRequest(request.messages);
        return base().sendMessages({ ...request, messages: toRequestMessages(request.messages) });
      },
      reconnectToStream: (request) => base().reconnectToStream(request),
    },
    {
      requestBody: async (messages) => {
        const body = loop.requestBody(messages);
        if (!current.legacyToolClients || !body.tools) return body;
        const { toToolClients } = await import('../marker/tool-clients');
        return { ...body, toolClients: toToolClients(body.tools) };
      },
      // Loaded on demand: apps without text-only models never download the marker parser. The
      // request's tool names give its calls of the browser's tools static `tool-<name>` parts.
      transformResponse: async (toolNames) =>
        current.toolMarkers === 'on' ? (await import('../marker/transform')).createToolMarkerTransform({ toolNames }) : undefined,
      chunkStage: (messages) => loop.chunkStage(messages),
    },
  );

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
      if (reason === 'answered' || reason === 'max-rounds' || reason === 'budget') current.onFinish?.(message);
    },
  });
  loop.attach(chat);
  if (options.initialMessages) state.messages = options.initialMessages;

  // A call's approval (or denial) shows in its part: store the message again when it changes.
  let decorated = loop.state.calls;
  loop.subscribe(() => {
    const calls = loop.state.calls;
    if (calls === decorated) return;
    const previous = decorated;
    decorated = calls;
    const changed = new Set<string>();
    for (const call of calls.values()) {
      const before = previous.get(call.toolCallId);
      if (before !== call && (call.phase === 'awaiting-approval' || call.approval || before?.phase === 'awaiting-approval')) changed.add(call.toolCallId);
    }
    if (changed.size === 0) return;
    const messages = state.messages;
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i]!.parts.some((part) => 'toolCallId' in part && changed.has(part.toolCallId))) state.refresh(i);
    }
  });

  const notifier = createChatNotifier(
    { onMessages: state.messagesChanged.subscribe, onStatus: state.statusChanged.subscribe, onLoop: loop.subscribe },
    () => current.throttle ?? DEFAULT_THROTTLE_MS,
  );
  const selectToolCalls = createToolCallsSelector();
  /** The user's messages on their way out, not yet in the conversation. */
  let pendingSends = 0;
  let storageState: ToolChatSnapshot['storage'] = options.storage ? 'loading' : 'none';
  let snapshot: ToolChatSnapshot | undefined;
  const getState = (): ToolChatSnapshot => {
    snapshot = readSnapshot(snapshot, { state, loop, options: current, storage: storageState, pendingSends });
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

  // Messages sent while the loop worked (or the stored chat loaded) go once it is free.
  let waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const sendQueue = () => {
    if (disposed || storageState === 'loading' || loop.state.queued.length === 0 || isWorking(chat, loop)) return;
    queueMicrotask(() => {
      if (disposed || loop.state.queued.length === 0 || isWorking(chat, loop)) return;
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

  const grants = options.grants ?? defaultGrants();
  const ready = (async () => {
    try {
      const granted = await grants.load();
      if (granted.length > 0) loop.alwaysAllow(...granted);
    } catch (error) {
      current.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
    if (!options.storage) return;
    const { bindStorage } = await import('./storage-lifecycle');
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
  })().finally(() => {
    if (storageState === 'loading') storageState = 'ready';
    notifier.changed();
    sendQueue();
  });

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
      if (storageState === 'loading' || isWorking(chat, loop) || loop.state.queued.length > 0) {
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
      loop.stop();
      void chat.stop();
    },
    async retry() {
      if (disposed) return;
      // A call cut mid-stream is dropped; the model makes it again if it still wants it.
      dropIncompleteCalls(chat);
      loop.resume();
      chat.clearError();
      // Results still on their way go back by themselves once they are all in.
      if (openCalls(chat).some((part) => inProgress(loop, part.toolCallId))) return;
      await chat.sendMessage();
    },
    approve: (toolCallId) => loop.approve(toolCallId),
    deny: (toolCallId, reason) => loop.deny(toolCallId, reason),
    async continue(prompt) {
      if (disposed) return;
      loop.resume();
      if (loop.decide(chat.messages).send) await chat.sendMessage();
      // An answer cut off (token limit, Stop, round limit): ask the model to go on, in a new turn.
      else if (prompt !== undefined) await toolChat.sendMessage(prompt);
    },
    runAgain: (toolCallIds) => runCallsAgain(chat, loop, toolCallIds),
    alwaysAllow(toolName) {
      loop.alwaysAllow(toolName);
      void Promise.resolve()
        .then(() => grants.save([...loop.state.alwaysAllowed]))
        .catch((error: unknown) => current.onError?.(error instanceof Error ? error : new Error(String(error))));
    },
    addToolOutput(result) {
      loop.addToolResult('state' in result ? { toolCallId: result.toolCallId, error: result.errorText } : { toolCallId: result.toolCallId, output: result.output });
    },
    addToolResult: (result) => loop.addToolResult(result),
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
      for (const waiter of waiters) waiter.resolve();
      waiters = [];
    },
    get disposed() {
      return disposed;
    },
  };
  return toolChat as unknown as ToolChat<TOOLS>;
}

/** Options are the app's code: a bad number is a `TypeError` naming it, where it enters. */
export function checkToolChatOptions(options: ToolChatOptions): void {
  checkLoopOptions(options);
  checkNumberOption('throttle', options.throttle, numberRules.throttle);
  checkNumberOption('keepAliveMs', options.keepAliveMs, numberRules.keepAliveMs);
  checkNumberOption('storageTimeoutMs', options.storageTimeoutMs, numberRules.storageTimeoutMs);
}

