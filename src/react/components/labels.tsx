import type { ToolChatRows } from '../../core/chat/row-store';
import { usePartChat, useStoreSelector } from '../use-tool-chat';
import type { ToolCallPhase } from '../../core/loop/call-state';
import type { PartLabels } from './part-labels';
import type { AnswerEnding } from '../../core/loop/loop-state';
import { defaultLabels, type ToolLabels } from '../labels';

/**
 * The loop's labels plus the strings only the UI parts show. Those of the parts that load after
 * the chat (`PartLabels`) are optional: their English defaults load with them.
 */
export type UiLabels = ToolLabels & Partial<PartLabels> & {
  /** Accessible name of the message input. */
  composerLabel: string;
  copyCode: string;
  copied: string;
  jumpToLatest: string;
  /** The group of actions under a message. */
  messageActions: string;
  /** Copies a message as Markdown. */
  copyMessage: string;
  /** Asks the model again for the last answer. */
  regenerate: string;
  /** Opens a user message for editing; the earlier version is kept. */
  editMessage: string;
  /** The group of a message's versions (Edit and Regenerate keep the earlier ones). */
  versions: string;
  /** Shows the version before this one. */
  previousVersion: string;
  /** Shows the version after this one. */
  nextVersion: string;
  /** Where the version shown stands, as read and announced: "2 / 3". */
  versionOf: (position: number, count: number) => string;
  /** Accessible name of the editor of a user message. */
  editMessageLabel: string;
  cancelEdit: string;
  /** Sends the edited message. */
  sendEdit: string;
  /** The composer's button that picks files to attach. */
  attachFiles: string;
  /** Accessible name of the list of files attached to the message being written. */
  attachments: string;
  /** The button on an attachment's chip that removes it. */
  removeAttachment: (fileName: string) => string;
  /** Why a file was not attached. */
  attachmentRejected: (fileName: string, reason: 'too-large' | 'type' | 'too-many') => string;
  /** Shown over the composer while files are dragged over it. */
  dropFiles: string;
  /** The button above a long thread's oldest shown message; `count` messages are not shown yet. */
  earlierMessages: (count: number) => string;
  /** Heading of the empty state. */
  emptyState: string;
  /** What an empty chat shows while its stored conversation loads, instead of the empty state. */
  loadingConversation: string;
  newChat: string;
  suggestions: string;
  /** Reasoning block summary while the model reasons, and once it is done. */
  reasoning: string;
  reasoningDone: string;
  /** Folded tool history of a finished turn: the tools' names (each once) and the number of calls. */
  usedTools: (toolNames: readonly string[], count: number) => string;
  /** Beside the fold: how many of its calls failed. */
  failedTools: (count: number) => string;
  /** Beside the fold: how many of its calls the user denied. */
  deniedTools: (count: number) => string;
  /** The button that approves a call and every later call of its tool, in every chat of this user (`grants`). */
  alwaysAllow: (toolName: string) => string;
  /** Under an answer that did not simply finish. */
  answerEnding: (ending: AnswerEnding, maxToolRounds: number) => string;
  /** The button that asks the model to go on after such an answer. */
  continue: string;
  /** The message "Continue" sends to the model. */
  continuePrompt: string;
  /** Under a turn a reload cut off. */
  interrupted: (count: number) => string;
  /** The button that runs the interrupted calls again. */
  runAgain: string;
  /** Badge of a tool card, one per phase. */
  toolPhase: Record<ToolCallPhase, string>;
  duration: (ms: number) => string;
  /** Visually hidden author of each message, for screen readers. */
  userAuthor: string;
  assistantAuthor: string;
  /** The button of an image from another origin, which is not fetched until the user asks. */
  loadImage: (host: string) => string;
  /** The button of an SVG image written into the answer (`data:image/svg+xml`). */
  loadEmbeddedImage: string;
  /** A link's destination after its text, when the text does not show it (`docs (example.com)`). */
  linkDestination: (destination: string) => string;
};

export const defaultUiLabels: UiLabels = {
  ...defaultLabels,
  composerLabel: 'Message',
  copyCode: 'Copy code',
  copied: 'Copied',
  jumpToLatest: 'Jump to latest',
  messageActions: 'Message actions',
  copyMessage: 'Copy',
  regenerate: 'Regenerate',
  editMessage: 'Edit',
  versions: 'Versions',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  versionOf: (position, count) => `${position} / ${count}`,
  editMessageLabel: 'Edit message',
  cancelEdit: 'Cancel',
  sendEdit: 'Save and send',
  attachFiles: 'Attach files',
  attachments: 'Attachments',
  removeAttachment: (fileName) => `Remove ${fileName}`,
  attachmentRejected: (fileName, reason) =>
    reason === 'too-large' ? `${fileName} is too large to attach` : reason === 'type' ? `${fileName} is not a file type this chat takes` : `${fileName} was not attached: too many files`,
  dropFiles: 'Drop files to attach',
  earlierMessages: (count) => `Show earlier messages (${thousands(count)} more)`,
  emptyState: 'How can I help?',
  loadingConversation: 'Loading the conversation…',
  newChat: 'New chat',
  suggestions: 'Suggestions',
  reasoning: 'Thinking…',
  reasoningDone: 'Thought process',
  usedTools: (toolNames, count) =>
    count <= 3 && toolNames.length === count
      ? `Used ${list(toolNames)}`
      : `Used ${count} tools: ${toolNames.length <= 3 ? list(toolNames) : `${toolNames.slice(0, 3).join(', ')} and ${toolNames.length - 3} more`}`,
  failedTools: (count) => `${count} failed`,
  deniedTools: (count) => `${count} denied`,
  alwaysAllow: (toolName) => `Always allow ${toolName}`,
  answerEnding: (ending, maxToolRounds) => {
    switch (ending) {
      case 'length':
        return 'Cut off at the token limit';
      case 'content-filter':
        return 'Stopped by the content filter';
      case 'error':
        return 'Cut off by an error';
      case 'stopped':
        return 'Stopped';
      case 'max-rounds':
        return `Stopped after ${maxToolRounds} tool ${maxToolRounds === 1 ? 'round' : 'rounds'}`;
      case 'budget':
        return 'Stopped at the token budget';
      case 'empty':
        return 'The model ended without an answer';
    }
  },
  continue: 'Continue',
  continuePrompt: 'Continue',
  interrupted: (count) => `The page was closed before ${count === 1 ? 'this tool' : `these ${count} tools`} finished`,
  runAgain: 'Run again',
  toolPhase: {
    'streaming-input': 'Streaming arguments',
    pending: 'Pending',
    running: 'Running',
    'awaiting-approval': 'Awaiting approval',
    done: 'Done',
    error: 'Error',
    denied: 'Denied',
    expired: 'Expired',
    cancelled: 'Cancelled',
    interrupted: 'Interrupted',
  },
  duration: (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`),
  userAuthor: 'You',
  assistantAuthor: 'Assistant',
  loadImage: (host) => `Load image from ${host}`,
  loadEmbeddedImage: 'Load embedded SVG image',
  linkDestination: (destination) => `(${destination})`,
};

/** "a", "a and b", "a, b and c". */
function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** 9960 → "9,960": not `toLocaleString`, whose first call costs a browser ~25 ms of ICU set-up. */
function thousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Merges partial labels over the English defaults (the phase badges merge per phase). */
export function resolveUiLabels(labels?: Partial<UiLabels>): UiLabels {
  if (!labels) return defaultUiLabels;
  return {
    ...defaultUiLabels,
    ...labels,
    toolPhase: { ...defaultUiLabels.toolPhase, ...labels.toolPhase },
  };
}

const resolved = new WeakMap<object, UiLabels>();
const selectLabels = (rows: ToolChatRows) => rows.labels as Partial<UiLabels> | undefined;

/**
 * The strings of the chat in context (its `labels` option: `<ChatWrapper labels>`,
 * `createToolChat({ labels })`) over the English defaults. A part renders again when they change.
 */
export function useToolChatLabels(): UiLabels {
  const labels = useStoreSelector(usePartChat().rows, selectLabels);
  if (!labels) return defaultUiLabels;
  let value = resolved.get(labels);
  if (!value) resolved.set(labels, (value = resolveUiLabels(labels)));
  return value;
}
