import fc from 'fast-check';
import type { UIMessage } from 'ai';
import { citedSource } from '../../../../src/react/components/sources/message-sources';
import { speechChunks, speechText } from '../../../../src/react/components/speech/speech-text';
import { withCitationMarkers } from '../../../../src/react/markdown/citation-markers';

type Citation = NonNullable<Extract<UIMessage['parts'][number], { type: 'text' }>['citations']>[number];

/** The letters and digits of a text: what reading it says, whatever its punctuation. */
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

describe('what a model writes, read aloud', () => {
  it('cuts any text into pieces of at most the limit, losing no letter and adding none', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '!', '\n', '。', 'é') }), fc.integer({ min: 1, max: 60 }), (text, max) => {
        const chunks = speechChunks(text, max);
        for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(max);
        expect(letters(chunks.join(' '))).toBe(letters(text));
      }),
    );
  });

  it('says the words of Markdown without its marks, code or citation markers', () => {
    expect(speechText('## Title\n\nSome **bold** and [a link](https://x.example) [1].\n\n```js\nconst a = 1;\n```\n\n| a | b |\n| --- | --- |\n| 1 | 2 |')).toBe(
      'Title\nSome bold and a link .\n, a, b, \n, 1, 2,',
    );
  });

  it('takes any text without throwing, and bounds what it says', () => {
    // The first 20,000 characters are read; a table's `|` becomes ", ", so at most twice that.
    fc.assert(
      fc.property(fc.string({ maxLength: 30_000, unit: fc.constantFrom('a', '|', ' ', '\n', '`', '*', '[', ']', '1') }), (text) => {
        expect(speechText(text).length).toBeLessThanOrEqual(40_000);
      }),
      { numRuns: 50 },
    );
  });
});

describe("a text part's citations, as markers", () => {
  const source = (id: string): Citation['source'] => ({ type: 'source', sourceType: 'url', id, url: `https://${id}.example/`, title: id });

  it('only ever adds markers of cited sources to the text, wherever the citations point', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'c'), end: fc.option(fc.integer({ min: -5, max: 100 }), { nil: undefined }) }), { maxLength: 6 }),
        (text, cites) => {
          const citations: Citation[] = cites.map(({ id, end }) => ({ source: source(id), ...(end === undefined ? {} : { endIndex: end }) }) as Citation);
          const sources = ['a', 'b', 'c'].map((id) => citedSource({ source: source(id) } as Citation));
          const out = withCitationMarkers(text, citations, sources);
          // Markers and nothing else: without them, the text as it was.
          expect(out.replace(/\[[123]\]/g, '')).toBe(text.replace(/\[[123]\]/g, ''));
          for (const { id } of cites) expect(out).toContain(`[${'abc'.indexOf(id) + 1}]`);
        },
      ),
    );
  });
});
