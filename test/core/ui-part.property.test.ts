import { generateId as aiGenerateId, getToolName as aiGetToolName, isToolUIPart as aiIsToolUIPart, type UIMessagePart, type UIDataTypes, type UITools } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateId, getToolName, isToolUIPart } from '../../src/core/chat/ui-part';

// A chat's first load reads tool parts without the AI SDK (src/core/chat/ui-part.ts says why):
// what it reads must be what the AI SDK reads, for any part a model or a stored record holds.
type Part = UIMessagePart<UIDataTypes, UITools>;

const partType = fc.oneof(
  fc.constantFrom('text', 'reasoning', 'dynamic-tool', 'tool-', 'tool-search', 'tool-get-weather', 'tool--x', 'step-start', 'data-tool-x', 'Tool-x', 'dynamic-tool-x'),
  fc.string(),
  fc.string().map((name) => `tool-${name}`),
);
const part = fc.record({ type: partType, toolName: fc.string(), toolCallId: fc.string() }) as fc.Arbitrary<unknown> as fc.Arbitrary<Part>;

describe("the first load's reading of tool parts", () => {
  it("tells a tool part and its tool's name as the AI SDK does", () => {
    fc.assert(
      fc.property(part, (given) => {
        expect(isToolUIPart(given)).toBe(aiIsToolUIPart(given));
        if (aiIsToolUIPart(given)) expect(getToolName(given)).toBe(aiGetToolName(given));
      }),
      { numRuns: 2000 },
    );
  });

  it("makes ids of the AI SDK's shape, never the same twice", () => {
    const shape = new RegExp(`^[0-9A-Za-z]{${aiGenerateId().length}}$`);
    const ids = Array.from({ length: 2000 }, generateId);
    for (const id of ids) expect(id).toMatch(shape);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
