import { createContext, createElement, useContext, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ToolChat } from '../core/chat/create-tool-chat';
import { lease } from './registry';
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

/** Nothing changes here: a part outside a provider selects from this. @internal */
export const noStore = { getState: () => undefined, subscribe: () => () => {} };

/**
 * `useToolChatSelector` for parts that also work without a chat: `selector` gets `undefined`
 * when `chat` is. The same hook either way, so a part may pass a chat on one render and not the next.
 * @internal
 */
export function useOptionalToolChatSelector<SLICE>(
  chat: ToolChat | undefined,
  selector: (state: ToolChatSnapshot | undefined) => SLICE,
  isEqual?: (a: SLICE, b: SLICE) => boolean,
): SLICE {
  return useStoreSelector<ToolChatSnapshot | undefined, SLICE>(chat ?? noStore, selector, isEqual);
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

/** The chat given, or one this component owns (shared by `id` through the registry). */
export function useChatInstance<TOOLS extends ToolSet>(chatOrOptions: ToolChat<TOOLS> | ToolChatOptions<TOOLS>): ToolChat<TOOLS> {
  const given = isToolChat(chatOrOptions) ? chatOrOptions : undefined;
  const options = given ? undefined : (chatOrOptions as ToolChatOptions<TOOLS>);
  const id = options?.id;
  // Made once per id (a new id is another conversation); never in an effect, so the first render has it.
  const [owned, setOwned] = useState(() => (options ? lease(options) : undefined));
  let current = owned;
  if (options && (!current || current.chat.disposed || current.id !== id)) {
    current = lease(options);
    setOwned(current);
  }
  const lent = given ? undefined : current;
  useEffect(() => {
    if (!lent) return;
    lent.retain();
    return () => lent.release();
  }, [lent]);
  // The latest options (fresh callbacks, tools, api) reach the chat after each commit.
  useLayoutEffect(() => {
    if (lent && options) lent.setOptions(options);
  });
  return given ?? lent!.chat;
}

export function isToolChat<TOOLS extends ToolSet>(value: ToolChat<TOOLS> | ToolChatOptions<TOOLS>): value is ToolChat<TOOLS> {
  return typeof (value as ToolChat<TOOLS>).getState === 'function' && typeof (value as ToolChat<TOOLS>).subscribe === 'function';
}

function resultOf<TOOLS extends ToolSet>(chat: ToolChat<TOOLS>, state: ToolChatSnapshot<TOOLS>): UseToolChatResult<TOOLS> {
  // The chat's own lookup, stable for its life: a `MessageList` given it knows the chat and
  // lets each row subscribe to its own calls (see `chatOfLookup`).
  lookups.set(chat.getToolCall as Lookup, chat as unknown as ToolChat);
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
    addToolOutput: chat.addToolOutput,
    addToolResult: chat.addToolResult,
    getToolCall: chat.getToolCall,
    toolCalls: chat.getToolCalls(),
  };
}

type Lookup = (toolCallId: string) => unknown;
const lookups = new WeakMap<Lookup, ToolChat>();

/**
 * The chat whose `getToolCall` this is (as `useToolChat` returns it), if any: parts given it
 * as a prop select from that chat, as they would from one in context.
 * @internal
 */
export function chatOfLookup(getToolCall: Lookup | undefined): ToolChat | undefined {
  return getToolCall ? lookups.get(getToolCall) : undefined;
}

// --- context ---------------------------------------------------------------------------

const ToolChatContext = createContext<ToolChat | undefined>(undefined);

export interface ToolChatProviderProps<TOOLS extends ToolSet = ToolSet> {
  chat: ToolChat<TOOLS>;
  children?: ReactNode;
}

/** Gives the parts below it the chat: each reads it with `useToolChatContext` and selects its own slice. */
export function ToolChatProvider<TOOLS extends ToolSet>({ chat, children }: ToolChatProviderProps<TOOLS>) {
  return createElement(ToolChatContext.Provider, { value: chat as unknown as ToolChat }, children);
}
ToolChatProvider.displayName = 'ToolChatProvider';

/** The chat of the nearest `<ToolChatProvider>` (or `<ChatWrapper>`); throws outside one. */
export function useToolChatContext<TOOLS extends ToolSet = ToolSet>(): ToolChat<TOOLS> {
  const chat = useContext(ToolChatContext);
  if (!chat) throw new Error('useToolChatContext: no chat here. Wrap the component in <ToolChatProvider chat={chat}> (or <ChatWrapper>).');
  return chat as unknown as ToolChat<TOOLS>;
}

/** The chat of the nearest provider, or none: for parts that also work without one. */
export function useOptionalToolChatContext(): ToolChat | undefined {
  return useContext(ToolChatContext);
}
