import type { UiLabels } from './labels';
import { useToolChatLabels } from './labels';
import { percent } from './percent';

/** A row of `ContextMeter`'s details. */
export type UsageRow = 'context' | 'input' | 'output' | 'reasoning' | 'cachedInput' | 'cost';

/** Why dictation stopped without text: the Web Speech API's error, in four kinds. */
export type DictationError = 'not-allowed' | 'no-speech' | 'audio-capture' | 'other';

/**
 * The strings of the parts that load after the chat (sources, follow-ups, feedback, speech, the
 * context meter, an approval's choices and notes, `<ToolGrants />`). Optional in `UiLabels`: their
 * English defaults load with the parts, not with the chat; a locale (`toolchat/locales/*`) gives
 * them all.
 */
export interface PartLabels {
  /** The button that approves a call and every later call of its tool in this chat. */
  allowForChat: string;
  /** Before the user commits to a grant from a call whose tool has a scope: what the grant covers. */
  grantScope: (scope: string) => string;
  /** The button that opens the denial's reason. */
  denyWithReason: string;
  /** The label of the denial's reason (the model reads it). */
  denyReason: string;
  /** The button that opens the call's arguments for editing. */
  editArguments: string;
  /** The label of the arguments' editor (JSON). */
  editArgumentsLabel: string;
  /** The button that runs the call with the edited arguments. */
  runEdited: string;
  /** An edit that is not JSON. */
  invalidJson: (message: string) => string;
  /**
   * How a call that asked (or would have) was decided, on its card; `undefined` says nothing.
   * `by`: the user, one of the user's grants, the app's policy (automatic), or the clock.
   */
  approvalDecided: (decision: { approved: boolean; by: 'user' | 'grant' | 'policy' | 'timeout'; reason?: string; edited: boolean }) => string | undefined;
  /** The list of the user's grants (`<ToolGrants />`). */
  toolGrants: string;
  /** `<ToolGrants />` with none. */
  noToolGrants: string;
  /** What one grant covers: its tool's title, its scope, and whether only one chat. */
  grantReach: (grant: { title: string; scope?: string; chatOnly: boolean }) => string;
  /** The button that takes a grant back. */
  revokeGrant: string;
  /** Name of the list of an answer's sources. */
  sources: string;
  /** Accessible name of an inline citation marker (`[1]`). */
  citation: (index: number, title: string) => string;
  /** Name of the group of follow-up prompts under the last answer. */
  followUps: string;
  /** The thumbs under an answer. */
  goodAnswer: string;
  badAnswer: string;
  /** Label of the optional comment after a thumb. */
  feedbackComment: (value: FeedbackValue) => string;
  sendFeedback: string;
  closeFeedback: string;
  /** Said once the comment is sent. */
  feedbackSent: string;
  /** The button that reads an answer aloud (speech synthesis), and stops it. */
  readAloud: string;
  stopReading: string;
  /** The composer's microphone (speech recognition), and its stop. */
  dictate: string;
  stopDictation: string;
  /** Said while the microphone listens. */
  listening: string;
  dictationError: (error: DictationError) => string;
  /** Accessible name of the context meter and heading of its details. */
  contextWindow: string;
  /** The meter's short text: tokens in the context, of the model's window when known ("15.2k / 128k"). */
  contextUsed: (used: number, window: number | undefined) => string;
  /** Names of the rows of the meter's details. */
  usageRow: Record<UsageRow, string>;
  /** A row's count; the context row also gets the window ("15,234 of 128,000 (12%)"). */
  tokenCount: (count: number, window?: number) => string;
  /** The conversation's cost, in the currency of the app's prices. */
  cost: (amount: number, currency: string) => string;
}

/** Every string of the chat, its parts' included: what a locale (`toolchat/locales/*`) gives. */
export type LocaleLabels = Required<UiLabels>;

/** A thumb: up or down. */
export type FeedbackValue = 'up' | 'down';

const number = (count: number) => new Intl.NumberFormat('en').format(count);
const compact = (count: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(count);

export const partLabels: PartLabels = {
  allowForChat: 'Allow for this chat',
  grantScope: (scope) => `“Allow for this chat” and “Always allow” cover only ${scope}`,
  denyWithReason: 'Deny with a reason…',
  denyReason: 'Reason (the assistant reads it)',
  editArguments: 'Edit arguments',
  editArgumentsLabel: 'Arguments (JSON)',
  runEdited: 'Run with these arguments',
  invalidJson: (message) => `The arguments are not valid JSON: ${message}`,
  approvalDecided: ({ approved, by, reason, edited }) => {
    const why = reason ? `: ${reason}` : '';
    if (by === 'policy') return `${approved ? 'Allowed' : 'Denied'} automatically${why}`;
    if (by === 'grant') return 'Allowed by your permission';
    if (by === 'timeout') return 'Nobody answered in time';
    return edited && approved ? 'Ran with the arguments you edited' : undefined;
  },
  toolGrants: 'Tools allowed without asking',
  noToolGrants: 'No tool runs without asking.',
  grantReach: ({ title, scope, chatOnly }) => `${title}${scope ? ` (${scope})` : ''}, ${chatOnly ? 'in one chat' : 'in every chat'}`,
  revokeGrant: 'Revoke',
  sources: 'Sources',
  citation: (index, title) => `Source ${index}: ${title}`,
  followUps: 'Suggested follow-ups',
  goodAnswer: 'Good answer',
  badAnswer: 'Bad answer',
  feedbackComment: (value) => (value === 'up' ? 'What was good about it? (optional)' : 'What went wrong? (optional)'),
  sendFeedback: 'Send',
  closeFeedback: 'Close',
  feedbackSent: 'Thanks for your feedback',
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  dictate: 'Dictate',
  stopDictation: 'Stop dictation',
  listening: 'Listening…',
  dictationError: (error) =>
    error === 'not-allowed'
      ? 'Microphone access was denied'
      : error === 'no-speech'
        ? 'No speech was heard'
        : error === 'audio-capture'
          ? 'No microphone was found'
          : 'Dictation stopped',
  contextWindow: 'Context window',
  contextUsed: (used, window) => (window ? `${compact(used)} / ${compact(window)}` : `${compact(used)} tokens`),
  usageRow: { context: 'Context', input: 'Input', output: 'Output', reasoning: 'Reasoning', cachedInput: 'Cached input', cost: 'Cost' },
  tokenCount: (count, window) => (window ? `${number(count)} of ${number(window)} (${percent(count, window)}%)` : number(count)),
  cost: (amount, currency) => new Intl.NumberFormat('en', { style: 'currency', currency, maximumSignificantDigits: 3 }).format(amount),
};

const resolved = new WeakMap<UiLabels, UiLabels & PartLabels>();

/** The chat's labels with every part's string: English where the app gave none. */
export function usePartLabels(): UiLabels & PartLabels {
  const labels = useToolChatLabels();
  let value = resolved.get(labels);
  if (!value) resolved.set(labels, (value = { ...partLabels, ...labels }));
  return value;
}
