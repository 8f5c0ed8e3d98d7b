import { ar, arThreadList, de, deThreadList, en, enThreadList, es, esThreadList, fr, frThreadList, isRightToLeft, ja, jaThreadList, localeNames } from 'toolchat/locales';
import type { LocaleLabels, ThreadListLabels } from 'toolchat/locales';
import { defaultUiLabels } from 'toolchat';

const locales: Record<string, [LocaleLabels, ThreadListLabels]> = {
  ar: [ar, arThreadList],
  de: [de, deThreadList],
  en: [en, enThreadList],
  es: [es, esThreadList],
  fr: [fr, frThreadList],
  ja: [ja, jaThreadList],
};

/** Every string a label gives, its functions called with sample arguments and its records read. */
function strings(labels: object): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(labels)) {
    if (typeof value === 'string') out.set(key, [value]);
    else if (typeof value === 'function') out.set(key, samples(key).map((args) => (value as (...a: unknown[]) => unknown)(...args) as string));
    else out.set(key, Object.values(value as Record<string, string>));
  }
  return out;
}

/** Arguments each label function is called with: counts 0, 1, 2, 5, 11 and 100, every kind of a union. */
function samples(key: string): unknown[][] {
  const counts = [0, 1, 2, 5, 11, 100, 1234];
  switch (key) {
    case 'executing':
      return [[['getWeather'], 1, 5], [['getWeather', 'getTime'], 2, 5]];
    case 'awaitingApproval':
      return [[['deleteFile']], [['a', 'b', 'c']]];
    case 'error':
      return [[new Error('boom')]];
    case 'usedTools':
      return [[['a'], 1], [['a', 'b'], 2], [['a', 'b', 'c', 'd', 'e'], 7]];
    case 'answerEnding':
      return ['length', 'content-filter', 'error', 'stopped', 'max-rounds', 'budget', 'empty'].map((ending) => [ending, 5]);
    case 'attachmentRejected':
      return ['too-large', 'type', 'too-many'].map((reason) => ['a.pdf', reason]);
    case 'removeAttachment':
    case 'alwaysAllow':
    case 'loadImage':
    case 'linkDestination':
      return [['x.example']];
    case 'citation':
      return [[1, 'Title']];
    case 'feedbackComment':
      return [['up'], ['down']];
    case 'dictationError':
      return [['not-allowed'], ['no-speech'], ['audio-capture'], ['other']];
    case 'contextUsed':
      return [[15_234, 128_000], [15_234, undefined]];
    case 'tokenCount':
      return [[15_234, 128_000], [15_234]];
    case 'cost':
      return [[0.0123, 'USD'], [12.5, 'EUR']];
    case 'duration':
      return [[42], [1500]];
    case 'grantScope':
      return [['the folder /docs']];
    case 'invalidJson':
      return [['Unexpected token } in JSON at position 4']];
    case 'approvalDecided':
      // The decisions a card says something about (a user's plain choice says nothing: undefined).
      return [
        [{ approved: true, by: 'policy', reason: 'read-only', edited: false }],
        [{ approved: false, by: 'policy', edited: false }],
        [{ approved: true, by: 'grant', edited: false }],
        [{ approved: false, by: 'timeout', edited: false }],
        [{ approved: true, by: 'user', edited: true }],
      ];
    case 'grantReach':
      return [[{ title: 'Delete file', scope: '/docs', chatOnly: true }], [{ title: 'Delete file', chatOnly: false }]];
    default:
      return counts.map((count) => [count]);
  }
}

const cognates: Record<string, string[]> = {
  es: ['toolError'],
  fr: ['assistantAuthor', 'composerLabel', 'editArgumentsLabel', 'messageList', 'sources', 'suggestions', 'toolArguments'],
};

describe('toolchat/locales', () => {
  it('has at least en, de, fr, es, ja and ar', () => {
    expect(localeNames).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'ja', 'ar']));
    expect(Object.keys(locales).sort()).toEqual([...localeNames].sort());
  });

  it("gives English as the chat's own defaults", () => {
    for (const key of Object.keys(defaultUiLabels)) expect(en[key as keyof LocaleLabels], key).toBe(defaultUiLabels[key as keyof typeof defaultUiLabels]);
  });

  for (const [name, [labels, threadList]] of Object.entries(locales)) {
    describe(name, () => {
      it('has every label key English has, and no other', () => {
        expect(Object.keys(labels).sort()).toEqual(Object.keys(en).sort());
        expect(Object.keys(threadList).sort()).toEqual(Object.keys(enThreadList).sort());
        for (const key of ['toolPhase', 'usageRow'] as const) expect(Object.keys(labels[key]).sort(), key).toEqual(Object.keys(en[key]).sort());
      });

      it('says every label, for every count and kind, in words of its own', () => {
        const english = strings(en);
        const same: string[] = [];
        for (const [key, values] of strings(labels)) {
          for (const value of values) {
            expect(typeof value, key).toBe('string');
            expect(value.includes('undefined') || value.includes('NaN') || value.includes('[object'), `${key}: ${value}`).toBe(false);
          }
          // `idle` is empty in every language; names and numbers alone read the same anywhere.
          if (!['idle', 'linkDestination', 'contextUsed', 'duration', 'cost'].includes(key) && JSON.stringify(values) === JSON.stringify(english.get(key))) same.push(key);
        }
        // Words the language shares with English (es "Error", fr "Message", "Sources"…), and nothing else.
        expect(same.sort(), JSON.stringify(same)).toEqual(name === "en" ? same.sort() : (cognates[name] ?? []));
      });
    });
  }

  it('knows which languages are written right to left', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('he-IL')).toBe(true);
    expect(['en', 'de', 'fr', 'es', 'ja'].map(isRightToLeft)).toEqual([false, false, false, false, false]);
  });
});
