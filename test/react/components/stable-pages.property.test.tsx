import { renderHook } from '@testing-library/react';
import type { UIMessage } from 'ai';
import fc from 'fast-check';
// The pages `MessageList` groups rows into; internal, compared with its own full pass.
import { useStablePages, type MessagePageSlice } from '../../../src/react/components/use-stable-pages';

let made = 0;
const message = (): UIMessage => ({ id: `m${made++}`, role: 'assistant', parts: [{ type: 'text', text: 'x' }] });

type Step =
  | { kind: 'reveal'; rows: number }
  | { kind: 'token' }
  | { kind: 'edit'; at: number }
  | { kind: 'append'; count: number }
  | { kind: 'remove'; at: number }
  | { kind: 'insert'; at: number }
  | { kind: 'same' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('reveal' as const), rows: fc.integer({ min: 1, max: 90 }) }),
  fc.constant({ kind: 'token' as const }),
  fc.record({ kind: fc.constant('edit' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('append' as const), count: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat() }),
  fc.constant({ kind: 'same' as const }),
);

const shape = (pages: MessagePageSlice[]) => pages.map((page) => ({ key: page.key, messages: page.messages }));

describe('useStablePages: the quick passes (a reveal, a streamed token)', () => {
  it('give the pages the full pass gives, after any sequence of reveals, tokens, edits, appends, inserts and removals', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.array(step, { maxLength: 30 }), (length, steps) => {
        let messages = Array.from({ length }, message);
        let start = Math.max(0, length - 60);
        const quick = renderHook(({ m, s }) => useStablePages(m, s), { initialProps: { m: messages, s: start } });
        const full = renderHook(({ m, s }) => useStablePages(m, s, false), { initialProps: { m: messages, s: start } });
        for (const s of steps) {
          const next = messages.slice();
          const index = (at: number) => start + (at % Math.max(1, next.length - start));
          switch (s.kind) {
            case 'reveal':
              start = Math.max(0, start - s.rows);
              break;
            case 'token':
              if (next.length > 0) next[next.length - 1] = { ...next.at(-1)! };
              break;
            case 'edit':
              if (next.length > start) next[index(s.at)] = { ...next[index(s.at)]! };
              break;
            case 'append':
              next.push(...Array.from({ length: s.count }, message));
              break;
            case 'remove':
              if (next.length > start + 1) next.splice(index(s.at), 1);
              break;
            case 'insert':
              if (next.length > start) next.splice(index(s.at) + 1, 0, message());
              break;
            case 'same':
              break;
          }
          messages = s.kind === 'reveal' || s.kind === 'same' ? messages : next;
          quick.rerender({ m: messages, s: start });
          full.rerender({ m: messages, s: start });
          expect(shape(quick.result.current)).toEqual(shape(full.result.current));
          for (let i = 0; i < quick.result.current.length; i++) {
            for (let j = 0; j < quick.result.current[i]!.messages.length; j++) expect(quick.result.current[i]!.messages[j]).toBe(full.result.current[i]!.messages[j]);
          }
        }
        quick.unmount();
        full.unmount();
      }),
      { numRuns: 80 },
    );
  });

  it('keeps every page but the changed one the same object while a token streams', () => {
    const messages = Array.from({ length: 300 }, message);
    const { result, rerender } = renderHook(({ m, s }) => useStablePages(m, s), { initialProps: { m: messages, s: 100 } });
    const before = result.current;
    const streamed = [...messages.slice(0, -1), { ...messages.at(-1)! }];
    rerender({ m: streamed, s: 100 });
    expect(result.current.slice(0, -1)).toEqual(before.slice(0, -1));
    result.current.slice(0, -1).forEach((page, i) => expect(page).toBe(before[i]));
    expect(result.current.at(-1)!.messages.at(-1)).toBe(streamed.at(-1));
  });
});
