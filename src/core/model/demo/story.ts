import type { DemoTurn } from './scenarios';

/**
 * The demo model's long answer: longer than it may write in one turn, so it stops at its
 * output limit (`finishReason: 'length'`) and the UI says "Cut off at the token limit";
 * "Continue" goes on from where the text ended (also after Stop).
 */
export const STORY =
  'Once upon a time, a small chat model lived in a browser tab. It could not see the sky, so it asked a tool, ' +
  'and the tool said: 21°C and sunny in Paris. It could not read a clock either, so it asked another tool, ' +
  'and every answer came back under the id of its call. One day the user pressed Stop in the middle of a ' +
  'sentence, and the model waited. When the user said "Continue", it picked up the story exactly where it ' +
  'had left off, and it ended happily.';

/** Words the demo model writes per turn at most, like a model's `max_tokens`. */
export const STORY_WORDS_PER_TURN = 50;

const storyWords = STORY.match(/\s*\S+/g) ?? [];
const normalise = (word: string) => word.trim();

/** How many of the story's words `written` already holds, from its start. */
function wordsWritten(written: string | undefined): number {
  const given = written?.match(/\S+/g) ?? [];
  let count = 0;
  while (count < given.length && count < storyWords.length && normalise(storyWords[count] ?? '') === given[count]) count++;
  return count;
}

/** The next part of the story after what is `written`: at most one turn's words. */
export function storyTurn(written: string | undefined): DemoTurn {
  const start = wordsWritten(written);
  if (start === storyWords.length) return { text: 'That was the whole story: it ended happily.', toolCalls: [] };
  const part = storyWords.slice(start, start + STORY_WORDS_PER_TURN);
  const text = part.join('');
  return { text: start === 0 ? text.trimStart() : text, toolCalls: [], cutOff: start + part.length < storyWords.length };
}
