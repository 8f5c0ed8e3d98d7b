import type { UiLabels } from './labels';
import { useToolChatLabels } from './labels';
import { percent } from './percent';

/** A row of `ContextMeter`'s details. */
export type UsageRow = 'context' | 'input' | 'output' | 'reasoning' | 'cachedInput' | 'cost';

/** Why dictation stopped without text: the Web Speech API's error, in four kinds. */
export type DictationError = 'not-allowed' | 'no-speech' | 'audio-capture' | 'other';

/**
 * The strings of the parts that load after the chat (sources, follow-ups, feedback, speech, the
 * context meter). Optional in `UiLabels`: their English defaults load with the parts, not with
 * the chat; a locale (`toolchat/locales/*`) gives them all.
 */
export interface PartLabels {
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
