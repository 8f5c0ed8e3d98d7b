import type { UIMessage } from 'ai';

export interface LongThreadOptions {
  /** Finished tool calls per answer. @default 4 */
  toolsPerAnswer?: number;
  /**
   * Answers of several shapes and heights (a list, a long paragraph, a code block, a table, one
   * line) instead of one; the jsdom bench keeps the single shape its earlier figures were taken with.
   * @default false
   */
  varied?: boolean;
}

const ANSWERS: ReadonlyArray<(i: number) => string> = [
  (i) => `It is **sunny** in city ${i}:\n\n- morning: ${i % 30} °C\n- evening: ${(i + 5) % 30} °C\n\nHave a nice day.`,
  (i) =>
    `Answer ${i}. ${'The forecast for the coming days stays mild, with light wind from the west and a few clouds in the afternoon. '.repeat(1 + (i % 4))}`,
  (i) => `Here is the code for answer ${i}:\n\n\`\`\`ts\nconst city = 'City ${i}';\nconst celsius = ${i % 35};\nconsole.log(city, celsius);\n\`\`\``,
  (i) => `| day | °C |\n| --- | --- |\n| Monday | ${i % 30} |\n| Tuesday | ${(i + 3) % 30} |\n| Wednesday | ${(i + 6) % 30} |`,
  (i) => `Done (${i}).`,
];

/**
 * A restored conversation of `count` messages: a question, then an answer with finished tool
 * calls (their cards fold into "Used N tools") and Markdown text, over and over. Ids are
 * `u<i>` and `a<i>`; the last answer ends with "Answer <i> ends here." so a page can wait for it.
 */
export function longThread(count: number, { toolsPerAnswer = 4, varied = false }: LongThreadOptions = {}): UIMessage[] {
  const messages: UIMessage[] = [];
  for (let i = 0; messages.length < count; i++) {
    messages.push({ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: `What is the weather in city ${i}?` }] });
    if (messages.length === count) break;
    const parts: UIMessage['parts'] = [{ type: 'step-start' }];
    for (let t = 0; t < toolsPerAnswer; t++) {
      parts.push({
        type: 'tool-getWeather',
        toolCallId: `call_${i}_${t}`,
        state: 'output-available',
        input: { city: `City ${i}.${t}` },
        output: { city: `City ${i}.${t}`, celsius: (i + t) % 35, conditions: 'sunny' },
      });
    }
    parts.push({ type: 'step-start' });
    const text = (varied ? ANSWERS[i % ANSWERS.length]! : ANSWERS[0]!)(i);
    parts.push({ type: 'text', text: messages.length === count - 1 ? `${text}\n\nAnswer ${i} ends here.` : text, state: 'done' });
    messages.push({ id: `a${i}`, role: 'assistant', parts });
  }
  return messages;
}
