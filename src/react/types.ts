import type { ChatStatus, ChatTransport, CreateUIMessage, FileUIPart, UIDataTypes, UIMessage, UITools } from 'ai';
import type { LoopState } from '../core/loop/loop-state';
import type { ToolCallPhase } from '../core/loop/call-state';
import type { ToolLoopOptions } from '../core/loop/tool-loop-options';
import type { ToolSet } from '../core/tools/define-tool';
import type { TruncatedOutput } from '../core/tools/serialize-output';
import type { ChatStorage } from '../core/storage/types';
import type { Activity } from './activity';
import type { ToolLabels } from './labels';

/** Options shared by `useToolChat` and `<ChatWrapper>`: the loop's options plus where the chat talks and keeps itself. */
export interface UseToolChatOptions<TOOLS extends ToolSet = ToolSet> extends ToolLoopOptions<TOOLS> {
  /**
   * The AI SDK endpoint the default transport posts to. Ignored when `transport` is given. Like
   * `fetch`, `transport` and `toolMarkers`, read at each request: a change applies to the next one.
   * @default '/api/chat'
   */
  api?: string;
  /** Where the model's answers come from; the default posts to `api`. */
  transport?: ChatTransport<UIMessage>;
  /**
   * The `fetch` of the default transport (ignored with `transport`). Failed requests become
   * a `ChatRequestError` with the status, the server's message and any `Retry-After`.
   * @default globalThis.fetch
   */
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /**
   * `'on'` finds legacy `###:{...}` tool-call markers in the model's text.
   * @default 'off'
   */
  toolMarkers?: 'off' | 'on';
  /**
   * Also sends the tools as `toolClients` (`[{ name, description, parameters: [{ name, type,
   * description, isRequired, schema }] }]`), the format backends of the legacy component read.
   * @default false
   */
  legacyToolClients?: boolean;
  /**
   * Least milliseconds between two renders of the chat: messages, status, errors and tool calls
   * change together, one commit per frame rather than one per token. The first change after a
   * quiet moment (the user's own message) renders at once.
   * @default 16
   */
  throttle?: number;
  /**
   * The chat's id; chats with the same id share their conversation and tool executions, also
   * across remounts, and a `storage` saves the chat under it. Change it to switch
   * conversations. A chat without an id belongs to its component: unmounting it stops it.
   */
  id?: string;
  /**
   * How long a chat with an `id` stays alive, running its loop, after its last component
   * unmounted, so a remount finds it; then it is stopped and forgotten (at most 32 such chats
   * are kept). `Infinity` keeps it until `disposeChatSession(id)`.
   * @default 300000 (5 minutes)
   */
  keepAliveMs?: number;
  /**
   * Saves the conversation (compact tool rounds, versioned) and restores it on load:
   * `memoryStorage()`, `localStorageStorage()`, `indexedDBStorage()` or your own. Failures
   * reach `onError` and never break the chat.
   */
  storage?: ChatStorage;
  initialMessages?: UIMessage[];
  /** User-visible strings of the status; English by default. */
  labels?: Partial<ToolLabels>;
  /** Called whenever the chat's activity changes. */
  onStatus?: (activity: Activity) => void;
  /** Called when the loop ends with the model's final message. */
  onFinish?: (message: UIMessage) => void;
  onError?: (error: Error) => void;
}

/** A tool call as a card shows it: what the loop knows of it, or what its message part says. */
export interface ToolCallView {
  toolCallId: string;
  toolName: string;
  phase: ToolCallPhase;
  /** Partial while the arguments stream. */
  input: unknown;
  output?: unknown;
  error?: string;
  /** Milliseconds from the call's arrival to its result, when known. */
  durationMs?: number;
}

/** The output a tool's part carries: what `execute` returns (or yields last), as JSON, or a truncation note. */
type ToolOutputOf<TOOL> = TOOL extends { execute?: (...args: never[]) => infer RESULT }
  ? (RESULT extends AsyncIterable<infer YIELD> ? YIELD : Awaited<RESULT>) | TruncatedOutput
  : unknown;

/** The input a tool's `execute` receives. */
type ToolInputOf<TOOL> = TOOL extends { execute?: (input: infer INPUT, ...rest: never[]) => unknown } ? INPUT : unknown;

/**
 * The AI SDK `UITools` of a tool set, so `messages` type each tool's part (`tool-getWeather`)
 * with its input and output. A tool set of unknown names gives the AI SDK's open `UITools`.
 */
export type ToolChatUITools<TOOLS extends ToolSet> = string extends keyof TOOLS
  ? UITools
  : { [NAME in keyof TOOLS & string]: { input: ToolInputOf<TOOLS[NAME]>; output: ToolOutputOf<TOOLS[NAME]> } };

/** A chat message whose tool parts are typed by the chat's tools. */
export type ToolChatMessage<TOOLS extends ToolSet = ToolSet> = UIMessage<unknown, UIDataTypes, ToolChatUITools<TOOLS>>;

/** What `sendMessage` takes, as `useChat`'s does: text, text with files and metadata, or a message. */
export type SendMessageInput =
  | string
  | { text: string; files?: FileList | FileUIPart[]; metadata?: unknown }
  | { files: FileList | FileUIPart[]; metadata?: unknown }
  | CreateUIMessage<UIMessage>;

/** What `useToolChat` returns. */
export interface UseToolChatResult<TOOLS extends ToolSet = ToolSet> {
  id: string;
  messages: ToolChatMessage<TOOLS>[];
  /** The AI SDK's request status. */
  status: ChatStatus;
  /** What the whole loop is doing, with a human label. */
  activity: Activity;
  /** True from the user's send until the final answer, across rounds. */
  busy: boolean;
  error: Error | undefined;
  /** The loop's state: every call it knows, whether it is stopped or held, the round, usage. */
  loop: LoopState;
  /**
   * Sends the user's message. While the loop works (a request in flight, tools running) the
   * message is queued and goes once the loop is free; while it waits for the user (approval,
   * held results) it goes at once and the calls still waiting end as cancelled.
   */
  sendMessage: (message: SendMessageInput) => Promise<void>;
  /** Messages sent while the loop was busy, waiting to go. */
  queuedMessages: readonly UIMessage[];
  stop: () => void;
  /** Resends the last request after an error. */
  retry: () => Promise<void>;
  approve: (toolCallId: string) => void;
  deny: (toolCallId: string, reason?: string) => void;
  /**
   * Sends the tool results now when they wait (automatic continuation off, a restored chat);
   * otherwise, with a `prompt`, asks the model to go on after an answer that did not finish
   * (token limit, Stop, round limit): the prompt goes as the user's message, a new turn.
   */
  continue: (prompt?: string) => Promise<void>;
  /** Runs calls of the last turn again that a reload cut off ("Run again"); approval rules apply. */
  runAgain: (toolCallIds: readonly string[]) => void;
  /** Drops the last answer and asks the model for a new one (the AI SDK's `regenerate`); what runs stops first. */
  regenerate: () => Promise<void>;
  /**
   * Replaces the text of a user message (keeping its files) and sends it again. Every message
   * after it is dropped: no branches are kept. What runs stops first.
   */
  editMessage: (messageId: string, text: string) => Promise<void>;
  /** "Always allow": calls of this tool run without asking for the rest of the chat (saved with it). */
  alwaysAllow: (toolName: string) => void;
  /** Hands back the result of a tool the app runs itself. */
  addToolResult: (result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }) => void;
  /** The card view of a call the loop knows, by `toolCallId`; the same object while the call does not change. */
  getToolCall: (toolCallId: string) => ToolCallView | undefined;
}
