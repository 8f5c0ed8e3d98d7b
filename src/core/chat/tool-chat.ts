import type { UIMessage } from 'ai';
import type { ApprovalAnswer, ApprovalResult } from '../loop/approval';
import type { RunToolCallRequest } from '../loop/tool-loop-core';
import type { ToolGrantReach } from './grants';
import type { ToolSet } from '../tools/define-tool';
import type { ToolCallResult } from '../tools/types';
import type { BranchPosition } from '../tree/message-tree';
import type { ReadableStore } from './listeners';
import type { ResolvedToolChatOptions } from './options';
import type { ToolChatRows } from './row-store';
import type { SendMessageInput, ToolCallView, ToolChatOptions, ToolChatSnapshot, ToolOutputInput } from './types';

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
  /**
   * What message rows read besides their message (calls, endings, the answer that offers the
   * way on), told only when that changed: never per streamed token. Made with the chat.
   */
  readonly rows: ReadableStore<ToolChatRows>;
  /** A chat made with `readOnly`: it shows its messages and never sends, loads or runs anything. */
  readonly readOnly: boolean;
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
  /** "Approve": `answerApproval(toolCallId, { choice: 'allow-once' })`. */
  approve(toolCallId: string): void;
  /** "Deny": `answerApproval(toolCallId, { choice: 'deny', reason })`; the model reads the reason. */
  deny(toolCallId: string, reason?: string): void;
  /**
   * The user's answer to a call waiting for approval, a browser tool's or a server tool's:
   * `allow-once`; `allow-chat` (this tool, in this chat) and `allow-always` (this tool, in every
   * chat), which make a grant (bound to the call's scope when its tool has `grantScope`) and
   * answer the other waiting calls it covers; `deny` with an optional reason the model reads;
   * `edit` with the arguments to run with, checked against the tool's schema first. Resolves
   * with `{ ok: false, error }` when the answer is refused (an edit the schema refuses: the call
   * keeps waiting and its card shows the error; a call no longer waiting); never rejects.
   */
  answerApproval(toolCallId: string, answer: ApprovalAnswer): Promise<ApprovalResult>;
  /**
   * Takes back one of the user's grants (from `getState().loop.grants`), in every chat that
   * shares the `grants`: calls it covered ask again; one already allowed goes on.
   */
  revokeGrant(grant: ToolGrantReach): Promise<void>;
  /**
   * The AI SDK 7 form of `approve` / `deny`: answers the part in `approval-requested` whose
   * `approval.id` is `id` (a browser tool's approval id is its call id).
   */
  addToolApprovalResponse(response: { id: string; approved: boolean; reason?: string }): void;
  /**
   * Sends the tool results now when they wait (automatic continuation off, a restored chat);
   * otherwise, with a `prompt`, asks the model to go on after an answer that did not finish.
   */
  continue(prompt?: string): Promise<void>;
  /**
   * Asks the model again for the last answer (the AI SDK's `regenerate`); what runs now ends
   * first. The earlier answer stays, as another version (`getBranches`, `switchBranch`).
   */
  regenerate(): Promise<void>;
  /**
   * Replaces the text of a user message and sends it again, from there: the message keeps its
   * id and its files, and the earlier version stays, with what followed it, as another version
   * (under a new id).
   */
  editMessage(messageId: string, text: string): Promise<void>;
  /**
   * Where a message stands among its versions (made by Edit and Regenerate): `{ index, count }`,
   * zero-based; `{ index: 0, count: 1 }` for a message with no other version or none by that id.
   */
  getBranches(messageId: string): BranchPosition;
  /**
   * Shows the `index`-th version of the message (zero-based), with the whole tail that version
   * had: `messages` becomes that path, and the model is asked nothing. Anything running (an
   * answer streaming, tools running, calls awaiting approval) is stopped first, as by `stop()`:
   * each open call ends with exactly one result, cancelled, in the branch it belongs to. Rejects
   * with a `TypeError` for an unknown message and a `RangeError` for an index out of range.
   */
  switchBranch(messageId: string, index: number): Promise<void>;
  /** Runs calls of the last turn again that a reload cut off ("Run again"); approval rules apply. */
  runAgain(toolCallIds: readonly string[]): void;
  /**
   * "Always allow" a tool, every call of it, in every chat of this user (`grants`), from now; the
   * calls of it waiting for approval run. On a card, `answerApproval` with `allow-always` makes
   * the grant the call's own (its scope).
   */
  alwaysAllow(toolName: string): void;
  /** Hands back the result of a tool the app runs itself (a tool without `execute`), as in the AI SDK. */
  addToolOutput(result: ToolOutputInput): void;
  /**
   * Runs a call the model did not make (an MCP App's own call) through the loop like any other:
   * the tool's approval and the user's grants, validation, concurrency, timeout, Stop, output
   * limit, `onToolCall` / `onToolResult`. Its record in `loop.calls` carries `origin`; it has no
   * message part and its result never reaches the model: it resolves here, exactly once.
   */
  runToolCall(request: RunToolCallRequest): Promise<ToolCallResult>;
  /** @deprecated Use `addToolOutput({ toolCallId, output })` or `{ toolCallId, state: 'output-error', errorText }`. */
  addToolResult(result: { toolCallId: string; output: unknown } | { toolCallId: string; error: string }): void;
  /** Replaces the conversation, its other versions included (they go); the loop's calls stay as they are. */
  setMessages(messages: UIMessage[]): void;
  /**
   * The options now, every default filled in (`maxToolRounds` is 5 when not given); `setOptions`
   * replaces them (all but `id`, `storage`, `grants`, `initialMessages` and `readOnly`, read once).
   */
  readonly options: ResolvedToolChatOptions<TOOLS>;
  setOptions(options: ToolChatOptions<TOOLS>): void;
  /** Ends the chat: the stream and running tools stop, nothing more is sent, the storage flushes. */
  dispose(): void;
  readonly disposed: boolean;
}

/** How the React registry tells a chat it owns that a component shows it, or none does (see `ChatLife`). @internal */
export const chatLease: unique symbol = Symbol('toolchat.lease');

/** A chat as `createToolChat` makes it. @internal */
export interface LeasedChat extends ToolChat {
  readonly [chatLease]: {
    /** A component shows it: it starts, and what waited for a component goes on. */
    shown(): void;
    /** No component shows it, and nothing keeps it alive: nothing leaves it until `shown` or `dispose`. */
    hidden(): void;
  };
}
