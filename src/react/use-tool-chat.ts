import { createContext, createElement, useContext, useLayoutEffect, useMemo, useReducer, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createToolChat, type ToolChat } from '../core/chat/create-tool-chat';
import type { FeedbackHandler } from './components/feedback';
import type { ToolRenderers } from './components/tool-call-card';
import { chatFor, hold, type Lease } from './registry';
import type { ToolChatOptions, ToolChatSnapshot } from '../core/chat/types';
import type { ToolSet } from '../core/tools/define-tool';
import type { UseToolChatResult } from './types';

/**
 * The React binding of a `ToolChat`: one store, read with `useSyncExternalStore`. A component
 * either gets a chat the app made (`useToolChat(chat)`, `<ToolChatProvider chat>`) or owns one
 * (`useToolChat(options)`): created once, options passed on in an effect, disposed on unmount.
 */

/** Reads a slice of the chat; re-renders only when the slice changes (`Object.is`, or `isEqual`). Keep `selector` stable (`useCallback`). */
export function useToolChatSelector<TOOLS extends ToolSet, SLICE>(
  chat: ToolChat<TOOLS>,
  selector: (state: ToolChatSnapshot<TOOLS>) => SLICE,
  isEqual?: (a: SLICE, b: SLICE) => boolean,
): SLICE {
  return useStoreSelector(chat, selector, isEqual);
}

/** `useSyncExternalStore` with a selector, run only when the store's state is another object. @internal */
export function useStoreSelector<STATE, SLICE>(
  store: { getState(): STATE; subscribe(listener: () => void): () => void },
  selector: (state: STATE) => SLICE,
  isEqual: (a: SLICE, b: SLICE) => boolean = Object.is,
): SLICE {
  const getSlice = useMemo(() => {
    let last: { state: STATE; slice: SLICE } | undefined;
    return () => {
      const state = store.getState();
      if (last && last.state === state) return last.slice;
      const slice = selector(state);
      last = { state, slice: last && isEqual(last.slice, slice) ? last.slice : slice };
      return last.slice;
    };
  }, [store, selector, isEqual]);
  return useSyncExternalStore(store.subscribe, getSlice, getSlice);
}

/**
 * A chat whose model calls browser-side tools: streams the answer, runs each tool call once,
 * sends the results back round after round, and reports one continuous activity. Pass a chat
 * made with `createToolChat` to share it, or options to own one for this component's life.
 *
 * @example
 * const { messages, activity, sendMessage, stop } = useToolChat({ api: '/api/chat', tools });
 */
export function useToolChat<TOOLS extends ToolSet = ToolSet>(chatOrOptions: ToolChat<TOOLS> | ToolChatOptions<TOOLS> = {}): UseToolChatResult<TOOLS> {
  const chat = useChatInstance(chatOrOptions);
  const state = useSyncExternalStore(chat.subscribe, chat.getState, chat.getState);
  return useMemo(() => resultOf(chat, state), [chat, state]);
}

/**
 * The chat given, or one this component owns (shared by `id` through the registry). The owned
 * chat is picked at render (`chatFor`: made, it does nothing), held from the commit (`hold`) and
 * let go at unmount; the latest options reach it after each commit.
 */
export function useChatInstance<TOOLS extends ToolSet>(chatOrOptions: ToolChat<TOOLS> | ToolChatOptions<TOOLS>): ToolChat<TOOLS> {
  const given = isToolChat(chatOrOptions) ? chatOrOptions : undefined;
  const options = given ? undefined : (chatOrOptions as ToolChatOptions<TOOLS>);
  // One chat per id (a new id is another conversation); a ref, so that StrictMode's second
  // render finds the first one's chat rather than making another.
  const picked = useRef<{ id: string | undefined; chat: ToolChat<TOOLS> } | null>(null);
  if (options && (!picked.current || picked.current.id !== options.id || picked.current.chat.disposed)) {
    picked.current = { id: options.id, chat: chatFor(options) };
  }
  const owned = options ? picked.current : null;
  const lease = useRef<Lease<TOOLS> | undefined>(undefined);
  const [, swapped] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => {
    if (!owned) return;
    const held = hold(owned.chat);
    lease.current = held;
    // Another component registered a chat for this id first: show that one.
    if (held.chat !== owned.chat) {
      picked.current = { id: owned.id, chat: held.chat };
      swapped();
    }
    return () => {
      held.release();
      if (lease.current === held) lease.current = undefined;
    };
  }, [owned]);
  // The latest options (fresh callbacks, tools, api) reach the chat after each commit.
  useLayoutEffect(() => {
    if (options) lease.current?.setOptions(options);
  });
  return given ?? owned!.chat;
}

export function isToolChat<TOOLS extends ToolSet>(value: ToolChat<TOOLS> | ToolChatOptions<TOOLS>): value is ToolChat<TOOLS> {
  return typeof (value as ToolChat<TOOLS>).getState === 'function' && typeof (value as ToolChat<TOOLS>).subscribe === 'function';
}

function resultOf<TOOLS extends ToolSet>(chat: ToolChat<TOOLS>, state: ToolChatSnapshot<TOOLS>): UseToolChatResult<TOOLS> {
  return {
    ...state,
    id: chat.id,
    chat,
    sendMessage: chat.sendMessage,
    stop: chat.stop,
    retry: chat.retry,
    approve: chat.approve,
    deny: chat.deny,
    answerApproval: chat.answerApproval,
    revokeGrant: chat.revokeGrant,
    addToolApprovalResponse: chat.addToolApprovalResponse,
    continue: chat.continue,
    alwaysAllow: chat.alwaysAllow,
    runAgain: chat.runAgain,
    regenerate: chat.regenerate,
    editMessage: chat.editMessage,
    getBranches: chat.getBranches,
    switchBranch: chat.switchBranch,
    addToolOutput: chat.addToolOutput,
    addToolResult: chat.addToolResult,
    getToolCall: chat.getToolCall,
    toolCalls: chat.getToolCalls(),
  };
}

// --- context ---------------------------------------------------------------------------

// Pure: an app that imports only `useToolChat` bundles no context.
const ToolChatContext = /* @__PURE__ */ createContext<ToolChat | undefined>(undefined);

/** How the chat's parts look, from `ToolChatProvider` (or `ChatWrapper`). @internal */
export interface ChatView {
  renderTool: ToolRenderers | undefined;
  messageActions: boolean;
  /** The app's feedback handler (the latest one: a new function renders no row). */
  onFeedback: FeedbackHandler | undefined;
  /** Read aloud under answers. */
  speech: boolean;
}

const ViewContext = /* @__PURE__ */ createContext<ChatView>({ renderTool: undefined, messageActions: false, onFeedback: undefined, speech: false });

export interface ToolChatProviderProps<TOOLS extends ToolSet = ToolSet> {
  chat: ToolChat<TOOLS>;
  /**
   * Per-tool renderers of the cards below, keyed by tool name (generative UI). Keep it stable
   * (module level): a new object renders every card again.
   */
  renderTool?: ToolRenderers | undefined;
  /**
   * The actions under messages: Copy on every message, Regenerate under the last answer, Edit on
   * the user's messages (not in a `readOnly` chat). `false` shows none.
   * @default true
   */
  messageActions?: boolean | undefined;
  /**
   * Thumbs up and down under answers (with the message actions), then an optional comment:
   * called with the message's id, the thumb (`null` when taken back) and, once written, the
   * comment. Without it, no thumbs.
   */
  onFeedback?: FeedbackHandler | undefined;
  /**
   * Read aloud under answers (with the message actions), where the browser has the Web Speech API.
   * @default false
   */
  speech?: boolean | undefined;
  children?: ReactNode;
}

/**
 * Gives the parts below it the chat, and how they look: each part reads the chat with
 * `useToolChatContext` and selects its own slice; nothing else is handed down.
 */
export function ToolChatProvider<TOOLS extends ToolSet>({ chat, renderTool, messageActions = true, onFeedback, speech = false, children }: ToolChatProviderProps<TOOLS>) {
  // The rows see one handler for the provider's life, which calls the app's latest: an inline
  // function renders no row of a long thread.
  const feedback = useRef(onFeedback);
  useLayoutEffect(() => {
    feedback.current = onFeedback;
  });
  const rates = onFeedback !== undefined;
  const view = useMemo<ChatView>(
    () => ({ renderTool, messageActions, speech, onFeedback: rates ? (...args) => feedback.current?.(...args) : undefined }),
    [renderTool, messageActions, speech, rates],
  );
  return createElement(
    ToolChatContext.Provider,
    { value: chat as unknown as ToolChat },
    createElement(ViewContext.Provider, { value: view }, children),
  );
}

/** The chat of the nearest `<ToolChatProvider>` (or `<ChatWrapper>`); throws outside one. */
export function useToolChatContext<TOOLS extends ToolSet = ToolSet>(): ToolChat<TOOLS> {
  const chat = useContext(ToolChatContext);
  if (!chat) throw new Error('useToolChatContext: no chat here. Wrap the component in <ToolChatProvider chat={chat}> (or <ChatWrapper>).');
  return chat as unknown as ToolChat<TOOLS>;
}

let noChat: ToolChat | undefined;

/**
 * The chat a part reads: the nearest provider's. Outside one, an empty read-only chat (one for
 * the page): the part shows what it is given, and no button of it acts. @internal
 */
export function usePartChat(): ToolChat {
  return useContext(ToolChatContext) ?? (noChat ??= createToolChat({ readOnly: true }));
}

/** How the parts look, from the nearest provider. @internal */
export function useChatView(): ChatView {
  return useContext(ViewContext);
}
