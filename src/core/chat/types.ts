import type { ChatStatus, ChatTransport, CreateUIMessage, FileUIPart, UIDataTypes, UIMessage, UITools } from 'ai';
import type { ApprovalChoice, ApprovalDecider } from '../loop/approval';
import type { ToolCallPhase } from '../loop/call-state';
import type { LoopState } from '../loop/loop-state';
import type { ToolLoopOptions } from '../loop/tool-loop-options';
import type { ToolSet } from '../tools/define-tool';
import type { TruncatedOutput } from '../tools/serialize-output';
import type { ChatStorage } from '../storage/types';
import type { Activity } from './activity';
import type { ToolGrants } from './grants';
import type { ToolLabels } from './labels';

/** Options of `createToolChat` (and of `useToolChat` and `<ChatWrapper>`): the loop's options plus where the chat talks and keeps itself. */
export interface ToolChatOptions<TOOLS extends ToolSet = ToolSet> extends ToolLoopOptions<TOOLS> {
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
   * Least milliseconds between two notifications of the chat's subscribers (renders): messages,
   * status, errors and tool calls change together, one commit per frame rather than one per
   * token. The first change after a quiet moment (the user's own message) goes out at once.
   * @default 16
   */
  throttle?: number;
  /**
   * The chat's id: a `storage` saves the chat under it. Read once, when the chat is created.
   * With `useToolChat(options)` or `<ChatWrapper>`, chats with the same id share one instance
   * through the registry (`getToolChat`), also across remounts; change it to switch conversations.
   * @default a generated id
   */
  id?: string;
  /**
   * With `useToolChat(options)` and an `id`: how long the chat stays alive in the registry,
   * running its loop, after its last component unmounted, so a remount finds it; then it is
   * disposed (at most 32 such chats are kept). `Infinity` keeps it until `disposeChatSession(id)`.
   * @default 300000 (5 minutes)
   */
  keepAliveMs?: number;
  /**
   * Saves the conversation (compact tool rounds, versioned) and restores it before anything is
   * sent: `memoryStorage()`, `localStorageStorage()`, `indexedDBStorage()` or your own. Failures
   * reach `onError` and never break the chat. Read once, when the chat is created.
   */
  storage?: ChatStorage;
  /**
   * How long the chat waits for `storage` to load the stored conversation. Past it the chat goes
   * on without it, `onError` gets a `ChatStorageError`, and nothing is saved over the record.
   * @default 5000
   */
  storageTimeoutMs?: number;
  /**
   * The conversation the chat starts with. With a `storage`, a stored conversation replaces it
   * once loaded; with none stored, these messages are the conversation (and are saved).
   */
  initialMessages?: UIMessage[];
  /**
   * A chat that shows `initialMessages` and does nothing else: no storage, grants, transport or
   * tools run, and its actions (`sendMessage`, `approve`…) do nothing. For messages that come
   * from elsewhere (a transcript, a story, an example) shown with toolchat's parts, whose buttons
   * then do not act. Read once, when the chat is created.
   * @default false
   * @example <ToolChatProvider chat={createToolChat({ initialMessages: transcript, readOnly: true })}>
   */
  readOnly?: boolean;
  /**
   * Where the user's grants ("Always allow", "Allow for this chat") are kept: the user's, not
   * the conversation's. Never read from or written to a conversation record. Every chat of the
   * page with the same `grants` shares them, as they change. Read once, when the chat is created.
   * @default `localStorageGrants()` in a browser (key `toolchat:grants`), else `memoryGrants()`
   */
  grants?: ToolGrants;
  /**
   * User-visible strings, English by default: those of the status (`ToolLabels`) and, in
   * `toolchat`, those of the parts that show the chat (`UiLabels`), which read them from it.
   */
  labels?: Partial<ToolLabels> & { readonly [label: string]: unknown };
  /** Called whenever the chat's activity changes. */
  onStatus?: (activity: Activity) => void;
  /** Called when the loop ends with the model's final message. */
  onFinish?: (message: UIMessage) => void;
  /** Request, transport and storage failures. */
  onError?: (error: Error) => void;
}

/** The output a tool's part carries: what `execute` returns (or yields last), as JSON, or a truncation note. */
export type ToolOutputOf<TOOL> = TOOL extends { execute?: (...args: never[]) => infer RESULT }
  ? (RESULT extends AsyncIterable<infer YIELD> ? YIELD : Awaited<RESULT>) | TruncatedOutput
  : unknown;

/** The input a tool's `execute` receives. */
export type ToolInputOf<TOOL> = TOOL extends { execute?: (input: infer INPUT, ...rest: never[]) => unknown } ? INPUT : unknown;

/**
 * One tool call as a UI shows it: its message part and the loop's record joined in one value.
 * Typed per tool: `input` and `output` are the tool's own. The same object while the call does
 * not change, so a card can compare by identity.
 */
export interface ToolCallViewOf<NAME extends string = string, INPUT = unknown, OUTPUT = unknown> {
  toolCallId: string;
  toolName: NAME;
  /** Where the call is: `awaiting-approval` waits for `approve`/`deny`; `interrupted` was cut off by a reload. */
  phase: ToolCallPhase;
  /** The tool's input; partial (and not yet validated) while `phase` is `streaming-input`. */
  input: INPUT;
  output?: OUTPUT;
  /** The error the model reads: the tool failed, was denied, cancelled or interrupted. */
  error?: string;
  /** Milliseconds from the call's arrival to its result, when known. */
  durationMs?: number;
  /** The id of the message the call belongs to (set by the chat's views). */
  messageId?: string;
  /**
   * The call's approval, when it asks or asked (or was decided without asking: a grant, the
   * app's policy, an expiry); absent for calls no approval was involved in.
   */
  approval?: ToolCallApproval;
}

/** Where a call's approval stands: asked (no `approved` yet), or decided, and by whom. */
export interface ToolCallApproval {
  /** `undefined` while the user is asked. */
  approved?: boolean;
  /** Who decided: the user, one of the user's grants, the app's policy, the clock (expired). */
  by?: ApprovalDecider;
  /** The user's choice, when the user decided (in this page). */
  choice?: ApprovalChoice;
  /** The user's reason for a denial, or the policy's for its decision. */
  reason?: string;
  /** While asked: why (the approval policy's reason, or its failure). */
  requestReason?: string;
  /** While asked: the scope a grant made from this call covers (the tool's `grantScope`). */
  scope?: string;
  /** While asked: whether "Allow for this chat" and "Always allow" may be offered. */
  grantable?: boolean;
  /** While asked: the user's last edit was refused, and why. */
  editError?: string;
  /** The model's own input, when the user edited it: the call's `input` is the user's. */
  editedFrom?: unknown;
  /** A server tool's call: its approval goes to the server. */
  server?: boolean;
}

/** A call of one of the chat's tools; with `NAME`, a call of that tool. */
export type ToolCallView<TOOLS extends ToolSet = ToolSet, NAME extends keyof TOOLS & string = keyof TOOLS & string> = string extends NAME
  ? ToolCallViewOf
  : { [N in NAME]: ToolCallViewOf<N, ToolInputOf<TOOLS[N]>, ToolOutputOf<TOOLS[N]>> }[NAME];

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

/** What `addToolOutput` takes, as the AI SDK's: an output, or an error the model reads. */
export type ToolOutputInput =
  | { tool?: string; toolCallId: string; output: unknown }
  | { tool?: string; toolCallId: string; state: 'output-error'; errorText: string };

/** Everything a chat shows, as one value: a new object when anything in it changed. */
export interface ToolChatSnapshot<TOOLS extends ToolSet = ToolSet> {
  messages: ToolChatMessage<TOOLS>[];
  /** The AI SDK's request status. */
  status: ChatStatus;
  error: Error | undefined;
  /** What the whole loop is doing, with a human label. */
  activity: Activity;
  /** True from the user's send until the final answer, across rounds, and while a message waits to go. */
  busy: boolean;
  /** The loop's state: every call it knows, whether it is stopped or held, the round, usage. */
  loop: LoopState;
  /** Messages sent while the loop was busy (or the stored chat was still loading), waiting to go. */
  queuedMessages: readonly UIMessage[];
  /** `loading` until the stored conversation is restored (or given up on); then `ready`. */
  storage: 'none' | 'loading' | 'ready';
}
