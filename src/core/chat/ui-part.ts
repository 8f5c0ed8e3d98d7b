import type { DynamicToolUIPart, ToolUIPart, UIDataTypes, UIMessagePart, UITools } from 'ai';

// The AI SDK's own `isToolUIPart`, `getToolName` and message ids, for the code of a chat's first
// load. To a bundler `ai` is one module with work at its top level: reading any value from it
// brings the AI SDK's whole chat (about 25 KiB gzipped) into that load, where only the loop's
// chunk needs it. test/core/ui-part.property.test.ts holds these equal to the AI SDK's.

/** Whether the part is a tool call (a tool of the set, or a dynamic one): the AI SDK's `isToolUIPart`. */
export function isToolUIPart<TOOLS extends UITools>(part: UIMessagePart<UIDataTypes, TOOLS>): part is ToolUIPart<TOOLS> | DynamicToolUIPart {
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}

/** The called tool's name: the AI SDK's `getToolName`. */
export function getToolName(part: ToolUIPart<UITools> | DynamicToolUIPart): string {
  return part.type === 'dynamic-tool' ? part.toolName : part.type.split('-').slice(1).join('-');
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new message or chat id, as the AI SDK's `generateId` makes them: 16 letters and digits. */
export function generateId(): string {
  let id = '';
  for (let index = 0; index < 16; index++) id += ID_ALPHABET[Math.floor(Math.random() * ID_ALPHABET.length)];
  return id;
}
