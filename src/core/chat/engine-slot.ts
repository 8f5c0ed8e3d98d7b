import type { AbstractChat, UIMessage } from 'ai';
import { loopChunk, type LoopChunk } from '../loop/load-loop-chunk';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import type { ChatEngineInit } from './chat-engine';
import type { ToolChatState } from './chat-state';

type Chat = AbstractChat<UIMessage>;

/**
 * Where a chat keeps the AI SDK's chat, which sends and streams: made once, with the loop's chunk
 * (./chat-engine), which every request waits for anyway. Until then the chat shows and queues
 * from its own state.
 */
export interface EngineSlot {
  /** The AI SDK's chat, if made. */
  readonly current: Chat | undefined;
  /** The AI SDK's chat, made now from the loaded chunk. */
  from(chunk: LoopChunk): Chat;
  /** The AI SDK's chat when the loop's chunk is there (made now if need be), else undefined. */
  now(): Chat | undefined;
  /** The AI SDK's chat once the loop's chunk has loaded. */
  load(): Promise<Chat>;
  /** Runs with the AI SDK's chat once it is there; a chunk that cannot load is the chat's error. */
  run(use: (chat: Chat) => Promise<void> | void): Promise<void>;
  /** A request that could not leave (the chunk did not load), shown as the AI SDK shows its own. */
  failed(error: unknown): void;
}

export function createEngineSlot(
  init: ChatEngineInit,
  { state, loop, onError, disposed }: { state: ToolChatState; loop: ToolLoopCore; onError: (error: Error) => void; disposed: () => boolean },
): EngineSlot {
  let chat: Chat | undefined;
  const from = (chunk: LoopChunk): Chat => {
    if (chat) return chat;
    chat = chunk.createChatEngine(init);
    loop.attach(chat);
    return chat;
  };
  const load = (): Promise<Chat> => loopChunk.load().then(from);
  const failed = (error: unknown): void => {
    const shown = error instanceof Error ? error : new Error(String(error));
    state.error = shown;
    state.status = 'error';
    onError(shown);
  };
  return {
    get current() {
      return chat;
    },
    from,
    now: () => {
      const chunk = loopChunk.loaded();
      return chat ?? (chunk ? from(chunk) : undefined);
    },
    load,
    async run(use) {
      let loaded: Chat;
      try {
        loaded = await load();
      } catch (error) {
        if (!disposed()) failed(error);
        return;
      }
      if (!disposed()) await use(loaded);
    },
    failed,
  };
}
